"""The deadline loop: turn timers and lobby expiry, kept in the Store so they survive restarts.

Deadlines are keys in the Store's schedule (a Redis sorted set, or an SQLite table) with a due
time in wall-clock seconds. Every `tick` seconds the loop claims the due keys and hands each to
its handler by prefix (`turn:<gid>`, `lobby:<gid>`). A claim is a lease, not a removal: the
claimed key becomes due again `lease` seconds later, so a key whose process died between the
claim and the handling fires again (at least once). Only when its handler returned is the key
finished (removed, unless the handler scheduled it anew). A handler re-checks the game itself
(the deadline it finds there decides, through the game's compare-and-set), so a key that fires
twice, or just as a player moved, changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from bot import metrics
from bot.storage import Store, StoreUnavailable

log = logging.getLogger(__name__)

DueHandler = Callable[[str, float], Awaitable[None]]
WAKE_MARGIN = 0.02  # seconds after a deadline a wake fires (the wall clock may lag)


def turn_key(gid: str) -> str:
    return f"turn:{gid}"


def lobby_key(gid: str) -> str:
    return f"lobby:{gid}"


class TimerLoop:
    def __init__(
        self,
        store: Store,
        *,
        tick: float = 1.0,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        batch: int = 50,
        lease: float = 30.0,
    ) -> None:
        self.store = store
        self.tick = tick
        self.clock = clock
        self.sleep = sleep
        self.batch = batch
        self.lease = lease
        self.handlers: dict[str, DueHandler] = {}
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._busy = False  # a tick is running (not sleeping)

    def on(self, prefix: str, handler: DueHandler) -> None:
        """Route keys `<prefix>:...` to `handler(key, now)`."""
        self.handlers[prefix] = handler

    async def tick_once(self) -> int:
        """Claim and handle every due key; returns how many were handled."""
        handled = 0
        while True:
            now = self.clock()
            keys = await self.store.claim_due(now, self.lease, self.batch)
            for index, (key, lease) in enumerate(keys):
                if self._stopping:  # draining: the keys not handled yet go to other processes
                    await self._hand_over([k for k, _ in keys[index:]], now)
                    return handled
                prefix = key.split(":", 1)[0]
                handler = self.handlers.get(prefix)
                if handler is None:
                    log.warning("event=timer_unknown key=%s", key)
                    await self.store.finish_due(key, lease)
                    continue
                try:
                    await handler(key, now)
                except StoreUnavailable:  # the lease runs out and the key fires again
                    continue
                except Exception:  # likewise
                    log.exception("event=timer_failed key=%s", key)
                    continue
                await self.store.finish_due(key, lease)
                metrics.timer_fired(prefix)
                handled += 1
            if len(keys) < self.batch:
                return handled

    async def _hand_over(self, keys: list[str], now: float) -> None:
        """Make claimed keys due again at once (not when their lease runs out), for another
        process to take; their handlers re-check the game, so nothing fires early."""
        for key in keys:
            with contextlib.suppress(StoreUnavailable):  # then the lease runs out instead
                await self.store.schedule(key, now)
        log.info("event=timers_handed_over count=%s", len(keys))

    async def run(self) -> None:
        while not self._stopping:
            self._busy = True
            try:
                await self.tick_once()
            except asyncio.CancelledError:
                raise
            except StoreUnavailable:  # the store's Health logs the outage once
                pass
            except Exception:
                log.exception("event=timer_loop_error")
            finally:
                self._busy = False
            if not self._stopping:
                await self.sleep(self.tick)

    def start(self) -> None:
        if self._task is None:
            self._stopping = False
            self._task = asyncio.create_task(self.run(), name="group-timers")

    async def stop(self, grace: float = 10.0) -> None:
        """Stop claiming. A key being handled is finished (for at most `grace` seconds), the
        other keys of its batch are handed over; a loop that sleeps is simply cancelled."""
        self._stopping = True
        task, self._task = self._task, None
        if task is None:
            return
        if self._busy:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(task), grace)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


class Waker:
    """Handles the deadlines due at a given time then, not at the loop's next tick (a computer
    seat's move comes after its pause, not up to a tick later). Only while running: the stored
    deadline is what makes the move happen; a wake only makes it prompt."""

    def __init__(self, timers: TimerLoop, clock: Callable[[], float]) -> None:
        self.timers = timers
        self.clock = clock
        self.running = False
        self._wakes: set[asyncio.TimerHandle] = set()
        self._ticks: set[asyncio.Task[None]] = set()

    def wake(self, due: float) -> None:
        if not self.running:
            return
        delay = max(0.0, due - self.clock()) + WAKE_MARGIN
        handle: asyncio.TimerHandle | None = None

        def fire() -> None:
            if handle is not None:
                self._wakes.discard(handle)
            if self.running:
                task = asyncio.create_task(self._tick())
                self._ticks.add(task)
                task.add_done_callback(self._ticks.discard)

        handle = asyncio.get_running_loop().call_later(delay, fire)
        self._wakes.add(handle)

    async def _tick(self) -> None:
        try:
            await self.timers.tick_once()
        except StoreUnavailable as err:  # the deadline stays stored: the loop's own tick takes it
            log.info("event=timer_wake_failed error=%s", err)
        except Exception:  # likewise
            log.info("event=timer_wake_failed", exc_info=True)

    async def stop(self) -> None:
        """No more wakes; a computer move in flight is finished, not cut off."""
        self.running = False
        for handle in self._wakes:
            handle.cancel()
        self._wakes.clear()
        if self._ticks:
            await asyncio.gather(*self._ticks, return_exceptions=True)
