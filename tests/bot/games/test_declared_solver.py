"""A solitaire's solver is declared with its rules (`rules.registry.Game(..., solver=...)`) and
found there, never in a list of names: a solitaire outside `rules` (the toy Ladder, given a
solver of its own) gets its hints from it and a deal of the day proved winnable, like Kosa and
Raspad; a spec that asks for a solver its rules lack is refused when it registers."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

import rules
from bot.games.solitaire import hints
from bot.registry import GameSpec, register
from bot.stats.daily_short import deal_state
from bot.stats.daily_winnable import winnable_deal
from rules import registry as rules_registry
from rules import solve
from tests.toy import ladder, ladder_spec, offering


@pytest.fixture
def solvable_ladder() -> Iterator[GameSpec]:
    """Ladder offered with its solver, its rules in `rules.GAMES` (as a game outside `rules`
    that wants `rules.solve` registers them)."""
    rules_registry.register(ladder_spec.SOLVED)
    try:
        with offering([ladder_spec.solved()]):
            yield ladder_spec.solved()
    finally:
        rules_registry.unregister(ladder_spec.SOLVED.NAME)


def test_the_rules_solvers_are_the_modules_named_for_their_games() -> None:
    found = {kind for kind, game in rules.GAMES.items() if game.solver is not None}
    assert set(solve.GAMES) == found and found
    for kind in found:
        assert rules.GAMES[kind].solver is not None
        assert rules.GAMES[kind].solver.__name__ == f"rules.solve.{kind}"  # type: ignore[union-attr]


def test_a_game_without_a_solver_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no solver for 'ladder'"):
        solve.solve_deal("ladder", 100, seed=1)
    with pytest.raises(ValueError, match="need a solver"):
        register(replace(ladder_spec.solved(), game=ladder_spec.GAME))


@pytest.mark.usefixtures("solvable_ladder")
def test_a_solitaire_outside_rules_is_solved_and_hinted_by_its_own_solver() -> None:
    assert "ladder" in solve.GAMES and hints.has_solver("ladder")
    state = ladder.new_game({"ranks": 4}, seed=3)
    found = solve.solve_deal("ladder", 20_000, seed=3, options={"ranks": 4})
    assert found.verdict == solve.WON
    for move in found.moves:
        state = ladder.apply(state, move)
    assert ladder.status(state).result == "won"
    advice = hints.advise("ladder", ladder.new_game({"ranks": 4}, seed=3))
    assert advice.verdict == hints.WON and advice.move == found.moves[0]


@pytest.mark.usefixtures("solvable_ladder")
def test_its_deal_of_the_day_is_proved_winnable_with_a_par() -> None:
    deal = winnable_deal("ladder", "16", ladder_spec.SOLVED_DAY)
    assert deal.line and deal.par == len(deal.line)
    state = deal_state("ladder", "16", deal.seed)
    for move in deal.line:
        state = ladder_spec.SOLVED.apply(state, move)
    assert ladder_spec.SOLVED.status(state).result == "won"
