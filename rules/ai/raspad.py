"""The Raspad hint player: a fair kon search.

It sees only what the player sees: the hand, the table line, the discard pile and the stock's
size. The unseen cards (the stock, in an unknown order) are the deck minus everything visible.

Every order of beats inside the current kon is searched (positions reached by different orders
are merged; at most MAX_NODES positions, proportionally fewer on lines longer than LONG_LINE
cards, whose positions cost more). Positions are pairs of bit masks (hand cards kept, line
cards alive). Each reachable position is scored as a way to end the kon:
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
from rules.ai import check_level
from rules.errors import IllegalMove
from rules.raspad import (
    HAND_SIZE,
    PLAYING,
    TABLE_SIZE,
    VALUE,
    State,
    beats,
)
from rules.rng import Rng

Table = tuple[str | None, ...]

MAX_NODES = 1200  # positions searched per kon (the search merges orders reaching one position)
LONG_LINE = 6  # lines longer than this get proportionally fewer positions
MC_STOCK = 10  # with at most this many stock cards, closes are judged by sampling
MC_TOP = 5  # how many of the best kept hands are sampled
MC_SAMPLES = 32  # sampled refills and next tables per kept hand
CLOSE_NODES = 300  # search budget of one sampled next kon
WIN = 1_000_000.0


_BEATERS: dict[tuple[str, int, bool], frozenset[str]] = {}


def _beaters(t: str, low: int, near_hole: bool) -> frozenset[str]:
    """Every card that beats the table card `t` with lowest value `low` (cached)."""
    key = (t, low, near_hole)
    got = _BEATERS.get(key)
    if got is None:
        got = frozenset(h for h in cards.deck_54() if h != t and beats(h, t, low, near_hole))
        _BEATERS[key] = got
    return got


class _Kon:
    """The positions of one kon as bit masks: the hand cards kept (bit k: `hand[k]`) and the
    live cards of the line (bit i: `table[i]`). Line cards never move, only die, so a mask pair
    is a position; beats and decay cascades are cached per mask."""

    def __init__(self, hand: tuple[str, ...], table: Table) -> None:
        self.hand = hand
        self.table = table
        self.n = len(table)
        self.root_hand = (1 << len(hand)) - 1
        self.root_live = sum(1 << i for i, c in enumerate(table) if c is not None)
        self.values = [VALUE[c] if c is not None else 0 for c in table]
        self._after: dict[int, int] = {}
        # _ok[3 * i + d]: the hand cards that beat the line card i with d beaten neighbours
        self._ok: dict[int, int] = {}

    def after(self, live: int, i: int) -> int:
        """The live mask after the card at `i` is beaten, with the decay cascade."""
        key = live << 6 | i  # a line has fewer than 64 cards
        got = self._after.get(key)
        if got is not None:
            return got
        n = self.n
        values = self.values
        m = live & ~(1 << i)
        # the line was settled before the beat: only cards next to a new hole can decay
        todo = [i - 1, i + 1]
        while todo:
            j = todo.pop()
            if j < 0 or j >= n or not m >> j & 1:
                continue
            v = values[j]
            if v == 0 or v > 2:
                continue
            d = (1 if j > 0 and not m >> (j - 1) & 1 else 0) + (
                1 if j + 1 < n and not m >> (j + 1) & 1 else 0
            )
            if v <= d:
                m &= ~(1 << j)
                todo.append(j - 1)
                todo.append(j + 1)
        self._after[key] = m
        return m

    def children(self, hm: int, live: int) -> list[tuple[int, int, int, int]]:
        """Every beat from a position: (hand mask after, live mask after, hand index k, line
        index i), in line order, then hand order."""
        out: list[tuple[int, int, int, int]] = []
        for i, ok in self.line(live):
            m = ok & hm
            if not m:
                continue
            nl = self.after(live, i)
            out.extend([(hm & ~(1 << k), nl, k, i) for k in range(len(self.hand)) if m >> k & 1])
        return out

    def line(self, live: int) -> list[tuple[int, int]]:
        """For each live card (in line order): its index and the mask of hand cards that beat it."""
        out: list[tuple[int, int]] = []
        n = self.n
        okm = self._ok
        for i in range(n):
            if live >> i & 1:
                d = (1 if i > 0 and not live >> (i - 1) & 1 else 0) + (
                    1 if i + 1 < n and not live >> (i + 1) & 1 else 0
                )
                hm = okm.get(3 * i + d)
                if hm is None:
                    t = self.table[i]
                    assert t is not None
                    ok = _beaters(t, VALUE[t] - d, d > 0)
                    hm = okm[3 * i + d] = sum(1 << k for k, h in enumerate(self.hand) if h in ok)
                if hm:
                    out.append((i, hm))
        return out

    def hand_of(self, hm: int) -> tuple[str, ...]:
        return tuple(h for k, h in enumerate(self.hand) if hm >> k & 1)


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
        self._weights: dict[str, tuple[float, float]] = {}
        self._samples: dict[int, list[tuple[str, ...]]] = {}

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
        k = draw + lay
        ok = 0
        for smp in self.samples(k):
            ok += can_close(hand + smp[:draw], smp[draw:])
        return self.close_tail(ok / MC_SAMPLES, draw, left)

    def samples(self, k: int) -> list[tuple[str, ...]]:
        """MC_SAMPLES draws of `k` unseen cards (the same for every kept hand: cached)."""
        got = self._samples.get(k)
        if got is None:
            rng = Rng(self.seed)
            pool = list(self.unseen)
            got = []
            for _ in range(MC_SAMPLES):
                for j in range(k):  # a partial Fisher–Yates shuffle
                    r = j + rng.below(len(pool) - j)
                    pool[j], pool[r] = pool[r], pool[j]
                got.append(tuple(pool[:k]))
            self._samples[k] = got
        return got

    def beaten_share(self, c: str) -> float:
        """The share of unseen cards that beat `c` (a joker counted as next to a hole)."""
        r = self._share.get(c)
        if r is None:
            r = len(_beaters(c, VALUE[c], True) & self.unseen_set) / self.nu
            self._share[c] = r
        return r

    def weight(self, c: str) -> tuple[float, float]:
        """A card's weight on a failed kon's next line: the share of unseen cards that cannot
        beat it, and a rebate for aces and twos (they decay next to beaten cards)."""
        w = self._weights.get(c)
        if w is None:
            v = VALUE[c]
            w = self._weights[c] = (
                1.0 - self.beaten_share(c),
                0.3 if v == 1 else 0.1 if v == 2 else 0.0,
            )
        return w

    def fail_scores(self, kon: _Kon, fails: list[tuple[int, int, str]]) -> tuple[float, str]:
        """The best failed kon of `fails` (kept hand cards, live line cards, first move): lost
        with an empty stock, else minus the weight of the next line. Declaring a fail now is
        chosen only when strictly better than playing on."""
        best, move = -2 * WIN, ""
        if self.stock == 0:
            for _, _, first in fails:
                score = -WIN - (1e-6 if not first else 0.0)
                if score > best:
                    best, move = score, first or "fail"
            return best, move
        cells = [(1 << i, self.weight(c)) for i, c in enumerate(kon.table) if c is not None]
        held = [(1 << k, self.weight(c)) for k, c in enumerate(kon.hand)]
        short = 2.0 * (HAND_SIZE - self.stock) if self.stock < HAND_SIZE else 0.0
        for hm, live, first in fails:
            pen = 0.0
            for bit, (w, rebate) in cells:
                if live & bit:
                    pen += w
                    if rebate:
                        pen -= rebate
            for bit, (w, rebate) in held:
                if hm & bit:
                    pen += w
                    if rebate:
                        pen -= rebate
            if short:
                pen += short  # a short new hand
            score = -pen - (1e-6 if not first else 0.0)
            if score > best:
                best, move = score, first or "fail"
        return best, move


def suggest(state: State, player: int = 0, seed: int | None = None, level: str = "strong") -> str:
    """A good legal move for the player, using only what the player can see; `IllegalMove`
    when the game is over or `player` is not 0. `level` (`rules.ai.LEVELS`) is checked
    (`ValueError` for another name), then ignored: a hint plays alike at every level."""
    check_level(level)
    if player != 0 or state.result != PLAYING:
        raise IllegalMove("raspad: no move to suggest")
    return choose(state, 0 if seed is None else seed)


def choose(state: State, seed: int = 0) -> str:
    """The suggested move for a position that is being played."""
    sc = _Scorer(state, seed)
    kon = _Kon(state.hand, state.table)
    hand0, table0, n = kon.hand, kon.table, kon.n
    fails: list[tuple[int, int, str]] = []  # scored only when nothing closes
    closes: dict[int, tuple[float, str]] = {}  # kept hand -> (score, first move)
    seen: set[int] = set()
    stack: list[tuple[int, int, str]] = [(kon.root_hand, kon.root_live, "")]
    budget = MAX_NODES * LONG_LINE // max(LONG_LINE, n)  # long lines cost more per position
    while stack and len(seen) < budget:
        hm, live, first = stack.pop()
        key = hm << n | live
        if key in seen:
            continue
        seen.add(key)
        count = live.bit_count()
        if count <= 1:
            if hm not in closes:
                closes[hm] = (sc.close_score(kon.hand_of(hm)), first or "close")
        elif not closes:
            fails.append((hm, live, first))
        if count == 0:
            continue
        for nh, nl, k, i in kon.children(hm, live):
            if (nh << n | nl) not in seen:  # a seen position is skipped when popped
                stack.append((nh, nl, first or f"{hand0[k]}>{table0[i]}"))
    if not closes:
        return sc.fail_scores(kon, fails)[1] or "fail"
    ranked = sorted(closes.items(), key=lambda kv: -kv[1][0])
    top_score, top_move = ranked[0][1]
    if top_score >= WIN - 1 or sc.stock > MC_STOCK or len(ranked) == 1:
        return top_move
    best = (-1.0, top_move)
    for hm, (_, move) in ranked[:MC_TOP]:
        best = max(best, (sc.sampled_close(kon.hand_of(hm)), move), key=lambda x: x[0])
    return best[1]


def can_close(hand: tuple[str, ...], table: Table) -> bool:
    """Whether some order of beats leaves at most one live card (within a search budget)."""
    kon = _Kon(hand, table)
    n = kon.n
    seen: set[int] = set()
    stack = [(kon.root_hand, kon.root_live)]
    while stack:
        hm, live = stack.pop()
        if live.bit_count() <= 1:
            return True
        key = hm << n | live
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > CLOSE_NODES:
            return False
        for nh, nl, _k, _i in kon.children(hm, live):
            if (nh << n | nl) not in seen:  # seen positions have two live cards or more
                stack.append((nh, nl))
    return False
