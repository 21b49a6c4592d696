"""Waiting on an event instead of a clock: `await until(condition, "what")` re-checks the
condition (a function, or a coroutine function such as a store read) every 10 ms and fails
after `timeout` seconds, saying what never happened. For what another task or process does on
real I/O (a handler that has started, a key that has expired); the end-to-end tests wait
through `Emulator.wait_for`."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable


async def until(
    condition: Callable[[], bool | Awaitable[bool]], what: str = "", timeout: float = 5.0
) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        met = condition()
        if inspect.isawaitable(met):
            met = await met
        if met:
            return
        if loop.time() >= deadline:
            raise AssertionError(f"not within {timeout:g} s: {what or 'the condition'}")
        await asyncio.sleep(0.01)
