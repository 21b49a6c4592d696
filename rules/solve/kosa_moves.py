"""Kosa positions for the solver: the key of a position (what decides its future), the
*macro moves* of the short-line search (a run of draws and the card move it is for, as one
step) and the estimate of the moves a position still needs.

Macro moves. A draw only matters for the card move it prepares: a card move that neither
plays the waste's top card nor empties a spot (whose fill may come from the stock or the
waste) does the same before the draws as after them. So every line can be reordered into
steps of: a card move or fill as the engine lists it; `j` draws then a move of the waste's
top card; `j` draws then a move that empties a spot and the fill of that spot from the stock
(a fill from the waste is the same as one draw more and a fill from the stock; a fill from
the braid the same as without the draws); the draws left in the pass and the redeal.
"""

from __future__ import annotations

from dataclasses import replace

from rules import kosa
from rules.kosa import CORNERS, F_NEXT, ON_SPOT, SPOTS, State

Key = tuple[object, ...]
Step = tuple[tuple[str, ...], State]  # the moves of a step (API notation), the position after

_SIDES = tuple(i for i in range(12) if i not in CORNERS)
_CORNERS = tuple(sorted(CORNERS))


def key(st: State) -> Key:
    """Equal keys, equal futures: the braid is always a prefix of the same braid (its length
    says which), the four corner spots are alike and so are the eight side spots (sorted),
    a foundation is known by its top card (sorted), the pass number matters only when passes
    are limited."""
    sp = st.spots
    return (
        len(st.braid),
        tuple(sorted(sp[i] for i in _CORNERS)),
        tuple(sorted(sp[i] for i in _SIDES)),
        tuple(sorted(p[-2:] for p in st.found)),
        st.stock,
        st.waste,
        st.moved,
        st.pass_no if st.max_passes is not None else 0,
    )


def play(st: State, move: str) -> State:
    """`kosa.apply` of a card move or fill the engine lists now, without checking it again
    (the check costs as much as the move; the tests compare the two)."""
    src, dst = move.split(">")
    changes, _ = kosa._move_card(st, src, dst)
    return kosa._settle(replace(st, events=(), **changes))


def drawn(st: State, j: int) -> State:
    """The position after `j` draws (no move in between: no fill is pending)."""
    cut = len(st.stock) - 2 * j
    taken = st.stock[cut:]
    rev = "".join(taken[i : i + 2] for i in range(len(taken) - 2, -1, -2))
    return replace(st, stock=st.stock[:cut], waste=st.waste + rev, events=())


def wanted(st: State) -> set[str]:
    """Every card that has a place now: on a foundation or onto a spot's top."""
    out: set[str] = set()
    empty = False
    for p in st.found:
        if not p:
            empty = True
        elif len(p) < 26:
            out.add(F_NEXT[p[-2:]])
    if empty:
        out.update(st.base + s for s in "SHDC")
    for p in st.spots:
        if p:
            below = ON_SPOT.get(p[-2:])
            if below is not None:
                out.add(below)
    return out


def _fill_from_stock(st: State, moves: tuple[str, ...]) -> list[Step]:
    """After a move that emptied a spot: its fill from the stock (or the automatic fill the
    engine made, or nothing when the game ended)."""
    if st.result != "playing" or not kosa.vacancy_fills(st):
        return [(moves, st)]
    return [((*moves, m), play(st, m)) for m in kosa.unsorted_moves(st) if m[0] == "s"]


def steps(st: State) -> list[Step]:
    """The macro moves of a position in play (see the module docstring)."""
    moves = kosa.unsorted_moves(st)
    out: list[Step] = [((m,), play(st, m)) for m in moves if m not in ("d", "r")]
    if kosa.vacancy_fills(st):
        return out
    emptying = [
        m for m in moves if m[0] in "LR" and len(st.spots[SPOTS.index(m.split(">")[0])]) == 2
    ]
    n = len(st.stock) // 2
    want = wanted(st)  # the same after draws
    for j in range(1, n + 1):
        d = drawn(st, j)
        draws = ("d",) * j
        if d.waste[-2:] in want:
            out.extend(((*draws, m), play(d, m)) for m in kosa.unsorted_moves(d) if m[0] == "w")
        if j < n:  # the fill from the stock (from the waste it is the same as one draw more)
            for m in emptying:
                out.extend(_fill_from_stock(play(d, m), (*draws, m)))
    if st.moved and (st.max_passes is None or st.pass_no < st.max_passes):
        end = drawn(st, n)
        if end.waste:
            out.append((("d",) * n + ("r",), kosa.apply(end, "r")))
    return out


def lower(st: State) -> int:
    """Moves still needed at least: one for each card off the foundations, one more for each
    stock card (it leaves the stock by a draw or a fill from the stock, not to a foundation)."""
    return 104 - sum(len(p) for p in st.found) // 2 + len(st.stock) // 2


def estimate(st: State) -> int:
    """Moves still needed, roughly: one for each card off the foundations, one more for each
    stock card (a draw or a fill from the stock), one more for each waste card below the
    top (they come back only after a redeal, most of them), and one for each braid card
    more than there are stock and waste cards (with the pool spent, the braid is dug only
    through corners its own cards fill, and the line dead-ends)."""
    off = 104 - sum(len(p) for p in st.found) // 2
    w = len(st.waste) // 2
    s = len(st.stock) // 2
    return off + s + max(0, w - 1) + max(0, len(st.braid) // 2 - s - w)
