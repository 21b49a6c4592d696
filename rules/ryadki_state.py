"""Ryadki's position: `State`, its copy (`copy_state`) and its compact JSON form (`to_json`,
`from_json`). The rules that change it are in `rules.ryadki_play`; the API is `rules.ryadki`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from rules.ryadki_view import RyadkiEvent

Void = tuple[str, str, int]
NO_VOID: Void = ("", "", 0)


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


def copy_state(s: State) -> State:
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
        raise ValueError("ryadki: not a ryadki state (version 1)")
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
