"""The views of the games (`view(state, player)`), as `TypedDict`s: what a UI reads.

Every view holds `status` (a `StatusView`, `Status.as_dict()`) and `events` (what the last
`apply` or `new_game` did, `rules.events`, typed per game): `GameView[E]`, the base of each
game's view. Each engine's `view` returns its own, declared with its events in its own module
(`rules/<game>_view.py`: `KosaView`, …, with the keys `../shared/rules/API.md` requires and the
extras the engine adds, and the function that narrows a view to it).

`View` is what `rules.protocol.Engine.view` returns: any game's view read by key, so that a
game outside `rules` may return a plain dict (the toy Nim of the tests does). It is narrowed by
a check of its keys: `game_view(view)` to its status and events (what every game has), a game's
own function (`rules.kosa_view.kosa_view`, …) to that game's view.
(No `from __future__ import annotations` here: the `TypedDict`s' keys are read at run time.)
"""

from collections.abc import Mapping
from typing import Generic, TypedDict, TypeVar, cast

from rules.events import GameEvent

E = TypeVar("E", bound=Mapping[str, object])

View = Mapping[str, object]
"""Any game's view, read by key (`Engine.view`); narrow it with the game's own function."""


class StatusView(TypedDict):
    """`rules.Status` as a view holds it (`Status.as_dict()`)."""

    over: bool
    winners: list[int]
    scores: list[int]
    result: str  # solitaires "playing" | "won" | "lost" | "resigned"; tables "playing" | "over"


class GameView(TypedDict, Generic[E]):
    """What every game's view holds: its status and the events of the last change."""

    status: StatusView
    events: list[E]


def game_view(view: View) -> GameView[GameEvent]:
    """`view` as a view of any game: its `status` and `events` (TypeError when either is
    missing or not a dict and a list; every game records its events in the one shape of
    `rules.events`)."""
    if not isinstance(view.get("status"), dict) or not isinstance(view.get("events"), list):
        raise TypeError("not a game view: no status dict or events list")
    return cast("GameView[GameEvent]", view)


def check_keys(view: View, keys: frozenset[str], game: str) -> None:
    """TypeError when `view` lacks one of `keys` (a game's narrowing of its own view)."""
    missing = keys - view.keys()
    if missing:
        raise TypeError(f"not a {game} view: no {', '.join(sorted(missing))}")
