"""A group's write budget, spent by every message the bot sends or edits there.

Telegram lets a bot send or edit about 20 messages a minute in one group, sends and edits
sharing it, and answers the excess `429 Too Many Requests` — a board then stays frozen until
Telegram's `retry_after` is over. So every write to a group spends one unit of one budget,
shared by every process behind the token (`Store.take_send`):
- the board's edits go through the edit coalescer (`bot.wire.flood`), which asks `take` itself
  and, when the budget is spent, keeps the newest edit waiting — the tap that made it is
  answered at once; its request goes out with `flood.PREPAID` set and is not counted again;
- any other write to a group (a greeting, the lobby's first message, a refusal, a reminder, a
  command's answer) is counted right before it goes out by the middleware on the bot's session
  (`bot.telegram.budget_middleware`), which waits for `wait_turn` (at most `MAX_WAIT` seconds,
  then it goes anyway and Telegram's own answer decides).
Private chats have no group budget (Telegram's one message a second per chat is met by the
coalescers' retry on 429).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Hashable

from bot.games import places
from bot.storage import Store, StoreUnavailable

log = logging.getLogger(__name__)

WINDOW = 60.0  # seconds of the per-minute budget
# Telegram counts a write when it reaches it, the bot when it sends it: a write slower on its way
# than a later one is still inside Telegram's minute when the bot's own minute is over (a 429
# at the edge of each minute of a busy group), so each write is counted this much longer
IN_FLIGHT = 1.0
MAX_WAIT = 65.0  # a write waits at most this long for the budget, then goes anyway


class GroupBudget:
    """The shared write budget of each group: `per_minute` writes in any minute and at least
    `min_gap` seconds between two (one second at Telegram's 20 a minute); a write counts for
    `window` seconds: the minute and the time it may take on its way (`IN_FLIGHT`)."""

    def __init__(
        self,
        store: Store,
        per_minute: int,
        *,
        clock: Callable[[], float],
        sleep: Callable[[float], Awaitable[None]],
    ) -> None:
        self.store = store
        self.per_minute = per_minute
        self.min_gap = min(1.0, WINDOW / per_minute)
        self.window = WINDOW + IN_FLIGHT
        self.clock = clock
        self.sleep = sleep

    async def take(self, lane: Hashable) -> float:
        """0 and one write counted in the lane's group (a lane with no budget: always 0), or
        the seconds to wait (nothing counted)."""
        chat = places.lane_budget(lane)
        if chat is None:
            return 0.0
        now = self.clock()
        return await self.store.take_send(chat, now, self.window, self.per_minute, self.min_gap)

    async def wait_turn(self, chat_id: int) -> None:
        """Wait until one write to the group may go now, and count it (a store outage: go)."""
        waited = 0.0
        while waited < MAX_WAIT:
            try:
                wait = await self.take(chat_id)
            except StoreUnavailable:
                return
            if wait <= 0:
                return
            wait = min(wait, MAX_WAIT - waited)
            await self.sleep(wait)
            waited += wait
        log.info("event=budget_wait_over chat=%s", chat_id)
