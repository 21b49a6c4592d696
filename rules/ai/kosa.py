"""The Kosa hint player: `suggest(state)` (also `choose(state)`) returns a strong legal move,
playing fair.

Fair: it sees what the player sees — the braid, the spots, the foundations, the waste — and
knows which cards are in the stock (the two decks minus everything visible), never their order.

How it plays. With unlimited passes every stock or waste card comes to the waste top once per
pass, so the planner treats the stock and the waste as a *pool* of cards reachable by drawing.
Its measure of a position is the *closure*: how many cards would reach the foundations by
foundation moves alone, taking each needed card from a spot top, the braid's last card or the
pool, and refilling every corner emptied on the way from the braid; ties are broken by the
*blockage* (how deep the next two cards of each foundation lie in the braid and the spots,
the nearer one counting double).
A closure of 104 is a won position: play foundation moves, draw otherwise.
Otherwise it searches builds — the braid's last card or a spot's top onto a spot, possibly over
a chain of up to three pool cards laid there first; a pool card onto a spot; a corner emptied
is refilled from the braid — one build deep plus one more (150 positions at most per new
position, memoised across draws), and plays the first step of the best build that raises the
value (a pool card is played when it shows on the waste top; until then it draws).
Foundation moves are played at once; a vacancy is filled from the source of highest value
(the braid on ties; for corners that is the usual choice); no build that lowers the value is
made (which is how the card below the base rank is never buried on a needed base card), and a
reversible spot-to-spot shift counts only for what it uncovers. At the end of a pass without a
card move it makes the least harmful card move instead of the losing redeal, but not a pointless
shift (a spot's top card moved onto a twin of the card below it, which could be shifted back):
when only those are left it suggests the redeal, which ends the game as lost. Every other card
move makes progress that cannot be undone, and a pointless shift is otherwise made only when it
raises the position's value, so following the hints always ends the game (unless stock and
waste are empty and only pointless shifts remain: no legal move ends the game then).
"""

from __future__ import annotations

from rules.ai import check_level
from rules.cards import double_deck
from rules.errors import IllegalMove
from rules.kosa import (
    CORNERS,
    F_NEXT,
    ON_SPOT,
    SPOTS,
    TOTAL,
    State,
    split_pile,
    unsorted_moves,
    vacancy_fills,
)

_SUITS = "SHDC"
_DECK = dict.fromkeys(double_deck(), 2)
_NODES = 150  # positions evaluated per new position: the only budget (a count, never time)
_MEMO_MAX = 512
_DEEP = 1000
_LOOK = 2  # cards ahead on each foundation that the blockage weighs
_CHAIN = 3  # longest chain of pool cards a build may lay first
_UP = {below: top for top, below in ON_SPOT.items()}
_WORST = 1 << 30
_SPOT_INDEX = {name: i for i, name in enumerate(SPOTS)}

Node = tuple[list[str], list[list[str]], dict[str, int], list[str]]
# a build: (source, destination spot, pool cards laid on the spot first); source "b" (the
# braid), "S<i>" (spot i) or a pool card's code
Build = tuple[str, int, tuple[str, ...]]

_memo: dict[tuple[str, tuple[str, ...], tuple[str, ...]], tuple[int, dict[Build, int]]] = {}


# ---------------------------------------------------------------------------- the abstract game


def _node(st: State) -> Node:
    # the pool: the two decks minus every card in sight (the stock's order is never read)
    pool = dict(_DECK)
    for c in split_pile(st.braid + "".join(st.spots) + "".join(st.found)):
        pool[c] -= 1
    need: list[str] = []
    started = dict.fromkeys(_SUITS, 0)
    for p in st.found:
        if p:
            started[p[1]] += 1
            if len(p) < 26:
                need.append(F_NEXT[p[-2:]])
    for s in _SUITS:
        need.extend([st.base + s] * (2 - started[s]))
    return split_pile(st.braid), [split_pile(p) for p in st.spots], pool, need


def _copy(n: Node) -> Node:
    return list(n[0]), [list(p) for p in n[1]], dict(n[2]), list(n[3])


def _close(n: Node, base: str) -> int:
    """Play every foundation move reachable (in place); the number of cards played."""
    braid, spots, pool, need = n
    tops: dict[str, list[int]] = {}
    for i, p in enumerate(spots):
        if p:
            tops.setdefault(p[-1], []).append(i)
    done = 0
    progress = True
    while progress:
        progress = False
        for k in range(len(need)):
            while True:
                c = need[k]
                if not c:
                    break
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
                elif pool.get(c):
                    pool[c] -= 1
                else:
                    break
                done += 1
                progress = True
                nxt = F_NEXT[c]
                need[k] = "" if nxt[0] == base else nxt
    return done


def _builds(n: Node) -> list[Build]:
    """Builds of the abstract game: a pool card onto a spot, or the braid's last card or a
    spot's top onto a spot, possibly over a chain of pool cards laid there first."""
    braid, spots, pool, _ = n
    out: list[Build] = []
    tops: dict[str, list[int]] = {}
    for j, p in enumerate(spots):
        if p:
            tops.setdefault(p[-1], []).append(j)
            want = ON_SPOT.get(p[-1])
            if want is not None and pool.get(want):
                out.append((want, j, ()))
    sources: list[tuple[str, int, str]] = []
    if braid:
        sources.append(("b", -1, braid[-1]))
    for i, p in enumerate(spots):
        if p:
            sources.append((f"S{i}", i, p[-1]))
    for src, i, card in sources:
        chain: list[str] = []
        c = card
        while True:
            up = _UP.get(c)
            if up is None:
                break
            targets = tops.get(up)
            if targets:
                laid = tuple(reversed(chain))
                out.extend([(src, j, laid) for j in targets if j != i])
            if len(chain) >= _CHAIN or not pool.get(up):
                break
            chain.append(up)
            c = up
    return out


def _build(n: Node, b: Build) -> Node:
    m = _copy(n)
    braid, spots, pool, _ = m
    src, j, chain = b
    for c in chain:
        pool[c] -= 1
        spots[j].append(c)
    if src == "b":
        spots[j].append(braid.pop())
    elif src[0] == "S":
        i = int(src[1:])
        spots[j].append(spots[i].pop())
        if not spots[i] and i in CORNERS and braid:
            spots[i].append(braid.pop())
    else:
        pool[src] -= 1
        spots[j].append(src)
    return m


def _blockage(n: Node, base: str) -> int:
    """How deep the cards the foundations need next lie (0 when on top or in the pool); the
    card each foundation needs now counts `_LOOK` times, the one after it one time less…"""
    braid, spots, pool, need = n
    weight: dict[str, int] = {}
    for first in need:
        c = first
        w = _LOOK
        while c and w > 0:
            if not pool.get(c):
                weight[c] = weight.get(c, 0) + w
            c = F_NEXT[c]
            if c[0] == base:
                break
            w -= 1
    if not weight:
        return 0
    depth: dict[str, int] = {}
    top = len(braid) - 1
    for k, c in enumerate(braid):
        if c in weight:
            depth[c] = top - k  # later (shallower) copies overwrite deeper ones
    for p in spots:
        top = len(p) - 1
        for k, c in enumerate(p):
            if c in weight and top - k < depth.get(c, _DEEP):
                depth[c] = top - k
    return sum(d * weight[c] for c, d in depth.items())


def _plan(st: State) -> tuple[int, dict[Build, int]]:
    """The value now, and for each build available in the abstract game the best value
    reachable by it and at most one more build. Value: cards on the foundations after the
    closure (× 1000) minus the blockage left."""
    key = (st.braid, st.spots, st.found)
    hit = _memo.get(key)
    if hit is not None:
        return hit
    have = sum(len(p) for p in st.found) // 2
    base = st.base
    root = _node(st)
    closed = _copy(root)
    p0 = have + _close(closed, base)
    v0 = p0 * 1000 - _blockage(closed, base)
    vals: dict[Build, int] = {}
    if p0 < TOTAL:
        firsts: list[tuple[Build, Node, int, int]] = []
        for b in _builds(root):
            child = _build(root, b)
            p1 = have + _close(child, base)
            v = p1 * 1000 - _blockage(child, base)
            vals[b] = v
            firsts.append((b, child, p1, v))
        nodes = len(firsts)
        # builds that need no first build: they do not count as a reason for one
        first = dict(vals)
        if p0 > have:
            for b2 in _builds(closed):
                grand = _build(closed, b2)
                v2 = (p0 + _close(grand, base)) * 1000 - _blockage(grand, base)
                first[b2] = max(first.get(b2, -_WORST), v2)
                nodes += 1
        firsts.sort(key=lambda t: -t[3])
        for b, child, p1, v in firsts:
            if p1 >= TOTAL:
                continue
            if b[0][0] == "S" and len(root[1][int(b[0][1:])]) > 1:
                continue  # a reversible shift is worth only what it uncovers
            best = v
            for b2 in _builds(child):
                if nodes >= _NODES:
                    break
                nodes += 1
                grand = _build(child, b2)
                v2 = (p1 + _close(grand, base)) * 1000 - _blockage(grand, base)
                # credit only pairs that beat the second build alone (no free riders)
                if v2 > best and v2 > first.get(b2, -_WORST):
                    best = v2
            vals[b] = best
    if len(_memo) >= _MEMO_MAX:
        del _memo[next(iter(_memo))]  # the oldest: one at a time (clearing all at once stalls)
    _memo[key] = (v0, vals)
    return v0, vals


# ---------------------------------------------------------------------------- the real moves


def _real(st: State, b: Build) -> str | None:
    """The move that starts build `b` now, or None when its pool card is not on the waste top."""
    src, j, chain = b
    if chain:
        return f"w>{SPOTS[j]}" if st.waste[-2:] == chain[0] else None
    if src == "b":
        return f"b>{SPOTS[j]}"
    if src[0] == "S":
        return f"{SPOTS[int(src[1:])]}>{SPOTS[j]}"
    if st.waste[-2:] == src:
        return f"w>{SPOTS[j]}"
    return None


def _fill_value(st: State, move: str) -> int:
    src, dst = move.split(">")
    n = _node(st)
    i = SPOTS.index(dst)
    if src == "b":
        n[1][i].append(n[0].pop())
    elif src == "w":
        c = st.waste[-2:]
        n[2][c] -= 1
        n[1][i].append(c)
    return _close(n, st.base) * 1000 - _blockage(n, st.base)


def _choose_fill(st: State, moves: list[str]) -> str:
    order = {"b": 0, "w": 1, "s": 2}
    return max(moves, key=lambda m: (_fill_value(st, m), -order[m[0]], m))


def _foundation_key(st: State, m: str) -> tuple[int, str]:
    src = m.split(">", maxsplit=1)[0]
    if src == "b":
        return (0, m)
    if src in SPOTS:
        i = SPOTS.index(src)
        if len(st.spots[i]) == 2:
            return (1 if i in CORNERS else 2, m)
        return (3, m)
    return (4, m)


def _kind(m: str) -> int:
    """Preference among moves of equal value: dig the braid, empty a spot, then the rest."""
    if m.startswith("b>"):
        return 0
    return 2 if m.startswith("w>") else 1


def _pointless(st: State, m: str) -> bool:
    """A spot-to-spot shift of a card onto a twin of the card it uncovers: the position is
    the same up to which of two equal cards the moved one lies on (it can be shifted back)."""
    src, dst = m.split(">")
    if src not in _SPOT_INDEX or dst not in _SPOT_INDEX:
        return False
    pile = st.spots[_SPOT_INDEX[src]]
    return len(pile) >= 4 and pile[-4:-2] == st.spots[_SPOT_INDEX[dst]][-2:]


def suggest(state: State, player: int = 0, seed: int | None = None, level: str = "strong") -> str:
    """A strong, fair move for the hint button (never reads the stock order); `IllegalMove`
    when the game is over or `player` is not 0. `level` (`rules.ai.LEVELS`) is checked
    (`ValueError` for another name), then ignored: a hint plays alike at every level."""
    check_level(level)
    if player != 0 or state.result != "playing":
        raise IllegalMove("kosa: no move to suggest")
    return choose(state, seed)


def choose(st: State, seed: int | None = None) -> str:
    """The hint for a game in play. Deterministic: `seed` is accepted and not needed."""
    moves = unsorted_moves(st)
    if not moves:
        raise IllegalMove("kosa: no legal move")
    if vacancy_fills(st):
        return _choose_fill(st, moves)
    found = [m for m in moves if ">F" in m]
    if found:
        return min(found, key=lambda m: _foundation_key(st, m))
    v0, vals = _plan(st)
    now: dict[str, int] = {}  # value of each build that can start now
    for b, v in vals.items():
        real = _real(st, b)
        if real is not None and real in moves:
            now[real] = max(now.get(real, -_WORST), v)
    # (a pointless shift is valued by what it uncovers alone: when it improves, the value of the
    # position itself rises, so shifts of this kind cannot go round in circles)
    improving = [m for m, v in now.items() if v > v0]
    if improving:
        return max(improving, key=lambda m: (now[m], -_kind(m), m))
    if "d" in moves:
        return "d"  # wait for a pool card the plan wants, or for a foundation card
    if "r" in moves and st.moved:
        return "r"
    # the end of a pass without a card move (or of the last pass): the least harmful card move
    # that makes progress, else the redeal that ends the game. Every card move but a pointless
    # shift makes progress that cannot be undone (a card to a foundation, out of the braid or
    # the pool, onto its successor from elsewhere, or a spot emptied), so following the hints
    # always ends the game.
    card = [m for m in moves if ">" in m and not _pointless(st, m)]
    if card:
        return max(card, key=lambda m: (now.get(m, v0 - 1), -_kind(m), m))
    if "r" in moves:
        return "r"
    card = [m for m in moves if ">" in m]  # only pointless shifts are left: none ends the game
    if card:
        return max(card, key=lambda m: (now.get(m, v0 - 1), -_kind(m), m))
    return moves[0]
