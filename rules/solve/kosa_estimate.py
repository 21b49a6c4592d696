"""How far a Kosa position is from a win, for the beam search's ranking (never for a proof).

`blocked(st)`: the cards that would still be off the foundations after every foundation move
that becomes possible if the stock and the waste were free to take from (the *closure*, as
the computer player measures it): a spot's top, the braid's last card (each corner emptied on
the way refilled from the braid) or any stock or waste card. Those cards wait for builds or
for the braid to be dug, which costs moves the plain count does not see.
"""

from __future__ import annotations

from collections import Counter

from rules.kosa import CORNERS, F_NEXT, State, split_pile

WEIGHT = 2  # the moves a blocked card is taken to cost besides its own


def _needs(st: State) -> tuple[list[str], int]:
    """The card each foundation takes next ("" when complete; the base rank for the empty
    ones), and the cards on the foundations."""
    need: list[str] = []
    started: Counter[str] = Counter()
    on = 0
    for pile in st.found:
        on += len(pile) // 2
        if pile:
            started[pile[1]] += 1
            if len(pile) < 26:
                need.append(F_NEXT[pile[-2:]])
    for s in "SHDC":
        need.extend([st.base + s] * (2 - started[s]))
    return need, on


def blocked(st: State) -> int:
    braid = split_pile(st.braid)
    spots = [split_pile(p) for p in st.spots]
    pool = Counter(split_pile(st.stock + st.waste))
    tops: dict[str, list[int]] = {}
    for i, pile in enumerate(spots):
        if pile:
            tops.setdefault(pile[-1], []).append(i)

    def take(c: str) -> bool:
        """Take `c` from a spot's top, the braid's end or the pool (False: not there)."""
        idx = tops.get(c)
        if idx:
            i = idx.pop()
            pile = spots[i]
            pile.pop()
            if not pile and i in CORNERS and braid:
                pile.append(braid.pop())
            if pile:
                tops.setdefault(pile[-1], []).append(i)
        elif braid and braid[-1] == c:
            braid.pop()
        elif pool[c]:
            pool[c] -= 1
        else:
            return False
        return True

    need, on = _needs(st)
    progress = True
    while progress:
        progress = False
        for k, first in enumerate(need):
            c = first
            while c and take(c):
                on += 1
                progress = True
                c = F_NEXT[c]
                if c[0] == st.base:
                    c = ""
            need[k] = c
    return 104 - on
