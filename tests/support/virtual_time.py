"""Time that tests move: the fake Telegram's clock (its flood limits count on it) and, in the
group world, the bot services' clock too.

- `advance(s)`: time passes (a player taking `s` seconds before the next tap);
- `sleep(s)`: what the bot's coalescers and budget await instead of `asyncio.sleep` — the clock
  jumps to the end of the sleep at once (two sleeps that overlap end at the later of the two,
  not at their sum), so a test at Telegram's real limits runs in milliseconds.

`SteppingClock` is time that passes only when the test moves it: a sleep ends when `advance`
reaches its end, as on the wall clock, so whatever the bot does "at once" happens while the
clock stands still, and whatever waits for a budget waits until the test moves time on.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time


class VirtualClock:
    def __init__(self, now: float | None = None) -> None:
        self.now = time.time() if now is None else now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    async def sleep(self, seconds: float) -> None:
        until = self.now + max(0.0, seconds)
        await asyncio.sleep(0)
        self.now = max(self.now, until)


class SteppingClock(VirtualClock):
    """Virtual time that passes only in `advance` (`run_free` then lets it jump, as
    `VirtualClock` does, so that everything still waiting runs out)."""

    def __init__(self, now: float | None = None) -> None:
        super().__init__(now)
        self.free = False
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._asleep: dict[asyncio.Task[object], asyncio.Future[None]] = {}

    def waits(self, task: asyncio.Task[object]) -> bool:
        """Whether `task` sleeps until the clock moves on."""
        woken = self._asleep.get(task)
        return woken is not None and not woken.done()

    async def sleep(self, seconds: float) -> None:
        if self.free or seconds <= 0:
            await super().sleep(seconds)
            return
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now + seconds, next(self._order), woken))
        task = asyncio.current_task()
        if task is not None:
            self._asleep[task] = woken
        try:
            await woken
        finally:
            if task is not None:
                self._asleep.pop(task, None)

    def advance(self, seconds: float) -> None:
        """Time passes: the sleeps due by then end (they run when the test next awaits)."""
        self.now += seconds
        while self._sleepers and self._sleepers[0][0] <= self.now:
            _, _, woken = heapq.heappop(self._sleepers)
            if not woken.done():
                woken.set_result(None)

    def run_free(self) -> None:
        """From now on a sleep ends at once (the clock jumps); the sleeps waiting end now, the
        clock at the last of their ends."""
        self.free = True
        if self._sleepers:
            self.advance(max(0.0, max(end for end, _, _ in self._sleepers) - self.now))
