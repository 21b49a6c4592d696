"""Nim — a toy table game that exists only in the tests (the rules API of
`../shared/rules/API.md`, like `rules/parquet.py` and `rules/ryadki.py`).

2–4 seats, a few piles of counters (their sizes drawn from the seed, 3…7 each). A move takes
1–3 counters from one pile: `"<pile>><n>"` (1-based pile, `"2>3"`; `<source>><target>` is the
notation a two-tap game's pick is read in, `rules.notation.move_targets`). Whoever takes the
last counter wins; `status.scores` are the counters each seat took.

Option `hands` (the hidden-hand flavour): each seat holds three cards of a 12-card deck
(A, 2, 3 of the four suits; A = 1); a move plays one of them on a pile, `"<pile>><card>"`
(`"2>3H"`), and takes up to its value from that pile; the card goes under the stock and the
player draws the stock's top. Nobody sees another seat's hand or the stock's order.

`resign` (never listed; from any seated player still in while the game is on): the seat is out
(`active`), its hand goes out of the game; with one seat left the game ends and it wins.

Events (`view(...)["events"]`, what the last `apply` or `new_game` did): `take` (`seat`, `pile`,
`n`, and `card` with hands), `resign` (`seat`), `end` (`winners`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rules.errors import IllegalMove
from rules.options import check_options, is_bool, is_int
from rules.rng import Rng, fresh_seed
from rules.status import Status

NAME = "nim"
PLAYERS = (2, 4)
PILES = (3, 4, 5)  # how many piles (the lobby setting)
SIZES = (3, 7)  # a pile's counters, drawn from the seed
TAKE = 3  # at most this many a move
HAND = 3
DECK = [r + s for r in "A23" for s in "SHDC"]
VALUE = {"A": 1, "2": 2, "3": 3}


@dataclass(slots=True)
class State:
    seed: int
    players: int
    piles: list[int]
    turn: int | None
    active: list[bool]
    taken: list[int]
    hands: list[list[str]]  # [] per seat without the `hands` option
    stock: list[str]  # stock[0] is the top
    with_hands: bool = False
    out: int = 0  # cards out of the game (the hands of those who resigned)
    over: bool = False
    winners: list[int] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    moves: int = 0
    last: str | None = None


def _copy(s: State) -> State:
    return State(
        seed=s.seed,
        players=s.players,
        piles=list(s.piles),
        turn=s.turn,
        active=list(s.active),
        taken=list(s.taken),
        hands=[list(h) for h in s.hands],
        stock=list(s.stock),
        with_hands=s.with_hands,
        out=s.out,
        over=s.over,
        winners=list(s.winners),
        events=[],
        moves=s.moves,
        last=s.last,
    )


def _options(options: dict[str, Any] | None) -> dict[str, Any]:
    return check_options(
        NAME,
        options,
        {
            "players": (lambda v: is_int(v) and PLAYERS[0] <= v <= PLAYERS[1], "2…4"),
            "piles": (lambda v: v is None or (is_int(v) and v in PILES), "3, 4 or 5"),
            "hands": (is_bool, "True or False"),
            "first": (lambda v: v is None or is_int(v), "a seat (None: drawn)"),
        },
    )


def new_game(
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    deck: list[str] | None = None,
) -> State:
    """A new game: pile sizes and the first seat from the seed; with `hands`, the deal too
    (`deck` fixes its order: three cards to seat 0, three to seat 1, …, then the stock)."""
    opts = _options(options)
    n = opts.get("players", PLAYERS[0])
    with_hands = bool(opts.get("hands", False))
    if seed is None:
        seed = fresh_seed()
    if not is_int(seed):
        raise ValueError("nim: seed must be an int")
    rng = Rng(seed)
    piles = [SIZES[0] + rng.below(SIZES[1] - SIZES[0] + 1) for _ in range(opts.get("piles") or 3)]
    first = opts.get("first")
    turn = rng.below(n) if first is None else first
    if not 0 <= turn < n:
        raise ValueError("nim: option 'first' must be a seat")
    cards: list[str] = []
    if deck is not None:
        if not with_hands or sorted(deck) != sorted(DECK):
            raise ValueError("nim: deck must be a permutation of the 12 cards (with hands)")
        cards = list(deck)
    elif with_hands:
        cards = list(DECK)
        rng.shuffle(cards)
    hands = [cards[i * HAND : (i + 1) * HAND] for i in range(n)] if with_hands else [[]] * n
    stock = cards[n * HAND :] if with_hands else []
    return State(
        seed=seed,
        players=n,
        piles=piles,
        turn=turn,
        active=[True] * n,
        taken=[0] * n,
        hands=[list(h) for h in hands],
        stock=stock,
        with_hands=with_hands,
    )


def legal_moves(state: State, player: int = 0) -> list[str]:
    """Canonical moves, sorted; [] when it is not `player`'s turn or the game is over."""
    s = state
    if s.over or not is_int(player) or s.turn != player:
        return []
    out: list[str] = []
    for i, size in enumerate(s.piles):
        if not size:
            continue
        if s.with_hands:
            out += [f"{i + 1}>{c}" for c in sorted(set(s.hands[player]))]
        else:
            out += [f"{i + 1}>{k}" for k in range(1, min(TAKE, size) + 1)]
    return sorted(out)


def _next_active(s: State, after: int) -> int:
    for step in range(1, s.players + 1):
        q = (after + step) % s.players
        if s.active[q]:
            return q
    return after


def _end(s: State, winners: list[int]) -> None:
    s.over, s.turn, s.winners = True, None, sorted(winners)
    s.events.append({"e": "end", "winners": list(s.winners)})


def apply(state: State, move: str, player: int = 0) -> State:
    """A new state after `move` by `player`; IllegalMove (state untouched) if not legal."""
    if state.over:
        raise IllegalMove("nim: the game is over")
    if not is_int(player) or not 0 <= player < state.players:
        raise IllegalMove(f"nim: no seat {player!r}")
    if move == "resign":
        if not state.active[player]:
            raise IllegalMove("nim: this seat has already left")
        return _resign(state, player)
    if not isinstance(move, str) or move not in legal_moves(state, player):
        raise IllegalMove(f"nim: illegal move {move!r}")
    s = _copy(state)
    pile_s, _, what = move.partition(">")
    pile = int(pile_s) - 1
    event: dict[str, Any] = {"e": "take", "seat": player, "pile": pile + 1}
    if s.with_hands:
        take = min(VALUE[what[0]], s.piles[pile])
        hand = s.hands[player]
        hand.remove(what)
        s.stock.append(what)  # under the stock; the top is drawn
        hand.append(s.stock.pop(0))
        event["card"] = what
    else:
        take = int(what)
    event["n"] = take
    s.piles[pile] -= take
    s.taken[player] += take
    s.moves += 1
    s.last = move
    s.events.append(event)
    if not any(s.piles):
        _end(s, [player])
    else:
        s.turn = _next_active(s, player)
    return s


def _resign(state: State, p: int) -> State:
    s = _copy(state)
    s.active[p] = False
    s.out += len(s.hands[p])
    s.hands[p] = []
    s.moves += 1
    s.last = "resign"
    s.events.append({"e": "resign", "seat": p})
    left = [q for q in range(s.players) if s.active[q]]
    if len(left) < 2:
        _end(s, left)
    elif s.turn == p:
        s.turn = _next_active(s, p)
    return s


def status(state: State) -> Status:
    s = state
    return Status(
        over=s.over,
        winners=list(s.winners),
        scores=list(s.taken),
        result="over" if s.over else "playing",
    )


def view(state: State, player: int) -> dict[str, Any]:
    """What seat `player` may see (another number, e.g. -1: the public view, no hand)."""
    s = state
    own = is_int(player) and 0 <= player < s.players
    return {
        "game": NAME,
        "players": s.players,
        "seat": player if own else None,
        "piles": list(s.piles),
        "turn": s.turn,
        "active": list(s.active),
        "taken": list(s.taken),
        "with_hands": s.with_hands,
        "hand": sorted(s.hands[player]) if own else [],
        "hands": [len(h) for h in s.hands],
        "stock": len(s.stock),
        "out": s.out,
        "legal": legal_moves(s, player) if own else [],
        "moves": s.moves,
        "last": s.last,
        "status": status(s).as_dict(),
        "events": [dict(e) for e in s.events],
    }


def to_json(state: State) -> str:
    s = state
    d = {
        "v": 1,
        "seed": s.seed,
        "n": s.players,
        "piles": s.piles,
        "turn": s.turn,
        "active": "".join("1" if a else "0" for a in s.active),
        "taken": s.taken,
        "hands": ["".join(h) for h in s.hands],
        "stock": "".join(s.stock),
        "wh": s.with_hands,
        "out": s.out,
        "over": s.over,
        "winners": s.winners,
        "events": s.events,
        "moves": s.moves,
        "last": s.last,
    }
    return json.dumps(d, separators=(",", ":"))


def _cards(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def from_json(text: str) -> State:
    d = json.loads(text)
    if d.get("v") != 1:
        raise ValueError("nim: unknown state version")
    return State(
        seed=int(d["seed"]),
        players=int(d["n"]),
        piles=[int(x) for x in d["piles"]],
        turn=d["turn"],
        active=[c == "1" for c in d["active"]],
        taken=[int(x) for x in d["taken"]],
        hands=[_cards(h) for h in d["hands"]],
        stock=_cards(d["stock"]),
        with_hands=bool(d["wh"]),
        out=int(d["out"]),
        over=bool(d["over"]),
        winners=[int(x) for x in d["winners"]],
        events=list(d["events"]),
        moves=int(d["moves"]),
        last=d["last"],
    )
