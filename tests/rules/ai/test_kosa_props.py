"""Properties of the Kosa hint player (`rules.ai.kosa`) over seeded games (hypothesis)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import example, given, settings
from hypothesis import strategies as st_

from rules import kosa
from rules.ai import kosa as ai
from rules.kosa import State
from rules.rng import Rng
from tests.rules.ai.test_kosa import pointless
from tests.rules.test_kosa_props import DECK, cards_of

STEP_CAP = 5000  # the benchmark's cap; hinted games end within a few hundred steps


def stuck(st: State, moves: list[str]) -> bool:
    """The one documented way following the hints never ends a game: no draw and no redeal
    is left (stock and waste empty, or the last pass) and every legal move is a pointless
    shift."""
    return "d" not in moves and "r" not in moves and all(pointless(st, m) for m in moves)


def check_hint(st: State, hint: str) -> None:
    """The documented rules of the hint (see `rules.ai.kosa`), for one position in play.

    Progress: a draw, a redeal after a pass with a card move, a fill and every card move but a
    pointless shift (a spot's top card moved onto a twin of the card below it) change the
    position for good. A pointless shift is hinted only when it raises the position's value
    (so shifts cannot go round in circles), or when the game is stuck (see `stuck`).
    The losing redeal (`r` after a pass without a card move) is hinted exactly when no card
    move but pointless shifts is left: never while another card move exists, and then it is
    the hint unless a pointless shift raises the value.
    """
    moves = kosa.legal_moves(st)
    assert hint in moves
    card_moves = [m for m in moves if ">" in m]
    only_pointless = all(pointless(st, m) for m in card_moves)
    losing_redeal = "r" in moves and not st.moved
    if hint == "r" and losing_redeal:
        assert only_pointless, (hint, moves)
    if pointless(st, hint):
        raises = ai._plan(kosa.apply(st, hint))[0] > ai._plan(st)[0]
        assert raises or stuck(st, moves), (hint, moves)
    elif losing_redeal and only_pointless:
        assert hint == "r", (hint, moves)  # the documented redeal


@settings(max_examples=30, deadline=None)
@given(seed=st_.integers(0, 2**53))
@example(seed=5191)  # the hint's documented losing redeal while only pointless shifts remain
def test_suggest_is_always_legal_and_makes_progress(seed: int) -> None:
    st = kosa.new_game(seed=seed)
    for _ in range(STEP_CAP):
        if st.result != "playing":
            break
        moves = kosa.legal_moves(st)
        if stuck(st, moves):
            break
        hint = ai.suggest(st)
        check_hint(st, hint)
        st = kosa.apply(st, hint)
    else:
        raise AssertionError(f"following the hints did not end the game in {STEP_CAP} steps")
    assert cards_of(st) == DECK


def test_suggest_never_reads_the_stock_order() -> None:
    for seed in range(40):
        st = kosa.new_game(seed=seed)
        rng = Rng(seed)
        for _ in range(60):
            moves = kosa.legal_moves(st)
            if not moves:
                break
            st = kosa.apply(st, moves[rng.below(len(moves))])
        if st.result == "playing":
            other = replace(st, stock=kosa._reverse(st.stock))
            assert ai.suggest(st) == ai.suggest(other)
