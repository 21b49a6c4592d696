"""What Parquet shows (`rules.parquet.view`): its events and its view, as `TypedDict`s.

Events (fields: `rules/parquet.py`), in the order `rules.events` describes: `place`,
`relocate`, `phase`, `pass`, `resign` (shared, `rules.events`), and its own `end`, which says
how the game ended (`why`). Some field names are Python keywords (`from`), so those
`TypedDict`s use the functional form.
(No `from __future__ import annotations` here: the `TypedDict`s' keys are read at run time.)
"""

from typing import Literal, NotRequired, TypedDict, cast

from rules.events import Resign, event_types
from rules.views import GameView, View, check_keys

ParquetWhy = Literal["full", "double_pass", "repetition", "resign"]


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


class ParquetEnd(TypedDict):
    """The game ended: `winners` the winning seats, `why` how."""

    e: Literal["end"]
    winners: list[int]
    why: NotRequired[ParquetWhy]


ParquetEvent = Place | Relocate | Phase | Pass | Resign | ParquetEnd
EVENT_TYPES: dict[str, type] = event_types(ParquetEvent)
"""Each event kind Parquet records (`"e"`) and its TypedDict."""


class ParquetView(GameView[ParquetEvent]):
    board: list[list[str | None]]  # 5 rows × 7 columns
    hands: list[list[str]]  # both: they are public
    turn: int | None  # None: over
    phase: Literal["cross", "corner"]
    red: int  # the red seat
    first: int  # the seat that moved first
    last: str | None  # the last move ("resign" included)
    last_placer: int | None
    must_relocate: bool  # the side to move can only relocate
    why: ParquetWhy | None  # how the game ended
    on_board: int
    moves: int  # moves played by both players (passes not counted)


_KEYS = frozenset(ParquetView.__required_keys__)


def parquet_view(view: View) -> ParquetView:
    """`view` as Parquet's (TypeError when it lacks one of its keys)."""
    check_keys(view, _KEYS, "parquet")
    return cast(ParquetView, view)
