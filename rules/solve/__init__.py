"""Solvers for the solitaires: they see every card (the stock order included) and answer
whether a position can still be won, with a winning line.

    solve(game, state, budget_nodes, *, shortest=True) -> Solution
    solve_deal(game, budget_nodes, *, seed=None, deck=None, options=None, shortest=True)
    hint(game, state, budget_nodes) -> Hint

The budget counts positions (`Solution.nodes`), never time, and nothing here draws on
randomness or hash order: the same call gives the same answer on every machine. Every line
returned replays through `rules.GAMES[game].apply` to status "won". `python -m rules.solve`
is the command line (`rules.solve.timed` gives it a wall-clock cap by calling these in
growing budgets).

A game's solver is found through its entry in `rules.GAMES` (`Game.solver`): the module
`rules.solve.<game>` (`solve(state, budget_nodes, shortest, stop=)`), or the one a game outside
`rules` names; `GAMES` are the games that have one. `Solution`, the budget and the `Solver`
shape are in `rules.solve.common`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rules.solve.common import LOST, UNDECIDED, VERDICTS, WON, Solution, Solver, Stop

__all__ = [
    "GAMES",
    "LOST",
    "UNDECIDED",
    "VERDICTS",
    "WON",
    "Hint",
    "Solution",
    "hint",
    "solve",
    "solve_deal",
]


class Solvable:
    """The games of `rules.GAMES` that have a solver, read when asked (`game in GAMES`, a
    loop over them): a game registered later is one too."""

    def __contains__(self, game: object) -> bool:
        return isinstance(game, str) and _solver(game) is not None

    def __iter__(self) -> Iterator[str]:
        import rules

        return iter([game for game in rules.GAMES if _solver(game) is not None])

    def __repr__(self) -> str:
        return f"Solvable({list(self)!r})"


GAMES = Solvable()


def _solver(game: str) -> Solver | None:
    import rules

    entry = rules.GAMES.get(game)
    return None if entry is None else entry.solver


def _engine(game: str) -> Any:
    import rules

    if game not in GAMES:
        raise ValueError(f"solve: no solver for {game!r} (only {', '.join(GAMES)})")
    return rules.GAMES[game]


def solve(
    game: str, state: Any, budget_nodes: int, *, shortest: bool = True, stop: Stop | None = None
) -> Solution:
    """Whether the position `state` of `game` (one of `GAMES`) can be won, searching at
    most `budget_nodes` positions: verdict "won" with a winning line, "lost" (proved) or
    "undecided". With `shortest` the budget left after the first win goes to finding a
    shorter line (`minimal` when it is proved shortest); never longer than the computer
    player's own line when that wins. `stop` (for a caller with a wall-clock cap, see
    `rules.solve.timed`) is asked every few hundred positions whether to stop early."""
    _engine(game)
    if not isinstance(budget_nodes, int) or isinstance(budget_nodes, bool) or budget_nodes < 0:
        raise ValueError("solve: budget_nodes must be an int >= 0")
    solver = _solver(game)
    assert solver is not None  # `_engine` said so
    return solver.solve(state, budget_nodes, shortest, stop=stop)


def solve_deal(
    game: str,
    budget_nodes: int,
    *,
    seed: int | None = None,
    deck: list[str] | None = None,
    options: dict[str, Any] | None = None,
    shortest: bool = True,
) -> Solution:
    """`solve` from the first position of a deal (`new_game(options, seed, deck)`)."""
    if seed is None and deck is None:
        raise ValueError("solve: a deal needs a seed or a deck")
    state = _engine(game).new_game(options, seed=seed, deck=deck)
    return solve(game, state, budget_nodes, shortest=shortest)


@dataclass(frozen=True, slots=True)
class Hint:
    """`verdict` as in `Solution`; `move` is the first move of a winning line when "won"
    (None when the game is already won: nothing is left to play), else None."""

    verdict: str
    move: str | None
    nodes: int


def hint(game: str, state: Any, budget_nodes: int) -> Hint:
    """The first move of a winning line from `state`, or "lost", or "undecided" (the first
    line found: no budget is spent on shortening it)."""
    sol = solve(game, state, budget_nodes, shortest=False)
    return Hint(sol.verdict, sol.moves[0] if sol.moves else None, sol.nodes)
