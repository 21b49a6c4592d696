"""The Ryadki computer player. It sees only `rules.ryadki.view(state, seat)`: its own hand and
public information (stack, counts, piles, the cards played in this deal and what every
"cannot answer" revealed about the ranks and suits a player lacks).

Each legal card is scored by what it is expected to bring at once:
- the chance the next responder cannot answer it, times the cards the stack would bring;
- minus the chance the stack then goes to the responder because the player after them (in a
  two-player game: we) cannot answer their reply;
- the effects: Q and 7 take cards from the next responder's pile, a third of a rank takes
  stock cards, J on J destroys a stack we would probably lose;
- a small value for keeping cards that match many unseen cards (and Q, 7, J for later).
"""

from __future__ import annotations

from typing import Any

from rules.cards import deck_36, deck_52
from rules.rng import Rng

_DECKS = {36: deck_36(), 52: deck_52()}
_KEEP = {"Q": 0.9, "7": 0.25, "J": 0.3}


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


def choose(v: dict[str, Any], seed: int | None = None) -> str:
    moves: list[str] = v["legal"]
    if not moves:
        raise ValueError("ryadki: no legal move for this seat")
    if len(moves) == 1:
        return moves[0]
    me: int = v["seat"]
    hand: list[str] = v["hand"]
    stack: list[str] = v["stack"]
    piles: list[int] = v["piles"]
    active: list[bool] = v["active"]
    stock: int = v["stock"]
    know = _Knowledge(v)
    unseen = know.unseen
    n_live = sum(1 for a in active if a)
    opp_w = 1.0 if n_live == 2 else 0.6
    best_pile = max((piles[q] for q in range(len(piles)) if q != me and active[q]), default=0)

    best: list[str] = []
    best_val = -1e9
    for c in moves:
        rest = [x for x in hand if x != c]
        hands = know.hands[:]
        hands[me] -= 1
        size = len(stack) + 1
        val = 0.0
        # keeping flexible / useful cards
        for x in rest:
            val += 0.02 * sum(1 for u in unseen if u[0] == x[0] or u[1] == x[1])
        val -= _KEEP.get(c[0], 0.0)
        if stack and c[0] == "J" and stack[-1][0] == "J":
            # J on J: nobody gets the stack, we lead next
            val += 0.4
            if best_val < val:
                best, best_val = [c], val
            elif val == best_val:
                best.append(c)
            continue
        r = _next_holder(hands, active, me)
        if r is not None and c[0] in "7Q":
            take = min(1 if c[0] == "7" else 4, piles[r])
            w = opp_w if n_live == 2 or piles[r] >= best_pile else 0.5 * opp_w
            val += w * take + (0.0 if take else -0.3 * _KEEP[c[0]])
        if len(stack) >= 2 and stack[-1][0] == c[0] and stack[-2][0] == c[0]:
            val += min(2, stock)
        if r is None:
            if stock == 0 and n_live > 0:
                val -= 0.0
        else:
            pf = know.p_cannot(r, c, hands[r])
            val += pf * size
            # the responder answers with some card x matching c; then the next holder answers
            rep = [u for u in unseen if (u[0] == c[0] or u[1] == c[1])]
            if rep:
                r2 = _next_holder(_after_play(hands, r), active, r)
                lose = 0.0
                if r2 == me:
                    for x in rep:
                        if not any(y[0] == x[0] or y[1] == x[1] for y in rest):
                            lose += 1.0
                    lose /= len(rep)
                    val -= (1 - pf) * lose * (size + 1) * opp_w
                elif r2 is not None:
                    sample = rep[:: max(1, len(rep) // 6)]
                    for x in sample:
                        lose += know.p_cannot(r2, x)
                    lose /= len(sample)
                    val -= (1 - pf) * lose * (size + 1) * opp_w * 0.7
                # a pair on top invites a third of the rank
                if stack and stack[-1][0] == c[0] and stock:
                    same = sum(1 for u in unseen if u[0] == c[0])
                    p_has = 1 - _p_none(len(unseen), same, hands[r])
                    val -= (1 - pf) * p_has * min(2, stock) * opp_w
        if val > best_val + 1e-9:
            best, best_val = [c], val
        elif abs(val - best_val) <= 1e-9:
            best.append(c)
    if seed is None or len(best) == 1:
        return best[0]
    return Rng(seed).choice(best)


def _after_play(hands: list[int], seat: int) -> list[int]:
    out = hands[:]
    out[seat] -= 1
    return out


def match(games: int = 400, players: int = 2, deals: int = 7, seed: int = 0) -> tuple[float, float]:
    """`suggest` in one seat (alternating) vs uniformly random players elsewhere, seeded.

    Returns (win share of the suggest seat, a shared win counting 1/len(winners); the mean
    seconds per `suggest` call).
    """
    import time

    from rules import ryadki

    share = 0.0
    spent = 0.0
    calls = 0
    for g in range(games):
        bot = g % players
        s = ryadki.new_game({"players": players, "deals": deals}, seed=seed * 100_003 + g)
        rnd = Rng(seed * 7_919 + g + 1)
        while not s.over:
            p = s.turn
            assert p is not None
            if p == bot:
                t = time.perf_counter()
                m = ryadki.suggest(s, p)
                spent += time.perf_counter() - t
                calls += 1
            else:
                m = rnd.choice(ryadki.legal_moves(s, p))
            s = ryadki.apply(s, m, p)
        if bot in s.winners:
            share += 1 / len(s.winners)
    return share / games, spent / max(1, calls)
