"""The Parquet computer player (`rules.ai.parquet`): legal, reproducible, sees the ends."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import parquet
from rules.ai import parquet as ai
from rules.ai.parquet import search


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**53 - 1), st.integers(0, 2**32 - 1))
def test_suggest_is_always_legal(seed: int, play_seed: int) -> None:
    rnd = random.Random(play_seed)
    s = parquet.new_game(seed=seed)
    while not s.over:
        legal = parquet.legal_moves(s, s.turn)
        if rnd.random() < 0.5:
            mv, _score, _depth = search(s, s.turn, nodes=60, seed=play_seed)
        else:
            mv = rnd.choice(legal)
        assert mv in legal
        s = parquet.apply(s, mv, s.turn)
    assert parquet.status(s).over


def test_suggest_with_a_node_budget_is_reproducible() -> None:
    s = parquet.new_game({"red": 0, "first": 0}, seed=7)
    rnd = random.Random(7)
    for _ in range(20):
        s = parquet.apply(s, rnd.choice(parquet.legal_moves(s, s.turn)), s.turn)
    a = search(s, s.turn, nodes=300, seed=11)
    b = search(s, s.turn, nodes=300, seed=11)
    assert a == b and a[0] in parquet.legal_moves(s, s.turn)
    assert ai.suggest(s, s.turn, seed=1) in parquet.legal_moves(s, s.turn)
    assert ai.suggest_nodes(s, s.turn, seed=11, nodes=300) == a[0]


def test_search_takes_an_immediate_win() -> None:
    # In positions where some move wins on the spot (full board or double pass) and some
    # other move does not, the search picks a move that wins at once or after any reply.
    found = 0
    for seed in range(80):
        s = parquet.new_game(seed=seed)
        rnd = random.Random(seed)
        while not s.over:
            legal = parquet.legal_moves(s, s.turn)
            wins = [m for m in legal if parquet.apply(s, m, s.turn).winners == [s.turn]]
            if wins and len(wins) < len(legal):
                mv, _score, _depth = search(s, s.turn, nodes=5000, seed=seed)
                if mv not in wins:
                    after = parquet.apply(s, mv, s.turn)
                    assert after.turn != s.turn
                    for reply in parquet.legal_moves(after, after.turn):
                        assert parquet.apply(after, reply, after.turn).winners == [s.turn]
                found += 1
            s = parquet.apply(s, rnd.choice(legal), s.turn)
        if found >= 5:
            return
    raise AssertionError(f"only {found} positions found")


def test_search_sees_the_threefold_repetition() -> None:
    # Black (seat 1) placed last; its relocation 11>13 repeats a position for the third time
    # and wins at once. The search knows the game's repetition history and takes it.
    from tests.rules.test_parquet import REPETITION_GAME

    s = parquet.new_game({"red": 0, "first": 0}, seed=18)
    for mv in REPETITION_GAME[:-1]:
        s = parquet.apply(s, mv, s.turn)
    assert s.turn == 1 and len(parquet.legal_moves(s, 1)) > 1
    for seed in range(3):
        assert ai.suggest_nodes(s, 1, seed=seed, nodes=500) == "11>13"
