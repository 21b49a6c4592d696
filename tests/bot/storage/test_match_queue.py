"""The quick-match queue (bot.storage.match_queue) on every backend: one entry per person,
atomic claims of a table, expiry of stale entries, and the queue kept across a restart."""

from __future__ import annotations

import asyncio

from bot.storage import Store
from bot.storage.match_queue import Entry
from bot.storage.sqlite_store import SQLiteStore
from tests.bot.storage.test_storage import store  # noqa: F401  (fixture: every backend)

NOW = 1_000_000.0
TTL = 120.0


def entry(user: int, since: float = NOW, game: str = "parquet") -> Entry:
    return Entry(user, game, 1000.0 + user, since, name=f"P{user}", lang="en", message=7)


async def test_one_entry_per_person_whatever_the_taps(store: Store) -> None:  # noqa: F811
    joined = await asyncio.gather(*(store.queue.join(entry(1), TTL) for _ in range(5)))
    assert sorted(joined) == [False] * 4 + [True]
    assert not await store.queue.join(entry(1, game="ryadki"), TTL)
    assert await store.queue.entry(1) == entry(1)
    assert await store.queue.waiting("parquet", NOW, 60) == [entry(1)]
    assert await store.queue.leave(1) == entry(1)
    assert await store.queue.leave(1) is None
    assert await store.queue.waiting("parquet", NOW, 60) == []


async def test_a_table_is_claimed_once_however_many_claim_it(store: Store) -> None:  # noqa: F811
    a, b, c = entry(1), entry(2), entry(3)
    for e in (a, b, c):
        assert await store.queue.join(e, TTL)
    claims = await asyncio.gather(
        store.queue.claim([a, b], TTL),
        store.queue.claim([c, a], TTL),
        store.queue.claim([b, c], TTL),
    )
    assert claims.count(True) <= 1  # (two at once may both lose: the next round pairs)
    won = [[a, b], [c, a], [b, c]][claims.index(True)] if True in claims else []
    left = await store.queue.waiting("parquet", NOW, 60)
    assert left == [e for e in (a, b, c) if e not in won]  # a loser's entries are back
    assert await store.queue.claim(left[:2], TTL)
    assert await store.queue.waiting("parquet", NOW, 60) == left[2:]


async def test_a_changed_entry_is_not_claimed_and_the_rest_wait_on(store: Store) -> None:  # noqa: F811
    a, b = entry(1), entry(2)
    assert await store.queue.join(a, TTL) and await store.queue.join(b, TTL)
    old_b = entry(2, since=NOW - 5)  # as another reader saw it before b tapped again
    assert not await store.queue.claim([a, old_b], TTL)
    assert await store.queue.waiting("parquet", NOW, 60) == [a, b]


async def test_a_stale_entry_leaves_the_queue(store: Store) -> None:  # noqa: F811
    assert await store.queue.join(entry(1, since=NOW - 61), TTL)
    assert await store.queue.join(entry(2), TTL)
    assert await store.queue.waiting("parquet", NOW, 60) == [entry(2)]
    assert await store.queue.entry(1) is None
    assert await store.queue.join(entry(1), TTL)  # free to ask again


async def test_the_queue_outlives_the_process(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = str(tmp_path / "q.sqlite3")
    first = await SQLiteStore(path).open()
    assert await first.queue.join(entry(1), TTL)
    assert await first.queue.join(entry(2), TTL)
    await first.close()  # (as if killed: nothing of the queue lives in the process)
    second = await SQLiteStore(path).open()
    try:
        assert await second.queue.waiting("parquet", NOW, 60) == [entry(1), entry(2)]
    finally:
        await second.close()


def test_an_entry_reads_back_as_written() -> None:
    e = Entry(5, "ryadki", 1033.5, NOW, 3, True, frozenset({9, 4}), "Ана", "ru", 12)
    assert Entry.decode(e.encode()) == e
    assert Entry.decode("{}") is None and Entry.decode("nonsense") is None
