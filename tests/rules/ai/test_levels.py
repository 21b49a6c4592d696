"""The levels of the computer players (`rules.ai.LEVELS`): every level plays a legal move in
any position (hypothesis), the same state, seed and level give the same move however it is
asked for, the default is "strong", an unknown level is a `ValueError`, and the weaker levels
really play other moves than the strong one."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import parquet, ryadki
from rules.ai import LEVELS, check_level
from rules.ai import parquet as parquet_ai
from rules.ai import ryadki as ryadki_ai
from rules.rng import Rng


def advance(kind: str, state: Any, plies: int, seed: int) -> Any:
    """`state` after `plies` uniformly random moves (fewer when the game ends first)."""
    g = rules.GAMES[kind]
    rng = Rng(seed)
    for _ in range(plies):
        if g.status(state).over:
            break
        seat = next(p for p in range(6) if g.legal_moves(state, p))
        state = g.apply(state, rng.choice(g.legal_moves(state, seat)), seat)
    return state


def to_move(kind: str, state: Any) -> int | None:
    g = rules.GAMES[kind]
    if g.status(state).over:
        return None
    return next(p for p in range(6) if g.legal_moves(state, p))


def test_the_level_names() -> None:
    assert LEVELS == ("easy", "normal", "strong")
    for level in LEVELS:
        assert check_level(level) == level
    for bad in ("", "Strong", "hard", "easy "):
        with pytest.raises(ValueError, match="unknown level"):
            check_level(bad)


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**53 - 1), st.integers(0, 60), st.integers(0, 2**32 - 1))
def test_parquet_every_level_plays_a_legal_move(seed: int, plies: int, ai_seed: int) -> None:
    s = advance("parquet", parquet.new_game(seed=seed), plies, seed ^ 0x5EED)
    p = to_move("parquet", s)
    if p is None:
        return
    legal = parquet.legal_moves(s, p)
    for level in LEVELS:
        assert parquet_ai.suggest(s, p, ai_seed, level=level) in legal


@settings(max_examples=50, deadline=None)
@given(
    st.integers(2, 6),
    st.sampled_from([36, 52]),
    st.integers(0, 2**53 - 1),
    st.integers(0, 80),
    st.integers(0, 2**32 - 1),
)
def test_ryadki_every_level_plays_a_legal_move(
    players: int, deck: int, seed: int, plies: int, ai_seed: int
) -> None:
    if players * 6 > deck:
        deck = 52
    s = ryadki.new_game({"players": players, "deck": deck, "deals": 2}, seed=seed)
    s = advance("ryadki", s, plies, seed ^ 0x5EED)
    p = to_move("ryadki", s)
    if p is None:
        return
    legal = ryadki.legal_moves(s, p)
    for level in LEVELS:
        assert ryadki_ai.suggest(s, p, ai_seed, level=level) in legal


OPTIONS: dict[str, dict[str, Any]] = {
    "parquet": {},
    "ryadki": {"players": 3},
    "kosa": {},
    "raspad": {},
}


def positions(kind: str, count: int) -> list[tuple[Any, int]]:
    """(state, seat to move) of seeded random games in play."""
    g = rules.GAMES[kind]
    out: list[tuple[Any, int]] = []
    for k in range(count):
        s = advance(kind, g.new_game(dict(OPTIONS[kind]), seed=k), 2 + 5 * k, k)
        p = to_move(kind, s)
        if p is not None:
            out.append((s, p))
    return out


@pytest.mark.parametrize("kind", sorted(rules.GAMES))
@pytest.mark.parametrize("level", LEVELS)
def test_the_same_state_seed_and_level_give_the_same_move(kind: str, level: str) -> None:
    g = rules.GAMES[kind]
    ai = importlib.import_module(f"rules.ai.{kind}")
    found = positions(kind, 4)
    assert len(found) >= 3
    for s, p in found:
        for seed in (None, 0, 12345):
            move = rules.suggest(kind, s, p, seed, level)
            assert move in g.legal_moves(s, p)
            assert rules.suggest(kind, s, p, seed, level=level) == move
            assert g.suggest(s, p, seed, level=level) == move
            assert ai.suggest(s, p, seed, level=level) == move
            assert g.suggest(g.from_json(g.to_json(s)), p, seed, level) == move
            if level == "strong":  # the default level, and what `suggest` always played
                assert g.suggest(s, p, seed) == move


@pytest.mark.parametrize("kind", sorted(rules.GAMES))
def test_an_unknown_level_is_a_value_error(kind: str) -> None:
    g = rules.GAMES[kind]
    ai = importlib.import_module(f"rules.ai.{kind}")
    s, p = positions(kind, 2)[0]
    for bad in ("hard", "", "STRONG"):
        with pytest.raises(ValueError, match="unknown level"):
            rules.suggest(kind, s, p, 1, bad)
        with pytest.raises(ValueError, match="unknown level"):
            g.suggest(s, p, 1, level=bad)
        with pytest.raises(ValueError, match="unknown level"):
            ai.suggest(s, p, 1, level=bad)


@pytest.mark.parametrize("kind", rules.SOLITAIRES)
def test_a_solitaire_hint_is_the_same_at_every_level(kind: str) -> None:
    g = rules.GAMES[kind]
    for s, p in positions(kind, 4):
        hints = {g.suggest(s, p, 3, level=level) for level in LEVELS}
        assert hints == {g.suggest(s, p, 3)}


def test_the_weaker_levels_play_other_moves_than_strong() -> None:
    # Over seeded positions of each game, easy and normal differ from strong somewhere: they
    # are not the strong player under another name (how often: see test_level_strength).
    for kind in rules.GROUP_GAMES:
        g = rules.GAMES[kind]
        differ = {"easy": 0, "normal": 0}
        for s, p in positions(kind, 12):
            strong = g.suggest(s, p, 5)
            for level in differ:
                differ[level] += g.suggest(s, p, 5, level=level) != strong
        assert differ["easy"] > 0 and differ["normal"] > 0, (kind, differ)
