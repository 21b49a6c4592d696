"""Shared fixtures: a real redis-server for the whole session (started on a free port), and the
order the tests run in.

The suite runs in parallel (pytest-xdist, `scripts/test.sh`): each worker is its own process
with its own redis-server, emulators, bot processes and temporary directories, all on free
loopback ports, so no two workers share a server, a port or a file. Under xdist a "session"
fixture lives once per worker.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import settings

from tests.support.needs import require
from tests.support.redis_server import RedisServer, redis_binary, start_redis

# Hypothesis's default 200 ms deadline per example is a timing assertion: a loaded machine
# (xdist workers beside the solver's searches and the bot processes) fails it at random. Speed
# is measured by the benchmarks, never asserted.
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    require(redis_binary() is not None, "redis-server")
    server = start_redis()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def redis_url(redis_server: RedisServer) -> str:
    return redis_server.url


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest tests first, each followed by a quick one, then the rest as collected.

    xdist hands each worker two tests at a time, in this order, and tops it up as it finishes
    one (`--maxschedchunk=1`, scripts/test.sh): so the `slow` tests (real-time end-to-end games,
    a minute or two each, mostly waiting on Telegram's pace) start at once on different workers
    and never queue behind one another, and the quick tests fill the gaps. The order is the
    same on every worker (xdist requires it) and changes no test's outcome: every test sets up
    its own state."""
    slow = [item for item in items if item.get_closest_marker("slow")]
    rest = [item for item in items if not item.get_closest_marker("slow")]
    ordered: list[pytest.Item] = []
    for item in slow:
        ordered.append(item)
        if rest:
            ordered.append(rest.pop(0))
    items[:] = ordered + rest
