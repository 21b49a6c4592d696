"""The events the bot itself adds to a game's events (beside the rules' own, rules.events):
they have the same shape, a dict with its kind under "e", and are rendered in the same place
(bot.render.events)."""

from __future__ import annotations

from typing import Any, Literal, TypedDict


class Timeout(TypedDict):
    """The turn timer ran out: the bot played `move` for `seat` (the `k`-th time of `max`)."""

    e: Literal["timeout"]
    seat: int
    move: str
    k: int
    max: int


class Removed(TypedDict):
    """`seat` missed `max` turns in a row and was removed (resigned by the bot)."""

    e: Literal["removed"]
    seat: int
    max: int


class Undo(TypedDict):
    """A solitaire move taken back."""

    e: Literal["undo"]


def timeout_event(seat: int, move: str, k: int, limit: int) -> dict[str, Any]:
    return dict(Timeout(e="timeout", seat=seat, move=move, k=k, max=limit))


def removed_event(seat: int, limit: int) -> dict[str, Any]:
    return dict(Removed(e="removed", seat=seat, max=limit))


def undo_event() -> dict[str, Any]:
    return dict(Undo(e="undo"))
