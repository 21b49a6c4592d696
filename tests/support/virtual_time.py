"""Time that tests move: the fake Telegram's clock (its flood limits count on it) and, in the
group world, the bot services' clock too.

- `advance(s)`: time passes (a player taking `s` seconds before the next tap);
- `sleep(s)`: what the bot's coalescers and budget await instead of `asyncio.sleep` — the clock
  jumps to the end of the sleep at once (two sleeps that overlap end at the later of the two,
  not at their sum), so a test at Telegram's real limits runs in milliseconds.
"""

from __future__ import annotations

import asyncio
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
