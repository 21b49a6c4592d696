"""Fixtures of the storage suites: a real 3-master Redis Cluster for the session (beside the
single redis-server of tests/conftest.py), and `any_redis_url`, each Redis deployment in turn."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from tests.support.needs import require
from tests.support.redis_server import RedisCluster, redis_binary, start_cluster

BACKENDS = ["sqlite", "redis", "cluster"]


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[RedisCluster]:
    require(redis_binary() is not None and shutil.which("redis-cli") is not None, "redis-cli")
    cluster = start_cluster()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def cluster_url(redis_cluster: RedisCluster) -> str:
    return redis_cluster.url


def url_of(request: pytest.FixtureRequest, backend: str) -> str:
    """The REDIS_URL of a Redis backend param ("redis" or "cluster")."""
    return str(request.getfixturevalue("cluster_url" if backend == "cluster" else "redis_url"))


@pytest.fixture(params=["redis", "cluster"])
def any_redis_url(request: pytest.FixtureRequest) -> str:
    """One redis-server, then the 3-master cluster."""
    return url_of(request, request.param)
