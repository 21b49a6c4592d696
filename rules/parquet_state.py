"""Parquet's position: `State`, its copy (`copy_state`) and its compact JSON form (`to_json`,
`from_json`). The rules that change it and the API are `rules.parquet`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rules.parquet_board import BLACK, CARD_ID, CODES, RED, hand_codes
from rules.parquet_view import ParquetEvent, ParquetWhy


@dataclass(slots=True)
class State:
    seed: int
    red: int  # the seat holding the red cards
    first: int  # the seat that moved first
    board: list[int]  # NCELLS card ids, -1 for empty
    hands: list[int]  # per seat: bitmask of card ids
    turn: int
    phase: int = 0  # 0 cross, 1 corner
    last_placer: int | None = None
    passes: int = 0  # consecutive passes just made (0 or 1 while the game is on)
    history: dict[str, int] = field(default_factory=dict)  # position key -> count
    over: bool = False
    winners: list[int] = field(default_factory=list)
    why: ParquetWhy | None = None
    events: list[ParquetEvent] = field(default_factory=list)
    last: str | None = None  # the last move applied (not a pass)
    plies: int = 0  # moves applied (not passes)

    def colour_of(self, seat: int) -> int:
        return RED if seat == self.red else BLACK


def copy_state(s: State) -> State:
    return State(
        seed=s.seed,
        red=s.red,
        first=s.first,
        board=list(s.board),
        hands=list(s.hands),
        turn=s.turn,
        phase=s.phase,
        last_placer=s.last_placer,
        passes=s.passes,
        history=dict(s.history),
        over=s.over,
        winners=list(s.winners),
        why=s.why,
        events=[],
        last=s.last,
        plies=s.plies,
    )


def to_json(state: State) -> str:
    s = state
    d: dict[str, Any] = {
        "v": 1,
        "seed": s.seed,
        "red": s.red,
        "first": s.first,
        "board": "".join(".." if c < 0 else CODES[c] for c in s.board),
        "hands": [hand_codes(s.hands[0]), hand_codes(s.hands[1])],
        "turn": s.turn,
        "phase": s.phase,
        "lp": s.last_placer,
        "passes": s.passes,
        "hist": s.history,
        "over": s.over,
        "winners": s.winners,
        "why": s.why,
        "events": s.events,
        "last": s.last,
        "plies": s.plies,
    }
    return json.dumps(d, separators=(",", ":"))


def from_json(text: str) -> State:
    d = json.loads(text)
    if d.get("v") != 1:
        raise ValueError("parquet: unknown state version")
    bs: str = d["board"]
    board = [-1 if bs[i : i + 2] == ".." else CARD_ID[bs[i : i + 2]] for i in range(0, 70, 2)]
    hands = [sum(1 << CARD_ID[c] for c in h) for h in d["hands"]]
    return State(
        seed=d["seed"],
        red=d["red"],
        first=d["first"],
        board=board,
        hands=hands,
        turn=d["turn"],
        phase=d["phase"],
        last_placer=d["lp"],
        passes=d["passes"],
        history={str(k): int(v) for k, v in d["hist"].items()},
        over=d["over"],
        winners=list(d["winners"]),
        why=d["why"],
        events=list(d["events"]),
        last=d["last"],
        plies=d["plies"],
    )
