"""Tournaments in the store (bot.storage.tournaments) on every backend: a save is a
compare-and-set (of saves at once, one wins), a group holds one tournament at a time, and a
tournament's end counts once in its players' statistics and on the group's board."""

from __future__ import annotations

import asyncio

from bot.stats.boards import Board
from bot.storage import Store
from tests.bot.storage.test_storage import store  # noqa: F401  (fixture: every backend)

GROUP = -1001234


async def test_of_saves_at_once_on_one_version_one_wins(store: Store) -> None:  # noqa: F811
    tours = store.tournaments
    assert await tours.load("T1") is None
    assert await tours.save("T1", '{"a":1}', 0)
    assert not await tours.save("T1", '{"a":9}', 0)  # created once
    saved = await asyncio.gather(*(tours.save("T1", f'{{"n":{i}}}', 1) for i in range(6)))
    assert sorted(saved) == [False] * 5 + [True]
    loaded = await tours.load("T1")
    assert loaded is not None and loaded[0] == 2
    assert loaded[1] == f'{{"n":{saved.index(True)}}}'


async def test_a_group_or_a_topic_holds_one_tournament_at_a_time(store: Store) -> None:  # noqa: F811
    tours = store.tournaments
    held = await asyncio.gather(tours.hold(GROUP, None, "A"), tours.hold(GROUP, None, "B"))
    assert sorted(held) == [False, True]
    first = await tours.held(GROUP, None)
    assert first in ("A", "B")
    assert await tours.hold(GROUP, 7, "C")  # another topic of a forum
    await tours.release(GROUP, None, "X")  # not the holder: nothing
    assert await tours.held(GROUP, None) == first
    await tours.release(GROUP, None, str(first))
    assert await tours.held(GROUP, None) is None
    assert await tours.hold(GROUP, None, "D")


async def test_an_end_counts_once_in_the_statistics_and_on_the_group_board(store: Store) -> None:  # noqa: F811
    tours = store.tournaments
    players = [(1, "Ann"), (2, "Bob")]
    for _ in range(3):  # asked again (a retry, another process): once
        await tours.count_end("T1", "parquet", GROUP, players, won={1})
    await tours.count_end("T2", "parquet", GROUP, players, won={1})
    await tours.count_end("T3", "parquet", GROUP, players, won={2})
    ann, bob = await store.user_stats(1), await store.user_stats(2)
    assert ann.tours == (3, 2) and bob.tours == (3, 1)
    page = await store.leaderboard(Board.tours("parquet", GROUP), 2)
    assert [(e.name, e.score) for e in page.entries] == [("Ann", 2.0), ("Bob", 1.0)]
    assert page.own is not None and page.own.rank == 2
    other = await store.leaderboard(Board.tours("parquet", GROUP - 1))
    assert other.entries == ()  # another group's board: nothing
