"""The Redis store's lean hot-path connection (bot.storage.resp): what a player would notice if
it misbehaved — a lost move after Redis restarts its script cache or drops the connection."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from bot.storage import GameRecord, SoloMeta, new_id
from bot.storage.redis_store import RedisStore
from bot.storage.resp import LeanRedis


def record() -> GameRecord:
    return GameRecord(
        id=new_id(),
        kind="kosa",
        chat_id=7,
        state='{"s":"Привет"}',
        meta=SoloMeta(
            uid=7, lang="ru", variant="u", history="d d", events=[{"e": "draw", "card": "KH"}]
        ),
    )


async def open_store(url: str) -> RedisStore:
    return await RedisStore(url, prefix="lean" + uuid.uuid4().hex[:6]).open()


def test_url_support() -> None:
    lean = LeanRedis.from_url("redis://:p%40ss@example.org:6380/3")
    assert lean is not None
    assert (lean.host, lean.port, lean.db, lean.password) == ("example.org", 6380, 3, "p@ss")
    unix = LeanRedis.from_url("unix:///run/redis.sock?db=2")
    assert unix is not None and (unix.path, unix.db) == ("/run/redis.sock", 2)
    assert LeanRedis.from_url("rediss://example.org:6380/0") is None  # TLS: redis-py does it


async def test_hot_path_uses_the_lean_connection(any_redis_url: str) -> None:
    s = await open_store(any_redis_url)
    try:
        assert s.lean is not None
        rec = record()
        assert await s.create(rec)
        before = s.lean.commands_sent
        got = await s.load(rec.id)
        assert got == rec
        assert got is not None and await s.save(got, 0)
        assert s.lean.commands_sent - before == 2
        assert not await s.save(got, 0)  # stale version: refused
        again = await s.load(rec.id)
        assert again is not None and again.version == 1 and again.meta == rec.meta
        assert await s.load("nosuchgame1") is None
    finally:
        await s.close()


async def test_save_survives_a_flushed_script_cache(any_redis_url: str) -> None:
    s = await open_store(any_redis_url)
    try:
        rec = record()
        await s.create(rec)
        await s.client.script_flush()  # as after a Redis restart
        assert await s.save(rec, 0)
        assert await s.save(rec, 1)
        got = await s.load(rec.id)
        assert got is not None and got.version == 2
    finally:
        await s.close()


async def test_reconnects_after_the_connection_drops(redis_url: str) -> None:
    s = await open_store(redis_url)
    try:
        rec = record()
        await s.create(rec)
        assert await s.load(rec.id) is not None
        assert isinstance(s.lean, LeanRedis) and s.lean._protocol is not None
        s.lean._protocol.transport.close()  # type: ignore[union-attr]
        got = await s.load(rec.id)  # a fresh connection
        assert got is not None and await s.save(got, 0)
        # dropped while a load is in flight: the load is repeated on a new connection
        await s.client.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
        got = await s.load(rec.id)
        assert got is not None and got.version == 1
    finally:
        await s.close()


async def test_concurrent_commands_get_their_own_replies(any_redis_url: str) -> None:
    s = await open_store(any_redis_url)
    try:
        recs = [record() for _ in range(20)]
        for r in recs:
            await s.create(r)
        loaded = await asyncio.gather(*(s.load(r.id) for r in recs))
        assert [g.id if g else None for g in loaded] == [r.id for r in recs]
        # twenty taps on one game at once: exactly one compare-and-set wins
        results = await asyncio.gather(*(s.save(record_copy(recs[0]), 0) for _ in range(20)))
        assert results.count(True) == 1
    finally:
        await s.close()


def record_copy(rec: GameRecord) -> GameRecord:
    return GameRecord.from_payload(rec.id, rec.version, rec.payload())


async def test_a_refused_password_is_an_error_not_a_hang(redis_url: str) -> None:
    lean = LeanRedis.from_url(redis_url.replace("redis://", "redis://:wrong@"))
    assert lean is not None
    try:
        with pytest.raises(ConnectionError, match="AUTH"):
            await asyncio.wait_for(lean.execute("PING"), 5)
    finally:
        await lean.close()
