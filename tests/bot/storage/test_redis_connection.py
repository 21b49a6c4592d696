"""The Redis store's connection (redis-py): what a player would notice if it misbehaved — a lost
move after Redis restarts its script cache or drops the connection, replies mixed up between
concurrent taps, a wrong password that hangs instead of failing, a claim that arrives after its
caller gave up."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from redis.exceptions import RedisError

from bot.storage import GameRecord, SoloMeta, new_id
from bot.storage.redis_store import RedisStore
from tests.support.redis_counting import RoundTrips
from tests.support.redis_server import redis_store


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
    return await redis_store(url, prefix="conn" + uuid.uuid4().hex[:6]).open()


async def test_a_move_is_one_load_and_one_save(any_redis_url: str) -> None:
    s = await open_store(any_redis_url)
    sent = RoundTrips(s)
    try:
        rec = record()
        assert await s.create(rec)
        s.recent.forget(rec.id)  # another process's game: loaded in full
        before = sent.commands
        got = await s.load(rec.id)
        assert got == rec
        assert got is not None and await s.save(got, 0)
        assert sent.commands - before == 2
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
        # the server drops every connection (as a restart does): the next load and save
        # connect again
        await s.client.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "no")
        s.recent.forget(rec.id)
        got = await s.load(rec.id)
        assert got is not None and await s.save(got, 0)
        await s.client.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "no")
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
    admin = await open_store(redis_url)
    user = "u" + uuid.uuid4().hex[:6]
    await admin.client.execute_command("ACL", "SETUSER", user, "on", ">right", "~*", "+@all")
    s = RedisStore(redis_url.replace("redis://", f"redis://{user}:wrong@"), prefix="conn")
    try:
        with pytest.raises(RedisError, match=r"WRONGPASS|invalid"):
            await asyncio.wait_for(s.open(), 5)
    finally:
        await s.close()
        await admin.client.execute_command("ACL", "DELUSER", user)
        await admin.close()


async def test_a_claim_that_reaches_redis_after_its_deadline_leases_nothing(
    any_redis_url: str,
) -> None:
    """Like a save, a claim of due deadlines refuses to run past its deadline on Redis's clock:
    one sent while Redis was paused (its caller gave up, its reply is lost) must not lease the
    keys for a whole lease; the keys stay due and the next claim takes them at once."""
    s = await redis_store(any_redis_url, prefix="cl" + uuid.uuid4().hex[:6]).open()
    try:
        await s.schedule("turn:g1", 10.0)
        offset = s.link.clock_offset_ms
        s.link.clock_offset_ms = offset - 3_600_000  # the claim arrives an hour too late
        assert await s.claim_due(20.0, lease=30) == []
        s.link.clock_offset_ms = offset
        assert [k for k, _ in await s.claim_due(20.0, lease=30)] == ["turn:g1"]
    finally:
        await s.close()
