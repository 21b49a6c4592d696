"""💡 Hint for the solitaires with a solver (`rules.solve`) and its budgets (`GameSpec.solver`):
a move on a winning line; when the position is proved lost, how many moves back (within undo
reach) the deal could still be won; when the search runs out of budget, the computer player's
move.

Pure and CPU-bound (no store, no Telegram): the service calls `consult` in a worker process
(`bot.games.searches`), with the budgets as arguments. The budgets count positions, so every
machine and process gives the same answer for the same position. They are sized so a hint
takes well under a second at p95; `python benchmarks/hints.py` prints each game's hint and walk
times (p50, p95, max) and the shares of positions proved won, lost and undecided.

A walk back solves up to `undo_left` earlier positions newest first, each with the hint's
budget, all of them together with at most WALK_BUDGET positions (so a walk takes three hints'
time at the most; the board says "Thinking…" meanwhile).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import dataclass

import rules
from bot.registry import GAMES, SolverBudgets, spec
from rules import solve


class Declared(MutableMapping[str, int]):
    """Each solitaire's budget as it declares it (`GameSpec.solver`), in positions, read from
    the registry when asked (a game registered after this module was imported counts too); a
    budget set here (a benchmark trying another) overrides the declared one."""

    def __init__(self, part: Callable[[SolverBudgets], int]) -> None:
        self.part = part
        self.overrides: dict[str, int] = {}

    def __getitem__(self, kind: str) -> int:
        if kind in self.overrides:
            return self.overrides[kind]
        budgets = GAMES[kind].solver if kind in GAMES else None
        if budgets is None:
            raise KeyError(kind)
        return self.part(budgets)

    def __setitem__(self, kind: str, budget: int) -> None:
        self.overrides[kind] = budget

    def __delitem__(self, kind: str) -> None:
        del self.overrides[kind]

    def __iter__(self) -> Iterator[str]:
        declared = [kind for kind, game in GAMES.items() if game.solver is not None]
        return iter(dict.fromkeys([*declared, *self.overrides]))

    def __len__(self) -> int:
        return len(list(iter(self)))


HINT_BUDGET: MutableMapping[str, int] = Declared(lambda b: b.hint)  # one hint
WALK_BUDGET: MutableMapping[str, int] = Declared(lambda b: b.walk)  # one walk back

WON, LOST, UNDECIDED = solve.WON, solve.LOST, solve.UNDECIDED
PLAIN = "plain"  # a solitaire with no solver: the computer player's move, as it always was


@dataclass(frozen=True, slots=True)
class Advice:
    """`verdict`: WON (`move` is on a winning line), LOST (proved: `move` is None), UNDECIDED
    (`move` is the computer player's guess) or PLAIN (no solver for this game). `back`: when
    LOST, the moves back to the newest position the solver wins (0: none within reach).
    `line`: the winning line the solver proved, from this position when WON, from the position
    `back` moves before when LOST (empty: none)."""

    verdict: str
    move: str | None
    back: int = 0
    line: tuple[str, ...] = ()


def has_solver(kind: str) -> bool:
    return kind in HINT_BUDGET and kind in solve.GAMES


def advise(kind: str, state: object, budget: int | None = None) -> Advice:
    """What 💡 says in `state` (a game still being played), searching at most `budget`
    positions (default: the game's HINT_BUDGET)."""
    if not has_solver(kind):
        return Advice(PLAIN, computer_move(kind, state))
    found = _first_line(kind, state, HINT_BUDGET[kind] if budget is None else budget)
    if found.verdict == WON and found.moves:
        return Advice(WON, found.moves[0], line=found.moves)
    if found.verdict == LOST:
        return Advice(LOST, None)
    return Advice(UNDECIDED, computer_move(kind, state))


def consult(
    kind: str,
    state: object,
    s0: str,
    moves: list[str],
    reach: int,
    budgets: tuple[int, int] | None = None,
) -> Advice:
    """`advise` in `state`, the position after `moves` from `s0`; when it is lost, with how
    far back (at most `reach` moves) the deal could still be won. `budgets`: (one hint's, one
    walk's) positions (default: the game's HINT_BUDGET and WALK_BUDGET)."""
    hint, walk = budgets or (HINT_BUDGET.get(kind, 0), WALK_BUDGET.get(kind, 0))
    advice = advise(kind, state, hint)
    if advice.verdict != LOST:
        return advice
    back, line = walk_back(kind, s0, moves, reach, (hint, walk))
    return Advice(LOST, None, back, line)


def _first_line(kind: str, state: object, budget: int) -> solve.Solution:
    """The first winning line the solver finds (what `rules.solve.hint` answers, with the line
    kept: no budget is spent on shortening it)."""
    return solve.solve(kind, state, budget, shortest=False)


def computer_move(kind: str, state: object) -> str | None:
    try:
        return spec(kind).game.suggest(state, 0)
    except rules.IllegalMove:
        return None


def earlier(kind: str, s0: str, moves: list[str], reach: int) -> list[object]:
    """The positions 1, 2, … `reach` moves before the one after `moves` (replayed from `s0`),
    newest first; [] when the history no longer replays (rules changed since it was written)."""
    game = spec(kind).game
    reach = min(reach, len(moves))
    try:
        state = game.from_json(s0)
        states = [state]
        for move in moves[:-1]:
            state = game.apply(state, move, 0)
            states.append(state)
    except (rules.IllegalMove, ValueError, KeyError, TypeError):
        return []
    return states[::-1][:reach]


def walk_back(
    kind: str, s0: str, moves: list[str], reach: int, budgets: tuple[int, int] | None = None
) -> tuple[int, tuple[str, ...]]:
    """How many moves back (at most `reach`) the newest position the solver wins is, with the
    winning line from there; (0, ()) when none within reach is found winnable (each position
    searched with one hint's budget, all of them with one walk's: `budgets`, default the
    game's HINT_BUDGET and WALK_BUDGET)."""
    hint, walk = budgets or (HINT_BUDGET[kind], WALK_BUDGET[kind])
    spent = 0
    for back, state in enumerate(earlier(kind, s0, moves, reach), start=1):
        budget = min(hint, walk - spent)
        if budget <= 0:
            break
        found = _first_line(kind, state, budget)
        spent += found.nodes
        if found.verdict == WON:
            return back, found.moves
    return 0, ()
