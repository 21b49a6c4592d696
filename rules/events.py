"""The public events of the four games: one format for all of them.

Every engine records, in its state, what its last `apply` (or `new_game`) did, in order, and
`view(state, player)["events"]` returns that list: plain JSON-able dicts, each a `TypedDict`
below, told apart by the literal `"e"` key. Each `"e"` value names exactly one `TypedDict`;
where two games share a kind (`resign`, `end`) they share its `TypedDict`, and a field only
one game has is `NotRequired`.

Order: the move's own event first (`beat`, `close`, `fail`, `move`, `fill`, `draw`, `redeal`,
`play`, `place`, `relocate`, `resign`), then the automatic consequences in the order the rules
make them, the end of the game last. Events carry only what every player may see.

Kinds per game:
- raspad: `beat`, `decay`, `close`, `fail`, `resign`, `end`;
- kosa: `move`, `fill`, `autofill`, `draw`, `redeal`, `resign`, `end`;
- ryadki: `deal_start`, `play`, `jj`, `seven`, `queen`, `third`, `cannot_answer`, `built`,
  `refill`, `lead`, `resign`, `deal_end`, `game_end` (fields: `rules/ryadki.py`);
- parquet: `place`, `relocate`, `phase`, `pass`, `resign`, `end` (fields: `rules/parquet.py`).

Some field names are Python keywords (`from`, `pass`), so those `TypedDict`s use the
functional form. (No `from __future__ import annotations` here: the `TypedDict`s' required
and optional keys are read at run time.)
"""

from collections.abc import Iterable, Mapping
from typing import Literal, NotRequired, TypedDict, TypeVar, cast, get_args, get_type_hints

# ------------------------------------------------------------------------------ shared kinds


class Resign(TypedDict):
    """`seat` left the game (a solitaire's player is seat 0)."""

    e: Literal["resign"]
    seat: int
    n: NotRequired[int]  # ryadki: the cards of their hand that went out of the game


SolitaireResult = Literal["won", "lost", "resigned"]
ParquetWhy = Literal["full", "double_pass", "repetition", "resign"]


class End(TypedDict):
    """The game ended: `winners` the winning seats (a solitaire: `[0]` when won, else `[]`)."""

    e: Literal["end"]
    winners: list[int]
    result: NotRequired[SolitaireResult]  # solitaires: the final `Status.result`
    why: NotRequired[ParquetWhy]  # parquet: how the game ended


# ------------------------------------------------------------------------------ raspad


class Beat(TypedDict):
    """Raspad: the hand card `card` beat the table card `target`."""

    e: Literal["beat"]
    card: str
    target: str


class Decay(TypedDict):
    """Raspad: the table card `card` decayed (one event per card, in the order they decay)."""

    e: Literal["decay"]
    card: str


class Close(TypedDict):
    """Raspad: the kon closed — by the player's `close` move, or by itself (`auto`) when no
    live card was left."""

    e: Literal["close"]
    auto: bool


class Fail(TypedDict):
    """Raspad: the kon failed — declared by the player's `fail` move, or by the rules
    themselves (`auto`) when no beat was left."""

    e: Literal["fail"]
    auto: bool


# ------------------------------------------------------------------------------ kosa

# `card` went from place `from` to place `to` (places as in the move notation: `b`, `w`, `s`,
# `L1`…`R6`, `F1`…`F8`)
Move = TypedDict("Move", {"e": Literal["move"], "card": str, "from": str, "to": str})
"""Kosa: the player's card move (to a foundation or onto a spot's top)."""
Fill = TypedDict("Fill", {"e": Literal["fill"], "card": str, "from": str, "to": str})
"""Kosa: the player filled the vacant spot `to` from the braid, waste or stock."""
Autofill = TypedDict("Autofill", {"e": Literal["autofill"], "card": str, "from": str, "to": str})
"""Kosa: the rules filled the vacant spot `to` by themselves (its only possible source)."""


class Draw(TypedDict):
    """Kosa: `card` was drawn from the stock to the waste."""

    e: Literal["draw"]
    card: str


Redeal = TypedDict("Redeal", {"e": Literal["redeal"], "pass": int})
"""Kosa: the waste became the stock again; `pass` is the new pass number (1-based)."""


# ------------------------------------------------------------------------------ ryadki


class DealStart(TypedDict):
    e: Literal["deal_start"]
    deal: int
    dealer: int


class Play(TypedDict):
    e: Literal["play"]
    by: int
    card: str


class JackOnJack(TypedDict):
    e: Literal["jj"]
    by: int
    n: int


Seven = TypedDict("Seven", {"e": Literal["seven"], "by": int, "from": int, "n": int})
Queen = TypedDict("Queen", {"e": Literal["queen"], "by": int, "from": int, "n": int})


class Third(TypedDict):
    e: Literal["third"]
    by: int
    n: int


class CannotAnswer(TypedDict):
    e: Literal["cannot_answer"]
    seat: int
    card: str
    to: int
    n: int


class Built(TypedDict):
    e: Literal["built"]
    n: int


class Refill(TypedDict):
    e: Literal["refill"]
    n: list[int]


class Lead(TypedDict):
    e: Literal["lead"]
    seat: int


class DealEnd(TypedDict):
    e: Literal["deal_end"]
    deal: int
    piles: list[int]
    winners: list[int]
    stack: int
    scores: list[int]


class GameEnd(TypedDict):
    e: Literal["game_end"]
    winners: list[int]
    scores: list[int]


# ------------------------------------------------------------------------------ parquet


class Place(TypedDict):
    e: Literal["place"]
    seat: int
    card: str
    cell: str


Relocate = TypedDict(
    "Relocate", {"e": Literal["relocate"], "seat": int, "card": str, "from": str, "to": str}
)


class Phase(TypedDict):
    e: Literal["phase"]
    phase: Literal["corner"]


class Pass(TypedDict):
    e: Literal["pass"]
    seat: int


# ------------------------------------------------------------------------------ unions

RaspadEvent = Beat | Decay | Close | Fail | Resign | End
KosaEvent = Move | Fill | Autofill | Draw | Redeal | Resign | End
RyadkiEvent = (
    DealStart
    | Play
    | JackOnJack
    | Seven
    | Queen
    | Third
    | CannotAnswer
    | Built
    | Refill
    | Lead
    | Resign
    | DealEnd
    | GameEnd
)
ParquetEvent = Place | Relocate | Phase | Pass | Resign | End

Event = RaspadEvent | KosaEvent | RyadkiEvent | ParquetEvent  # every kind, once


def _kinds(union: object) -> dict[str, type]:
    """`"e"` value -> its TypedDict, for the members of `union`."""
    out: dict[str, type] = {}
    for td in get_args(union):
        (kind,) = get_args(get_type_hints(td)["e"])
        out[kind] = td
    return out


EVENT_TYPES: dict[str, type] = _kinds(Event)
"""Every event kind (`"e"` value) and its TypedDict."""
KINDS: dict[str, frozenset[str]] = {
    game: frozenset(_kinds(union))
    for game, union in (
        ("raspad", RaspadEvent),
        ("kosa", KosaEvent),
        ("ryadki", RyadkiEvent),
        ("parquet", ParquetEvent),
    )
}
"""The event kinds each game records."""


E = TypeVar("E", bound=Mapping[str, object])


def copied(events: Iterable[E]) -> list[E]:
    """Copies of `events` for a view, their lists copied too: whoever changes a view never
    changes the state it came from. (Each copy has its event's keys and value types: the
    `cast` only says so.)"""
    return [
        cast(E, {k: (list(v) if isinstance(v, list) else v) for k, v in e.items()}) for e in events
    ]
