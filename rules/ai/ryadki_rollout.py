"""The Ryadki computer player's rollouts: a deal played on from a sampled world (`simulate`:
random cards for everyone, our seat taking a stack the next holder cannot answer) with random
numbers drawn cheaply from `rules.rng` (`shuffle`, 16-bit draws). Used by the determinized
sampling of `rules.ai.ryadki`."""

from __future__ import annotations

from collections.abc import Iterator

from rules.rng import Rng


def shuffle(items: list[str], rng: Rng) -> None:
    """Fisher–Yates with 32-bit draws, two from each `rng.next64()` (multiply-shift: a bias
    below 52 / 2**32; `Rng.shuffle`, exact, is slower than the sampling wants)."""
    x = 1
    for i in range(len(items) - 1, 0, -1):
        if x < 1 << 32:  # the bit above the unused draws marks how many are left
            x = rng.next64() | 1 << 64
        j = (x & 0xFFFFFFFF) * (i + 1) >> 32
        x >>= 32
        items[i], items[j] = items[j], items[i]


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


def simulate(
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
