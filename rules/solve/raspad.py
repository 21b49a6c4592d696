"""The Raspad solver: every card seen, the stock order included.

Raspad's positions form a DAG (every move spends stock, hand or table cards), so:
- the computer player's own line (`rules.ai.raspad.suggest` played out) comes first: when it
  wins, it is the line to beat;
- otherwise a depth-first search for any win, remembering positions proved dead (complete:
  when it runs out of positions the deal is proved lost);
- then, for a short line, a branch-and-bound search for strictly shorter lines: a position is
  cut when the moves made plus one reach the best line's length (no useful lower bound
  exists: free automatic failed kons can drain the whole stock after one move), or when it
  was reached before with no more moves. When it ends within the budget the line
  is a proved shortest one (`minimal`).

A position's key is what decides its future: the stock's size (the stock is always what is
left of the same order), the hand (in order: a failed kon lays it out in that order) and the
table line with each run of beaten holes shortened to one (only immediate neighbours count).
"""

from __future__ import annotations

from rules import raspad
from rules.raspad import State
from rules.solve.common import LOST, UNDECIDED, WON, Budget, OutOfBudget, Solution, Stop

Key = tuple[int, tuple[str, ...], tuple[str | None, ...]]

PLAYING = "playing"


def key(st: State) -> Key:
    table: list[str | None] = []
    for c in st.table:
        if c is None and table and table[-1] is None:
            continue
        table.append(c)
    return len(st.stock), st.hand, tuple(table)


_RANK = {"close": 0, "fail": 2}  # closes first, then the beats (in the engine's order), fails


def _order(moves: list[str]) -> list[str]:
    return sorted(moves, key=lambda m: (_RANK.get(m, 1), m))


def ai_line(st: State, budget: Budget) -> tuple[str, ...]:
    """The computer player's own line from `st` (each move one position of the budget);
    whether it wins is the caller's to check."""
    from rules.ai.raspad import suggest

    moves: list[str] = []
    while st.result == PLAYING:
        budget.spend()
        m = suggest(st)
        moves.append(m)
        st = raspad.apply(st, m)
    return tuple(moves)


def replay(st: State, moves: tuple[str, ...]) -> State:
    for m in moves:
        st = raspad.apply(st, m)
    return st


class _Search:
    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.dead: set[Key] = set()
        self.seen: dict[Key, int] = {}
        self.best: tuple[str, ...] = ()
        self.bound = 0

    def find(self, st: State) -> list[str] | None:
        """Any winning line from `st` (None: none exists; every dead key is remembered)."""
        k = key(st)
        if k in self.dead:
            return None
        self.budget.spend()
        for m in _order(raspad.legal_moves(st)):
            child = raspad.apply(st, m)
            if child.result == WON:
                return [m]
            if child.result != PLAYING:
                continue
            sub = self.find(child)
            if sub is not None:
                return [m, *sub]
        self.dead.add(k)
        return None

    def shorter(self, st: State, g: int, line: list[str]) -> None:
        """Branch and bound: every winning line from `st` shorter than `self.bound - g` moves
        is searched, and the shortest found is kept (`self.best`, `self.bound`). `line` is the
        path from the root (appended to in place). Every move costs one and a position in
        play needs a move more, so a position is cut when `g + 1 >= bound`."""
        k = key(st)
        if k in self.dead or g + 1 >= self.bound:
            return
        prev = self.seen.get(k)
        if prev is not None and prev <= g:
            return
        self.seen[k] = g
        self.budget.spend()
        for m in _order(raspad.legal_moves(st)):
            child = raspad.apply(st, m)
            if child.result == WON:
                if g + 1 < self.bound:
                    self.best, self.bound = (*line, m), g + 1
                continue
            if child.result != PLAYING:
                continue
            line.append(m)
            self.shorter(child, g + 1, line)
            line.pop()


def solve(
    st: State, budget_nodes: int, shortest: bool = True, stop: Stop | None = None
) -> Solution:
    """Solve a Raspad position within `budget_nodes` positions (see `rules.solve.solve`)."""
    if st.result == WON:
        return Solution(WON, (), 0, True)
    if st.result != PLAYING:
        return Solution(LOST, (), 0, True)
    budget = Budget(budget_nodes, stop)
    search = _Search(budget)
    line: tuple[str, ...] = ()
    try:
        ai = ai_line(st, budget)
        if replay(st, ai).result == WON:
            line = ai
        else:
            found = search.find(st)
            if found is None:
                return Solution(LOST, (), budget.used, False)
            line = tuple(found)
    except OutOfBudget:
        return Solution(WON if line else UNDECIDED, line, budget.used, False)
    if not shortest:
        return Solution(WON, line, budget.used, False)
    search.best, search.bound = line, len(line)
    try:
        search.shorter(st, 0, [])
    except OutOfBudget:
        return Solution(WON, search.best, budget.used, False)
    return Solution(WON, search.best, budget.used, True)
