"""REDIS_URL: one server, a cluster, Sentinel, TLS — parsed, and opened on real servers."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Iterator

import pytest
from redis.asyncio import Redis, RedisCluster

from bot.redis_url import parse_redis_url
from bot.storage import GameRecord, SoloMeta, new_id
from bot.storage.redis_store import RedisStore
from tests.support.needs import require
from tests.support.redis_server import (
    SentinelSetup,
    TLSServer,
    redis_binary,
    redis_store,
    start_sentinel,
    start_tls_redis,
)


def test_one_server_urls_go_to_redis_py_as_they_are() -> None:
    for url in ("redis://:pw@h:6380/2", "unix:///run/redis.sock?db=1"):
        target = parse_redis_url(url)
        assert (target.kind, target.url, target.tls, target.direct) == ("single", url, False, True)
    tls = parse_redis_url("rediss://h:6380/0?ssl_ca_certs=/etc/ca.pem")
    assert (tls.kind, tls.tls, tls.direct) == ("single", True, False)


def test_a_cluster_url_lists_its_startup_nodes() -> None:
    t = parse_redis_url("redis+cluster://u:p%40ss@10.0.0.1:7000,10.0.0.2:7001,[::1]:7002,h4")
    assert t.kind == "cluster" and not t.tls
    assert t.nodes == (("10.0.0.1", 7000), ("10.0.0.2", 7001), ("::1", 7002), ("h4", 6379))
    assert (t.username, t.password) == ("u", "p@ss")
    t = parse_redis_url("rediss+cluster://h:7000?ssl_ca_certs=/ca.pem&socket_keepalive=yes")
    assert t.tls and t.options == {"ssl_ca_certs": "/ca.pem", "socket_keepalive": True}
    with pytest.raises(ValueError, match="database 0"):
        parse_redis_url("redis+cluster://h:7000/3")


def test_a_sentinel_url_names_the_master_and_its_database() -> None:
    t = parse_redis_url("redis+sentinel://:secret@s1:26379,s2/mymaster/2?sentinel_password=x")
    assert t.kind == "sentinel" and t.master == "mymaster" and t.db == 2
    assert t.nodes == (("s1", 26379), ("s2", 26379)) and t.password == "secret"
    assert t.options == {"sentinel_password": "x"}
    assert parse_redis_url("rediss+sentinel://s1/m").tls
    for bad in (
        "redis+sentinel://s1:26379",
        "redis+sentinel://s1/m/x",
        "redis+sentinel://s1/a/1/2",
    ):
        with pytest.raises(ValueError):
            parse_redis_url(bad)


@pytest.mark.parametrize(
    "url",
    ["localhost:6379", "http://h", "redis+shard://h", "redis+cluster://:1", "redis+cluster://h:x"],
)
def test_a_malformed_url_is_one_clear_error(url: str) -> None:
    with pytest.raises(ValueError, match="REDIS_URL"):
        parse_redis_url(url)


def test_the_client_matches_the_url() -> None:
    cluster = RedisStore("redis+cluster://127.0.0.1:1,127.0.0.1:2")
    assert isinstance(cluster.client, RedisCluster)
    assert isinstance(RedisStore("redis://127.0.0.1:1/0").client, Redis)
    assert isinstance(RedisStore("rediss://127.0.0.1:1/0").client, Redis)
    assert isinstance(RedisStore("rediss+cluster://127.0.0.1:1").client, RedisCluster)


async def plays(url: str) -> None:
    """A game created, moved, reloaded through a store opened on `url`."""
    s = await redis_store(url, prefix="u" + uuid.uuid4().hex[:8]).open()
    try:
        rec = GameRecord(
            id=new_id(),
            kind="raspad",
            chat_id=3,
            state="{}",
            meta=SoloMeta(uid=3, lang="ru", variant="52"),
        )
        assert await s.create(rec)
        assert await s.save(rec, 0)
        assert not await s.save(GameRecord.from_payload(rec.id, 0, rec.payload()), 0)
        s.recent.forget(rec.id)
        got = await s.load(rec.id)
        assert got is not None and got.version == 1
        await s.schedule("turn:" + rec.id, 1.0)
        assert [k for k, _ in await s.claim_due(2.0, lease=5)] == ["turn:" + rec.id]
        assert (await s.active_games())["raspad"] == 1
    finally:
        await s.close()


@pytest.fixture(scope="module")
def sentinel() -> Iterator[SentinelSetup]:
    require(redis_binary() is not None, "redis-server")
    setup = start_sentinel()
    try:
        yield setup
    finally:
        setup.stop()


@pytest.fixture(scope="module")
def tls_server() -> Iterator[TLSServer]:
    require(redis_binary() is not None, "redis-server")
    require(shutil.which("openssl") is not None, "openssl")
    server = start_tls_redis()
    try:
        yield server
    finally:
        server.stop()


async def test_a_store_plays_through_sentinels_master(sentinel: SentinelSetup) -> None:
    await plays(sentinel.url)


async def test_a_store_plays_over_tls(tls_server: TLSServer) -> None:
    await plays(tls_server.url)


async def test_a_store_plays_on_the_cluster(cluster_url: str) -> None:
    await plays(cluster_url)
