"""The solver of the toy Ladder (`tests.toy.ladder`), declared with its rules
(`rules.registry.Game(engine, solver="tests.toy.ladder_solve")`), never listed in `rules.solve`:
a depth-first search over every position (the stock's order is known to it), the positions
already seen not searched again. `shortest` is accepted and ignored: the first line found is
returned (never `minimal`)."""

from __future__ import annotations

from rules.solve.common import LOST, UNDECIDED, WON, Budget, OutOfBudget, Solution, Stop
from tests.toy import ladder


def _key(s: ladder.State) -> tuple[object, ...]:
    return (tuple(s.stock), tuple(s.waste), tuple(s.home), s.pass_no)


def solve(
    state: ladder.State, budget_nodes: int, shortest: bool = True, *, stop: Stop | None = None
) -> Solution:
    """Whether `state` can still be won within `budget_nodes` positions (`rules.solve.solve`)."""
    budget = Budget(budget_nodes, stop)
    seen: set[tuple[object, ...]] = set()

    def line(s: ladder.State) -> list[str] | None:
        if s.result == "won":
            return []
        if s.result != "playing" or _key(s) in seen:
            return None
        seen.add(_key(s))
        budget.spend()
        for move in ladder.legal_moves(s):
            rest = line(ladder.apply(s, move))
            if rest is not None:
                return [move, *rest]
        return None

    try:
        found = line(state)
    except OutOfBudget:
        return Solution(UNDECIDED, nodes=budget.used)
    if found is None:
        return Solution(LOST, nodes=budget.used)
    return Solution(WON, tuple(found), nodes=budget.used)
