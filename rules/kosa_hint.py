"""The Kosa hint player: `choose(state)` returns a strong legal move, playing fair.

Fair: it looks at the braid, the spots, the foundations and the waste (all face up) and at
the stock's size; it never reads the stock order. Which cards are in the stock is known (the
cards not visible elsewhere); the player does not use even that beyond its size.
"""

from __future__ import annotations

from rules import kosa
from rules.errors import IllegalMove
from rules.kosa import CORNERS, F_NEXT, ON_SPOT, SPOTS, VALUE, State

_ORDER = "A23456789TJQK"


def _below_base(base: str) -> str:
    """Rank char of the card just below the base (the last card of every foundation)."""
    return _ORDER[(VALUE[base] - 2) % 13]


def _src_card(st: State, src: str) -> str:
    if src == "b":
        return st.braid[-2:]
    if src == "w":
        return st.waste[-2:]
    if src == "s":
        return ""
    return st.spots[SPOTS.index(src)][-2:]


def _choose_fill(st: State, moves: list[str]) -> str:
    def key(m: str) -> tuple[int, str]:
        src, dst = m.split(">")
        i = SPOTS.index(dst)
        if src == "b":
            return (0, m)
        if src == "w":
            return (1, m)
        return (2 if i in CORNERS else 1, m)

    return min(moves, key=key)


def _buries(st: State, card: str, dst: str) -> bool:
    """Putting `card` on spot `dst` would put the last foundation card on a base card."""
    return card[0] == _below_base(st.base) and dst[0] in "LR"


def choose(st: State, seed: int | None = None) -> str:
    moves = kosa._moves(st)
    if not moves:
        raise IllegalMove("kosa: no legal move")
    if kosa._fills(st):
        return _choose_fill(st, moves)
    card_moves = [m for m in moves if ">" in m]
    # 1. foundations
    fm = [m for m in card_moves if ">F" in m]
    if fm:
        def fkey(m: str) -> tuple[int, str]:
            src = m.split(">")[0]
            if src == "b":
                return (0, m)
            if src in SPOTS:
                pile = st.spots[SPOTS.index(src)]
                if len(pile) == 2:
                    return (1 if SPOTS.index(src) in CORNERS else 2, m)
                return (3, m)
            return (4, m)

        return min(fm, key=fkey)
    # 2. dig the braid
    for m in sorted(card_moves):
        src, dst = m.split(">")
        if src == "b" and not _buries(st, st.braid[-2:], dst):
            return m
    # 3. spot -> spot that vacates a spot
    for m in sorted(card_moves):
        src, dst = m.split(">")
        if (
            src in SPOTS
            and len(st.spots[SPOTS.index(src)]) == 2
            and not _buries(st, _src_card(st, src), dst)
        ):
            return m
    # 4. waste -> spot
    for m in sorted(card_moves):
        src, dst = m.split(">")
        if src == "w" and not _buries(st, st.waste[-2:], dst):
            return m
    if "d" in moves:
        return "d"
    if "r" in moves and (st.moved or not card_moves):
        return "r"
    if card_moves:
        return sorted(card_moves)[0]
    return moves[0]


_unused = (F_NEXT, ON_SPOT)
