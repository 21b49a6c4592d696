"""The levels are ordered by strength.

Parquet, over a fixed set of seeded games: strong beats easy more often than not, and so does
normal, which also plays strong's move more often than easy does. Ryadki is a game of luck
(against a random player strong scores 73 %, easy 62 %): a few dozen games tell its levels
apart only by noise, so here the ordering is checked as agreement with strong over seeded
positions (the weaker the level, the more often it plays another card), and the game figures
(400 games a cell) are in benchmarks/rules_speed.py (`--levels only`).
"""

from __future__ import annotations

from typing import Any

import rules
from rules import parquet
from rules.rng import Rng
from tests.rules.ai.test_levels import advance, to_move


def score(level: str, rival: str, games: int) -> float:
    """Points of `level` against `rival` over `games` seeded Parquet games, seats alternating
    (a win counts 1)."""
    points = 0.0
    for seed in range(games):
        seat = seed % 2
        s = parquet.new_game(seed=1000 + seed)
        while not s.over:
            p = s.turn
            who = level if p == seat else rival
            s = parquet.apply(s, rules.suggest("parquet", s, p, seed * 1009 + s.plies, who), p)
        points += 1.0 if s.winners == [seat] else 0.0
    return points


def agreement(kind: str, options: dict[str, Any], count: int) -> dict[str, int]:
    """How often each weaker level plays strong's move, over seeded positions with a choice."""
    g = rules.GAMES[kind]
    same = {"easy": 0, "normal": 0, "positions": 0}
    for k in range(count):
        s = advance(kind, g.new_game(dict(options), seed=2000 + k), Rng(k).below(30), k)
        p = to_move(kind, s)
        if p is None or len(g.legal_moves(s, p)) < 2:
            continue
        same["positions"] += 1
        strong = g.suggest(s, p, k)
        for level in ("easy", "normal"):
            same[level] += g.suggest(s, p, k, level=level) == strong
    return same


def test_parquet_strong_and_normal_beat_easy() -> None:
    # On these seeds strong wins 14 of 16 against easy and normal 17 of 24 (the closer pairing,
    # so more games); over 400 games against strong itself easy scores about 17 %, normal 33 %.
    assert score("strong", "easy", 16) > 16 / 2
    assert score("normal", "easy", 24) > 24 / 2


def test_parquet_normal_plays_strongs_move_more_often_than_easy() -> None:
    same = agreement("parquet", {}, 50)
    # (on these seeds: easy 35, normal 41 of 49 positions)
    assert same["positions"] >= 40
    assert same["easy"] < same["normal"] < same["positions"], same


def test_ryadki_the_weaker_the_level_the_more_often_it_differs_from_strong() -> None:
    same = agreement("ryadki", {"players": 2, "deals": 1}, 150)
    # (on these seeds: easy 48, normal 72 of 115 positions)
    assert same["positions"] >= 90
    assert same["easy"] < same["normal"] < same["positions"], same
