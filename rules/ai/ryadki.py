"""The Ryadki computer player, `suggest(state, seat, seed, level="strong")`. It sees only
`rules.ryadki.view(state, seat)` (`choose(view, seed)` plays from a view): its own hand and
public information (stack, counts, piles, the cards played in this deal and what every
"cannot answer" revealed about the ranks and suits a player lacks).

Determinized sampling: each sample deals the unseen cards (the deck less our hand and the cards
played in this deal) into hidden hands of the public sizes — a seat known to lack ranks or suits
gets that many cards without them — and a stock of the public size. In every sample each legal
card is played and the deal is simulated on: the other players play uniformly random cards, we
play at random too except that we take a stack the next player (in that sample) cannot answer.
Two to four players: to the end of the deal; five or six: `HORIZON` series (longer rollouts
there were only noise). A finished rollout is valued by the game: in the last deal our share of
the game win, before it our score lead over the best other seat after the deal (the deal
winners add their piles); a cut rollout by the lead in score + pile. The card with the best
average wins; ties go to the heuristic below. All samples share their hidden deal and their
random numbers across the candidate cards (common random numbers), and the budget is a count
of simulated plays (`NODES`), not the clock; the random numbers come from `seed` and the view,
so the same view and seed give the same card whatever the hidden cards really are (they are
drawn from `rules.rng`, never `random`, so also on every machine and Python version).

Levels (`LEVEL_BUDGET`): strong is the above; normal and easy sample fewer worlds (easy a
single one, so its card is the best for one guess at the hidden hands) and, with a seeded
chance, play the card they rank second (not when the best won in every sample). The draw
comes from the same public seed, so a level too gives the same card for the same view and seed.

The heuristic (tie-break): each legal card is scored by what it is expected to bring:
- the chance the next responder cannot answer it (hypergeometric over the unseen cards, using
  the known voids), times the cards the stack would bring;
- with two players, a short expectimax over the series: the opponent's reply (each unseen card
  that answers, equally likely), our best answer to it, and the chance we cannot answer
  (the stack then goes to the opponent);
- with more players, the chance the stack goes to another player after the responder answers;
- the effects: Q and 7 take cards from the next responder's pile, a third of a rank takes
  stock cards, J on J destroys a stack; a deal that ends at once leaves the stack to nobody;
- a small value for keeping cards that match many unseen cards (and Q, 7, J for later).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

from rules import ryadki
from rules.ai import check_level
from rules.cards import deck_36, deck_52
from rules.rng import Rng
from rules.ryadki import State

_DECKS = {36: deck_36(), 52: deck_52()}

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
NODES = 3000  # simulated plays per decision (all candidate cards together)
MIN_SAMPLES = 4  # samples per decision, at least (a long deal, many cards: over NODES)
MAX_SAMPLES = 64  # and at most (the end of a deal)
MARGIN = 0.05  # value of a point of score lead (a share of the game win is worth 1)
HORIZON = 3  # series simulated with five or six players (fewer: to the end of the deal)
SERIES_PLAYS = 5  # plays a series takes, for the sample count
# The weaker levels of `suggest`: (simulated plays, fewest samples, most samples, chance in 1000
# of playing the card ranked second). Easy guesses the hidden hands once (its card is the best
# for that one guess), normal a few times; both now and then play their runner-up. Against
# a random player (two seats, one deal) easy scores about 62 %, normal 68 %, strong 73 %, and
# against strong 38 %, 41 %, 50 %; with four seats the luck of the deal leaves every level
# within a few points of the others (27-30 % against random players, fair share 25 %); see
# benchmarks/rules_speed.py.
LEVEL_BUDGET: dict[str, tuple[int, int, int, int]] = {
    "easy": (0, 1, 1, 300),
    "normal": (800, 2, 32, 50),
}
_SLIP_SALT = 0x51D3_C0DE_5EED  # the runner-up draw's own stream (not the samples')


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


class _Knowledge:
    __slots__ = ("hands", "unseen", "voids")

    def __init__(self, v: dict[str, Any]) -> None:
        known = set(v["hand"]) | set(v["played"])
        self.unseen = [c for c in _DECKS[v["deck"]] if c not in known]
        self.hands: list[int] = v["hands"]
        self.voids: list[list[Any]] = v["voids"]

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


def suggest(state: State, player: int = 0, seed: int | None = None, level: str = "strong") -> str:
    """A computer player's move for `player` at `level` (`rules.ai.LEVELS`), from public
    information and its own hand only (`ValueError` for an unknown level, or when `player`
    has no legal move)."""
    return choose(ryadki.view(state, player), seed, level)


def choose(v: dict[str, Any], seed: int | None = None, level: str = "strong") -> str:
    """The card to play from view `v` at `level`: "strong" samples NODES plays (within
    MIN_SAMPLES..MAX_SAMPLES samples); "normal" and "easy" the smaller budgets of
    `LEVEL_BUDGET`, and with its chance play the card they rank second."""
    if check_level(level) == "strong":
        nodes, fewest, most, slip = NODES, MIN_SAMPLES, MAX_SAMPLES, 0
    else:
        nodes, fewest, most, slip = LEVEL_BUDGET[level]
    moves: list[str] = v["legal"]
    if not moves:
        raise ValueError("ryadki: no legal move for this seat")
    if len(moves) == 1:
        return moves[0]
    sampled = _sample_values(v, moves, seed, nodes, fewest, most)
    best = _best(v, moves, sampled)
    if not slip or Rng(_public_seed(v, seed) ^ _SLIP_SALT).below(1000) >= slip:
        return best
    rest = [j for j, c in enumerate(moves) if c != best]
    sure = v["deal"] >= v["deals"] and sampled[moves.index(best)] >= 1.0
    if sure and all(sampled[j] < 1.0 for j in rest):
        return best  # the last deal, a win in every sample: not missed
    return _best(v, [moves[j] for j in rest], [sampled[j] for j in rest])


def _best(v: dict[str, Any], moves: list[str], sampled: list[float]) -> str:
    """The card of `moves` with the best sampled value; ties go to the heuristic."""
    top = max(sampled)
    tied = [c for c, x in zip(moves, sampled, strict=True) if x == top]
    if len(tied) == 1:
        return tied[0]
    know = _Knowledge(v)  # ties (often in the last deal: a sure win or loss) go to the heuristic
    duel = sum(1 for a in v["active"] if a) == 2
    heur = [_duel_value(v, know, c) if duel else _group_value(v, know, c) for c in tied]
    return tied[heur.index(max(heur))]


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


def _duel_value(v: dict[str, Any], know: _Knowledge, c: str) -> float:
    me: int = v["seat"]
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


def _group_value(v: dict[str, Any], know: _Knowledge, c: str) -> float:
    me: int = v["seat"]
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


# -- determinized sampling -----------------------------------------------------------------------


def _public_seed(v: dict[str, Any], seed: int | None) -> int:
    """A seed from `seed` and the public view (own hand included): the same view, the same seed."""
    text = "|".join(
        (
            str(seed or 0),
            str(v["seat"]),
            str(v["deal"]),
            str(v["moves"]),
            "".join(v["hand"]),
            "".join(v["played"]),
            "".join(v["stack"]),
            ",".join(map(str, v["piles"])),
        )
    )
    return zlib.crc32(text.encode())


def _shuffle(items: list[str], rng: Rng) -> None:
    """Fisher–Yates with 32-bit draws, two from each `rng.next64()` (multiply-shift: a bias
    below 52 / 2**32; `Rng.shuffle`, exact, is slower than the sampling wants)."""
    x = 1
    for i in range(len(items) - 1, 0, -1):
        if x < 1 << 32:  # the bit above the unused draws marks how many are left
            x = rng.next64() | 1 << 64
        j = (x & 0xFFFFFFFF) * (i + 1) >> 32
        x >>= 32
        items[i], items[j] = items[j], items[i]


def _determinize(
    v: dict[str, Any], unseen: list[str], rng: Rng
) -> tuple[list[list[str]], list[str]]:
    """Hidden hands and a stock consistent with the counts and the known voids."""
    pool = unseen[:]
    _shuffle(pool, rng)
    me: int = v["seat"]
    counts: list[int] = v["hands"]
    hands: list[list[str]] = [[] for _ in counts]
    hands[me] = list(v["hand"])
    for q, (ranks, suits, k) in enumerate(v["voids"]):
        if q == me or not k or not counts[q]:
            continue
        want = min(k, counts[q])
        got: list[str] = []
        rest: list[str] = []
        for c in pool:
            if len(got) < want and c[0] not in ranks and c[1] not in suits:
                got.append(c)
            else:
                rest.append(c)
        hands[q] = got
        pool = rest
    i = 0
    for q, h in enumerate(counts):
        if q == me:
            continue
        need = h - len(hands[q])
        if need > 0:
            hands[q].extend(pool[i : i + need])
            i += need
    stock = pool[i : i + v["stock"]]
    return hands, stock


_AFTER = {n: [[(p + i) % n for i in range(1, n)] for p in range(n)] for n in range(2, 7)}


def _next_in(hands: list[list[str]], after: int) -> int | None:
    n = len(hands)
    for i in range(1, n):
        q = (after + i) % n
        if hands[q]:
            return q
    return None


def _draws(rng: Rng) -> Iterator[int]:
    """Endless random 16-bit numbers for the rollouts, four from each `rng.next64()`."""
    next64 = rng.next64
    while True:
        x = next64()
        yield x & 0xFFFF
        yield x >> 16 & 0xFFFF
        yield x >> 32 & 0xFFFF
        yield x >> 48


def _pick(options: list[str], draws: Iterator[int]) -> str:
    """A uniformly random option (multiply-shift of a 16-bit draw: a bias below 6 / 65,536)."""
    return options[next(draws) * len(options) >> 16]


def _put(
    hands: list[list[str]],
    stock: list[str],
    stack: list[str],
    piles: list[int],
    after: list[int],
    card: str,
    p: int,
) -> bool:
    """`p` plays `card` (seats `after` follow `p`): the card's effects. True when it ends the
    series (J on J: the stack goes to nobody)."""
    hands[p].remove(card)
    rank = card[0]
    if rank == "J" and stack and stack[-1][0] == "J":
        stack.clear()
        return True
    stack.append(card)
    if rank in ("7", "Q"):
        for q in after:
            if hands[q]:
                take = 1 if rank == "7" else 4
                piles[q] = piles[q] - take if piles[q] > take else 0
                break
    if len(stack) >= 3 and stack[-2][0] == rank and stack[-3][0] == rank and stock:
        take = 2 if len(stock) >= 2 else 1
        del stock[-take:]
        piles[p] += take
    return False


def _reply(
    hands: list[list[str]], after: list[int], card: str, me: int, draws: Iterator[int]
) -> tuple[int, str]:
    """The next holder after the player of `card` (seats `after`) and its random answer (our
    seat `me` takes a stack it surely wins); (-1, "") without a holder, (seat, "") when it
    cannot answer."""
    for r in after:
        if hands[r]:
            break
    else:
        return -1, ""
    rank, su = card[0], card[1]
    ans = [c for c in hands[r] if c[0] == rank or c[1] == su]
    if not ans:
        return r, ""
    reply = _pick(ans, draws)
    if r == me and len(ans) > 1:
        reply = _sure(hands, r, ans, reply)
    return r, reply


def _refill(hands: list[list[str]], stock: list[str], active: list[bool], leader: int) -> int:
    """A new series after `leader` ended one: the hands refilled from the leader on (a seat
    that left passes the lead on). Returns the leader."""
    n = len(hands)
    if not active[leader]:
        for i in range(1, n + 1):
            if active[(leader + i) % n]:
                leader = (leader + i) % n
                break
    if stock:
        for i in range(n):
            q = (leader + i) % n
            need = 6 - len(hands[q])
            if need > 0 and stock and active[q]:
                hands[q].extend(stock[-need:])
                del stock[-need:]
    return leader


def _simulate(
    hands: list[list[str]],
    stock: list[str],
    stack: list[str],
    piles: list[int],
    active: list[bool],
    card: str,
    p: int,
    rng: Rng,
    budget: int,
    me: int = -1,
    horizon: int = 0,
) -> bool:
    """Play `card` for `p`, then random cards for everyone (our seat `me` takes a stack it
    surely wins) to the end of the deal, or `budget` plays, or `horizon` series ends (0: no
    limit). Mutates the arguments; `piles` holds the result. True when the deal ended."""
    plays = 0
    after = _AFTER[len(hands)]
    draws = _draws(rng)
    series = 0
    while True:
        plays += 1
        if not _put(hands, stock, stack, piles, after[p], card, p):
            if not stock and sum(1 for h in hands if h) <= 1:
                return True
            r, reply = _reply(hands, after[p], card, me, draws)
            if reply:
                if plays >= budget:
                    return False
                card, p = reply, r
                continue
            if r >= 0:  # cannot answer: the stack goes to the pile of its last card's player
                piles[p] += len(stack)
            stack.clear()
        # a new series: refill from the leader, then the lead
        series += 1
        if series == horizon:
            return False
        leader = _refill(hands, stock, active, p)
        if not stock and sum(1 for h in hands if h) <= 1:
            return True
        if plays >= budget:
            return False
        lead = leader if hands[leader] else _next_in(hands, leader)
        if lead is None:
            return True
        p = lead
        h = hands[p]
        card = _pick(h, draws)
        if p == me and len(h) > 1:
            card = _sure(hands, p, h, card)


def _sure(hands: list[list[str]], p: int, options: list[str], default: str) -> str:
    """A card of `options` that the next holder (in the sampled world) cannot answer, if any."""
    nxt = hands[(p + 1) % len(hands)] if len(hands) == 2 else None
    if nxt is None:
        q = _next_in(hands, p)
        if q is None:
            return default
        nxt = hands[q]
    for c in options:
        r, s = c[0], c[1]
        for x in nxt:
            if x[0] == r or x[1] == s:
                break
        else:
            return c
    return default


def _outcome(v: dict[str, Any], piles: list[int], ended: bool = True) -> float:
    """Our value of a deal that ended with `piles` (not `ended`: the piles so far)."""
    me: int = v["seat"]
    active: list[bool] = v["active"]
    seated = [q for q in range(len(piles)) if active[q]]
    if not ended:
        sc: list[int] = v["scores"]
        return MARGIN * (sc[me] + piles[me] - max(sc[q] + piles[q] for q in seated if q != me))
    scores = list(v["scores"])
    best = max(piles[q] for q in seated)
    if best > 0:
        for q in seated:
            if piles[q] == best:
                scores[q] += best
    top = max(scores[q] for q in seated if q != me)
    if v["deal"] >= v["deals"]:
        if scores[me] > top:
            return 1.0
        if scores[me] < top:
            return 0.0
        return 1.0 / sum(1 for q in seated if scores[q] == top)
    return float(scores[me] - top) * MARGIN


def _sample_values(
    v: dict[str, Any], moves: list[str], seed: int | None, nodes: int, fewest: int, most: int
) -> list[float]:
    """The average outcome of each card over samples of the hidden cards: `nodes` simulated
    plays shared among the cards, at least `fewest` and at most `most` samples."""
    me: int = v["seat"]
    known = set(v["hand"]) | set(v["played"])
    unseen = [c for c in _DECKS[v["deck"]] if c not in known]
    active = sum(1 for a in v["active"] if a)
    horizon = HORIZON if active >= 5 else 0
    remaining = sum(v["hands"]) + v["stock"]  # the most plays a rollout can take
    if horizon:
        remaining = min(remaining, horizon * SERIES_PLAYS)
    per = max(1, nodes // (len(moves) * max(1, remaining)))
    per = min(max(per, fewest), most)
    samples = Rng(_public_seed(v, seed))
    totals = [0.0] * len(moves)
    for _ in range(per):
        rng = Rng(samples.next64())
        hands, stock = _determinize(v, unseen, rng)
        roll = rng.next64()
        for j, m in enumerate(moves):
            piles = list(v["piles"])
            ended = _simulate(
                [h[:] for h in hands],
                stock[:],
                list(v["stack"]),
                piles,
                v["active"],
                m,
                me,
                Rng(roll),
                10_000,
                me,
                horizon,
            )
            totals[j] += _outcome(v, piles, ended)
    return [t / per for t in totals]


def match(
    games: int = 400, players: int = 2, deals: int = 7, seed: int = 0
) -> tuple[float, float, float]:
    """`suggest` in one seat (alternating) vs uniformly random players elsewhere, seeded.

    Returns (win share of the suggest seat, a shared win counting 1/len(winners); the median and
    the 99th percentile seconds per `suggest` call).
    """
    import time

    share = 0.0
    times: list[float] = []
    for g in range(games):
        bot = g % players
        s = ryadki.new_game({"players": players, "deals": deals}, seed=seed * 100_003 + g)
        rnd = Rng(seed * 7_919 + g + 1)
        while not s.over:
            p = s.turn
            assert p is not None
            if p == bot:
                t = time.perf_counter()
                m = suggest(s, p)
                times.append(time.perf_counter() - t)
            else:
                m = rnd.choice(ryadki.legal_moves(s, p))
            s = ryadki.apply(s, m, p)
        if bot in s.winners:
            share += 1 / len(s.winners)
    times.sort()
    if not times:
        return share / games, 0.0, 0.0
    return share / games, times[len(times) // 2], times[min(len(times) - 1, len(times) * 99 // 100)]
