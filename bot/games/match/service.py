"""Quick matches: a person asks from the private chat, waits in the shared queue (the store's,
`bot.storage.match_queue`), and is dealt a table with the people `pairing` finds for them; each
plays on their own copy of the board in their own private chat (`places.SeatBoard`), under the
usual table rules (turn timer, played-for, removal, resign, results and global ratings).

The wait is driven by a deadline in the store's schedule (`match:<user>`, every `TICK` seconds):
any process, after a restart too, runs a pairing round, updates the waiting screen, and after
`MATCH_WAIT_SECONDS` offers the computer instead. A pairing round also runs at once when someone
joins. The waiting message becomes that person's board.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot import metrics
from bot.games.match import pairing
from bot.games.ports import RetryLater, Undeliverable
from bot.games.refusal import Refused
from bot.games.table import moves
from bot.games.table.changes import TableRecords
from bot.games.table.lobby import Lobby
from bot.games.table.pings import Pings
from bot.games.table.play import PlayService
from bot.games.table.publisher import Publisher
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
MARGIN = 30.0  # an entry is kept this long past the wait (a restart in between keeps it)
PREFIX = "match"
MAX_SEATS = 4  # a table of strangers: at most this many seats


def seat_choices(game: str) -> tuple[int, ...]:
    """The table sizes a quick match of `game` offers (its seats, at most MAX_SEATS; none
    for a name no table game has)."""
    if game not in kinds("table"):
        return ()
    low, high = spec(game).seats
    return tuple(range(low, min(high, MAX_SEATS) + 1))


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
        publisher: Publisher,
        play: PlayService,
        pings: Pings,
        wake: Callable[[float], None],
    ) -> None:
        self.records = records
        self.store = records.store
        self.settings = records.settings
        self.publisher = publisher
        self.play = play
        self.pings = pings
        self.wake = wake
        self.wait = float(self.settings.match_wait_seconds)
        self.ttl = self.wait + MARGIN

    async def ask(
        self, game: str, user: Player, where: Place, seats: int | None = None, fill: bool = False
    ) -> None:
        """Join the queue for a table of `game` of `seats` (None: the game's fewest; `fill`:
        computer seats may fill it after a wait) from the message `where` (it becomes the
        waiting screen)."""
        if game not in games() or seats not in (None, *seat_choices(game)):
            raise Refused("error-stale")
        seats = seats or seat_choices(game)[0]
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
            name=user.name,
            lang=user.lang,
            message=where[1],
        )
        if not await self.store.queue.join(entry, self.ttl):
            raise Refused("match-already")
        metrics.match_wait(game)
        log.info("event=match_wait user=%s game=%s", user.user_id, game)
        await self._show(entry, screens.waiting(_wanted(entry), 0))
        await self._next(entry.user, now)
        await self.pair(game, now)

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
        """A waiting person's deadline: a pairing round, then the screen (or "nobody")."""
        user = int(key.split(":", 1)[1])
        entry = await self.store.queue.entry(user)
        if entry is None:
            return
        await self.pair(entry.game, now)
        if await self.store.queue.entry(user) != entry:
            return  # seated at a table (or waiting anew)
        if now - entry.since < self.wait:
            await self._show(entry, screens.waiting(_wanted(entry), now - entry.since))
            await self._next(user, now)
            return
        if await self.store.queue.claim([entry], self.ttl):
            metrics.match_nobody(entry.game)
            log.info("event=match_nobody user=%s game=%s", user, entry.game)
            await self._show(entry, screens.nobody(_wanted(entry)))

    async def _next(self, user: int, now: float) -> None:
        await self.store.schedule(match_key(user), now + TICK)
        self.wake(now + TICK)

    async def _show(self, entry: Entry, screen: Screen) -> None:
        """The person's waiting message; one who blocked the bot leaves the queue."""
        try:
            shown = await self.publisher.tg.edit(
                entry.user, entry.message, screen.text, screen.keyboard
            )
        except RetryLater:
            return  # the next tick shows it
        except Undeliverable:
            shown = None
        if shown is None:  # they blocked the bot: nobody waits for them
            log.info("event=match_unreachable user=%s", entry.user)
            await self.cancel(entry.user)

    async def pair(self, game: str, now: float) -> None:
        """A pairing round: every table the queue makes now is claimed and dealt."""
        waiting = await self.store.queue.waiting(game, now, self.ttl)
        for table in pairing.tables(waiting, now, self.wait / 2):
            if await self.store.queue.claim(table.entries, self.ttl):
                await self._deal(table, now)

    async def _deal(self, table: pairing.Table, now: float) -> None:
        first = table.entries[0]
        meta = TableMeta(
            creator=first.user,
            lang=first.lang,
            players=[Player(e.user, e.name, e.lang) for e in table.entries],
            boards={seat: (e.user, e.message) for seat, e in enumerate(table.entries)},
        )
        lobby = Lobby(first.game, meta)
        for _ in range(table.computers):
            lobby.add_computer(first.user)
        record = GameRecord(id=new_id(), kind=first.game, chat_id=first.user, state="", meta=meta)
        timeout, pause = self.settings.turn_timeout_seconds, self.settings.ai_pause_seconds
        moves.start(record, lobby, now, timeout, ai_pause=pause)
        if not await self.store.create(record):
            log.warning("event=match_create_failed game=%s", record.id)
            return
        for e in table.entries:
            await self.store.cancel(match_key(e.user))
            await self.store.add_user_game(e.user, record.id)
        metrics.game_started(record.kind)
        metrics.matched(record.kind, [now - e.since for e in table.entries])
        log.info("event=match_dealt game=%s users=%s", record.id, table.users)
        await self.play.after_start(record)
        await self.publisher.show(record)
        await self.pings.turn_passed(record, None)
