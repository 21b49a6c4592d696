"""Shared fixtures: a real redis-server for the whole session (started on a free port)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.needs import require
from tests.support.redis_server import RedisServer, redis_binary, start_redis


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
