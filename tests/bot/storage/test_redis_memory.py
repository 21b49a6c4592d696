"""The Redis store's memory of recent games (`remembered`): a remembered game is never older
than the stored one, whoever wrote it; each load is a fresh copy; the same over redis-py;
a game forgotten while its reply travels is loaded in full; remembering can be turned off."""

from __future__ import annotations

import asyncio
import uuid

from tests.bot.storage.test_storage import record
from tests.support.redis_counting import RoundTrips
from tests.support.redis_server import redis_store


async def test_two_processes_never_see_an_old_game(any_redis_url: str) -> None:
    """Each store remembers the games it touched; a write by another process (another
    RedisStore on the same keys) still shows on the next load, and an old write still fails."""
    prefix = "pp" + uuid.uuid4().hex[:6]
    a = await redis_store(any_redis_url, prefix=prefix).open()
    b = await redis_store(any_redis_url, prefix=prefix).open()
    try:
        rec = record()
        assert await a.create(rec)
        mine = await a.load(rec.id)  # a remembers version 0
        assert mine is not None and mine.version == 0
        theirs = await b.load(rec.id)
        assert theirs is not None
        theirs.state = "written by b"
        theirs.table.title = "b"
        assert await b.save(theirs, 0)
        seen = await a.load(rec.id)
        assert seen is not None
        assert (seen.version, seen.state, seen.table.title) == (1, "written by b", "b")
        mine.state = "written by a from version 0"
        assert not await a.save(mine, 0)  # compare-and-set still guards
        assert (await b.load(rec.id)).state == "written by b"  # type: ignore[union-attr]
        await b.delete(rec.id)
        assert await a.load(rec.id) is None
    finally:
        await a.close()
        await b.close()


async def test_a_remembered_game_is_a_fresh_copy_each_load(any_redis_url: str) -> None:
    s = await redis_store(any_redis_url, prefix="fc" + uuid.uuid4().hex[:6]).open()
    sent = RoundTrips(s)
    try:
        rec = record()
        await s.create(rec)
        first = await s.load(rec.id)
        assert first is not None
        first.table.players[0].name = "changed in memory, never saved"
        first.state = "not saved either"
        again = await s.load(rec.id)
        assert again == rec
        before = sent.commands
        assert await s.save(again, again.version)
        assert sent.commands - before == 1
        before = sent.commands
        latest = await s.load(rec.id)
        assert sent.commands - before == 1 and latest is not None and latest.version == 1
    finally:
        await s.close()


async def test_remembered_games_see_another_process_s_save(any_redis_url: str) -> None:
    """Two processes on one Redis: what one remembers gives way to what the other saved."""
    prefix = "rp" + uuid.uuid4().hex[:6]
    a = await redis_store(any_redis_url, prefix=prefix).open()
    b = await redis_store(any_redis_url, prefix=prefix).open()
    try:
        rec = record()
        assert await a.create(rec)
        assert a.peek(rec.id, 0) == rec
        same = await a.load(rec.id)
        assert same == rec
        theirs = await b.load(rec.id)
        assert theirs is not None
        theirs.state = "by b"
        assert await b.save(theirs, 0)
        seen = await a.load(rec.id)
        assert seen is not None and (seen.version, seen.state) == (1, "by b")
        assert a.peek(rec.id, 0) is None and a.peek(rec.id, 1) == seen
    finally:
        await a.close()
        await b.close()


async def test_a_game_forgotten_while_its_reply_travels_is_loaded_in_full(
    any_redis_url: str,
) -> None:
    s = await redis_store(any_redis_url, prefix="ev" + uuid.uuid4().hex[:6], remembered=1).open()
    try:
        a, b = record(), record(state="b")
        assert await s.create(a) and await s.create(b)  # b is remembered, a no longer
        assert await s.load(a.id) == a  # remembered: a's next load asks "changed since 0?"
        # b's reply comes first and pushes a out of memory before a's "unchanged" is read
        got_b, got_a = await asyncio.gather(s.load(b.id), s.load(a.id))
        assert got_b == b and got_a == a
    finally:
        await s.close()


async def test_remembering_can_be_turned_off(any_redis_url: str) -> None:
    s = await redis_store(any_redis_url, prefix="off" + uuid.uuid4().hex[:6], remembered=0).open()
    try:
        rec = record()
        assert await s.create(rec)
        assert s.peek(rec.id, 0) is None  # nothing remembered: every tap loads
        got = await s.load(rec.id)
        assert got == rec and s.peek(rec.id, 0) is None
        assert await s.save(got, 0) and s.peek(rec.id, 1) is None
    finally:
        await s.close()
