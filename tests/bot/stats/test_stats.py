"""How one result changes a player's statistics (the rules both stores share)."""

from __future__ import annotations

import random

import pytest

from bot.stats.boards import BoardPage
from bot.stats.rating import MODEL, Rating, initial, rate, shown, update
from bot.stats.result import GameResult, PlayerResult
from bot.stats.stats import UserStats, best_key, updated_fields
from tests.bot.stats.plackett_luce import plackett_luce


def solo(won: bool, score: int = 104, moves: int = 100, **kw: object) -> GameResult:
    base: dict[str, object] = {
        "game_id": f"g{score}-{moves}",
        "kind": "kosa",
        "variant": "u",
        "players": (PlayerResult(1, 0, "Ann", "won" if won else "lost", score),),
        "moves": moves,
        "duration": 60,
        "finished_at": 1.0,
        "date": "2025-03-01",
    }
    base.update(kw)
    return GameResult(**base)  # type: ignore[arg-type]


def run(*results: GameResult) -> dict[str, str]:
    fields: dict[str, str] = {}
    for r in results:
        fields |= updated_fields(fields, r, r.players[0])
    return fields


def test_counts_and_streaks() -> None:
    fields = run(solo(True), solo(True), solo(False), solo(True), solo(True, ranked=False))
    stats = UserStats.from_fields(fields).of("kosa")
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (5, 4, 2, 2)
    assert (stats.ranked_played, stats.ranked_won, stats.ranked_streak) == (4, 3, 1)
    assert stats.win_rate == 0.8
    assert UserStats.from_fields(fields).name == "Ann"
    assert UserStats.from_fields({}).of("kosa").win_rate == 0.0


def test_a_draw_ends_a_streak() -> None:
    draw = GameResult(
        "g", "parquet", "", (PlayerResult(1, 0, "a", "draw"),), 1, 1, 1.0, "2025-03-01"
    )
    fields = run(solo(True, kind="parquet"), draw)
    assert UserStats.from_fields(fields).of("parquet").streak == 0


def test_best_results() -> None:
    fields = run(solo(False, 90), solo(True, moves=300), solo(True, moves=200), solo(False, 10))
    best = UserStats.from_fields(fields).of("kosa").best
    assert best is not None and (best.won, best.moves) == (True, 200)
    raspad = solo(True, 3, kind="raspad", rounds=4)
    assert best_key(raspad, raspad.players[0]) > best_key(  # type: ignore[operator]
        solo(True, 3, kind="raspad", rounds=5), raspad.players[0]
    )
    lost_few = solo(False, 5, kind="raspad")
    lost_many = solo(False, 20, kind="raspad")
    assert best_key(lost_few, lost_few.players[0]) > best_key(  # type: ignore[operator]
        lost_many, lost_many.players[0]
    )


def test_the_day_streak_fields() -> None:
    fields = run(*(solo(True, daily=d, game_id=f"d{d}") for d in (5, 6, 7, 9, 10)))
    streak = UserStats.from_fields(fields).days["kosa:u"]
    assert (streak.last_day, streak.streak, streak.best) == (10, 2, 3)
    older = updated_fields(fields, solo(True, daily=8), solo(True).players[0])
    assert "d:kosa:u:last" not in older  # an older day applied late changes no streak


def test_the_day_streak_runs_over_every_deal_of_the_day() -> None:
    days = [solo(True, daily=5, game_id="k5"), solo(True, daily=6, kind="raspad", variant="52")]
    fields = run(*days, solo(True, daily=7, game_id="k7"))
    day = UserStats.from_fields(fields).day
    assert day is not None and (day.last_day, day.streak, day.best) == (7, 3, 3)
    assert (day.now(7), day.now(8), day.now(9)) == (3, 3, 0)  # a missed day ends it
    unranked = run(solo(True, daily=5, ranked=False))
    assert UserStats.from_fields(unranked).day is None


def test_the_day_streak_of_a_map_from_before_it_comes_from_the_per_deal_fields() -> None:
    old = {"d:kosa:u:last": "9", "d:kosa:u:s": "2", "d:kosa:u:bs": "5"}
    old |= {"d:raspad:52:last": "10", "d:raspad:52:s": "1", "d:raspad:52:bs": "1"}
    day = UserStats.from_fields(old).day
    assert day is not None and (day.last_day, day.streak, day.best) == (10, 1, 5)
    nxt = updated_fields(old, solo(True, daily=11), solo(True).players[0])
    assert (nxt["day:last"], nxt["day:s"], nxt["day:bs"]) == ("11", "2", "5")


def test_rate_matches_the_formula_and_counts_versions() -> None:
    players = (PlayerResult(1, 0, "a", "lost", 3), PlayerResult(2, 1, "b", "won", 9))
    r = GameResult("g", "parquet", "", players, 1, 1, 1.0, "2025-03-01")
    before = {1: Rating(30.0, 4.0, games=7, version=7), 2: None}
    after = rate(r, before)
    [[(mu1, s1)], [(mu2, s2)]] = plackett_luce([[(30.0, 4.0)], [(25.0, 25 / 3)]], [2, 1])
    got = (after[1].mu, after[1].sigma, after[2].mu, after[2].sigma)
    assert got == pytest.approx((mu1, s1, mu2, s2), rel=1e-12)
    assert (after[1].games, after[1].version, after[2].games, after[2].version) == (8, 8, 1, 1)
    assert Rating.decode(after[1].encode()) == after[1]
    assert shown(initial().ordinal) == 1000


def test_the_update_is_openskills_rate() -> None:
    """`update` calls the model's own computation without `rate`'s copies: on random games
    (2–6 players, ties, any ratings) it gives what `PlackettLuce.rate` gives."""
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randint(2, 6)
        before = [Rating(rng.uniform(5, 45), rng.uniform(0.5, 9)) for _ in range(n)]
        ranks = [float(rng.randint(1, n)) for _ in range(n)]
        teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
        expected = [x for t in MODEL.rate(teams, ranks=ranks) for x in (t[0].mu, t[0].sigma)]
        got = [x for pair in update(before, ranks) for x in pair]
        assert got == pytest.approx(expected, rel=1e-12)


def test_a_group_s_people_are_placed_among_themselves_in_the_board_s_order() -> None:
    from bot.stats.boards import Board, BoardEntry, among

    day = Board.of_day("raspad", "52", 700)  # lower scores first
    entries = [
        BoardEntry(7, 30, "C", 9.0),  # 7th on the whole board, tied with B
        BoardEntry(2, 10, "A", 5.0),
        BoardEntry(7, 20, "B", 9.0),
        BoardEntry(0, 40, "D", 7.0),  # kept off the whole board (hidden): placed by its score
    ]
    page = among(day, entries, viewer=30, limit=2)
    assert [(e.rank, e.name) for e in page.entries] == [(1, "A"), (2, "D")]
    assert page.own is not None and (page.own.rank, page.own.name) == (3, "C") and page.total == 4
    assert [e.name for e in among(day, entries).entries] == ["A", "D", "B", "C"]  # ties share 3
    assert among(day, entries).entries[3].rank == 3
    wins = among(Board.wins("raspad"), entries)  # higher scores first
    assert [e.name for e in wins.entries] == ["B", "C", "D", "A"]
    assert among(day, [], viewer=1) == BoardPage((), None, 0)
