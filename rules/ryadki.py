"""Ryadki («Рядки», Row): 2 to 6 players, N deals — rules per ../shared/rules/ryadki.md.

Moves are the card played (`"7H"`) and `"resign"`. Everything automatic — "cannot answer",
the end of a series, refills, the lead passing on, the end of a deal, the next deal and the end
of the game — happens inside `apply`.

`state.events` holds the public events of the last `apply` (or of `new_game`), in order; `view`
exposes them as `"events"` (their `TypedDict`s: `rules.events`). Event kinds (`"e"`) and their
fields:

- `deal_start`: `deal` (1-based), `dealer` — a deal was dealt; the dealer leads.
- `play`: `by`, `card` — a card was played onto the stack.
- `jj`: `by`, `n` — J on J: the stack (`n` cards, this jack included) went to nobody.
- `seven`: `by`, `from`, `n` — a 7 removed `n` (0 or 1) cards from the pile of seat `from`.
- `queen`: `by`, `from`, `n` — a Q removed `n` (0…4) cards from the pile of seat `from`.
- `third`: `by`, `n` — third of a rank: `n` (0…2) stock cards went to `by`'s pile.
- `cannot_answer`: `seat`, `card`, `to`, `n` — `seat` had no card of the rank or suit of
  `card`; the stack (`n` cards) went to the pile of `to`.
- `built`: `n` — nobody else held cards: the stack (`n` cards) went to nobody.
- `refill`: `n` — cards drawn from the stock per seat (a list), drawn from the leader on.
- `lead`: `seat` — `seat` leads the next series.
- `resign`: `seat`, `n` — `seat` left; `n` cards of their hand went out of the game.
- `deal_end`: `deal`, `piles`, `winners`, `stack` (cards that went to nobody), `scores`.
- `game_end`: `winners`, `scores`.

Public knowledge kept for fair players: `played` (every card played in this deal, in order) and
`voids` — per seat `[ranks, suits, k]`: after a "cannot answer" the seat's `k` cards held then
lack those ranks and suits (`k` never exceeds the current hand; later draws are unknown).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rules.cards import check_deck, deck_36, deck_52
from rules.errors import IllegalMove
from rules.events import RyadkiEvent, copied
from rules.options import check_options, is_int
from rules.rng import Rng, fresh_seed
from rules.status import Status

NAME = "ryadki"
PLAYERS = (2, 6)
HAND = 6
DEFAULT_OPTIONS: dict[str, Any] = {"players": 2, "deck": None, "deals": 7, "first_dealer": None}
"""`deck` None: 36 for 2–4 players, 52 for 5–6; `first_dealer` None: drawn from the seed."""

RESIGN = "resign"

Void = tuple[str, str, int]
_NO_VOID: Void = ("", "", 0)


@dataclass(slots=True)
class State:
    players: int
    deck_size: int
    deals: int
    seed: int
    rng: int  # Rng state for the later deals
    first_dealer: int
    deal: int  # 1-based
    dealer: int
    turn: int | None  # seat to play, None when over
    hands: list[list[str]]
    stock: list[str]  # stock[0] is the top
    stack: list[str]
    last: int | None  # seat that played the stack's last card
    piles: list[int]
    out: int  # cards out of the game in this deal
    scores: list[int]
    active: list[bool]
    over: bool = False
    winners: list[int] = field(default_factory=list)
    played: list[str] = field(default_factory=list)  # public: cards played in this deal
    voids: list[Void] = field(default_factory=list)  # public inferences per seat
    events: list[RyadkiEvent] = field(default_factory=list)  # events of the last apply
    moves: int = 0


# -- options -----------------------------------------------------------------------------------

_VALIDATORS = {
    "players": (lambda v: is_int(v) and PLAYERS[0] <= v <= PLAYERS[1], "an int from 2 to 6"),
    "deck": (lambda v: v is None or (is_int(v) and v in (36, 52)), "36 or 52"),
    "deals": (lambda v: is_int(v) and v >= 1, "an int >= 1"),
    "first_dealer": (lambda v: v is None or (is_int(v) and v >= 0), "a seat number (int >= 0)"),
}


def _options(options: dict[str, Any] | None) -> dict[str, Any]:
    given = check_options(NAME, options, _VALIDATORS)
    opts = {**DEFAULT_OPTIONS, **given}
    n = opts["players"]
    if opts["deck"] is None:
        opts["deck"] = 36 if n <= 4 else 52
    if opts["first_dealer"] is not None and opts["first_dealer"] >= n:
        raise ValueError(
            f"{NAME}: option 'first_dealer' must be a seat from 0 to {n - 1}, "
            f"got {opts['first_dealer']!r}"
        )
    return opts


def _full_deck(size: int) -> list[str]:
    return deck_36() if size == 36 else deck_52()


# -- game start --------------------------------------------------------------------------------


def new_game(
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    deck: list[str] | None = None,
) -> State:
    opts = _options(options)
    if seed is None:
        seed = fresh_seed()
    if not is_int(seed):
        raise ValueError(f"{NAME}: seed must be an int")
    n: int = opts["players"]
    size: int = opts["deck"]
    order = check_deck(deck, _full_deck(size))
    rng = Rng(seed)
    drawn = rng.below(n)
    dealer = drawn if opts["first_dealer"] is None else opts["first_dealer"]
    if order is None:
        order = _full_deck(size)
        rng.shuffle(order)
    s = State(
        players=n,
        deck_size=size,
        deals=opts["deals"],
        seed=seed,
        rng=rng.state,
        first_dealer=dealer,
        deal=1,
        dealer=dealer,
        turn=dealer,
        hands=[[] for _ in range(n)],
        stock=[],
        stack=[],
        last=None,
        piles=[0] * n,
        out=0,
        scores=[0] * n,
        active=[True] * n,
    )
    _deal(s, order)
    return s


def _deal(s: State, order: list[str]) -> None:
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
    s.voids = [_NO_VOID] * n
    s.turn = s.dealer
    s.events.append({"e": "deal_start", "deal": s.deal, "dealer": s.dealer})
    _check_deal_end(s)


# -- helpers -----------------------------------------------------------------------------------


def _copy(s: State) -> State:
    return State(
        players=s.players,
        deck_size=s.deck_size,
        deals=s.deals,
        seed=s.seed,
        rng=s.rng,
        first_dealer=s.first_dealer,
        deal=s.deal,
        dealer=s.dealer,
        turn=s.turn,
        hands=[h[:] for h in s.hands],
        stock=s.stock,  # never mutated in place: replaced by slicing
        stack=s.stack[:],
        last=s.last,
        piles=s.piles[:],
        out=s.out,
        scores=s.scores[:],
        active=s.active[:],
        over=s.over,
        winners=s.winners[:],
        played=s.played[:],
        voids=s.voids[:],
        events=[],
        moves=s.moves,
    )


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


def _answers(hand: list[str], top: str) -> list[str]:
    r, su = top[0], top[1]
    return [c for c in hand if c[0] == r or c[1] == su]


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
    order = _full_deck(s.deck_size)
    rng.shuffle(order)
    s.rng = rng.state
    _deal(s, order)


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


# -- the API -----------------------------------------------------------------------------------


def legal_moves(state: State, player: int = 0) -> list[str]:
    if state.over or state.turn != player or not is_int(player):
        return []
    hand = state.hands[player]
    if not state.stack:
        return sorted(hand)
    return sorted(_answers(hand, state.stack[-1]))


def apply(state: State, move: str, player: int = 0) -> State:
    if state.over:
        raise IllegalMove("the game is over")
    if not is_int(player) or not 0 <= player < state.players:
        raise IllegalMove(f"no seat {player!r}")
    if move == RESIGN:
        if not state.active[player]:
            raise IllegalMove("this player has already left the game")
        return _resign(state, player)
    if state.turn != player:
        raise IllegalMove("not this player's turn")
    hand = state.hands[player]
    if not isinstance(move, str) or move not in hand:
        raise IllegalMove(f"{move!r} is not a card in this hand")
    stack = state.stack
    if stack and move[0] != stack[-1][0] and move[1] != stack[-1][1]:
        raise IllegalMove(f"{move} answers neither the rank nor the suit of {stack[-1]}")
    s = _copy(state)
    s.moves += 1
    _play(s, move, player)
    return s


def _play(s: State, card: str, p: int) -> None:
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


def _resign(state: State, p: int) -> State:
    s = _copy(state)
    s.moves += 1
    gone = len(s.hands[p])
    s.out += gone
    s.hands[p] = []
    s.active[p] = False
    s.voids[p] = _NO_VOID
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


def status(state: State) -> Status:
    return Status(
        over=state.over,
        winners=state.winners[:],
        scores=state.scores[:],
        result="over" if state.over else "playing",
    )


def view(state: State, player: int) -> dict[str, Any]:
    """What seat `player` may see (a spectator passes any other number and gets no hand)."""
    s = state
    own = 0 <= player < s.players if is_int(player) else False
    return {
        "game": NAME,
        "players": s.players,
        "seat": player if own else None,
        "hand": s.hands[player][:] if own else [],
        "hands": [len(h) for h in s.hands],
        "stack": s.stack[:],
        "last": s.last,
        "piles": s.piles[:],
        "out": s.out,
        "stock": len(s.stock),
        "deck": s.deck_size,
        "scores": s.scores[:],
        "deal": s.deal,
        "deals": s.deals,
        "dealer": s.dealer,
        "turn": s.turn,
        "active": s.active[:],
        "played": s.played[:],
        "voids": [list(v) for v in s.voids],
        "events": copied(s.events),
        "moves": s.moves,
        "legal": legal_moves(s, player) if own else [],
        "status": status(s).as_dict(),
    }


# -- JSON --------------------------------------------------------------------------------------


def _cards(cs: list[str]) -> str:
    return "".join(cs)


def _uncards(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def to_json(state: State) -> str:
    s = state
    d = {
        "v": 1,
        "n": s.players,
        "ds": s.deck_size,
        "N": s.deals,
        "seed": s.seed,
        "rng": s.rng,
        "fd": s.first_dealer,
        "deal": s.deal,
        "dealer": s.dealer,
        "turn": s.turn,
        "hands": [_cards(h) for h in s.hands],
        "stock": _cards(s.stock),
        "stack": _cards(s.stack),
        "last": s.last,
        "piles": s.piles,
        "out": s.out,
        "scores": s.scores,
        "active": "".join("1" if a else "0" for a in s.active),
        "over": s.over,
        "win": s.winners,
        "played": _cards(s.played),
        "voids": [f"{r}|{su}|{k}" for r, su, k in s.voids],
        "ev": s.events,
        "moves": s.moves,
    }
    return json.dumps(d, separators=(",", ":"))


def from_json(text: str) -> State:
    d = json.loads(text)
    if not isinstance(d, dict) or d.get("v") != 1:
        raise ValueError(f"{NAME}: not a ryadki state (version 1)")
    voids: list[Void] = []
    for v in d["voids"]:
        r, su, k = v.split("|")
        voids.append((r, su, int(k)))
    return State(
        players=d["n"],
        deck_size=d["ds"],
        deals=d["N"],
        seed=d["seed"],
        rng=d["rng"],
        first_dealer=d["fd"],
        deal=d["deal"],
        dealer=d["dealer"],
        turn=d["turn"],
        hands=[_uncards(h) for h in d["hands"]],
        stock=_uncards(d["stock"]),
        stack=_uncards(d["stack"]),
        last=d["last"],
        piles=list(d["piles"]),
        out=d["out"],
        scores=list(d["scores"]),
        active=[c == "1" for c in d["active"]],
        over=d["over"],
        winners=list(d["win"]),
        played=_uncards(d["played"]),
        voids=voids,
        events=list(d["ev"]),
        moves=d["moves"],
    )
