"""Quick matches: a person asks from the private chat, waits in the shared queue (the store's,
`bot.storage.match_queue`), and is dealt a table with the people `pairing` finds for them; each
plays on their own copy of the board in their own private chat (`places.SeatBoard`), under the
usual table rules (turn timer, played-for, removal, resign, results and global ratings).

The wait is driven by a deadline in the store's schedule (`match:<user>`, every `TICK` seconds):
any process, after a restart too, runs a pairing round, updates the waiting screen, and after
`MATCH_WAIT_SECONDS` offers the computer instead. A pairing round also runs at once when someone
joins. The waiting message becomes that person's board. A wait whose ticks were missed (the bot
was down past it) still seats those a table can be made for within `MARGIN`; the others' wait
ends at once, saying so, with the same ways on; the queue keeps an entry
long enough (`KEPT_AWAY`) for that to be said after a long outage too. ⚔️ Play someone tapped
while waiting brings the waiting screen to that message.

A quick match builds on the table wing (the table never imports it): its tables are dealt and
changed through the table's door, and it is their owner (`bot.games.table.owners`), asked what
their rematch is. `Matches.serving(tables)` builds it on a `TableService` and registers it there.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
from collections.abc import Callable

from bot import metrics
from bot.games.match import pairing
from bot.games.match.rematches import Rematches
from bot.games.places import ChatMessage
from bot.games.player_views import ALIAS
from bot.games.ports import RetryLater, Undeliverable
from bot.games.refusal import Notice, Refused
from bot.games.table import moves
from bot.games.table.changes import TableRecords
from bot.games.table.commit import TableDoor
from bot.games.table.lobby import Lobby
from bot.games.table.publisher import Publisher
from bot.games.table.service import TableService
from bot.i18n import t
from bot.registry import kinds, spec
from bot.render import match as screens
from bot.render.screen import Screen
from bot.stats.rating import shown
from bot.storage.cells import Key
from bot.storage.match_queue import Entry
from bot.storage.record import GameRecord, Place, Player, TableMeta, new_id
from bot.wire.callbacks import is_game_id

log = logging.getLogger(__name__)

TICK = 5.0  # seconds between a waiting person's pairing rounds (and screen updates)
MARGIN = 30.0  # an entry may still be paired this long past the wait (a restart in between)
AWAY = 2 * TICK  # a tick this late past the wait: the bot was down (the wait ends, saying so)
KEPT_AWAY = 86400.0  # the queue keeps an entry this long past that, for its tick to say so
PREFIX = "match"
MAX_SEATS = 4  # a table of strangers: at most this many seats


def seat_choices(game: str) -> tuple[int, ...]:
    """The table sizes a quick match of `game` offers (its seats, at most MAX_SEATS; none
    for a name no table game has)."""
    if game not in kinds("table"):
        return ()
    low, high = spec(game).seats
    return tuple(range(low, min(high, MAX_SEATS) + 1))


def quick_settings(game: str) -> dict[str, int]:
    """A match between strangers is a short game: each setting that is not a variant (Ryadki's
    deals) at its smallest value; the rest as the game's defaults for the seats."""
    return {s.name: min(s.values) for s in spec(game).settings if not s.variant}


def games() -> tuple[str, ...]:
    """The games a quick match offers: every table game."""
    return kinds("table")


def match_key(user_id: int) -> str:
    return f"{PREFIX}:{user_id}"


def _blocks(user_id: int) -> Key:
    return Key(f"u:{user_id}", "noplay")


def _wanted(entry: Entry) -> screens.Wanted:
    return screens.Wanted(entry.lang, entry.game, entry.seats, entry.fill)


class Matches:
    def __init__(
        self,
        records: TableRecords,
        door: TableDoor,
        publisher: Publisher,
        wake: Callable[[float], None],
    ) -> None:
        self.records = records
        self.store = records.store
        self.settings = records.settings
        self.door = door
        self.publisher = publisher
        self.wake = wake
        self.wait = float(self.settings.match_wait_seconds)
        self.ttl = self.wait + MARGIN  # paired no later than this
        self.keep = self.ttl + KEPT_AWAY  # kept in the store this long
        clock = records.clock
        self.rematches = Rematches(self.store, door, publisher, clock, self._dealt, self._create)

    @classmethod
    def serving(cls, tables: TableService) -> Matches:
        """Quick matches on `tables`: the owner of their tables, their waits on its timers."""
        matches = cls(tables.records, tables.door, tables.publisher, tables.waker.wake)
        tables.owners.register(matches)
        tables.timers.on(PREFIX, matches.due)
        return matches

    # -- the owner of its tables -------------------------------------------------------------
    def owns(self, record: GameRecord) -> bool:
        return bool(record.table.boards) and not record.table.tour  # (a tournament's: its own)

    async def dealt(self, record: GameRecord) -> None:
        """Each person's games list it: one match at a time (`playing`)."""
        meta = record.table
        for seat in meta.humans:
            await self.store.add_user_game(meta.players[seat].user_id, record.id)

    async def ended(self, record: GameRecord) -> None:
        return None

    async def ask(
        self, game: str, user: Player, where: Place, seats: int | None = None, fill: bool = False
    ) -> None:
        """Join the queue for a table of `game` of `seats` (None: the game's fewest; `fill`:
        computer seats may fill it after a wait) from the message `where` (it becomes the
        waiting screen)."""
        if game not in games() or seats not in (None, *seat_choices(game)):
            raise Refused("error-stale")
        seats = seats or seat_choices(game)[0]
        if await self.playing(user.user_id):
            raise Refused("match-playing")
        now = self.records.clock()
        rating = await self.store.rating(user.user_id, game)
        blocks = await self.store.cells.members(_blocks(user.user_id))
        entry = Entry(
            user=user.user_id,
            game=game,
            rating=float(shown(rating.ordinal)) if rating is not None else 1000.0,
            since=now,
            blocks=frozenset(int(b) for b in blocks),
            seats=seats,
            fill=fill and seats > pairing.MIN_PEOPLE,
            name=await self._name(user),
            lang=user.lang,
            message=where[1],
        )
        if not await self._join(entry):
            await self.here(user.user_id, where)  # its waiting screen comes here
            raise Refused("match-already")
        metrics.match_wait(game)
        log.info("event=match_wait user=%s game=%s", user.user_id, game)
        await self._show(entry, screens.waiting(_wanted(entry), 0))
        await self._next(entry.user, now)
        await self.pair(game, now)

    async def _join(self, entry: Entry) -> bool:
        """Into the queue, unless the person waits already (a wait the bot slept through,
        not ended yet, is ended first)."""
        if await self.store.queue.join(entry, self.keep):
            return True
        old = await self.store.queue.entry(entry.user)
        if old is None or entry.since - old.since < self.ttl:
            return False
        await self.cancel(entry.user)
        return await self.store.queue.join(entry, self.keep)

    async def here(self, user_id: int, where: Place) -> bool:
        """⚔️ Play someone tapped while looking: the waiting screen moves to `where` (its old
        message goes). False when the user is not looking (or was seated meanwhile)."""
        now = self.records.clock()
        entry = await self.store.queue.entry(user_id)
        if entry is None or now - entry.since >= self.ttl:
            return False
        if entry.message != where[1]:
            moved = dataclasses.replace(entry, message=where[1])
            if not await self.store.queue.claim([entry], self.keep):
                return False  # seated meanwhile: the board is on the old message
            if not await self.store.queue.join(moved, self.keep):
                return False
            if entry.message:
                await self.publisher.delete(ChatMessage(user_id, entry.message))
            entry = moved
        await self._show(entry, screens.waiting(_wanted(entry), now - entry.since))
        return True

    async def playing(self, user_id: int) -> bool:
        """Whether the user is at a match still being played (one at a time; one they left
        goes on without them)."""
        for gid in await self.store.user_games(user_id):
            record = await self.store.load(gid)
            meta = None if record is None else record.meta
            if not isinstance(meta, TableMeta) or record is None or record.phase != "play":
                continue
            if meta.seat_of(user_id) in meta.boards:
                return True
        return False

    async def _name(self, user: Player) -> str:
        """The name strangers see: the first name, or (/settings) "Player 4821"."""
        if await self.store.get_setting(user.user_id, ALIAS) != "on":
            return user.name
        digest = hashlib.blake2b(str(user.user_id).encode(), digest_size=4).digest()
        return t(user.lang, "match-alias", n=str(1000 + int.from_bytes(digest, "big") % 9000))

    async def cancel(self, user_id: int) -> bool:
        """Stop waiting: False when the user was not (or no longer: a table took them)."""
        entry = await self.store.queue.leave(user_id)
        await self.store.cancel(match_key(user_id))
        return entry is not None

    async def block(self, user_id: int, other: int) -> None:
        """Never match `user_id` with `other` again."""
        await self.store.cells.add_member(_blocks(user_id), str(other), self.store.idle_ttl)

    async def block_opponents(self, gid: str, user_id: int) -> bool:
        """ "Don't match me with this player again" under a match's end: every other person
        at that table. False when the user did not play that match."""
        record = await self.store.load(gid) if is_game_id(gid) else None
        if record is None or not isinstance(record.meta, TableMeta) or not record.table.boards:
            return False
        if record.table.seat_of(user_id) is None:
            return False
        for p in record.table.players:
            if p.user_id != user_id and not p.ai:
                await self.block(user_id, p.user_id)
        log.info("event=match_block user=%s game=%s", user_id, gid)
        return True

    async def due(self, key: str, now: float) -> None:
        """A waiting person's deadline: a pairing round, then the screen (or "nobody"; or, a
        tick the bot missed past the wait, that the search stopped while it was away)."""
        user = int(key.split(":", 1)[1])
        entry = await self.store.queue.entry(user)
        if entry is None:
            return
        waited = now - entry.since
        away = waited >= self.wait + AWAY
        if waited < self.ttl:  # (a restart within the margin too: those still here are seated)
            await self.pair(entry.game, now)
            if await self.store.queue.entry(user) != entry:
                return  # seated at a table (or waiting anew)
        if not away and waited < self.wait:
            await self._show(entry, screens.waiting(_wanted(entry), waited))
            await self._next(user, now)
            return
        if await self.store.queue.claim([entry], self.keep):
            metrics.match_nobody(entry.game)
            log.info("event=match_nobody user=%s game=%s away=%s", user, entry.game, away)
            await self._show(entry, screens.nobody(_wanted(entry), away=away))

    async def _next(self, user: int, now: float) -> None:
        await self.store.schedule(match_key(user), now + TICK)
        self.wake(now + TICK)

    async def _show(self, entry: Entry, screen: Screen) -> None:
        """The person's waiting message; one who blocked the bot leaves the queue."""
        try:
            shown = await self.publisher.put(ChatMessage(entry.user, entry.message), screen)
        except RetryLater:
            return  # the next tick shows it
        except Undeliverable:
            shown = None
        if shown is None:  # they blocked the bot: nobody waits for them
            log.info("event=match_unreachable user=%s", entry.user)
            await self.cancel(entry.user)

    async def pair(self, game: str, now: float) -> None:
        """A pairing round: every table the queue makes now is claimed and dealt."""
        waiting = await self.store.queue.waiting(game, now, self.keep)
        live = [e for e in waiting if now - e.since < self.ttl]  # (the rest: their tick ends it)
        for table in pairing.tables(live, now, self.wait / 2):
            if await self.store.queue.claim(table.entries, self.keep):
                await self._deal(table, now)

    async def _deal(self, table: pairing.Table, now: float) -> None:
        first = table.entries[0]
        meta = TableMeta(
            creator=first.user,
            lang=first.lang,
            players=[Player(e.user, e.name, e.lang) for e in table.entries],
            boards={seat: (e.user, e.message) for seat, e in enumerate(table.entries)},
            settings=quick_settings(first.game),
        )
        lobby = Lobby(first.game, meta)
        for _ in range(table.computers):
            lobby.add_computer(first.user)
        record = await self._start(first.game, meta, now)
        if record is None:
            return
        for e in table.entries:
            await self.store.cancel(match_key(e.user))
        metrics.matched(record.kind, [now - e.since for e in table.entries])
        log.info("event=match_dealt game=%s users=%s", record.id, table.users)

    def _dealt(self, game: str, meta: TableMeta, now: float) -> GameRecord:
        """A match of the seats in `meta`, dealt (not stored yet)."""
        record = GameRecord(id=new_id(), kind=game, chat_id=meta.creator, state="", meta=meta)
        timeout, pause = self.settings.turn_timeout_seconds, self.settings.ai_pause_seconds
        moves.start(record, Lobby(game, meta), now, timeout, ai_pause=pause)
        return record

    async def _start(self, game: str, meta: TableMeta, now: float) -> GameRecord | None:
        """Deal a match of the seats in `meta`; the door stores it and shows every board."""
        return await self._create(self._dealt(game, meta, now))

    async def _create(self, record: GameRecord) -> GameRecord | None:
        if not await self.door.create(record):
            log.warning("event=match_create_failed game=%s", record.id)
            return None
        return record

    # -- a rematch: every person still at the finished table asks for it -------------------------
    async def rematch(self, record: GameRecord, user: Player, lang: str) -> Notice:
        return await self.rematches.rematch(record, user)
