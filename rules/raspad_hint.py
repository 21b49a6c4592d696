"""The Raspad hint player: a fair kon search.

It sees only what the player sees: the hand, the table line, the discard pile and the stock's
size. The unseen cards (the stock, in an unknown order) are the deck minus everything visible.

Every order of beats inside the current kon is searched (positions reached by different orders
are merged). Each reachable position is scored as a way to end the kon:
- a close (at most one live card): an immediate or certain win scores highest; otherwise the
  versatility of the kept hand — the share of unseen cards it can beat, with the expected help
  of the cards drawn to refill it — plus a little for draining the stock;
- a failed kon: lost when the stock is empty; otherwise a penalty for every card the next line
  will hold, lighter for aces and twos (they decay next to a beaten card) and heavier for jokers.
The first move towards the best position is suggested (`close` or `fail` when it is the
current one).
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

Table = tuple[str | None, ...]

MAX_NODES = 4000
P = {"refill": 1.0, "num": 0.02, "last": 1.0, "draw": 0.5, "ace": 0.3, "two": 0.1, "joker": 1.5,
     "short": 2.0, "share": 1.0, "mc": 0, "mcs": 100}
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


def _beats_from(hand: tuple[str, ...], table: Table) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    n = len(table)
    for i, t in enumerate(table):
        if t is None:
            continue
        d = (1 if i > 0 and table[i - 1] is None else 0) + (
            1 if i + 1 < n and table[i + 1] is None else 0
        )
        low = VALUE[t] - d
        for h in hand:
            if beats(h, t, low, d > 0):
                out.append((h, i))
    return out


class _Scorer:
    def __init__(self, state: State) -> None:
        full = cards.deck_54() if state.jokers else cards.deck_52()
        seen = set(state.hand) | set(state.discard) | {c for c in state.table if c is not None}
        self.unseen = [c for c in full if c not in seen]
        self.stock = len(state.stock)
        nu = max(1, len(self.unseen))
        # which unseen cards each card could beat on a fresh line (no beaten neighbours)
        self.cover: dict[str, int] = {}
        for h in full:
            mask = 0
            for k, u in enumerate(self.unseen):
                if beats(h, u, VALUE[u], False):
                    mask |= 1 << k
            self.cover[h] = mask
        self.nu = nu
        tot = sum(bin(self.cover[u]).count("1") for u in self.unseen)
        self.mean_cover = tot / (nu * nu) if self.unseen else 0.0
        self._hand_cache: dict[tuple[str, ...], float] = {}
        self._share: dict[str, float] = {}
        self._mc: dict[tuple[tuple[str, ...], int], float] = {}

    def close_score(self, hand: tuple[str, ...]) -> float:
        draw = min(HAND_SIZE - len(hand), self.stock)
        left = self.stock - draw
        if left == 0:
            return WIN
        if left == 1:
            return WIN - 1
        key = hand
        q = self._hand_cache.get(key)
        if q is None:
            mask = 0
            for h in hand:
                mask |= self.cover[h]
            cov = bin(mask).count("1") / self.nu
            q = 1.0 - (1.0 - cov) * (1.0 - self.mean_cover) ** (draw * P["refill"])
            q += P["num"] * sum(1 for h in hand if VALUE[h] == 0 or 2 <= VALUE[h] <= 10)
            self._hand_cache[key] = q
        if P.get("mc") and self.stock <= P["mcs"]:
            q = self.mc(hand, draw)
        lay = min(TABLE_SIZE, left)
        bonus = 0.0
        if left - lay == 0:
            bonus = 0.5  # the next kon is the last one
        return 1000.0 + 100.0 * q + P["last"] * bonus + P["draw"] * draw

    def mc(self, hand: tuple[str, ...], draw: int) -> float:
        import random
        k = (hand, draw)
        if k in self._mc:
            return self._mc[k]
        rnd = random.Random(12345)
        n = int(P["mc"])
        ok = 0
        for _ in range(n):
            lay = min(TABLE_SIZE, len(self.unseen) - draw)
            smp = rnd.sample(self.unseen, draw + lay)
            ok += can_close(hand + tuple(smp[:draw]), tuple(smp[draw:]))
        self._mc[k] = ok / n
        return ok / n

    def beaten_share(self, c: str) -> float:
        r = self._share.get(c)
        if r is None:
            r = sum(1 for u in self.unseen if beats(u, c, VALUE[c], True)) / self.nu
            self._share[c] = r
        return r

    def fail_score(self, hand: tuple[str, ...], table: Table) -> float:
        if self.stock == 0:
            return -WIN
        line = [c for c in table if c is not None] + list(hand)
        pen = 0.0
        for c in line:
            v = VALUE[c]
            if P.get("share"):
                pen += 1.0 - P["share"] * self.beaten_share(c)
                if v == 1:
                    pen -= P["ace"]
                elif v == 2:
                    pen -= P["two"]
                continue
            if v == 0:
                pen += P["joker"]
            elif v == 1:
                pen += P["ace"]
            elif v == 2:
                pen += P["two"]
            else:
                pen += 1.0
        if self.stock < HAND_SIZE:
            pen += P["short"] * (HAND_SIZE - self.stock)
        return -pen


def choose(state: State) -> str:
    """The suggested move for a position that is being played."""
    sc = _Scorer(state)
    root_hand = state.hand
    root_table = state.table
    best_score = -2 * WIN
    best_move = ""
    seen: set[tuple[tuple[str, ...], Table]] = set()
    # stack of (hand, table, first move)
    stack: list[tuple[tuple[str, ...], Table, str]] = [(root_hand, root_table, "")]
    nodes = 0
    while stack:
        hand, table, first = stack.pop()
        key = (hand, table)
        if key in seen:
            continue
        seen.add(key)
        nodes += 1
        live = sum(1 for c in table if c is not None)
        if live <= 1:
            score = sc.close_score(hand)
            move = first or "close"
        else:
            score = sc.fail_score(hand, table)
            move = first or "fail"
        moves = _beats_from(hand, table) if live > 0 else []
        if live >= 2 and not moves and first == "":
            move = "fail"
        if score > best_score:
            best_score, best_move = score, move
        if live == 0 or nodes >= MAX_NODES:
            continue
        for h, i in moves:
            t = table[i]
            assert t is not None
            nh = tuple(c for c in hand if c != h)
            nt = _after_beat(table, i)
            stack.append((nh, nt, first or (h + ">" + t)))
    if not best_move:
        live = sum(1 for c in root_table if c is not None)
        return "close" if live <= 1 else "fail"
    return best_move



def can_close(hand: tuple[str, ...], table: Table) -> bool:
    """Whether some order of beats leaves at most one live card."""
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
        for hc, i in _beats_from(h, t):
            stack.append((tuple(c for c in h if c != hc), _after_beat(t, i)))
    return False
