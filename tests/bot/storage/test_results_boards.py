"""Leaderboards, hidden users, ratings and the deal of the day on both stores (SQLite and a
real redis-server): one shared suite."""

from __future__ import annotations

import asyncio
import time
from functools import partial

import pytest

from bot.stats.boards import Board, week_of
from bot.stats.daily import decode_daily_score, utc_day
from bot.stats.rating import MODEL
from bot.stats.result import Outcome
from bot.storage import Store
from tests.bot.stats.plackett_luce import MU, SIGMA, plackett_luce
from tests.bot.storage.results_support import play, solo, store, table

__all__ = ["store"]  # the fixture


async def wins(store: Store, uid: int, count: int, kind: str = "kosa") -> None:
    for _ in range(count):
        await play(store, partial(solo, uid=uid, won=True, kind=kind), kind)


async def test_a_page_of_the_top_ten_and_the_callers_rank(store: Store) -> None:
    for uid in range(1, 16):  # user n has n wins
        await wins(store, uid, uid)
    await play(store, partial(solo, uid=99, won=False))  # played, never won: not on the board
    page = await store.leaderboard(Board.wins("kosa"), user_id=3)
    assert [(e.rank, e.user_id, e.score) for e in page.entries] == [
        (i + 1, 15 - i, 15 - i) for i in range(10)
    ]
    assert page.entries[0].name == "user15"
    assert page.own is not None and (page.own.rank, page.own.score) == (13, 3)
    assert page.own.name == "user3"
    assert page.total == 15
    nxt = await store.leaderboard(Board.wins("kosa"), limit=10, offset=10)
    assert [e.user_id for e in nxt.entries] == [5, 4, 3, 2, 1]
    assert [e.rank for e in nxt.entries] == [11, 12, 13, 14, 15]
    assert (await store.leaderboard(Board.wins("kosa"), user_id=99)).own is None
    assert (await store.leaderboard(Board.wins("kosa"), user_id=12345)).own is None
    assert (await store.leaderboard(Board.wins("raspad"))).total == 0


async def test_ties_share_a_rank_on_every_page(store: Store) -> None:
    for uid, count in ((1, 3), (2, 2), (3, 2), (4, 2), (5, 1)):
        await wins(store, uid, count)
    page = await store.leaderboard(Board.wins("kosa"), user_id=4)
    assert [(e.rank, e.score) for e in page.entries] == [(1, 3), (2, 2), (2, 2), (2, 2), (5, 1)]
    assert page.own is not None and page.own.rank == 2
    later = await store.leaderboard(Board.wins("kosa"), limit=2, offset=2)  # starts mid-tie
    assert [(e.rank, e.score) for e in later.entries] == [(2, 2), (2, 2)]
    last = await store.leaderboard(Board.wins("kosa"), user_id=5, limit=0)
    assert last.entries == () and last.own is not None and last.own.rank == 5


async def test_weekly_boards_count_one_week_then_start_again(store: Store) -> None:
    week1, week2 = "2025-03-03", "2025-03-10"  # Mondays: ISO weeks 10 and 11
    w1, w2 = week_of(week1), week_of(week2)
    for _ in range(3):
        await play(store, partial(solo, uid=1, won=True, date=week1))
    await play(store, partial(solo, uid=2, won=True, date=week1, daily=800))
    await play(store, partial(solo, uid=3, won=False, date=week1))  # no win: on no board
    await play(store, partial(solo, uid=4, won=True, date=week1, ranked=False))  # a replay

    async def lines(board: Board) -> list[tuple[int, int, float]]:
        page = await store.leaderboard(board)
        return [(e.rank, e.user_id, e.score) for e in page.entries]

    assert await lines(Board.wins("kosa", w1)) == [(1, 1, 3), (2, 2, 1)]
    assert await lines(Board.days_won("kosa", w1)) == [(1, 2, 1)]
    await play(store, partial(solo, uid=2, won=True, date=week2))  # a new week starts at 1
    assert await lines(Board.wins("kosa", w2)) == [(1, 2, 1)]
    assert await lines(Board.wins("kosa", w1)) == [(1, 1, 3), (2, 2, 1)]  # last week's stays
    assert await lines(Board.wins("kosa")) == [(1, 1, 3), (2, 2, 2)]  # all time
    # a result of last week applied late changes neither week
    await play(store, partial(solo, uid=2, won=True, date=week1))
    assert await lines(Board.wins("kosa", w2)) == [(1, 2, 1)]
    # ratings: this week's board lists only the players of this week
    await play(store, lambda gid: table(gid, [(5, "won", 9), (6, "lost", 3)], date=week1), "ryadki")
    await play(store, lambda gid: table(gid, [(7, "won", 9), (8, "lost", 3)], date=week2), "ryadki")
    this_week = [u for _, u, _ in await lines(Board.rating("ryadki", week=w2))]
    assert sorted(this_week) == [7, 8]
    assert {u for _, u, _ in await lines(Board.rating("ryadki"))} == {5, 6, 7, 8}
    # hiding takes a player off this week's boards too
    now = utc_day(time.time())
    await play(store, partial(solo, uid=9, won=True, date=now))
    assert 9 in [u for _, u, _ in await lines(Board.wins("kosa", week_of(now)))]
    await store.set_hidden(9, True)
    assert 9 not in [u for _, u, _ in await lines(Board.wins("kosa", week_of(now)))]


async def test_the_streak_board_keeps_the_best_streak(store: Store) -> None:
    await wins(store, 1, 3)
    await play(store, partial(solo, uid=1, won=False))
    await wins(store, 1, 1)
    await wins(store, 2, 2)
    page = await store.leaderboard(Board.streak("kosa"), user_id=1)
    assert [(e.user_id, e.score) for e in page.entries] == [(1, 3), (2, 2)]
    stats = (await store.user_stats(1)).of("kosa")
    assert (stats.streak, stats.best_streak, stats.ranked_best_streak) == (1, 3, 3)


async def test_hidden_users_leave_the_global_boards_only(store: Store) -> None:
    await wins(store, 1, 2)
    await wins(store, 2, 1)
    await play(store, lambda gid: table(gid, [(1, "won", 9), (2, "lost", 3)]), "ryadki")
    await store.set_hidden(1, True)
    assert (await store.user_stats(1)).hidden
    for board in (Board.wins("kosa"), Board.streak("kosa"), Board.rating("ryadki")):
        page = await store.leaderboard(board, user_id=1)
        assert [e.user_id for e in page.entries] == [2] and page.own is None
    group = await store.leaderboard(Board.rating("ryadki", chat=-100), user_id=1)
    assert [e.user_id for e in group.entries] == [1, 2] and group.own is not None
    await wins(store, 1, 1)  # still counted, still hidden
    await play(store, lambda gid: table(gid, [(1, "won", 9), (2, "lost", 3)]), "ryadki")
    assert (await store.user_stats(1)).of("kosa").ranked_won == 3
    assert [e.user_id for e in (await store.leaderboard(Board.wins("kosa"))).entries] == [2]
    assert (await store.leaderboard(Board.rating("ryadki"))).total == 1
    await store.set_hidden(1, False)
    assert not (await store.user_stats(1)).hidden
    page = await store.leaderboard(Board.wins("kosa"), user_id=1)
    assert [(e.user_id, e.score) for e in page.entries] == [(1, 3), (2, 1)]
    rating = await store.rating(1, "ryadki")
    assert rating is not None and rating.games == 2
    rated = await store.leaderboard(Board.rating("ryadki"), user_id=1)
    assert rated.own is not None and rated.own.score == pytest.approx(rating.ordinal)


async def test_ratings_follow_the_plackett_luce_formula(store: Store) -> None:
    """openskill's documented example (two teams of two new players: the winners' mu becomes
    26.9643, sigma 8.1780) holds for the formula the test writes out, which then predicts the
    stored ratings of a Ryadki game with a tie and a resignation."""
    [[a, _], [x, _]] = MODEL.rate([[MODEL.rating(), MODEL.rating()] for _ in range(2)])
    assert (a.mu, a.sigma) == pytest.approx((26.964294621803063, 8.177962604389991))
    assert x.mu == pytest.approx(23.035705378196937)
    formula = plackett_luce([[(MU, SIGMA)] * 2, [(MU, SIGMA)] * 2], [1, 2])
    assert formula[0][0] == pytest.approx((a.mu, a.sigma))
    assert formula[1][1][0] == pytest.approx(x.mu)

    seats: list[tuple[int, Outcome, int | None]] = [  # seat order is not the order of places
        (2, "lost", 20),
        (4, "resigned", 35),
        (1, "won", 40),
        (3, "lost", 20),
    ]
    await play(store, lambda gid: table(gid, seats, chat=-5), "ryadki")
    expected = plackett_luce([[(MU, SIGMA)]] * 4, [2, 3, 1, 2])  # ties share; leaving is last
    for uid, [(mu, sigma)] in zip((2, 4, 1, 3), expected, strict=True):
        for chat in (None, -5):
            r = await store.rating(uid, "ryadki", chat)
            assert r is not None and (r.mu, r.sigma) == pytest.approx((mu, sigma), rel=1e-12)
    # a second game starts from the stored ratings
    r1, r2 = await store.rating(1, "ryadki"), await store.rating(2, "ryadki")
    assert r1 is not None and r2 is not None
    await play(store, lambda gid: table(gid, [(2, "won", 9), (1, "lost", 3)], chat=-6), "ryadki")
    [[(mu2, s2)], [(mu1, s1)]] = plackett_luce([[(r2.mu, r2.sigma)], [(r1.mu, r1.sigma)]], [1, 2])
    n1, n2 = await store.rating(1, "ryadki"), await store.rating(2, "ryadki")
    assert n1 is not None and n2 is not None
    assert (n1.mu, n1.sigma, n2.mu, n2.sigma) == pytest.approx((mu1, s1, mu2, s2), rel=1e-12)
    assert (n1.games, n2.games) == (2, 2)
    g6 = await store.rating(1, "ryadki", chat=-6)  # a new group starts from scratch
    assert g6 is not None and g6.games == 1
    page = await store.leaderboard(Board.rating("ryadki"), user_id=4)
    assert [e.score for e in page.entries] == sorted((e.score for e in page.entries), reverse=True)
    assert page.own is not None and page.own.rank == 4


async def test_the_day_is_claimed_once(store: Store) -> None:
    """Every claim of a day's attempt names the game of the first one (whoever claims later
    gets that game, or creates it when it is missing)."""
    claims = await asyncio.gather(
        *(store.claim_daily(1, "kosa", "u", 61, f"g{i}") for i in range(5))
    )
    assert len(set(claims)) == 1 and claims[0] in {f"g{i}" for i in range(5)}
    assert await store.claim_daily(1, "kosa", "u", 61, "later") == claims[0]
    assert await store.claim_daily(1, "kosa", "u", 62, "g") == "g"  # the next day
    assert await store.claim_daily(1, "kosa", "3", 61, "g") == "g"  # another variant
    assert await store.claim_daily(2, "kosa", "u", 61, "g") == "g"  # another user


async def test_the_daily_board_and_the_day_streak(store: Store) -> None:
    day = 70
    entries = [  # uid, won, cards home, moves, seconds
        (1, True, 104, 300, 900),
        (2, True, 104, 250, 1200),
        (3, True, 104, 250, 1000),
        (4, False, 90, 100, 100),
        (5, False, 99, 500, 2000),
    ]
    for uid, won, home, moves, seconds in entries:
        await play(
            store,
            partial(solo, uid=uid, won=won, score=home, moves=moves, duration=seconds, daily=day),
        )
    await play(store, partial(solo, uid=6, won=True, moves=10, daily=day, ranked=False))  # replay
    page = await store.leaderboard(Board.of_day("kosa", "u", day), user_id=4)
    assert [e.user_id for e in page.entries] == [3, 2, 1, 5, 4]
    assert page.own is not None and page.own.rank == 5
    assert decode_daily_score(page.entries[0].score) == (True, None, 250, 1000)
    assert decode_daily_score(page.entries[4].score) == (False, 90, 100, 100)
    for d in (day + 1, day + 2, day + 4):
        await play(store, partial(solo, uid=1, won=False, daily=d))
    streak = (await store.user_stats(1)).days["kosa:u"]
    assert (streak.last_day, streak.streak, streak.best) == (day + 4, 1, 3)
    assert "kosa:u" not in (await store.user_stats(6)).days  # unranked: no day streak
