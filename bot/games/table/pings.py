"""Turn pings: a board edit makes no sound, so a person whose turn comes is told by one short
message that does — when they need it. A player who is tapping away needs none (and every
message costs: about 20 writes a minute in a group, about one a second in any chat), so:

- A game with hidden hands (Ryadki) pings in the player's private chat, as a reply to their
  hand: at once when the turn comes to a player who has not moved for `turn_reminder_seconds`
  (the first turn, a player who looked away); a player who moved more recently (or keeps the
  turn) is playing now and gets a reminder only if this turn waits that long. A player whose
  hand is shown in the group (an ephemeral message) gets a reminder only, shown to them alone
  in the group (it spends the group's budget), deleted like any other ping.
- A game of open hands (Parquet) reminds instead: a player who moves within
  `turn_reminder_seconds` of their turn needs no message at all (two players tapping away
  spend the group's budget on the board only); a turn that waits that long on the board (from
  when the board shows it: an edit the group's budget holds back shows it later, and nobody
  can move before; a reminder due while the board's edit still waits is set again) gets one
  reminder —
  in the player's private chat when they started the bot, else in the group as a reply to the
  board that mentions them (its send counted in the group's budget, so it waits for it rather
  than being skipped).
- A reminder is a deadline in the store (`remind:<game>:<seat>:<turn's deadline>`), so any
  process sends it, once, and a turn that has moved on cancels nothing: the due reminder finds
  a different turn and does nothing. While no process runs (a restart) nobody can move: a
  reminder a process finds due before it has run `turn_reminder_seconds` waits until then (the
  taps that queued up meanwhile are handled first, and the turn waits its whole delay on a
  board that answers).
- Never at once to the player who just moved, never to a computer seat, never in a private game
  against the computer, never to a player who turned pings off in /settings (`pings` = "off").
- Exactly once: only the process whose compare-and-set saved the move pings (a retried update
  loses the compare-and-set first). Sent in the background, so a tap's answer never waits.
- Where the last pings are: the setting `ping` of the chat they went to (the player's own
  chat; the group's is `ping` too, or `ping:<topic>` for a game in a forum topic) holds the
  last ping of each game, "<game>:<chat>:<message>" joined by ",": a game's new ping replaces
  that game's last one and its end removes it, and another game's ping in the same chat is
  left alone (a player in two games keeps the ping of each).
- The text is the game's `ping-<game>`, which names where the game is (`group`: the group's
  title; for a game in an inline message, its players), with a button to the board where a
  link can lead there (a supergroup's message); in the group itself `ping-<game>-group`,
  which mentions the player (`name`), a reply to the board.
- A ping whose turn has passed is deleted (the player moved, or was played for): a ping in a
  chat always asks for a move that is still to be made.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from bot.config import Settings
from bot.games import places
from bot.games.ports import ChatMoved, RetryLater, Undeliverable
from bot.games.state import turn as state_turn
from bot.games.table import where
from bot.games.table.publisher import Publisher
from bot.registry import spec
from bot.render import notices
from bot.storage import GameRecord, Store, StoreUnavailable
from bot.storage.record import TableMeta

log = logging.getLogger(__name__)

PING = "ping"  # the setting that holds the last ping
OPT_OUT = "pings"  # "off": no turn pings for this user


REMIND = "remind"  # the timer prefix of a reminder


FirstTapAt = Callable[[GameRecord, int], Awaitable[float | None]]


class Pings:
    def __init__(
        self,
        publisher: Publisher,
        store: Store,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.time,
        wake: Callable[[float], None] = lambda due: None,
        first_tap_at: FirstTapAt | None = None,
    ) -> None:
        self.publisher = publisher  # every ping is sent and deleted through it
        self.store = store
        self.settings = settings
        self.clock = clock
        self.started = clock()  # from when this process answers taps (see the docstring)
        self.wake = wake  # the deadline loop, told when a reminder is due
        self.held = publisher.board_held  # seconds until the board shows a record (None: it does)
        self._tasks: set[asyncio.Task[None]] = set()
        self.background = True  # False: pinged before turn_passed returns (tests)
        # when a player made the first tap of a two-tap move on the board as it is (None: not)
        self.first_tap_at = first_tap_at or _never
        self.enabled = settings.turn_pings

    async def turn_passed(self, record: GameRecord, before: int | None) -> None:
        """The saved `record` may have passed the turn from seat `before`: ping (in the
        background), set the turn's reminder, or clear the pings of a game that is over."""
        meta = record.table
        if not self.enabled or meta.private:
            return
        if meta.group is None and meta.inline is None and not meta.boards:
            return
        turn = None if record.finished else state_turn(record)
        if before is not None and turn != before and not record.finished:
            await self._background(self._passed(record, before))
        if not record.finished and (turn is None or meta.is_ai(turn)):
            return
        if turn is not None and (
            turn == before
            or not self._private(record)
            or self._playing(record, turn)
            or turn in meta.ephemeral  # a ping in the group spends its budget: only if it waits
        ):
            # an open-hand turn waits from when the board shows it (the budget may hold it back)
            held = 0.0 if self._private(record) else (self.held(record) or 0.0)
            due = self.clock() + held + self.settings.turn_reminder_seconds
            try:
                await self.store.schedule(_remind_key(record, turn), due)
            except StoreUnavailable as err:  # the board still says whose turn it is
                log.info("event=reminder_failed game=%s error=%s", record.id, err)
            self.wake(due)
            return
        await self._background(self._ping(record, turn))

    async def _background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` without holding up the tap (at once, when `background` is off: tests)."""
        if not self.background:
            await work
            return
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _passed(self, record: GameRecord, seat: int) -> None:
        """The turn has left `seat`: the pings that asked for it go."""
        meta = record.table
        owners = [] if meta.is_ai(seat) else [(meta.players[seat].user_id, PING)]
        if not self._private(record) and meta.group is not None:
            owners.append((meta.group, self._group_slot(record)))
        try:
            for owner, slot in owners:
                await self._delete_last(owner, slot, record.id)
        except StoreUnavailable as err:  # the next ping of this game in that chat replaces it
            log.info("event=ping_failed game=%s error=%s", record.id, err)

    async def remind_due(self, key: str, now: float) -> None:
        """A turn's reminder is due: sent when that turn is still waiting for its player."""
        _prefix, gid, seat, due = key.split(":", 3)
        record = await self.store.load(gid)
        if record is None or record.phase != "play" or not self.enabled:
            return
        if state_turn(record) != int(seat) or _due(record) != due:
            return  # the turn has moved on
        if now - self.started < self.settings.turn_reminder_seconds:
            await self._later(key, self.started)  # due while no process could take a move
            return
        held = None if self._private(record) else self.held(record)
        if held is not None:  # the board does not show the turn yet: it waits from when it does
            await self._later(key, now + held)
            return
        tapped = await self.first_tap_at(record, record.table.players[int(seat)].user_id)
        if tapped is not None and now - tapped < self.settings.turn_reminder_seconds:
            await self._later(key, tapped)  # they have picked a card and are choosing its cell
            return
        try:
            if self._private(record):
                await self._send(record, int(seat))
            else:
                await self._remind(record, int(seat))
        except (Undeliverable, RetryLater, ChatMoved) as err:
            log.info("event=ping_failed game=%s error=%s", record.id, err)

    async def _later(self, key: str, since: float) -> None:
        """The reminder waits its whole delay again, from `since`."""
        later = since + self.settings.turn_reminder_seconds
        await self.store.schedule(key, later)
        self.wake(later)

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

    def _playing(self, record: GameRecord, seat: int) -> bool:
        """The person at `seat` made a move of their own within the reminder's delay."""
        acted = record.table.acted.get(seat)
        return acted is not None and self.clock() - acted < self.settings.turn_reminder_seconds

    @staticmethod
    def _group_slot(record: GameRecord) -> str:
        """The group's setting that holds its last ping of this game."""
        thread = record.table.thread
        return PING if thread is None else f"{PING}:{thread}"

    async def _send(self, record: GameRecord, seat: int) -> None:
        """A hidden-hand game's ping or reminder: a reply to the player's hand."""
        meta = record.table
        player = meta.players[seat]
        if await self.store.get_setting(player.user_id, OPT_OUT) == "off":
            return
        text = notices.ping(
            record.kind, player.lang, _where(meta, seat), player.user_id, player.name
        )
        # beside the hand, or (a match) the player's own board
        beside = where.hand(meta, seat) or where.seat_board(meta, seat)
        if beside is None:
            return  # no message to answer (the bot may not write to them)
        await self._delete_last(player.user_id, PING, record.id)
        markup = notices.to_board(player.lang, _board_link(meta))
        sent = await self.publisher.ping(beside, text, markup)
        if sent is not None:
            await self._remember(player.user_id, PING, record.id, sent)

    async def _remind(self, record: GameRecord, seat: int) -> None:
        """An open-hand game's reminder: in the player's private chat (a reply to their own
        board there, a quick match's; else with a button to the board where a link leads
        there), else in the group."""
        meta = record.table
        player = meta.players[seat]
        if await self.store.get_setting(player.user_id, OPT_OUT) == "off":
            return
        await self._delete_last(player.user_id, PING, record.id)
        where_ = _where(meta, seat)
        mine = notices.ping(record.kind, player.lang, where_, player.user_id, player.name)
        own = where.seat_board(meta, seat)
        with contextlib.suppress(Undeliverable):
            markup = notices.to_board(player.lang, _board_link(meta))
            beside_mine = own or places.ChatMessage(player.user_id)
            sent = await self.publisher.ping(beside_mine, mine, markup)
            if sent is not None:  # they started the bot: the group is spared a message
                await self._remember(player.user_id, PING, record.id, sent)
                return
        beside = where.board(meta) or where.home(meta)
        if beside is None or not beside.can_post:
            return  # an inline message's chat takes nothing from the bot: the board says it
        slot = self._group_slot(record)
        await self._delete_last(int(meta.group or 0), slot, record.id)
        text = notices.ping(
            record.kind, meta.lang, _where(meta, seat), player.user_id, player.name, in_group=True
        )
        sent = await self.publisher.ping(beside, text)
        if sent is not None:
            await self._remember(int(meta.group or 0), slot, record.id, sent)

    async def _remember(self, owner: int, slot: str, gid: str, sent: places.Pinged) -> None:
        chat, message = sent
        kept = _last_pings(await self.store.get_setting(owner, slot))
        kept.pop(gid, None)
        kept[gid] = f"{chat}:{message}"  # the newest last: the oldest go past KEPT_PINGS
        entries = [f"{g}:{at}" for g, at in kept.items()][-KEPT_PINGS:]
        await self.store.set_setting(owner, slot, ",".join(entries))

    async def _delete_last(self, owner: int, slot: str, gid: str) -> None:
        """Delete the owner's last ping of game `gid` (other games' pings stay)."""
        kept = _last_pings(await self.store.get_setting(owner, slot))
        last = kept.pop(gid, None)
        if last is None:
            return
        chat, msg = (int(x) for x in last.split(":"))
        await self.publisher.delete(places.pinged((chat, msg), owner))
        await self.store.set_setting(owner, slot, ",".join(f"{g}:{w}" for g, w in kept.items()))

    async def _clear(self, record: GameRecord) -> None:
        """The game is over: its pings go (the board says who won)."""
        meta = record.table
        owners = [(meta.players[s].user_id, PING) for s in meta.humans]
        if not self._private(record) and meta.group is not None:
            owners.append((meta.group, self._group_slot(record)))
        for owner, slot in owners:
            await self._delete_last(owner, slot, record.id)


async def _never(record: GameRecord, user_id: int) -> float | None:
    return None


KEPT_PINGS = 8  # games whose last ping a chat's setting remembers (older ones stay unremoved)


def _last_pings(value: str | None) -> dict[str, str]:
    """The setting's last ping of each game: game id → "<chat>:<message>", oldest first."""
    out: dict[str, str] = {}
    for entry in (value or "").split(","):
        if entry.count(":") == 2:
            gid, at = entry.split(":", 1)
            out[gid] = at
    return out


def _where(meta: TableMeta, seat: int) -> str:
    """Where a game is, as a ping to `seat` names it: its group, or (a quick match's, an inline
    message's) the others still playing — never the player it goes to, nor one who left."""
    if meta.title:
        return meta.title
    others = [p.name for s, p in enumerate(meta.players) if s != seat and s not in meta.left]
    return " — ".join(others)


def _board_link(meta: TableMeta) -> str | None:
    board = where.board(meta)
    return None if board is None else board.link


def _due(record: GameRecord) -> str:
    """The turn's deadline as the reminder's key holds it (one turn from the next)."""
    due = record.table.due
    return "none" if due is None else repr(float(due))


def _remind_key(record: GameRecord, seat: int) -> str:
    return f"{REMIND}:{record.id}:{seat}:{_due(record)}"
