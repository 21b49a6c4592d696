"""Kosa property tests over seeded random playouts (hypothesis)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st_

import rules
from rules import cards, kosa
from rules.errors import IllegalMove
from rules.kosa import State
from rules.rng import Rng

PLACES = ["b", "w", "s", *kosa.SPOTS, *(f"F{i}" for i in range(1, 9))]
UNIVERSE = [f"{a}>{b}" for a in PLACES for b in PLACES if a != b] + ["d", "r", "F1", "bw", "d "]
DECK = Counter(cards.double_deck())


def cards_of(st: State) -> Counter[str]:
    v = kosa.view(st, 0)
    seen = list(v["braid"]) + list(v["waste"])
    for pile in v["spots"].values():
        seen += pile
    for pile in v["foundations"]:
        seen += pile
    return Counter(seen + kosa.split_pile(st.stock))


def check_step(st: State, rng: Rng) -> list[str]:
    """Every invariant of one position; returns its legal moves."""
    assert cards_of(st) == DECK
    moves = kosa.legal_moves(st)
    assert moves == sorted(moves) and len(moves) == len(set(moves))
    text = kosa.to_json(st)
    assert kosa.from_json(text) == st and kosa.to_json(kosa.from_json(text)) == text
    v = kosa.view(st, 0)
    # the view is the same whatever the stock order
    assert kosa.view(replace(st, stock=kosa._reverse(st.stock)), 0) == v
    assert v["status"] == kosa.status(st).as_dict()
    assert kosa.status(st).scores == [sum(len(p) for p in v["foundations"])]
    for m in moves:
        after = kosa.apply(st, m)
        assert cards_of(after) == DECK
    assert kosa.to_json(st) == text  # applying never changed the input
    unlisted = [m for m in UNIVERSE if m not in moves]
    for _ in range(4):
        m = unlisted[rng.below(len(unlisted))]
        try:
            kosa.apply(st, m)
        except IllegalMove:
            pass
        else:
            raise AssertionError(f"unlisted move {m!r} was accepted")
        assert kosa.to_json(st) == text
    if st.result == "playing":
        assert moves  # a game in play always has a move
        assert v["awaiting_fill"] == [] or all(
            m.split(">")[0] in "bsw" and m.split(">")[1] in v["awaiting_fill"] for m in moves
        )
        hint = rules.suggest("kosa", st)
        assert hint in moves
    else:
        assert moves == []
    return moves


@settings(max_examples=30, deadline=None)
@given(seed=st_.integers(0, 2**53), passes=st_.sampled_from([None, None, 1, 3]))
def test_random_playouts_keep_every_invariant(seed: int, passes: int | None) -> None:
    rng = Rng(seed)
    st = kosa.new_game({"max_passes": passes}, seed=seed)
    for _ in range(120):
        moves = check_step(st, rng)
        if not moves:
            break
        # favour card moves so playouts get somewhere
        card_moves = [m for m in moves if ">" in m]
        pick = card_moves if card_moves and rng.below(3) else moves
        st = kosa.apply(st, pick[rng.below(len(pick))])


@settings(max_examples=40, deadline=None)
@given(seed=st_.integers(0, 2**53), steps=st_.integers(0, 300))
def test_games_end_when_no_card_moves_in_a_pass(seed: int, steps: int) -> None:
    """Random play, then only draws and redeals (fills when forced): lost within two passes."""
    rng = Rng(seed)
    st = kosa.new_game(seed=seed)
    for _ in range(steps):
        moves = kosa.legal_moves(st)
        if not moves:
            break
        st = kosa.apply(st, moves[rng.below(len(moves))])
    bound = 2 * 104 + 10
    for _ in range(bound):
        moves = kosa.legal_moves(st)
        if not moves:
            break
        passive = [m for m in moves if m in ("d", "r")] or moves
        st = kosa.apply(st, passive[0])
    assert kosa.status(st).over
    assert st.result in ("lost", "won")
