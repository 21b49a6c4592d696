"""Shared fixtures: a real redis-server for the whole session (started on a free port)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.support.redis_server import RedisServer, redis_binary, start_redis


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    if redis_binary() is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is required in CI (scripts/test.sh installs it)")
        pytest.skip("redis-server is not installed (scripts/test.sh installs it)")
    server = start_redis()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def redis_url(redis_server: RedisServer) -> str:
    return redis_server.url
