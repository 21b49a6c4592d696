"""The deadline loop: turn timers and lobby expiry, kept in the Store so they survive restarts.

Deadlines are keys in the Store's schedule (a Redis sorted set, or an SQLite table) with a due
time in wall-clock seconds. Every `tick` seconds the loop claims the due keys — `claim_due` is
atomic, so with two bot processes each key goes to exactly one of them — and hands each key to
its handler by prefix (`turn:<gid>`, `lobby:<gid>`). A handler re-checks the game itself (the
deadline it finds there decides), so a key claimed just as a player moved does nothing, and a
game saved with a new deadline always has its key rescheduled.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from bot.storage import Store

log = logging.getLogger(__name__)

DueHandler = Callable[[str, float], Awaitable[None]]


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
    ) -> None:
        self.store = store
        self.tick = tick
        self.clock = clock
        self.sleep = sleep
        self.batch = batch
        self.handlers: dict[str, DueHandler] = {}
        self._task: asyncio.Task[None] | None = None
        self._stopping = False

    def on(self, prefix: str, handler: DueHandler) -> None:
        """Route keys `<prefix>:...` to `handler(key, now)`."""
        self.handlers[prefix] = handler

    async def tick_once(self) -> int:
        """Claim and handle every due key; returns how many were handled."""
        handled = 0
        while True:
            now = self.clock()
            keys = await self.store.claim_due(now, self.batch)
            for key in keys:
                prefix = key.split(":", 1)[0]
                handler = self.handlers.get(prefix)
                if handler is None:
                    log.warning("event=timer_unknown key=%s", key)
                    continue
                try:
                    await handler(key, now)
                except Exception:
                    log.exception("event=timer_failed key=%s", key)
                handled += 1
            if len(keys) < self.batch:
                return handled

    async def run(self) -> None:
        while not self._stopping:
            try:
                await self.tick_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("event=timer_loop_error")
            await self.sleep(self.tick)

    def start(self) -> None:
        if self._task is None:
            self._stopping = False
            self._task = asyncio.create_task(self.run(), name="group-timers")

    async def stop(self) -> None:
        self._stopping = True
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
