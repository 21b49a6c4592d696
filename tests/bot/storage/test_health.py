"""The store's outage guard (`bot.storage.health`), on a virtual clock: after a failure calls
fail at once for half a second; then calls try again, and one made while another's try is on
its way is not refused for it (a single slow reply on a loaded machine turned a player's
command made meanwhile into "briefly unavailable": e2e test_computer failed so in CI)."""

from __future__ import annotations

import asyncio

import pytest

from bot.outages import StoreUnavailable
from bot.storage.health import Health, guard
from tests.support.virtual_time import VirtualClock


class Backend:
    """A store call that fails (a timeout) until `up`, and can be held on its way."""

    def __init__(self) -> None:
        self.up = False
        self.reached = 0
        self.held = asyncio.Event()
        self.held.set()

    async def load(self) -> str:
        self.reached += 1
        await self.held.wait()
        if not self.up:
            raise TimeoutError("Timeout reading from 127.0.0.1")
        return "record"


@pytest.fixture
def clock() -> VirtualClock:
    return VirtualClock(1000.0)


async def test_calls_fail_at_once_for_half_a_second_after_a_failure(clock: VirtualClock) -> None:
    backend, health = Backend(), Health(clock=clock)
    load = guard(health, backend.load)
    with pytest.raises(StoreUnavailable, match="Timeout reading"):
        await load()
    for _ in range(3):
        with pytest.raises(StoreUnavailable, match="waiting to retry"):
            await load()
    assert backend.reached == 1  # no call waited for a timeout of its own
    clock.advance(0.6)
    backend.up = True
    assert await load() == "record"
    assert not health.down


async def test_a_call_made_while_another_tries_again_is_not_refused_for_it(
    clock: VirtualClock,
) -> None:
    backend, health = Backend(), Health(clock=clock)
    load = guard(health, backend.load)
    with pytest.raises(StoreUnavailable):
        await load()  # one slow reply: the store counts as down
    clock.advance(0.6)
    backend.up = True
    backend.held.clear()  # the timer loop's call tries again, and its reply is slow too
    probe = asyncio.ensure_future(load())
    await asyncio.sleep(0)
    command = asyncio.ensure_future(load())  # a player's command meanwhile
    await asyncio.sleep(0)
    backend.held.set()
    assert await probe == "record"
    assert await command == "record"
    assert not health.down and backend.reached == 3
