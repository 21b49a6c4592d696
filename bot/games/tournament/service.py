"""Tournaments at run time: one `Tournaments` per Dispatcher, built on the table service
(`Tournaments.serving(tables, messenger)`): an owner of its tables (`bot.games.table.owners`:
told when one is dealt and when it ends; no rematch), a frame of their boards (the tournament's
name, the round or the time left, what comes next), and a clock in the bot's timers.

Every change of a tournament is a compare-and-set of its stored state (`change`): a pure
function of it (`flow`) run on the state as stored, again when another process saved first, so
two replicas never pair a player twice. After a saved change (`_after`): its standings shown,
its next deadline scheduled, the tables it decided dealt (in the background: a tap or a move
is not held up), its end counted and its podium posted once.

The clock (`tour:<id>` in the store's schedule, every `flow.TICK` seconds while it runs):
a reminder before a start at a time, the start, and while it runs a look at each of its games —
one dealt or ended by a process that died before telling the tournament is dealt or scored
now — then the pairings of the free. So a kill -9, a restart or a replica's death loses no
game and no point."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Callable, Coroutine
from typing import Any

from bot import metrics
from bot.games.ports import Messenger
from bot.games.refusal import Notice, Refused
from bot.games.result_of import result_of
from bot.games.table.changes import TableRecords
from bot.games.table.commit import TableDoor
from bot.games.table.publisher import Publisher
from bot.games.table.service import TableService
from bot.games.tournament import flow
from bot.games.tournament.deal import Dealer
from bot.games.tournament.group import GroupSide
from bot.games.tournament.model import Tournament
from bot.games.tournament.scoring import standings
from bot.render import tournament as screens
from bot.render.screen import Screen
from bot.stats.result import places
from bot.storage import StoreUnavailable
from bot.storage.record import GameRecord, Player, new_id
from bot.wire import deeplinks
from bot.wire.flood import EditCoalescer

log = logging.getLogger(__name__)

PREFIX = "tour"
ATTEMPTS = 12  # compare-and-set rounds before a change is refused as busy
STALE_DEAL = 30.0  # seconds after which a table decided but not dealt is dealt (again)
KNOWN = 1000  # tournaments whose last state a process keeps for its boards' frames
Change = Callable[[Tournament], bool]


def tour_key(tid: str) -> str:
    return f"{PREFIX}:{tid}"


class Tournaments:
    def __init__(
        self,
        records: TableRecords,
        door: TableDoor,
        publisher: Publisher,
        tg: Messenger,
        flood: EditCoalescer,
    ) -> None:
        self.store = records.store
        self.settings = records.settings
        self.clock = records.clock
        self.tg = tg
        self.group = GroupSide(tg, flood, self.store, self.clock, self._moved)
        pause = self.settings.ai_pause_seconds
        self.dealer = Dealer(self.store, door, publisher, self.change, self.clock, pause)
        self.background = True  # False: what follows a change runs before it returns (tests)
        self._tasks: set[asyncio.Task[None]] = set()
        self._known: dict[str, Tournament] = {}  # the last state seen of each (board frames)

    @classmethod
    def serving(cls, tables: TableService, tg: Messenger) -> Tournaments:
        """Tournaments on `tables` (a TableService): the owner of their tables, their clock on
        its timers, their frame on its boards."""
        tours = cls(tables.records, tables.door, tables.publisher, tg, tables.flood)
        tables.owners.register(tours)
        tables.timers.on(PREFIX, tours.due)
        tables.publisher.screens.frames.append(tours.frame)
        return tours

    # -- changes ---------------------------------------------------------------------------
    async def load(self, tid: str) -> Tournament | None:
        loaded = await self.store.tournaments.load(tid) if deeplinks.is_tour_id(tid) else None
        if loaded is None:
            return None
        return self._keep(Tournament.from_json(loaded[1]))

    def _keep(self, t: Tournament) -> Tournament:
        if len(self._known) >= KNOWN and t.id not in self._known:
            self._known.clear()
        self._known[t.id] = t
        return t

    async def change(self, tid: str, fn: Change) -> Tournament | None:
        """`fn` on the tournament as stored, saved by compare-and-set (run again on the state
        another process saved first); then what follows the change. The state as saved (as
        loaded when `fn` changed nothing); None: no such tournament."""
        for _ in range(ATTEMPTS):
            loaded = await self.store.tournaments.load(tid)
            if loaded is None:
                return None
            version, text = loaded
            t = Tournament.from_json(text)
            if not fn(t):
                return self._keep(t)
            if await self.store.tournaments.save(tid, t.to_json(), version):
                self._keep(t)
                await self._after(Tournament.from_json(text), t, version + 1)
                return t
        raise Refused("tour-busy")

    async def _after(self, before: Tournament, t: Tournament, version: int) -> None:
        if before.phase != t.phase:
            metrics.tournament(t.kind, t.format, _EVENTS.get(t.phase, t.phase))
            log.info("event=tour_%s tour=%s players=%s", t.phase, t.id, len(t.players))
        if t.phase == "cancelled" and before.phase != "cancelled":
            await self.store.tournaments.release(t.chat, t.home, t.id)
        await self.group.show(t, version)
        await self.schedule(t)
        for table in t.tables:
            if table.status == "deal" and before.table(table.gid) is None:
                await self._run(self.dealer.deal(t, table))
        if t.phase == "over" and before.phase != "over":
            await self._run(self._finish(t))

    async def _run(self, work: Coroutine[Any, Any, None]) -> None:
        """In the background (at once when `background` is off: tests); what fails is left to
        the clock, which finds it undone."""
        if not self.background:
            await self._guarded(work)
            return
        task = asyncio.ensure_future(self._guarded(work))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _guarded(self, work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except (StoreUnavailable, Refused) as err:
            log.info("event=tour_step_left error=%r", err)
        except Exception:
            log.exception("event=tour_step_failed")

    async def drain(self) -> None:
        """Wait until what follows the changes made so far is done (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def stop(self) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.drain(), 10.0)

    async def schedule(self, t: Tournament) -> None:
        due = flow.next_due(t, self.clock())
        if due is None:
            await self.store.cancel(tour_key(t.id))
        else:
            await self.store.schedule(tour_key(t.id), due)

    async def _moved(self, tid: str, message: int) -> None:
        """Its standings were sent anew (the old message gone): kept."""

        def keep(t: Tournament) -> bool:
            changed = t.board != message
            t.board = message
            return changed

        await self.change(tid, keep)

    # -- the owner of its tables -----------------------------------------------------------
    def owns(self, record: GameRecord) -> bool:
        return bool(record.table.tour)

    async def dealt(self, record: GameRecord) -> None:
        """Each person's games list it (a person at a tournament game is playing)."""
        meta = record.table
        for seat in meta.humans:
            await self.store.add_user_game(meta.players[seat].user_id, record.id)

    async def ended(self, record: GameRecord) -> None:
        """One of its games ended: scored (in the background: the last move's boards first)."""
        await self._run(self.score(record.table.tour, record.id, record))

    async def rematch(self, record: GameRecord, user: Player, lang: str) -> Notice | None:
        raise Refused("tour-no-rematch", alert=False)

    async def score(self, tid: str, gid: str, record: GameRecord | None) -> None:
        """A game's places counted in its tournament, once; the free paired, its end seen."""
        now = self.clock()
        placed = places(result_of(record, now)) if record is not None else {}

        def apply(t: Tournament) -> bool:
            if flow.record(t, gid, placed, now) is None:
                return False
            flow.deal(t, now, new_id)
            flow.settle(t, now)
            return True

        await self.change(tid, apply)

    # -- its clock ---------------------------------------------------------------------------
    async def due(self, key: str, now: float) -> None:
        t = await self.load(key.split(":", 1)[1])
        if t is None:
            return
        if t.phase == "open":
            await self._open_due(t, now)
        elif t.phase == "running":
            await self._running_due(t, now)
        elif t.phase == "over" and not t.podium:
            await self._finish(t)
        loaded = await self.store.tournaments.load(t.id)
        if loaded is not None:  # its clock goes on; its standings say how long is left
            fresh = self._keep(Tournament.from_json(loaded[1]))
            await self.schedule(fresh)
            await self.group.show(fresh, loaded[0])

    async def _open_due(self, t: Tournament, now: float) -> None:
        if t.starts is None:
            if now >= t.created + flow.OPEN_FOR:
                await self.change(t.id, lambda s: flow.cancel(s, "expired"))
        elif now >= t.starts:
            await self.begin(t.id)
        elif not t.reminded and now >= t.starts - flow.REMIND_BEFORE:

            def remind(s: Tournament) -> bool:
                done, s.reminded = s.reminded, True
                return not done and s.phase == "open"

            saved = await self.change(t.id, remind)
            if saved is not None and saved.reminded and not t.reminded:
                await self.group.remind(saved)

    async def _running_due(self, t: Tournament, now: float) -> None:
        """Each game: dealt or ended by a process that died before telling? Then the free."""
        for table in list(t.live()):
            record = await self.store.load(table.gid)
            if table.status == "deal":
                if record is not None:
                    await self.change(t.id, _dealt(table.gid))
                elif now - table.at >= STALE_DEAL:
                    await self.dealer.deal(t, table)
            elif record is None or record.finished:
                await self.score(t.id, table.gid, record)

        def progress(s: Tournament) -> bool:
            dealt = bool(flow.deal(s, now, new_id))
            return flow.settle(s, now) or dealt

        await self.change(t.id, progress)

    async def begin(self, tid: str) -> Tournament | None:
        """Start it now (too few: cancelled, saying so)."""
        now = self.clock()

        def go(t: Tournament) -> bool:
            before = t.phase
            flow.start(t, now, new_id)
            return t.phase != before

        return await self.change(tid, go)

    async def _finish(self, t: Tournament) -> None:
        """Its end: counted in its players' statistics and the group's board, the podium posted
        (once), the group free for the next one."""
        rows = standings(t.entrants, t.arena)
        won = {r.entrant.user for r in rows if r.rank == 1 and r.entrant.points > 0}
        played = [(e.user, e.name) for e in t.entrants if e.games or e.byes]
        await self.store.tournaments.count_end(t.id, t.kind, t.chat, played, won)
        claimed: list[bool] = []

        def mark(s: Tournament) -> bool:
            claimed[:] = [not s.podium]
            s.podium = True
            return claimed[0]

        saved = await self.change(t.id, mark)
        if saved is None or not claimed or not claimed[0]:
            return
        await self.group.podium(saved)
        await self.store.tournaments.release(saved.chat, saved.home, saved.id)
        log.info("event=tour_podium tour=%s won=%s", t.id, sorted(won))

    # -- the frame of its boards -------------------------------------------------------------
    async def frame(self, record: GameRecord, viewer: int | None, screen: Screen) -> Screen:
        """A tournament game's board in a player's chat: the tournament named above it (the
        round, or the time left), what comes next below it once it is over."""
        tid = record.table.tour
        if not tid or viewer is None or viewer >= len(record.table.players):
            return screen
        t = self._known.get(tid)
        if t is None or t.table(record.id) is None:
            with contextlib.suppress(StoreUnavailable):
                t = await self.load(tid)
        table = None if t is None else t.table(record.id)
        if t is None or table is None:
            return screen
        lang, now = record.table.players[viewer].lang, self.clock()
        left = t.ends is not None and now < t.ends
        minutes = math.ceil((t.ends - now) / 60) if t.ends is not None and left else None
        head = screens.heading(lang, t.kind, t.arena, table.round, t.length, minutes)
        if not record.finished:
            return Screen(head + "\n\n" + screen.text, screen.keyboard)
        last = t.phase != "running" or (not left if t.arena else table.round >= t.length)
        url = deeplinks.message_link(t.chat, t.board) if t.board else None
        after = screens.after_game(lang, tid, t.arena, last, url)
        return Screen(head + "\n\n" + screen.text + "\n\n" + after.text, after.keyboard)


def _dealt(gid: str) -> Change:
    return lambda t: flow.dealt(t, gid)


_EVENTS = {"running": "started", "over": "finished", "cancelled": "cancelled"}
