"""Turn pings: a board edit makes no sound, so a person whose turn comes gets one short message
that does — in their private chat (a reply to their hand) in a game with hidden hands, in the
group (a reply to the board that mentions them) in a game of open hands. The previous ping
goes, so chats do not fill up.

- Only when the turn passes to another seat (not to the player who just moved), never to a
  computer seat, never in a private game against the computer, never to a player who turned
  pings off in /settings (`pings` = "off").
- Exactly once: only the process whose compare-and-set saved the move pings (a retried update
  loses the compare-and-set first). Sent in the background, so a tap's answer never waits.
- Flood budget: a ping in the group takes a send from the group's budget (shared with the
  board's edits, `Store.take_send`); when the budget is spent the ping is skipped — the board
  matters more. Private pings go to private chats, which have no budget of their own beyond
  Telegram's one message a second per chat.
- Where the last ping is: the setting `ping` of its owner (the player for a private ping, the
  group for a group ping; `ping:<topic>` for a game in a forum topic, so games in two topics
  of one group keep their own): "<game>:<chat>:<message>", so a new ping replaces it and the
  game's end removes it.
- The text is the game's `ping-<game>` (arguments: `group`, the group's title, and `name`, a
  mention of the player).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from bot.config import Settings
from bot.games import places
from bot.games.ports import ChatMoved, Messenger, RetryLater, Undeliverable
from bot.games.state import turn as state_turn
from bot.registry import spec
from bot.render import notices
from bot.storage import GameRecord, Store, StoreUnavailable

log = logging.getLogger(__name__)

PING = "ping"  # the setting that holds the last ping
OPT_OUT = "pings"  # "off": no turn pings for this user


class Pings:
    def __init__(self, messenger: Messenger, store: Store, settings: Settings) -> None:
        self.tg = messenger
        self.store = store
        self.settings = settings
        self._tasks: set[asyncio.Task[None]] = set()
        self.background = True  # False: pinged before turn_passed returns (tests)
        self.enabled = settings.turn_pings

    async def turn_passed(self, record: GameRecord, before: int | None) -> None:
        """The saved `record` may have passed the turn from seat `before`: ping in the
        background (or clear the pings of a game that is over)."""
        meta = record.table
        if not self.enabled or meta.private or meta.group is None:
            return
        turn = None if record.finished else state_turn(record)
        if not record.finished and (turn is None or turn == before or meta.is_ai(turn)):
            return
        if not self.background:
            await self._ping(record, turn)
            return
        task = asyncio.create_task(self._ping(record, turn))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drain(self) -> None:
        """Wait for the pings on their way (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _ping(self, record: GameRecord, turn: int | None) -> None:
        try:
            if turn is None:
                await self._clear(record)
            else:
                await self._send(record, turn)
        except (StoreUnavailable, Undeliverable, RetryLater, ChatMoved) as err:
            log.info("event=ping_failed game=%s error=%s", record.id, err)
        except Exception:  # a ping is never worth a failed move
            log.exception("event=ping_failed game=%s", record.id)

    @staticmethod
    def _private(record: GameRecord) -> bool:
        """A game with hidden hands pings its players privately, on their hands."""
        return spec(record.kind).hidden_hands

    def _owner(self, record: GameRecord, seat: int) -> int:
        meta = record.table
        return meta.players[seat].user_id if self._private(record) else int(meta.group or 0)

    @classmethod
    def _slot(cls, record: GameRecord) -> str:
        """The setting that holds the owner's last ping of this game."""
        thread = record.table.thread
        return PING if cls._private(record) or thread is None else f"{PING}:{thread}"

    async def _send(self, record: GameRecord, seat: int) -> None:
        meta = record.table
        player = meta.players[seat]
        if await self.store.get_setting(player.user_id, OPT_OUT) == "off":
            return
        owner = self._owner(record, seat)
        private = self._private(record)
        lang = player.lang if private else meta.lang
        text = notices.ping(record.kind, lang, meta.title, player.user_id, player.name)
        # a reply to the player's hand, or to the board where everyone sees it
        beside = places.hand(meta, seat) if private else places.board(meta) or places.home(meta)
        if beside is None or not beside.can_post:
            return  # no message to answer (the bot may not write to them)
        if beside.budget is not None:
            per_minute = self.settings.edits_per_minute_per_group
            gap = min(1.0, 60.0 / per_minute)
            if await self.store.take_send(beside.budget, time.time(), 60.0, per_minute, gap) > 0:
                log.info("event=ping_skipped game=%s reason=budget", record.id)
                return
        slot = self._slot(record)
        await self._delete_last(owner, slot, record.id)
        sent = await beside.post(self.tg, text, reply=beside.message is not None)
        if sent is not None:
            await self.store.set_setting(owner, slot, f"{record.id}:{sent.chat}:{sent.message}")

    async def _delete_last(self, owner: int, slot: str, gid: str | None = None) -> None:
        """Delete the owner's last ping (of game `gid` only, when given)."""
        last = await self.store.get_setting(owner, slot)
        if not last:
            return
        game, chat, msg = last.split(":")
        if gid is not None and game != gid and owner < 0:
            return  # a group's ping of another game: that game clears it
        with contextlib.suppress(Undeliverable, RetryLater, ChatMoved):
            await self.tg.delete(int(chat), int(msg))
        await self.store.set_setting(owner, slot, "")

    async def _clear(self, record: GameRecord) -> None:
        """The game is over: its pings go (the board says who won)."""
        owners = {self._owner(record, s) for s in record.table.humans}
        slot = self._slot(record)
        for owner in owners:
            last = await self.store.get_setting(owner, slot)
            if last and last.split(":")[0] == record.id:
                await self._delete_last(owner, slot)
