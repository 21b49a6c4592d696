"""The Ryadki computer player's heuristic, the tie-break of `rules.ai.ryadki` (described in
its docstring): what a view tells about the hidden cards (`Knowledge`: the unseen cards, the
chance a seat cannot answer a card) and the expected value of each legal card, with two players
(`duel_value`: a short expectimax over the series) and with three to six (`group_value`)."""

from __future__ import annotations

from rules.cards import deck_36, deck_52
from rules.ryadki import Void
from rules.ryadki_view import RyadkiView

DECKS = {36: deck_36(), 52: deck_52()}

# weights (tuned against a uniformly random player)
KEEP: dict[str, float] = {}  # a cost for spending a rank (none: measured best)
FLEX = 0.0  # per unseen card a kept card matches
JJ_BONUS = 0.0  # J on J: nobody gets the stack and we lead
GROUP_KEEP = {"Q": 0.9, "7": 0.25, "J": 0.3}  # the same, three to six players
GROUP_FLEX = 0.02
GROUP_JJ = 0.4
GROUP_RISK = 0.7
REPLY_SAMPLE = 10  # opponent replies looked at per node
DEPTH = 0  # extra plies of our own (two players)


def _p_none(pool: int, match: int, draws: int) -> float:
    """Chance that `draws` cards taken from `pool` cards hold none of `match` given ones."""
    if draws <= 0:
        return 1.0
    if draws > pool:
        return 0.0
    p = 1.0
    free = pool - match
    for i in range(draws):
        if free - i <= 0:
            return 0.0
        p *= (free - i) / (pool - i)
    return p


def _matches(a: str, b: str) -> bool:
    return a[0] == b[0] or a[1] == b[1]


def seat_of(v: RyadkiView) -> int:
    """The viewer's seat (a spectator's view has none: it has no move to choose)."""
    seat = v["seat"]
    if seat is None:
        raise ValueError("ryadki: a spectator's view has no seat to play for")
    return seat


def voids_of(v: RyadkiView) -> list[Void]:
    """The view's voids (`[ranks, suits, k]` per seat) as `rules.ryadki_state.Void`s."""
    return [(str(ranks), str(suits), int(k)) for ranks, suits, k in v["voids"]]


class Knowledge:
    __slots__ = ("hands", "unseen", "voids")

    def __init__(self, v: RyadkiView) -> None:
        known = set(v["hand"]) | set(v["played"])
        self.unseen = [c for c in DECKS[v["deck"]] if c not in known]
        self.hands: list[int] = v["hands"]
        self.voids = voids_of(v)

    def p_cannot(self, seat: int, card: str, hand: int | None = None) -> float:
        """Chance that `seat` (holding `hand` cards) has no card of `card`'s rank or suit."""
        h = self.hands[seat] if hand is None else hand
        r, s = card[0], card[1]
        unseen = self.unseen
        match = sum(1 for c in unseen if (c[0] == r or c[1] == s) and c != card)
        vr, vs, k = self.voids[seat]
        k = min(k, h)
        if k and (vr or vs):
            pool = [c for c in unseen if c[0] not in vr and c[1] not in vs and c != card]
            m2 = sum(1 for c in pool if c[0] == r or c[1] == s)
            if len(pool) >= k:
                return _p_none(len(pool), m2, k) * _p_none(len(unseen), match, h - k)
        return _p_none(len(unseen), match, h)


def _next_holder(hands: list[int], active: list[bool], after: int) -> int | None:
    n = len(hands)
    for i in range(1, n):
        q = (after + i) % n
        if active[q] and hands[q] > 0:
            return q
    return None


def _keep_value(
    rest: list[str], unseen: list[str], played: str, keep: dict[str, float], flex: float
) -> float:
    val = -keep.get(played[0], 0.0)
    if not flex:
        return val
    for x in rest:
        val += flex * sum(1 for u in unseen if u[0] == x[0] or u[1] == x[1])
    return val


# -- two players ---------------------------------------------------------------------------------


def duel_value(v: RyadkiView, know: Knowledge, c: str) -> float:
    me = seat_of(v)
    opp = next(q for q in range(len(v["active"])) if v["active"][q] and q != me)
    hand: list[str] = v["hand"]
    rest = [x for x in hand if x != c]
    stack: list[str] = v["stack"]
    top = stack[-1] if stack else ""
    top2 = stack[-2] if len(stack) >= 2 else ""
    pf = know.p_cannot(opp, c, know.hands[opp])
    return _keep_value(rest, know.unseen, c, KEEP, FLEX) + _play(
        know.unseen,
        frozenset(),
        len(stack),
        top,
        top2,
        c,
        rest,
        know.hands[opp],
        v["piles"][me],
        v["piles"][opp],
        v["stock"],
        pf,
        DEPTH,
    )


def _play(
    unseen: list[str],
    gone: frozenset[str],
    size: int,
    top: str,
    top2: str,
    c: str,
    rest: list[str],
    h_opp: int,
    my_pile: int,
    opp_pile: int,
    stock: int,
    pf: float | None,
    depth: int,
) -> float:
    """Our value of playing `c` on a stack of `size` cards (`top`, `top2` its last two)."""
    if top and top[0] == "J" and c[0] == "J":
        return JJ_BONUS
    val = 0.0
    if h_opp > 0 and c[0] in "7Q":
        take = min(1 if c[0] == "7" else 4, opp_pile)
        val += take
    if top2 and top[0] == c[0] and top2[0] == c[0]:
        take = min(2, stock)
        val += take
        stock -= take
    if h_opp == 0 or (stock == 0 and not rest):
        return val  # built, or the deal ends at once: the stack goes to nobody
    size += 1
    reps = [u for u in unseen if u not in gone and _matches(u, c)]
    if pf is None:
        pool = len(unseen) - len(gone)
        pf = _p_none(pool, len(reps), h_opp)
    val += pf * size
    if not reps or pf >= 1.0:
        return val
    if len(reps) > REPLY_SAMPLE:
        step = len(reps) / REPLY_SAMPLE
        reps = [reps[int(i * step)] for i in range(REPLY_SAMPLE)]
    acc = 0.0
    for x in reps:
        acc += _answer(
            unseen, gone, size, c, top, x, rest, h_opp - 1, my_pile, opp_pile, stock, depth
        )
    return val + (1 - pf) * acc / len(reps)


def _answer(
    unseen: list[str],
    gone: frozenset[str],
    size: int,
    c: str,
    top: str,
    x: str,
    rest: list[str],
    h_opp: int,
    my_pile: int,
    opp_pile: int,
    stock: int,
    depth: int,
) -> float:
    """Our value after the opponent answered `c` with `x` (stack of `size` before `x`)."""
    if c[0] == "J" and x[0] == "J":
        return -JJ_BONUS
    val = 0.0
    if rest and x[0] in "7Q":
        val -= min(1 if x[0] == "7" else 4, my_pile)
    if top and top[0] == c[0] == x[0]:
        take = min(2, stock)
        val -= take
        stock -= take
    if not rest or (stock == 0 and h_opp == 0):
        return val
    size += 1
    ans = [y for y in rest if _matches(y, x)]
    if not ans:
        return val - size
    best = -1e9
    if depth > 0:
        g = gone | {x}
        for y in ans:
            r2 = [z for z in rest if z != y]
            w = _play(
                unseen, g, size, x, c, y, r2, h_opp, my_pile, opp_pile, stock, None, depth - 1
            )
            best = max(best, w)
        return val + best
    pool = len(unseen) - len(gone) - 1
    for y in ans:
        w = _answer_value(unseen, gone, pool, size, c, x, y, rest, h_opp, opp_pile, stock)
        best = max(best, w)
    return val + best


def _answer_value(
    unseen: list[str],
    gone: frozenset[str],
    pool: int,
    size: int,
    c: str,
    x: str,
    y: str,
    rest: list[str],
    h_opp: int,
    opp_pile: int,
    stock: int,
) -> float:
    """Our value of answering the opponent's `x` (on our `c`) with `y`, stack of `size` before
    `y`, `pool` cards unseen: its effects and the chance the opponent cannot answer `y`."""
    if x[0] == "J" and y[0] == "J":
        return JJ_BONUS
    w = 0.0
    if h_opp > 0 and y[0] in "7Q":
        w += min(1 if y[0] == "7" else 4, opp_pile)
    if c[0] == x[0] == y[0]:
        w += min(2, stock)
    if h_opp == 0 or (stock == 0 and len(rest) == 1):
        return w
    reps = [u for u in unseen if u not in gone and u != x and _matches(u, y)]
    pf = _p_none(pool, len(reps), h_opp)
    w += pf * (size + 1)
    if reps:
        lost = 0
        for u in reps:
            if not any(_matches(z, u) for z in rest if z != y):
                lost += 1
        w -= (1 - pf) * lost / len(reps) * (size + 2)
    return w


# -- three to six players ------------------------------------------------------------------------


def group_value(v: RyadkiView, know: Knowledge, c: str) -> float:
    me = seat_of(v)
    hand: list[str] = v["hand"]
    stack: list[str] = v["stack"]
    piles: list[int] = v["piles"]
    active: list[bool] = v["active"]
    stock: int = v["stock"]
    unseen = know.unseen
    rest = [x for x in hand if x != c]
    hands = know.hands[:]
    hands[me] -= 1
    size = len(stack) + 1
    val = _keep_value(rest, unseen, c, GROUP_KEEP, GROUP_FLEX)
    if stack and c[0] == "J" and stack[-1][0] == "J":
        return val + GROUP_JJ
    best_pile = max((piles[q] for q in range(len(piles)) if q != me and active[q]), default=0)
    r = _next_holder(hands, active, me)
    if r is not None and c[0] in "7Q":
        take = min(1 if c[0] == "7" else 4, piles[r])
        val += (0.6 if piles[r] >= best_pile else 0.3) * take
    if len(stack) >= 2 and stack[-1][0] == c[0] and stack[-2][0] == c[0]:
        take = min(2, stock)
        val += take
        stock -= take
    holders = sum(1 for q in range(len(hands)) if active[q] and hands[q] > 0)
    if r is None or (stock == 0 and holders <= 1):
        return val  # built, or the deal ends at once: the stack goes to nobody
    pf = know.p_cannot(r, c, hands[r])
    val += pf * size
    rep = [u for u in unseen if _matches(u, c)]
    if rep:
        hands[r] -= 1
        r2 = _next_holder(hands, active, r)
        if r2 is not None and r2 != me:
            sample = rep[:: max(1, len(rep) // 6)]
            lose = sum(know.p_cannot(r2, x) for x in sample) / len(sample)
            val -= (1 - pf) * lose * (size + 1) * 0.6 * GROUP_RISK
        elif r2 == me:
            lost = sum(1 for x in rep if not any(_matches(y, x) for y in rest))
            val -= (1 - pf) * lost / len(rep) * (size + 1) * 0.6
        if stack and stack[-1][0] == c[0] and stock:
            same = sum(1 for u in unseen if u[0] == c[0])
            p_has = 1 - _p_none(len(unseen), same, hands[r] + 1)
            val -= (1 - pf) * p_has * min(2, stock) * 0.6
    return val
