"""A game's result is recorded exactly once (one shared suite: SQLite, a real redis-server and a
cluster): two processes finishing one game, replays, concurrent games of one user, capped
history, a crash between the save and the counting and the sweep that counts it."""

from __future__ import annotations

import asyncio
import time
from functools import partial

import pytest

from bot.stats.boards import Board
from bot.stats.result import Outcome
from bot.storage import Store, results
from bot.storage.redis_store import RedisStore
from bot.storage.result_writes import result_key, user
from tests.bot.storage.results_support import (
    finish_and_die,
    new_game,
    pair,
    play,
    solo,
    store,
    table,
)
from tests.support.redis_counting import RoundTrips
from tests.support.redis_server import redis_store
from tests.support.waiting import until

__all__ = ["pair", "store"]  # the fixtures


async def test_finish_records_the_result_with_the_save(store: Store) -> None:
    record = await new_game(store)
    result = solo(record.id, 7, won=True, name="Ann")
    assert await store.finish(record, 0, result)
    assert record.version == 1
    loaded = await store.load(record.id)
    assert loaded is not None and loaded.finished and loaded.version == 1
    assert await store.load_result(record.id) == result
    stats = await store.user_stats(7)
    assert stats.name == "Ann"
    assert (stats.of("kosa").played, stats.of("kosa").won, stats.of("kosa").win_rate) == (1, 1, 1.0)
    [entry] = await store.history(7)
    assert (entry.game_id, entry.outcome, entry.score, entry.place) == (record.id, "won", 104, 1)
    assert await store.sweep_results(time.time() + 3600, older_than=0) == 0  # nothing left


async def test_a_lost_compare_and_set_records_nothing(store: Store) -> None:
    record = await new_game(store)
    assert await store.save(record, 0)  # someone moved meanwhile: version 1
    assert not await store.finish(record, 0, solo(record.id, 7, won=True))
    assert await store.load_result(record.id) is None
    assert (await store.user_stats(7)).of("kosa").played == 0
    assert await store.history(7) == []


async def test_two_processes_finishing_one_game_count_it_once(pair: tuple[Store, Store]) -> None:
    a, b = pair
    record = await new_game(a, "ryadki")
    seats: list[tuple[int, Outcome, int | None]] = [
        (1, "won", 30),
        (2, "lost", 10),
        (3, "resigned", 12),
    ]
    mine, theirs = table(record.id, seats), table(record.id, seats)  # each process's own copy
    other = await b.load(record.id)
    assert other is not None
    other.finished = True
    ok = await asyncio.gather(a.finish(record, 0, mine), b.finish(other, 0, theirs))
    assert sorted(ok) == [False, True]
    for uid, won in ((1, 1), (2, 0), (3, 0)):
        for s in (a, b):
            stats = (await s.user_stats(uid)).of("ryadki")
            assert (stats.played, stats.won) == (1, won)
            assert len(await s.history(uid)) == 1
            rating = await s.rating(uid, "ryadki")
            assert rating is not None and (rating.games, rating.version) == (1, 1)
            group = await s.rating(uid, "ryadki", chat=-100)
            assert group is not None and group.games == 1


async def test_a_replayed_finish_and_count_change_nothing(store: Store) -> None:
    record = await new_game(store)
    result = solo(record.id, 7, won=True)
    assert await store.finish(record, 0, result)
    stale = await new_game(store)  # the same update delivered again: the same record, version 0
    stale.id = record.id
    assert not await store.finish(stale, 0, result)
    await store.count_result(result)  # a late sweeper, or several, count it again
    await asyncio.gather(*(store.count_result(result) for _ in range(3)))
    assert await store.sweep_results(time.time() + 3600, older_than=0) == 0
    stats = (await store.user_stats(7)).of("kosa")
    assert (stats.played, stats.won, stats.streak) == (1, 1, 1)
    assert len(await store.history(7)) == 1
    page = await store.leaderboard(Board.wins("kosa"), user_id=7)
    assert page.own is not None and page.own.score == 1


async def test_a_crash_between_the_steps_is_finished_by_the_sweep(
    pair: tuple[Store, Store],
) -> None:
    a, b = pair
    record = await new_game(a, "parquet")
    result = table(record.id, [(1, "won", 0), (2, "timeout", 5)], kind="parquet", chat=-7)
    await finish_and_die(a, record, result)
    assert (await b.user_stats(1)).of("parquet").played == 0
    now = time.time()
    assert await b.pending_results(now, older_than=60) == []  # a may still be at it
    [pending] = await b.pending_results(now + 61, older_than=60)
    assert pending == result
    assert await a.pending_results(now + 62, older_than=60) == []  # leased to b meanwhile
    await b.count_result(pending)
    await a.count_result(pending)  # a late second sweeper
    assert await a.sweep_results(now + 1000, older_than=60) == 0
    for uid, won in ((1, 1), (2, 0)):
        stats = (await a.user_stats(uid)).of("parquet")
        assert (stats.played, stats.won) == (1, won)
        rating = await a.rating(uid, "parquet")
        assert rating is not None and rating.games == 1
    r1, r2 = await a.rating(1, "parquet"), await a.rating(2, "parquet")
    assert r1 is not None and r2 is not None and r1.mu > 25 > r2.mu  # the timeout is a loss


async def test_the_sweep_counts_every_pending_result(pair: tuple[Store, Store]) -> None:
    store, _ = pair
    results = []
    for i in range(3):
        record = await new_game(store)
        results.append(solo(record.id, 5, won=i != 1))
        await finish_and_die(store, record, results[-1])
    assert await store.sweep_results(time.time() + 120, older_than=60) == 3
    stats = (await store.user_stats(5)).of("kosa")
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (3, 2, 1, 1)
    assert await store.sweep_results(time.time() + 500, older_than=60) == 0


async def test_concurrent_games_of_one_user_lose_no_update(pair: tuple[Store, Store]) -> None:
    a, b = pair
    games = [await new_game(a, "ryadki") for _ in range(4)]
    results = [
        table(g.id, [(1, "won", 20), (10 + i, "lost", 5)], chat=-100 - i % 2)
        for i, g in enumerate(games)
    ]
    stores = [a, b, a, b]
    ok = await asyncio.gather(
        *(s.finish(g, 0, r) for s, g, r in zip(stores, games, results, strict=True))
    )
    assert ok == [True] * 4
    stats = (await a.user_stats(1)).of("ryadki")
    assert (stats.played, stats.won, stats.streak) == (4, 4, 4)
    assert len(await a.history(1)) == 4
    rating = await a.rating(1, "ryadki")
    assert rating is not None and (rating.games, rating.version) == (4, 4)
    for chat in (-100, -101):
        group = await a.rating(1, "ryadki", chat=chat)
        assert group is not None and group.games == 2


async def test_history_keeps_the_last_hundred(store: Store) -> None:
    for i in range(104):
        await play(store, partial(solo, uid=3, won=i % 3 == 0, moves=i))
    history = await store.history(3)
    assert len(history) == 100
    assert [h.moves for h in history] == list(range(103, 3, -1))  # newest first
    assert [h.moves for h in await store.history(3, limit=2)] == [103, 102]
    stats = (await store.user_stats(3)).of("kosa")
    assert (stats.played, stats.won) == (104, 35)


async def test_best_results(store: Store) -> None:
    await play(store, partial(solo, uid=4, won=False, score=90, moves=500))
    await play(store, partial(solo, uid=4, won=True, moves=420))
    await play(store, partial(solo, uid=4, won=True, moves=380))
    await play(store, partial(solo, uid=4, won=True, moves=400))
    best = (await store.user_stats(4)).of("kosa").best
    assert best is not None and (best.won, best.moves) == (True, 380)
    # Raspad: a win with the most cards in hand, then the fewest kons
    for hand, kons in ((2, 5), (4, 7), (4, 6), (3, 1)):
        await play(
            store, partial(solo, uid=4, won=True, kind="raspad", score=hand, rounds=kons), "raspad"
        )
    best = (await store.user_stats(4)).of("raspad").best
    assert best is not None and (best.score, best.rounds) == (4, 6)


async def test_unranked_games_count_for_the_player_only(store: Store) -> None:
    result = await play(
        store,
        lambda gid: table(gid, [(1, "won", 9), (-1, "lost", 2)], ai=frozenset({-1})),
        "ryadki",
    )
    assert result.vs_computer and not result.rated
    assert (await store.user_stats(1)).of("ryadki").won == 1
    assert (await store.user_stats(-1)).kinds == {}  # the computer has no statistics
    assert await store.rating(1, "ryadki") is None
    assert (await store.leaderboard(Board.rating("ryadki"))).total == 0
    await play(store, partial(solo, uid=2, won=True, ranked=False))
    stats = (await store.user_stats(2)).of("kosa")
    assert (stats.won, stats.ranked_won) == (1, 0)
    assert (await store.leaderboard(Board.wins("kosa"))).total == 0


async def test_redis_crash_after_the_user_scripts(any_redis_url: str) -> None:
    """Redis's second step has two round trips; a process dying after the per-user scripts
    but before the boards and the pending removal leaves the rest to the sweep, counted once."""
    a = await redis_store(any_redis_url, prefix="cr" + str(time.time_ns())).open()
    b = await redis_store(any_redis_url, prefix=a.prefix).open()
    try:
        record = await new_game(a)
        result = solo(record.id, 9, won=True, daily=60)
        real_batch = a.link.batch

        async def dies_before_the_last_step(commands: list[tuple[object, ...]]) -> list[object]:
            if any(c[0] == "ZREM" for c in commands):
                raise ConnectionError("killed")
            return await real_batch(commands)

        a.link.batch = dies_before_the_last_step  # type: ignore[method-assign]
        assert await a.finish(record, 0, result)  # the game ended; the rest is left pending
        assert (await b.user_stats(9)).of("kosa").won == 1  # step 2's scripts ran
        assert (await b.leaderboard(Board.wins("kosa"))).total == 0  # the boards did not
        assert await b.sweep_results(time.time() + 120, older_than=60) == 1
        stats = (await b.user_stats(9)).of("kosa")
        assert (stats.played, stats.won, stats.ranked_won) == (1, 1, 1)
        wins = await b.leaderboard(Board.wins("kosa"), user_id=9)
        assert wins.own is not None and wins.own.score == 1
        daily = await b.leaderboard(Board.of_day("kosa", "u", 60), user_id=9)
        assert daily.total == 1
        assert await b.pending_results(time.time() + 999, older_than=60) == []
    finally:
        await a.close()
        await b.close()


async def test_redis_result_keys_share_the_game_slot_and_expire(any_redis_url: str) -> None:
    s = await redis_store(any_redis_url, prefix="sl" + str(time.time_ns())).open()
    try:
        record = await new_game(s)
        assert await s.finish(record, 0, solo(record.id, 1, won=True))
        key = s.name(result_key(record.id))
        assert key.startswith(f"{s.prefix}:{{g:{record.id}}}")  # the game's hash tag
        ttl = await s.client.ttl(key)
        assert 0 < ttl <= s.results.result_ttl
        assert await s.client.ttl(s.name(user(1, "st"))) == -1  # statistics are kept
    finally:
        await s.close()


async def test_redis_a_game_end_is_three_round_trips(any_redis_url: str) -> None:
    """The save with its result and the reads, the per-user scripts, then the boards and the
    pending removal (bot.storage.results): three round trips, counted from outside the store."""
    s = await redis_store(any_redis_url, prefix="rt" + str(time.time_ns())).open()
    sent = RoundTrips(s)
    try:
        await play(s, partial(solo, uid=1, won=True))  # the results' scripts now in Redis's cache
        record = await new_game(s)
        before = sent.trips
        assert await s.finish(record, 0, solo(record.id, 1, won=True, daily=60))
        assert sent.trips - before == 3
    finally:
        await s.close()


async def test_redis_after_the_script_cache_is_lost(any_redis_url: str) -> None:
    """A server that lost its scripts (restart, SCRIPT FLUSH) gets them again (as EVAL in a
    pipeline), in two processes on one Redis."""
    prefix = "py" + str(time.time_ns())
    other = await redis_store(any_redis_url, prefix=prefix).open()
    plain = await redis_store(any_redis_url, prefix=prefix).open()
    try:
        for s in (plain, other, plain):
            await s.client.script_flush()
            record = await new_game(s, "parquet")
            result = table(record.id, [(1, "won", 0), (2, "lost", 4)], kind="parquet")
            assert await s.finish(record, 0, result)
            assert await s.load_result(record.id) == result
        for s in (plain, other):
            stats = (await s.user_stats(1)).of("parquet")
            assert (stats.played, stats.won) == (3, 3)
            assert [h.outcome for h in await s.history(2)] == ["lost"] * 3
            page = await s.leaderboard(Board.rating("parquet", chat=-100), user_id=2)
            assert [e.user_id for e in page.entries] == [1, 2] and page.own is not None
            assert page.own.rank == 2 and page.entries[0].name == "user1"
            rating = await s.rating(1, "parquet")
            assert rating is not None and rating.games == 3
        record = await new_game(plain)
        await finish_and_die(plain, record, solo(record.id, 5, won=True))
        assert await plain.sweep_results(time.time() + 120, older_than=60) == 1
        assert (await other.user_stats(5)).of("kosa").won == 1
        assert await plain.claim_daily(5, "kosa", "u", 9, record.id) == record.id
        assert await other.claim_daily(5, "kosa", "u", 9, "other") == record.id
        await plain.set_hidden(5, True)
        assert (await other.leaderboard(Board.wins("kosa"))).total == 0
    finally:
        await other.close()
        await plain.close()


async def test_redis_markers_and_results_do_not_pile_up(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's markers outlive its result key (so a late replay finds them), then go."""
    monkeypatch.setattr(results, "MARKER_MARGIN", 0)
    s = await RedisStore(redis_url, prefix="mk" + str(time.time_ns())).open()
    s.results.result_ttl = 1
    try:
        first = await play(s, partial(solo, uid=1, won=True))
        done = s.name(user(1, "done"))
        assert await s.client.zrange(done, 0, -1) == [first.game_id]

        async def expired() -> bool:  # the result (Redis's clock), then the marker window
            gone = await s.load_result(first.game_id) is None  # it cannot be applied again
            return gone and time.time() > first.finished_at + s.results.marker_window

        await until(expired, "the result to expire and its marker window to pass")
        second = await play(s, partial(solo, uid=1, won=True))
        assert await s.client.zrange(done, 0, -1) == [second.game_id]
        assert (await s.user_stats(1)).of("kosa").won == 2
    finally:
        await s.close()


async def test_only_an_ended_game_with_its_own_result_can_finish(store: Store) -> None:
    record = await new_game(store)
    record.finished = False
    with pytest.raises(ValueError, match="ended"):
        await store.finish(record, 0, solo(record.id, 1, won=True))
    record.finished = True
    with pytest.raises(ValueError, match="ended"):
        await store.finish(record, 0, solo("another", 1, won=True))
    assert (await store.load(record.id)) is not None and await store.load_result(record.id) is None


async def test_a_bug_while_counting_leaves_the_result_to_the_sweep(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A bug while counting does not keep the game on: it ends, its result is left pending and
    the sweep counts it, once, when the bug is gone. On SQLite the counting is one transaction:
    nothing of it is written before the sweep (on Redis each step is, a script per slot)."""
    record = await new_game(store)
    result = solo(record.id, 3, won=True, daily=60)
    real = results.line_groups

    def broken(*_: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(results, "line_groups", broken)  # the counting's last step
    assert await store.finish(record, 0, result)
    loaded = await store.load(record.id)
    assert loaded is not None and loaded.finished
    assert "event=result_left_pending" in caplog.text
    assert (await store.leaderboard(Board.of_day("kosa", "u", 60))).total == 0
    if not isinstance(store, RedisStore):
        assert (await store.user_stats(3)).of("kosa").played == 0  # nothing half done
        assert await store.history(3) == []
    monkeypatch.setattr(results, "line_groups", real)
    assert await store.sweep_results(time.time() + 120, older_than=60) == 1
    stats = (await store.user_stats(3)).of("kosa")
    assert (stats.played, stats.won, stats.streak) == (1, 1, 1)
    assert len(await store.history(3)) == 1
    assert (await store.leaderboard(Board.of_day("kosa", "u", 60))).total == 1
    assert await store.sweep_results(time.time() + 999, older_than=60) == 0
