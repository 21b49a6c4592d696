"""Every chat's write budget, spent by every message the bot sends or edits there.

Telegram answers `429 Too Many Requests` past its limits — about 20 writes a minute in a group
(sends and edits sharing it), about one a second in any chat with short bursts — and a chat
then takes nothing from the bot until Telegram's `retry_after` is over. So every write spends
one unit of its chat's budget (`Budget.take`, by the coalescer lane's key `lanes.lane_budget`):
- a group's (and an inline message's) is shared by every process behind the token
  (`Store.take_send`): `per_minute` writes in any minute and a second (`IN_FLIGHT`), at least
  `min_gap` apart;
- a private chat's is kept by the process (`PrivatePace`: a burst of `PRIVATE_BURST`, then
  about one write a second): a person's updates come to one process at a time, and a
  solitaire's move stays one store round trip;
- a member's own commands (`TYPED`, set while a command typed in a group is handled) come
  after the games: their answers spend at most `TYPED_SHARE` of a group's minute (5 of 20)
  and never wait longer than the budget's spacing (`spacing`: a write's share of the minute,
  3 s at 20) — with no room by then, the answer is not sent (`BudgetSpent`), so a game's board
  waits at most that spacing for them;
- `once` is the same budget for a few answers per window (a member's same command, a link
  that opens nothing: `bot.telegram.command_limit`, `TableService.may_answer_link`).
How the writes spend it: the board's and the hands' edits go through the edit coalescer
(`bot.wire.flood`), which asks `take` itself and, when the budget is spent, keeps the newest
edit waiting — the tap that made it is answered at once; its request goes out with
`flood.PREPAID` set and is not counted again. Any other write (a greeting, a hand's first
message, a refusal, a ping, a command's answer) is counted right before it goes out by the
middleware on the bot's session (`bot.telegram.budget_middleware`), which waits for
`wait_turn` (at most `MAX_WAIT` seconds, then it goes anyway and Telegram's own answer decides);
a tap being handled is answered before such a wait, and an edit of the tapped message in a
private chat does not wait here at all: it goes through the private chats' coalescer, as a
solitaire's board does (`bot.telegram.messenger`).
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import logging
from collections.abc import Awaitable, Callable, Hashable, Iterator

from bot.games import lanes
from bot.storage import Store, StoreUnavailable

log = logging.getLogger(__name__)

WINDOW = 60.0  # seconds of the per-minute budget
# Telegram counts a write when it reaches it, the bot when it sends it: a write slower on its way
# than a later one is still inside Telegram's minute when the bot's own minute is over (a 429
# at the edge of each minute of a busy group), so each write is counted this much longer
IN_FLIGHT = 1.0
MAX_WAIT = 65.0  # a write waits at most this long for the budget, then goes anyway
# a private chat: Telegram allows about one message a second "with short bursts" (a burst of 3
# in its model, tests/support/tg_limits.py); the bot keeps a quarter of a write in hand (a write
# may reach Telegram sooner after the one before than it left the bot)
PRIVATE_BURST = 3
PRIVATE_SLACK = 0.25
TYPED_SHARE = 0.25  # the share of a group's minute its members' commands may spend

# set while a command a member typed in a group is handled: its answers come after the games'
TYPED: contextvars.ContextVar[bool] = contextvars.ContextVar("budget_typed", default=False)

ONCE_BUDGETS = 1 << 62  # one-answer budgets' keys (`once`): above every chat, user and inline


class BudgetSpent(Exception):
    """A member's command is not answered now: the group's budget is left to its games."""

    def __init__(self, chat_id: int, wait: float) -> None:
        super().__init__(f"chat {chat_id}: no room for {wait:.0f} s")
        self.chat_id = chat_id
        self.wait = wait


@contextlib.contextmanager
def game_writes() -> Iterator[None]:
    """What a member's command starts for a game (a lobby's first message) spends the budget
    as a game's write does."""
    token = TYPED.set(False)
    try:
        yield
    finally:
        TYPED.reset(token)


class PrivatePace:
    """The private chats' budgets in this process: a bucket of `burst` writes refilled at
    `per_second`, from which a write goes only while `slack` seconds' worth more is left (it
    may reach Telegram that much sooner after the one before than it left the bot)."""

    MAX_CHATS = 10_000  # chats remembered before the rested ones are forgotten

    def __init__(
        self, burst: int = PRIVATE_BURST, per_second: float = 1.0, slack: float = PRIVATE_SLACK
    ) -> None:
        self.burst = float(burst)
        self.per_second = per_second
        self.need = 1.0 + slack * per_second
        self._chats: dict[int, tuple[float, float]] = {}  # chat → (writes left, as of when)

    def take(self, chat: int, now: float) -> float:
        """0 and one write counted, or the seconds to wait (nothing counted)."""
        left, at = self._chats.get(chat, (self.burst, now))
        left = min(self.burst, left + max(0.0, now - at) * self.per_second)
        if left < self.need:
            return (self.need - left) / self.per_second
        if len(self._chats) >= self.MAX_CHATS:
            self._forget(now)
        self._chats[chat] = (left - 1.0, max(now, at))
        return 0.0

    def _forget(self, now: float) -> None:
        """Drop the chats whose bucket is full again."""
        rested = self.burst / self.per_second
        self._chats = {c: v for c, v in self._chats.items() if now - v[1] < rested}


class Budget:
    """The write budget of every chat (see the module's docstring): a group's `per_minute`
    writes in any minute, at least `min_gap` seconds apart (one second at Telegram's 20 a
    minute), each counted for `window` seconds (the minute and `IN_FLIGHT`), shared through
    the store; an inline message's the same at `inline_per_minute`; a private chat's kept here."""

    def __init__(
        self,
        store: Store,
        per_minute: int,
        *,
        inline_per_minute: int | None = None,
        clock: Callable[[], float],
        sleep: Callable[[float], Awaitable[None]],
    ) -> None:
        self.store = store
        self.per_minute = per_minute
        self.inline_per_minute = inline_per_minute or per_minute
        self.min_gap = min(1.0, WINDOW / per_minute)
        self.spacing = WINDOW / per_minute  # a write's share of the minute (3 s at 20)
        self.window = WINDOW + IN_FLIGHT
        self.typed_per_minute = max(1, int(per_minute * TYPED_SHARE))
        self.private = PrivatePace()
        self.clock = clock
        self.sleep = sleep

    async def take(self, lane: Hashable) -> float:
        """0 and one write counted in the lane's budget, or the seconds to wait (nothing
        counted)."""
        key = lanes.lane_budget(lane)
        if key is None:
            return 0.0
        now = self.clock()
        if 0 < key < lanes.INLINE_BUDGETS:  # a private chat
            return self.private.take(key, now)
        limit = self.per_minute if key < 0 else self.inline_per_minute
        gap = min(1.0, WINDOW / limit)
        return await self.store.take_send(key, now, self.window, limit, gap)

    async def wait_turn(
        self, chat_id: int, before: Callable[[], Awaitable[None]] | None = None
    ) -> None:
        """Wait until one write to the chat may go now, and count it (a store outage: go). A
        member's command's answer in a group (`TYPED`) goes only within the members' share of
        the group's minute and waits at most the budget's spacing (a write's share of the
        minute): else `BudgetSpent`. `before` is awaited once before the first wait (a tap
        being handled is answered: no answer waits for a budget)."""
        typed = TYPED.get() and chat_id < 0
        if typed and not await self.once(
            f"typed-share:{chat_id}", self.window, self.typed_per_minute
        ):
            raise BudgetSpent(chat_id, self.window)
        waited = 0.0
        while waited < MAX_WAIT:
            try:
                wait = await self.take(chat_id)
            except StoreUnavailable:
                return
            if wait <= 0:
                return
            if typed and waited + wait > self.spacing:
                raise BudgetSpent(chat_id, wait)
            if before is not None:
                await before()
                before = None
            wait = min(wait, MAX_WAIT - waited)
            await self.sleep(wait)
            waited += wait
        log.info("event=budget_wait_over chat=%s", chat_id)

    async def once(self, what: str, window: float, times: int = 1) -> bool:
        """True `times` in any `window` seconds for `what` (shared by every process), then
        False (nothing counted) until the window has moved on; a store outage: True."""
        digest = hashlib.blake2b(what.encode(), digest_size=7).digest()
        key = ONCE_BUDGETS + int.from_bytes(digest, "big")
        try:
            return await self.store.take_send(key, self.clock(), window, times, 0.0) <= 0
        except StoreUnavailable:
            return True
