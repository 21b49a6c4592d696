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


def blocked(st: State) -> int:
    braid = split_pile(st.braid)
    spots = [split_pile(p) for p in st.spots]
    pool = Counter(split_pile(st.stock + st.waste))
    base = st.base
    need: list[str] = []
    started: Counter[str] = Counter()
    on = 0
    for p in st.found:
        on += len(p) // 2
        if p:
            started[p[1]] += 1
            if len(p) < 26:
                need.append(F_NEXT[p[-2:]])
    for s in "SHDC":
        need.extend([base + s] * (2 - started[s]))
    tops: dict[str, list[int]] = {}
    for i, p in enumerate(spots):
        if p:
            tops.setdefault(p[-1], []).append(i)
    progress = True
    while progress:
        progress = False
        for k, c in enumerate(need):
            while c:
                idx = tops.get(c)
                if idx:
                    i = idx.pop()
                    p = spots[i]
                    p.pop()
                    if not p and i in CORNERS and braid:
                        p.append(braid.pop())
                    if p:
                        tops.setdefault(p[-1], []).append(i)
                elif braid and braid[-1] == c:
                    braid.pop()
                elif pool[c]:
                    pool[c] -= 1
                else:
                    break
                on += 1
                progress = True
                c = F_NEXT[c]
                if c[0] == base:
                    c = ""
            need[k] = c
    return 104 - on
