"""The views of the four games (`view(state, player)`), as `TypedDict`s: what a UI reads.

Every view holds `status` (a `StatusView`, `Status.as_dict()`) and `events` (what the last
`apply` or `new_game` did, `rules.events`, typed per game): `GameView[E]`, the base of each
game's view. Each engine's `view` returns its own: `RaspadView`, `KosaView`, `RyadkiView`,
`ParquetView` (the keys `../shared/rules/API.md` requires and the extras the engines add).

`View` is what `rules.protocol.Engine.view` returns: any game's view read by key, so that a
game outside `rules` may return a plain dict (the toy Nim of the tests does). It is narrowed by
a check of its keys: `game_view(view)` to its status and events (what every game has),
`raspad_view(view)` and the like to one game's view.

Kosa's `pass` is a Python keyword, so `KosaView` uses the functional form (with the base's two
keys spelled out; a `TypedDict` is structural, so it still is a `GameView[KosaEvent]`).
(No `from __future__ import annotations` here: the `TypedDict`s' keys are read at run time.)
"""

from collections.abc import Mapping
from typing import Generic, Literal, TypedDict, TypeVar, cast

from rules.events import Event, KosaEvent, ParquetEvent, ParquetWhy, RaspadEvent, RyadkiEvent

E = TypeVar("E", bound=Mapping[str, object])

View = Mapping[str, object]
"""Any game's view, read by key (`Engine.view`); narrow it with the game's `*_view`."""


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


KosaView = TypedDict(
    "KosaView",
    {
        "braid": list[str],  # first dealt first; the last is playable
        "spots": dict[str, list[str]],  # "L1" … "R6": bottom → top
        "foundations": list[list[str]],  # 8 piles, bottom → top ([] when empty)
        "base": str,  # the base rank
        "stock": int,  # cards left
        "waste": list[str],  # bottom → top
        "pass": int,  # 1-based
        "max_passes": int | None,
        "redeal_allowed": bool,
        "redeal_loses": bool,  # a redeal now loses the game (nothing moved in this pass)
        "vacant": list[str],  # spots with no card
        "awaiting_fill": list[str],  # vacant spots the player must fill now
        "events": list[KosaEvent],
        "status": StatusView,
    },
)


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


def game_view(view: View) -> GameView[Event]:
    """`view` as a view of any game: its `status` and `events` (TypeError when either is
    missing or not a dict and a list; a game outside `rules` records events of its own kinds
    in the same shape)."""
    if not isinstance(view.get("status"), dict) or not isinstance(view.get("events"), list):
        raise TypeError("not a game view: no status dict or events list")
    return cast("GameView[Event]", view)


def _narrowed(view: View, keys: frozenset[str], game: str) -> None:
    missing = keys - view.keys()
    if missing:
        raise TypeError(f"not a {game} view: no {', '.join(sorted(missing))}")


_RASPAD = frozenset(RaspadView.__required_keys__)
_KOSA = frozenset(KosaView.__required_keys__)
_RYADKI = frozenset(RyadkiView.__required_keys__)
_PARQUET = frozenset(ParquetView.__required_keys__)


def raspad_view(view: View) -> RaspadView:
    """`view` as Raspad's (TypeError when it lacks one of its keys)."""
    _narrowed(view, _RASPAD, "raspad")
    return cast(RaspadView, view)


def kosa_view(view: View) -> KosaView:
    """`view` as Kosa's (TypeError when it lacks one of its keys)."""
    _narrowed(view, _KOSA, "kosa")
    return cast(KosaView, view)


def ryadki_view(view: View) -> RyadkiView:
    """`view` as Ryadki's (TypeError when it lacks one of its keys)."""
    _narrowed(view, _RYADKI, "ryadki")
    return cast(RyadkiView, view)


def parquet_view(view: View) -> ParquetView:
    """`view` as Parquet's (TypeError when it lacks one of its keys)."""
    _narrowed(view, _PARQUET, "parquet")
    return cast(ParquetView, view)
