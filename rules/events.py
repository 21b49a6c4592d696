"""The public events of the games: one format for all of them.

Every engine records, in its state, what its last `apply` (or `new_game`) did, in order, and
`view(state, player)["events"]` returns that list: plain JSON-able dicts, each a `TypedDict`,
told apart by the literal `"e"` key. Each game's own kinds are in its own module
(`rules/<game>_view.py`: a union of its `TypedDict`s and `EVENT_TYPES`, each `"e"` value it
records with its `TypedDict`); this module holds what every game shares: `Resign` and `End`
(a field only some games have is `NotRequired`), the shape of any game's event
(`GameEvent`), and `copied`.

Order: the move's own event first, then the automatic consequences in the order the rules
make them, the end of the game last. Events carry only what every player may see.

(No `from __future__ import annotations` here: the `TypedDict`s' required and optional keys
are read at run time.)
"""

from collections.abc import Iterable, Mapping
from typing import Any, Literal, NotRequired, TypedDict, TypeVar, cast, get_args, get_type_hints

GameEvent = Mapping[str, Any]
"""Any game's event, read by key (its kind under `"e"`); narrowed to a game's own union by the
code that knows the game (its renderer)."""


class Resign(TypedDict):
    """`seat` left the game (a solitaire's player is seat 0)."""

    e: Literal["resign"]
    seat: int
    n: NotRequired[int]  # the cards of their hand that went out of the game (a game that says)


SolitaireResult = Literal["won", "lost", "resigned"]


class End(TypedDict):
    """The game ended: `winners` the winning seats (a solitaire: `[0]` when won, else `[]`)."""

    e: Literal["end"]
    winners: list[int]
    result: NotRequired[SolitaireResult]  # solitaires: the final `Status.result`


def event_types(union: object) -> dict[str, type]:
    """`"e"` value -> its TypedDict, for the members of `union` (a game's events)."""
    out: dict[str, type] = {}
    for td in get_args(union):
        (kind,) = get_args(get_type_hints(td)["e"])
        out[kind] = td
    return out


E = TypeVar("E", bound=Mapping[str, object])


def copied(events: Iterable[E]) -> list[E]:
    """Copies of `events` for a view, their lists copied too: whoever changes a view never
    changes the state it came from. (Each copy has its event's keys and value types: the
    `cast` only says so.)"""
    return [
        cast(E, {k: (list(v) if isinstance(v, list) else v) for k, v in e.items()}) for e in events
    ]
