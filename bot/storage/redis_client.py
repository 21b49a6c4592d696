"""The redis-py client of a `RedisTarget`: one server, a cluster, or Sentinel's master.

Every client gives up after `timeout` (connect or reply): a tap during an outage is answered
at once, and the store's Health fails fast meanwhile. The one retry: a command whose pooled
connection turns out closed (Redis restarted since it was last used: "Connection closed by
server") is sent once more on a new connection; the old server never saw it. A timeout is
never retried (a paused server may have run the command).
"""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis, RedisCluster
from redis.asyncio.cluster import ClusterNode
from redis.asyncio.retry import Retry
from redis.asyncio.sentinel import Sentinel
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError

from bot.redis_url import RedisTarget


def connect(target: RedisTarget, timeout: float) -> Redis | RedisCluster:
    """The client for `target` (nothing is sent until the first command)."""
    limits: dict[str, Any] = {
        "socket_timeout": timeout,
        "socket_connect_timeout": timeout,
        "retry": Retry(NoBackoff(), 1, supported_errors=(RedisConnectionError,)),
        "retry_on_error": [RedisConnectionError],
    }
    if target.kind == "single":
        client = Redis.from_url(target.url, decode_responses=True, **limits)
        assert isinstance(client, Redis)
        return client
    auth: dict[str, Any] = {"username": target.username, "password": target.password}
    options: dict[str, Any] = dict(target.options)
    if target.kind == "cluster":
        return RedisCluster(
            startup_nodes=[ClusterNode(host, port) for host, port in target.nodes],
            decode_responses=True,
            ssl=target.tls,
            **auth,
            **limits,
            **options,
        )
    sentinel_auth: dict[str, Any] = {"password": options.pop("sentinel_password", None)}
    # redis-py before 8.2 leaves Sentinel.__init__ untyped; 8.2 types it.
    sentinel = Sentinel(  # type: ignore[no-untyped-call, unused-ignore]
        list(target.nodes),
        sentinel_kwargs={
            **sentinel_auth,
            "socket_timeout": timeout,
            "socket_connect_timeout": timeout,
        },
        decode_responses=True,
        **limits,
    )
    assert target.master is not None
    master = sentinel.master_for(
        target.master,
        redis_class=Redis,
        db=target.db,
        ssl=target.tls,
        **auth,
        **options,
    )
    assert isinstance(master, Redis)
    return master
