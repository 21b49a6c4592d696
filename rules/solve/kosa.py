"""The Kosa solver: every card seen, the stock order included.

- The computer player's own line (`rules.ai.kosa.suggest` played out) comes first: when it
  wins, it is the line to beat.
- Otherwise a depth-first search over the engine's own moves for any win, the computer
  player's move tried first, every position visited remembered by its key
  (`rules.solve.kosa_moves.key`): when it runs out of positions the deal is proved lost.
- Then, for a short line, a beam search over macro moves (`rules.solve.kosa_moves.steps`):
  layer after layer, the `width` positions with the fewest moves made plus estimated
  (`estimate`) are kept; the shortest win it reaches replaces the line when shorter.
"""

from __future__ import annotations

from rules import kosa
from rules.kosa import State
from rules.solve.common import LOST, UNDECIDED, WON, Budget, OutOfBudget, Solution
from rules.solve.kosa_moves import Key, estimate, key, lower, steps

PLAYING = "playing"
DEBUG = False


def ai_line(st: State, budget: Budget) -> tuple[str, ...]:
    """The computer player's own line from `st` (each move one position of the budget)."""
    from rules.ai.kosa import choose

    moves: list[str] = []
    while st.result == PLAYING:
        budget.spend()
        m = choose(st)
        moves.append(m)
        st = kosa.apply(st, m)
    return tuple(moves)


def replay(st: State, moves: tuple[str, ...]) -> State:
    for m in moves:
        st = kosa.apply(st, m)
    return st


def _ordered(st: State) -> list[str]:
    """The computer player's move first, then the others in the engine's order."""
    from rules.ai.kosa import choose

    moves = kosa.legal_moves(st)
    first = choose(st)
    return [first, *(m for m in moves if m != first)]


def find(st: State, budget: Budget) -> tuple[str, ...] | None:
    """Any winning line from `st`, or None when none exists (every position reachable was
    visited). Positions are visited once each (their key), so cycles end."""
    seen: set[Key] = {key(st)}
    budget.spend()
    path: list[str] = []
    stack: list[tuple[State, list[str]]] = [(st, _ordered(st))]
    while stack:
        pos, todo = stack[-1]
        if not todo:
            stack.pop()
            if path:
                path.pop()
            continue
        m = todo.pop(0)
        child = kosa.apply(pos, m)
        if child.result == WON:
            return (*path, m)
        if child.result != PLAYING:
            continue
        k = key(child)
        if k in seen:
            continue
        seen.add(k)
        budget.spend()
        path.append(m)
        stack.append((child, _ordered(child)))
    return None


def beam(st: State, budget: Budget, width: int, bound: int) -> tuple[str, ...] | None:
    """The shortest winning line of fewer than `bound` moves a beam search of `width`
    positions per layer finds (None: none). Stops when the budget is spent."""
    best: tuple[str, ...] | None = None
    # (moves made, moves, position); lines are kept whole (a few hundred moves)
    layer: list[tuple[int, tuple[str, ...], State]] = [(0, (), st)]
    seen: dict[Key, int] = {key(st): 0}
    while layer:
        nxt: dict[Key, tuple[int, int, tuple[str, ...], State]] = {}
        for g, line, pos in layer:
            if budget.left <= 0:
                return best
            budget.spend()
            for moves, child in steps(pos):
                g2 = g + len(moves)
                if child.result == WON:
                    if g2 < bound:
                        best, bound = (*line, *moves), g2
                    continue
                if child.result != PLAYING:
                    continue
                if g2 + lower(child) >= bound:
                    continue
                f = g2 + estimate(child)
                k = key(child)
                old = seen.get(k)
                if old is not None and old <= g2:
                    continue
                seen[k] = g2
                got = nxt.get(k)
                if got is None or got[1] > g2:
                    nxt[k] = (f, g2, (*line, *moves), child)
        ranked = sorted(nxt.values(), key=lambda t: (t[0], t[1], t[2]))[:width]
        if DEBUG and ranked:
            f, g, _, p = ranked[0]
            print("layer", g, f, sum(len(x) for x in p.found) // 2, len(nxt), budget.used)
        layer = [(g, line, pos) for _, g, line, pos in ranked]
    return best


def solve(st: State, budget_nodes: int, shortest: bool = True, width: int = 0) -> Solution:
    """Solve a Kosa position within `budget_nodes` positions (see `rules.solve.solve`)."""
    if st.result == WON:
        return Solution(WON, (), 0, True)
    if st.result != PLAYING:
        return Solution(LOST, (), 0, True)
    budget = Budget(budget_nodes)
    line: tuple[str, ...] = ()
    try:
        ai = ai_line(st, budget)
        if replay(st, ai).result == WON:
            line = ai
        else:
            found = find(st, budget)
            if found is None:
                return Solution(LOST, (), budget.used, False)
            line = found
    except OutOfBudget:
        return Solution(WON if line else UNDECIDED, line, budget.used, False)
    if shortest and budget.left > 0:
        w = width or max(1, budget.left // 250)
        better = beam(st, budget, w, len(line))
        if better is not None:
            line = better
    return Solution(WON, line, budget.used, False)
