"""The Kosa solver: every card seen, the stock order included.

- The computer player's own line (`rules.ai.kosa.suggest` played out) comes first: when it
  wins, it is the line to beat.
- Otherwise the beam search below (half the budget), then a depth-first search over the
  engine's own moves for any win (foundation moves first, draws and redeals last), every
  position visited remembered by its key (`rules.solve.kosa_moves.key`): when it runs out
  of positions the deal is proved lost.
- Then, for a short line, a beam search over macro moves (`rules.solve.kosa_moves.steps`):
  layer after layer, `width` positions are kept, half with the fewest moves made plus
  estimated (`estimate`), half counting the blocked cards too (`kosa_estimate.blocked`);
  beams of doubling widths (on some deals every position of a layer dead-ends, and on
  which depends on the width). The shortest win found replaces the line when shorter.
"""

from __future__ import annotations

import contextlib

from rules import kosa
from rules.kosa import State
from rules.solve.common import LOST, UNDECIDED, WON, Budget, OutOfBudget, Solution, Stop
from rules.solve.kosa_estimate import WEIGHT, blocked
from rules.solve.kosa_moves import Key, estimate, key, lower, steps

PLAYING = "playing"
DEBUG = False
PER_LAYER = 250  # a beam's width is its budget over this (lines take ~200 steps)
MIN_WIDTH = 4
SECOND = 3  # the second half of a layer is chosen from this many times its size
_FAR = 1 << 30  # no bound on a line's length


def ai_line(st: State, budget: Budget) -> tuple[str, ...]:
    """The computer player's own line from `st` (each move one position of the budget), cut
    short when a position comes back: the player is deterministic, so it would go round for
    ever (it does when only spot-to-spot shifts are left in the last of limited passes)."""
    from rules.ai.kosa import choose

    moves: list[str] = []
    seen: set[tuple[object, ...]] = set()
    while st.result == PLAYING:
        here = (st.braid, st.spots, st.found, st.stock, st.waste, st.pass_no, st.moved)
        if here in seen:
            break
        seen.add(here)
        budget.spend()
        m = choose(st)
        moves.append(m)
        st = kosa.apply(st, m)
    return tuple(moves)


def replay(st: State, moves: tuple[str, ...]) -> State:
    for m in moves:
        st = kosa.apply(st, m)
    return st


def _rank(m: str) -> int:
    """Foundation moves first, then plays from the braid, the waste, a spot, fills (the
    engine lists nothing else while a fill is due), draws, the redeal."""
    if m == "d":
        return 5
    if m == "r":
        return 6
    src, dst = m.split(">")
    if dst[0] == "F":
        return 0
    return {"b": 1, "w": 2, "s": 4}.get(src, 3)


def _ordered(st: State) -> list[str]:
    return sorted(kosa.unsorted_moves(st), key=lambda m: (_rank(m), m))


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


# a beam entry: (moves made, position, the moves of its step, the entry it came from)
Entry = tuple[int, State, tuple[str, ...], "Entry | None"]


def _line(e: Entry | None) -> tuple[str, ...]:
    steps_: list[tuple[str, ...]] = []
    while e is not None:
        steps_.append(e[2])
        e = e[3]
    return tuple(m for step in reversed(steps_) for m in step)


def _select(nxt: dict[Key, tuple[int, Entry]], width: int) -> list[Entry]:
    """Half the layer by the plain estimate; the other half, from a wider choice, with the
    blocked cards counted too (the plain estimate alone leads the whole beam into dead ends:
    the stock spent while the braid stays stuck). Sorting is stable and `nxt` is filled in a
    fixed order: ties are determined."""
    ranked = sorted(nxt.values(), key=lambda t: (t[0], t[1][0]))
    keep = ranked[: (width + 1) // 2]
    rest = ranked[len(keep) : len(keep) + SECOND * width]
    more = sorted(rest, key=lambda t: (t[0] + WEIGHT * blocked(t[1][1]), t[1][0]))
    return [e for _, e in keep] + [e for _, e in more[: width - len(keep)]]


def beam(st: State, budget: Budget, width: int, bound: int) -> tuple[str, ...] | None:
    """The shortest winning line of fewer than `bound` moves a beam search of `width`
    positions per layer finds (None: none). Stops when the budget is spent."""
    found: list[tuple[str, ...]] = []
    with contextlib.suppress(OutOfBudget):
        _beam(st, budget, width, bound, found)
    return found[-1] if found else None


def _beam(st: State, budget: Budget, width: int, bound: int, found: list[tuple[str, ...]]) -> None:
    """`beam`: each line found shorter than the last is appended to `found`."""
    layer: list[Entry] = [(0, st, (), None)]
    seen: dict[Key, int] = {key(st): 0}
    while layer:
        nxt: dict[Key, tuple[int, Entry]] = {}
        for entry in layer:
            budget.spend()
            g = entry[0]
            for moves, child in steps(entry[1]):
                g2 = g + len(moves)
                if child.result == WON:
                    if g2 < bound:
                        found.append((*_line(entry), *moves))
                        bound = g2
                    continue
                if child.result != PLAYING or g2 + lower(child) >= bound:
                    continue
                k = key(child)
                old = seen.get(k)
                if old is not None and old <= g2:
                    continue
                seen[k] = g2
                nxt[k] = (g2 + estimate(child), (g2, child, moves, entry))
        layer = _select(nxt, width)
        if DEBUG and layer:
            g, p = layer[0][0], layer[0][1]
            print("layer", g, sum(len(x) for x in p.found) // 2, len(nxt), budget.used)


def solve(
    st: State, budget_nodes: int, shortest: bool = True, width: int = 0, stop: Stop | None = None
) -> Solution:
    """Solve a Kosa position within `budget_nodes` positions (see `rules.solve.solve`)."""
    if st.result == WON:
        return Solution(WON, (), 0, True)
    if st.result != PLAYING:
        return Solution(LOST, (), 0, True)
    budget = Budget(budget_nodes, stop)
    line: tuple[str, ...] = ()
    try:
        ai = ai_line(st, budget)
        if replay(st, ai).result == WON:
            line = ai
        else:
            # the beam first (it finds wins far sooner), then the search that can prove a loss
            share = Budget(budget.left // 2, stop)
            found = beam(st, share, max(1, share.limit // PER_LAYER), _FAR)
            budget.spend(share.used)
            if found is None:
                found = find(st, budget)
            if found is None:
                return Solution(LOST, (), budget.used, False)
            line = found
    except OutOfBudget:
        return Solution(WON if line else UNDECIDED, line, budget.used, False)
    if shortest:
        line = _shorten(st, line, budget, width, stop)
    return Solution(WON, line, budget.used, False)


def _shorten(
    st: State, line: tuple[str, ...], budget: Budget, width: int, stop: Stop | None
) -> tuple[str, ...]:
    """Beams of doubling widths from `MIN_WIDTH` (the last one takes all the budget left),
    or one of `width`; the shortest line found. On some deals every position of a layer
    dead-ends, and on which depends on the width: several widths find more."""
    w = width or MIN_WIDTH
    while budget.left > 0:
        part = w * PER_LAYER
        if width or budget.left < 3 * part:  # the next one would not fit: all of it now
            part = budget.left
            w = width or max(1, part // PER_LAYER)
        sub = Budget(part, stop)
        better = beam(st, sub, w, len(line))
        budget.used += sub.used  # within the budget: `sub` was cut from what was left
        if better is not None:
            line = better
        if stop is not None and sub.used < sub.limit and stop():
            break
        w *= 2
    return line
