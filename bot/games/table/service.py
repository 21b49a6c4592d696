"""Group games at run time: one TableService per Dispatcher (built in bot.app), holding the
parts handlers call — `lobbies` (open, join, leave, settings, cancel), `play` (deal, moves,
resign, timeouts, rematch), `publisher` (every message of a game), `migration` (a group that
became a supergroup) — and the deadline loop that drives turn timers and lobby expiry.

Every change is a compare-and-set save of the game record; screens are rendered after the save
from what was saved, the group's board through the per-chat edit coalescer, private hands
directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

from bot.config import Settings
from bot.games.ports import Messenger
from bot.games.table import taps
from bot.games.table.lobby_service import LobbyService
from bot.games.table.migration import Migration
from bot.games.table.pings import Pings
from bot.games.table.play_service import PlayService
from bot.games.table.private import PrivateTables
from bot.games.table.publisher import Publisher
from bot.games.table.records import TableRecords
from bot.games.table.taps import IsAdmin, Notice
from bot.games.timers import TimerLoop
from bot.storage import GameRecord, Player, Store
from bot.telegram.callbacks import GameCallback
from bot.telegram.flood import EditCoalescer

log = logging.getLogger(__name__)
SWEEP_EVERY = 60.0  # seconds between sweeps of results left pending
WAKE_MARGIN = 0.02  # seconds after a deadline the loop is woken (the wall clock may lag)


class TableService:
    def __init__(
        self,
        messenger: Messenger,
        store: Store,
        settings: Settings,
        *,
        clock: Callable[[], float] = time.time,
        flood: EditCoalescer | None = None,
    ) -> None:
        per_minute = settings.edits_per_minute_per_group
        min_gap = min(1.0, 60.0 / per_minute)

        async def shared(chat_id: int) -> float:
            """A group's budget is shared by every bot process (private chats have none)."""
            if chat_id >= 0:
                return 0.0
            return await store.take_send(chat_id, time.time(), 60.0, per_minute, min_gap)

        self.flood = flood or EditCoalescer(per_minute, min_gap=min_gap, shared=shared)
        self.records = TableRecords(store, settings, clock)
        self.publisher = Publisher(messenger, self.records, settings, self.flood)
        self.migration = Migration(self.records, self.publisher, messenger)
        self.publisher.on_moved = self.migration.migrate
        self.lobbies = LobbyService(self.records, self.publisher)
        self.play = PlayService(self.records, self.publisher)
        self.lobbies.play, self.play.lobbies = self.play, self.lobbies
        self.private = PrivateTables(self)
        self.play.private = self.private
        self.pings = Pings(messenger, store, settings)
        self.play.pings = self.pings
        self.timers = TimerLoop(store, tick=settings.timer_tick_seconds, clock=clock)
        self.timers.on("turn", self.play.turn_due)
        self.timers.on("lobby", self.lobbies.lobby_due)
        self.play.wake = self.wake
        self._running = False
        self._sweeper: asyncio.Task[None] | None = None
        self._wakes: set[asyncio.TimerHandle] = set()
        self._ticks: set[asyncio.Task[None]] = set()

    def wake(self, due: float) -> None:
        """Handle the deadlines due at `due` then, not at the loop's next tick (a computer
        seat's move comes after its pause, not up to a tick later). Only while the loop runs:
        the stored deadline is what makes the move happen; this only makes it prompt."""
        if not self._running:
            return
        delay = max(0.0, due - self.clock()) + WAKE_MARGIN
        handle: asyncio.TimerHandle | None = None

        def fire() -> None:
            if handle is not None:
                self._wakes.discard(handle)
            if self._running:
                task = asyncio.create_task(self._tick())
                self._ticks.add(task)
                task.add_done_callback(self._ticks.discard)

        handle = asyncio.get_running_loop().call_later(delay, fire)
        self._wakes.add(handle)

    async def _tick(self) -> None:
        try:
            await self.timers.tick_once()
        except Exception:  # the deadline stays stored: the loop's own tick takes it
            log.info("event=timer_wake_failed", exc_info=True)

    @property
    def store(self) -> Store:
        return self.records.store

    @property
    def clock(self) -> Callable[[], float]:
        return self.records.clock

    async def tap(
        self, game: GameRecord, user: Player, cb: GameCallback, lang: str, is_admin: IsAdmin
    ) -> Notice | None:
        """A button of the game's lobby, table or a private hand (see bot.games.table.taps)."""
        return await taps.tap(self, game, user, cb, lang, is_admin)

    async def start(self) -> None:
        self._running = True
        self.timers.start()
        self._sweeper = asyncio.create_task(self._sweep(), name="results-sweep")

    async def _sweep(self) -> None:
        """Finish the statistics of games whose end was saved by a process that died before
        applying them (bot.storage.results_api), once a minute."""
        while self._running:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.store.sweep_results(self.clock())
            except Exception:  # an outage or a bug: the next round tries again
                log.info("event=results_sweep_failed", exc_info=True)

    async def stop(self) -> None:
        self._running = False
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for handle in self._wakes:
            handle.cancel()
        self._wakes.clear()
        if self._ticks:  # a computer move in flight is finished, not cut off
            await asyncio.gather(*self._ticks, return_exceptions=True)
        await self.timers.stop()
        await self.pings.drain()
        await self.flood.close(flush=True)
        await self.publisher.hand_flood.close(flush=True)

    async def drain(self) -> None:
        """Wait until every waiting edit (boards and hands) and ping has been sent (tests)."""
        await self.flood.drain()
        await self.publisher.hand_flood.drain()
        await self.pings.drain()
