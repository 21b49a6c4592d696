"""Ryadki's play: a card played (`play`), a player leaving (`resign`) and everything automatic
that follows — "cannot answer", the end of a series, refills, the lead passing on, the end of a
deal (`deal` deals the next), the end of the game. All mutate the `State` they are given (a copy
`rules.ryadki.apply` made)."""

from __future__ import annotations

from rules.cards import deck_36, deck_52
from rules.rng import Rng
from rules.ryadki_state import NO_VOID, State, copy_state

HAND = 6


def full_deck(size: int) -> list[str]:
    return deck_36() if size == 36 else deck_52()


def deal(s: State, order: list[str]) -> None:
    """Deal `order` (6 to each seated player in seat order, the rest is the stock)."""
    n = s.players
    s.hands = [[] for _ in range(n)]
    i = 0
    for q in range(n):
        if s.active[q]:
            s.hands[q] = order[i : i + HAND]
            i += HAND
    s.stock = order[i:]
    s.stack = []
    s.last = None
    s.piles = [0] * n
    s.out = 0
    s.played = []
    s.voids = [NO_VOID] * n
    s.turn = s.dealer
    s.events.append({"e": "deal_start", "deal": s.deal, "dealer": s.dealer})
    _check_deal_end(s)


def _next_holder(s: State, after: int) -> int | None:
    """The next seated player after `after` in seat order holding cards (never `after`)."""
    n = s.players
    for i in range(1, n):
        q = (after + i) % n
        if s.active[q] and s.hands[q]:
            return q
    return None


def _next_active(s: State, after: int) -> int:
    n = s.players
    for i in range(1, n + 1):
        q = (after + i) % n
        if s.active[q]:
            return q
    return after  # unreachable while a game is on


def _check_deal_end(s: State) -> bool:
    """End the deal when the stock is empty and at most one seated player holds cards."""
    if s.over or s.stock:
        return False
    holders = 0
    for q in range(s.players):
        if s.active[q] and s.hands[q]:
            holders += 1
            if holders > 1:
                return False
    _end_deal(s)
    return True


def _end_deal(s: State) -> None:
    left = len(s.stack)
    s.out += left
    s.stack = []
    s.last = None
    seated = [q for q in range(s.players) if s.active[q]]
    best = max(s.piles[q] for q in seated)
    winners = [q for q in seated if s.piles[q] == best] if best > 0 else []
    for q in winners:
        s.scores[q] += s.piles[q]
    s.events.append(
        {
            "e": "deal_end",
            "deal": s.deal,
            "piles": s.piles[:],
            "winners": winners,
            "stack": left,
            "scores": s.scores[:],
        }
    )
    if s.deal >= s.deals:
        top = max(s.scores[q] for q in seated)
        _end_game(s, [q for q in seated if s.scores[q] == top])
        return
    s.deal += 1
    s.dealer = _next_active(s, s.dealer)
    rng = Rng(s.rng)
    order = full_deck(s.deck_size)
    rng.shuffle(order)
    s.rng = rng.state
    deal(s, order)


def _end_game(s: State, winners: list[int]) -> None:
    s.over = True
    s.winners = winners
    s.turn = None
    s.events.append({"e": "game_end", "winners": winners[:], "scores": s.scores[:]})


def _start_series(s: State, leader: int) -> None:
    """After a series ended: refill from `leader` in seat order, then give the lead."""
    n = s.players
    if not s.active[leader]:
        leader = _next_active(s, leader)
    if s.stock:
        drawn = [0] * n
        stock = s.stock
        for i in range(n):
            q = (leader + i) % n
            if not s.active[q]:
                continue
            need = HAND - len(s.hands[q])
            if need > 0 and stock:
                take = stock[:need]
                stock = stock[need:]
                s.hands[q].extend(take)
                drawn[q] = len(take)
        s.stock = stock
        if any(drawn):
            s.events.append({"e": "refill", "n": drawn})
    if _check_deal_end(s):
        return
    lead: int | None = leader if s.hands[leader] else _next_holder(s, leader)
    if lead is None:  # pragma: no cover - the deal end above catches this
        _end_deal(s)
        return
    s.turn = lead
    s.events.append({"e": "lead", "seat": lead})


def _continue(s: State, last: int) -> None:
    """The stack's last card was played by `last`: deal end, next responder or its failure."""
    if _check_deal_end(s):
        return
    r = _next_holder(s, last)
    if r is None:
        n = len(s.stack)
        s.out += n
        s.stack = []
        s.last = None
        s.events.append({"e": "built", "n": n})
        _start_series(s, last)
        return
    top = s.stack[-1]
    hand = s.hands[r]
    tr, ts = top[0], top[1]
    for c in hand:
        if c[0] == tr or c[1] == ts:
            s.turn = r
            return
    # cannot answer: the stack goes to the pile of the player who played its last card
    n = len(s.stack)
    s.piles[last] += n
    s.stack = []
    s.last = None
    s.events.append({"e": "cannot_answer", "seat": r, "card": top, "to": last, "n": n})
    _learn_void(s, r, top)
    _start_series(s, last)


def _learn_void(s: State, seat: int, top: str) -> None:
    ranks, suits, k = s.voids[seat]
    h = len(s.hands[seat])
    if k < h:
        ranks, suits = "", ""
    if top[0] not in ranks:
        ranks += top[0]
    if top[1] not in suits:
        suits += top[1]
    s.voids[seat] = (ranks, suits, h)


def play(s: State, card: str, p: int) -> None:
    hand = s.hands[p]
    hand.remove(card)
    ranks, suits, k = s.voids[p]
    if k > len(hand):
        s.voids[p] = (ranks, suits, len(hand))
    prev = s.stack[-1] if s.stack else None
    s.stack.append(card)
    s.played.append(card)
    s.last = p
    ev = s.events
    ev.append({"e": "play", "by": p, "card": card})
    rank = card[0]
    # 1. J on J
    if rank == "J" and prev is not None and prev[0] == "J":
        n = len(s.stack)
        s.out += n
        s.stack = []
        s.last = None
        ev.append({"e": "jj", "by": p, "n": n})
        _start_series(s, p)
        return
    # 2. seven, 3. queen: the next responder, computed after the card is played
    if rank in ("7", "Q"):
        r = _next_holder(s, p)
        if r is not None:
            take = min(1 if rank == "7" else 4, s.piles[r])
            s.piles[r] -= take
            s.out += take
            if rank == "7":
                ev.append({"e": "seven", "by": p, "from": r, "n": take})
            else:
                ev.append({"e": "queen", "by": p, "from": r, "n": take})
    # 4. third of a rank
    st = s.stack
    if len(st) >= 3 and st[-2][0] == rank and st[-3][0] == rank:
        take = min(2, len(s.stock))
        s.stock = s.stock[take:]
        s.piles[p] += take
        ev.append({"e": "third", "by": p, "n": take})
    _continue(s, p)


def resign(state: State, p: int) -> State:
    s = copy_state(state)
    s.moves += 1
    gone = len(s.hands[p])
    s.out += gone
    s.hands[p] = []
    s.active[p] = False
    s.voids[p] = NO_VOID
    s.events.append({"e": "resign", "seat": p, "n": gone})
    left = [q for q in range(s.players) if s.active[q]]
    if len(left) < 2:
        _end_game(s, left)
        return s
    if s.turn == p:
        if s.stack and s.last is not None:
            _continue(s, s.last)  # the next player after the one who played last answers
        else:
            _start_series(s, _next_active(s, p))  # the lead passes on
    else:
        _check_deal_end(s)
    return s
