"""`turn(state)` and `over(state)` of every game agree with what its view and status say, along
random playouts to the end (the bot asks them instead of reading the view)."""

from __future__ import annotations

import random

import pytest

import rules
from rules.views import game_view


@pytest.mark.parametrize("kind", sorted(rules.GAMES))
@pytest.mark.parametrize("seed", range(4))
def test_turn_and_over_follow_the_view_to_the_end(kind: str, seed: int) -> None:
    game = rules.GAMES[kind]
    rng = random.Random(seed)
    options = {"players": 3} if kind == "ryadki" else None
    state = game.new_game(options, seed=seed)
    for _ in range(2000):
        view = game.view(state, -1)
        over = game_view(view)["status"]["over"]
        assert game.over(state) is over
        expected = None if over else view.get("turn", 0)
        assert game.turn(state) == expected
        if over:
            return
        seat = game.turn(state)
        assert seat is not None
        moves = game.legal_moves(state, seat)
        assert moves, "a game that is on has a move for the seat to play"
        state = game.apply(state, rng.choice(moves), seat)
    # random play may circle for long (Kosa without a pass limit): resigning ends it
    state = game.apply(state, "resign", game.turn(state) or 0)
    assert game.over(state) and game.turn(state) is None
