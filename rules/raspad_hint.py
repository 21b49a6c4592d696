"""The Raspad hint player: a fair kon search.

It sees only what the player sees: the hand, the table line, the discard pile and the stock's
size. The unseen cards (the stock, in an unknown order) are the deck minus everything visible.

Every order of beats inside the current kon is searched (positions reached by different orders
are merged; at most MAX_NODES positions). Each reachable position is scored as a way to end
the kon:
- a close (at most one live card): an immediate or certain win scores highest; otherwise the
  versatility of the kept hand — the share of unseen cards it can beat, with the expected help
  of the cards drawn to refill it — plus a little for draining the stock. Near the end of the
  stock (≤ MC_STOCK cards) the best few kept hands are compared by sampling refills and next
  tables from the unseen cards and checking whether that next kon could close;
- a failed kon: lost when the stock is empty; otherwise the weight of the next line: for each
  card, the share of unseen cards that cannot beat it, lighter for aces and twos (they decay
  next to a beaten card).
Any close beats any failed kon. The first move towards the best position is suggested
(`close` or `fail` when it is the current one; a fail is declared only when strictly better
than playing on). `seed` only seeds the sampling: the same position and seed give the same hint.
"""

from __future__ import annotations

from rules import cards
from rules.raspad import (
    HAND_SIZE,
    TABLE_SIZE,
    VALUE,
    State,
    beats,
)
from rules.rng import Rng

Table = tuple[str | None, ...]

MAX_NODES = 1200  # positions searched per kon (the search merges orders reaching one position)
MC_STOCK = 10  # with at most this many stock cards, closes are judged by sampling
MC_TOP = 5  # how many of the best kept hands are sampled
MC_SAMPLES = 48  # sampled refills and next tables per kept hand
CLOSE_NODES = 300  # search budget of one sampled next kon
WIN = 1_000_000.0


def _after_beat(table: Table, i: int) -> Table:
    """The line after the card at `i` is beaten, with the decay cascade."""
    t = list(table)
    t[i] = None
    n = len(t)
    changed = True
    while changed:
        changed = False
        for j in range(n):
            c = t[j]
            if c is None:
                continue
            v = VALUE[c]
            if v == 0 or v > 2:
                continue
            d = (1 if j > 0 and t[j - 1] is None else 0) + (
                1 if j + 1 < n and t[j + 1] is None else 0
            )
            if v <= d:
                t[j] = None
                changed = True
    return tuple(t)


_BEATERS: dict[tuple[str, int, bool], frozenset[str]] = {}


def _beaters(t: str, low: int, near_hole: bool) -> frozenset[str]:
    """Every card that beats the table card `t` with lowest value `low` (cached)."""
    key = (t, low, near_hole)
    got = _BEATERS.get(key)
    if got is None:
        got = frozenset(h for h in cards.deck_54() if h != t and beats(h, t, low, near_hole))
        _BEATERS[key] = got
    return got


def _beats_from(hand: tuple[str, ...], table: Table) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    n = len(table)
    for i, t in enumerate(table):
        if t is None:
            continue
        d = (1 if i > 0 and table[i - 1] is None else 0) + (
            1 if i + 1 < n and table[i + 1] is None else 0
        )
        ok = _beaters(t, VALUE[t] - d, d > 0)
        for h in hand:
            if h in ok:
                out.append((h, i))
    return out


class _Scorer:
    """Scores of the ways a kon can end, from what the player sees."""

    def __init__(self, state: State, seed: int) -> None:
        full = cards.deck_54() if state.jokers else cards.deck_52()
        seen = set(state.hand) | set(state.discard) | {c for c in state.table if c is not None}
        self.unseen = [c for c in full if c not in seen]
        self.stock = len(state.stock)
        self.seed = seed
        self.nu = max(1, len(self.unseen))
        # which unseen cards each hand card could beat on a fresh line (no beaten neighbours)
        fresh = [_beaters(u, VALUE[u], False) for u in self.unseen]
        self.cover: dict[str, int] = {}
        for h in state.hand:
            mask = 0
            for k, b in enumerate(fresh):
                if h in b:
                    mask |= 1 << k
            self.cover[h] = mask
        unseen_set = set(self.unseen)
        tot = sum(len(b & unseen_set) for b in fresh)
        self.mean_cover = tot / (self.nu * self.nu)
        self.unseen_set = unseen_set
        self._share: dict[str, float] = {}

    def draw_left(self, hand: tuple[str, ...]) -> tuple[int, int]:
        draw = min(HAND_SIZE - len(hand), self.stock)
        return draw, self.stock - draw

    def close_score(self, hand: tuple[str, ...]) -> float:
        """A close keeping `hand`: certain wins first, then the kept hand's versatility."""
        draw, left = self.draw_left(hand)
        if left == 0:
            return WIN  # won at once
        if left == 1:
            return WIN - 1  # a one-card table closes at once, then nothing is left
        mask = 0
        for h in hand:
            mask |= self.cover[h]
        cov = mask.bit_count() / self.nu
        q = 1.0 - (1.0 - cov) * (1.0 - self.mean_cover) ** draw
        q += 0.02 * sum(1 for h in hand if VALUE[h] == 0 or 2 <= VALUE[h] <= 10)
        return self.close_tail(q, draw, left)

    @staticmethod
    def close_tail(q: float, draw: int, left: int) -> float:
        last = 0.5 if left <= TABLE_SIZE else 0.0  # the next kon is the last one
        return 1000.0 + 100.0 * q + last + 0.5 * draw

    def sampled_close(self, hand: tuple[str, ...]) -> float:
        """The share of sampled refills and next tables with which the next kon can close."""
        draw, left = self.draw_left(hand)
        lay = min(TABLE_SIZE, left)
        rng = Rng(self.seed)
        pool = list(self.unseen)
        k = draw + lay
        ok = 0
        for _ in range(MC_SAMPLES):
            for j in range(k):  # a partial Fisher–Yates shuffle
                r = j + rng.below(len(pool) - j)
                pool[j], pool[r] = pool[r], pool[j]
            ok += can_close(hand + tuple(pool[:draw]), tuple(pool[draw:k]))
        return self.close_tail(ok / MC_SAMPLES, draw, left)

    def beaten_share(self, c: str) -> float:
        """The share of unseen cards that beat `c` (a joker counted as next to a hole)."""
        r = self._share.get(c)
        if r is None:
            r = len(_beaters(c, VALUE[c], True) & self.unseen_set) / self.nu
            self._share[c] = r
        return r

    def fail_score(self, hand: tuple[str, ...], table: Table) -> float:
        """A failed kon: lost with an empty stock, else the weight of the next line."""
        if self.stock == 0:
            return -WIN
        pen = 0.0
        for c in [*(c for c in table if c is not None), *hand]:
            pen += 1.0 - self.beaten_share(c)
            v = VALUE[c]
            if v == 1:
                pen -= 0.3  # decays next to any beaten card
            elif v == 2:
                pen -= 0.1
        if self.stock < HAND_SIZE:
            pen += 2.0 * (HAND_SIZE - self.stock)  # a short new hand
        return -pen


def choose(state: State, seed: int = 0) -> str:
    """The suggested move for a position that is being played."""
    sc = _Scorer(state, seed)
    best_fail = -2 * WIN
    fail_move = ""
    closes: dict[tuple[str, ...], tuple[float, str]] = {}  # kept hand -> (score, first move)
    seen: set[tuple[tuple[str, ...], Table]] = set()
    stack: list[tuple[tuple[str, ...], Table, str]] = [(state.hand, state.table, "")]
    while stack and len(seen) < MAX_NODES:
        hand, table, first = stack.pop()
        key = (hand, table)
        if key in seen:
            continue
        seen.add(key)
        live = sum(1 for c in table if c is not None)
        if live <= 1:
            if hand not in closes:
                closes[hand] = (sc.close_score(hand), first or "close")
        else:
            # declaring a fail now is chosen only when strictly better than playing on
            score = sc.fail_score(hand, table) - (1e-6 if not first else 0.0)
            if score > best_fail:
                best_fail, fail_move = score, first or "fail"
        if live == 0:
            continue
        for h, i in _beats_from(hand, table):
            t = table[i]
            assert t is not None
            nxt = (tuple(c for c in hand if c != h), _after_beat(table, i), first or h + ">" + t)
            stack.append(nxt)
    if not closes:
        return fail_move or "fail"
    ranked = sorted(closes.items(), key=lambda kv: -kv[1][0])
    top_score, top_move = ranked[0][1]
    if top_score >= WIN - 1 or sc.stock > MC_STOCK or len(ranked) == 1:
        return top_move
    best = (-1.0, top_move)
    for hand, (_, move) in ranked[:MC_TOP]:
        best = max(best, (sc.sampled_close(hand), move), key=lambda x: x[0])
    return best[1]


def can_close(hand: tuple[str, ...], table: Table) -> bool:
    """Whether some order of beats leaves at most one live card (within a search budget)."""
    seen: set[tuple[tuple[str, ...], Table]] = set()
    stack = [(hand, table)]
    while stack:
        h, t = stack.pop()
        if sum(1 for c in t if c is not None) <= 1:
            return True
        key = (h, t)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > CLOSE_NODES:
            return False
        for hc, i in _beats_from(h, t):
            stack.append((tuple(c for c in h if c != hc), _after_beat(t, i)))
    return False
