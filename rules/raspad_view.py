"""What Raspad shows (`rules.raspad.view`): its events and its view, as `TypedDict`s.

Events, in the order `rules.events` describes: `beat`, `decay` (one per card, in the order they
decay), `close`, `fail`, then `resign` and `end` (shared with every game, `rules.events`).
(No `from __future__ import annotations` here: the `TypedDict`s' keys are read at run time.)
"""

from typing import Literal, TypedDict, cast

from rules.events import End, Resign, event_types
from rules.views import GameView, View, check_keys


class Beat(TypedDict):
    """The hand card `card` beat the table card `target`."""

    e: Literal["beat"]
    card: str
    target: str


class Decay(TypedDict):
    """The table card `card` decayed (one event per card, in the order they decay)."""

    e: Literal["decay"]
    card: str


class Close(TypedDict):
    """The kon closed — by the player's `close` move, or by itself (`auto`) when no live card
    was left."""

    e: Literal["close"]
    auto: bool


class Fail(TypedDict):
    """The kon failed — declared by the player's `fail` move, or by the rules themselves
    (`auto`) when no beat was left."""

    e: Literal["fail"]
    auto: bool


RaspadEvent = Beat | Decay | Close | Fail | Resign | End
EVENT_TYPES: dict[str, type] = event_types(RaspadEvent)
"""Each event kind Raspad records (`"e"`) and its TypedDict."""


class RaspadView(GameView[RaspadEvent]):
    hand: list[str]  # codes, in order
    table: list[str | None]  # left to right, None for a beaten hole
    stock: int  # cards left (never their order)
    discard: int
    live: int  # table cards not beaten
    ranges: list[list[int] | None]  # admissible values [low, value] per slot (None: hole, joker)
    kon: int  # 1-based
    fails: int  # failed attempts of this kon
    jokers: bool


_KEYS = frozenset(RaspadView.__required_keys__)


def raspad_view(view: View) -> RaspadView:
    """`view` as Raspad's (TypeError when it lacks one of its keys)."""
    check_keys(view, _KEYS, "raspad")
    return cast(RaspadView, view)
