"""What Ryadki shows (`rules.ryadki.view`): its events and its view, as `TypedDict`s.

Events (fields: `rules/ryadki.py`), in the order `rules.events` describes: `deal_start`,
`play`, `jj`, `seven`, `queen`, `third`, `cannot_answer`, `built`, `refill`, `lead`, `resign`
(shared, `rules.events`; with `n`, the cards of the hand that went out of the game),
`deal_end`, `game_end`. Some field names are Python keywords (`from`), so those `TypedDict`s
use the functional form.
(No `from __future__ import annotations` here: the `TypedDict`s' keys are read at run time.)
"""

from typing import Literal, TypedDict, cast

from rules.events import Resign, event_types
from rules.views import GameView, View, check_keys


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
EVENT_TYPES: dict[str, type] = event_types(RyadkiEvent)
"""Each event kind Ryadki records (`"e"`) and its TypedDict."""


class RyadkiView(GameView[RyadkiEvent]):
    game: str  # "ryadki"
    players: int
    seat: int | None  # the viewer's seat (None: a spectator)
    hand: list[str]  # the viewer's codes ([] for a spectator)
    hands: list[int]  # cards per seat
    stack: list[str]  # codes in play order
    last: int | None  # the seat that played the stack's last card
    piles: list[int]  # per seat
    out: int  # cards out of the game in this deal
    stock: int
    deck: int  # 36 | 52
    scores: list[int]  # game score per seat
    deal: int  # 1-based
    deals: int
    dealer: int
    turn: int | None  # the seat to play (None: over)
    active: list[bool]  # seats still in the game
    played: list[str]  # cards played in this deal
    voids: list[list[str | int]]  # the public inferences per seat
    moves: int
    legal: list[str]  # the viewer's legal moves


_KEYS = frozenset(RyadkiView.__required_keys__)


def ryadki_view(view: View) -> RyadkiView:
    """`view` as Ryadki's (TypeError when it lacks one of its keys)."""
    check_keys(view, _KEYS, "ryadki")
    return cast(RyadkiView, view)
