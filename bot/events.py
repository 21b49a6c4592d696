"""The events a game's record keeps to show (`GameRecord`'s `events`, rendered by
bot.render.events): the rules' own (`rules.events.GameEvent`: what a move did) and those the bot
itself adds (`BotEvent`: a turn timed out, a player removed, a solitaire move taken back, or
several, to a position its solver wins).

Every event is a dict with its kind under `"e"`, one `TypedDict` per kind (a union told apart
by `"e"`). This module sits at the bottom of `bot/` (it imports only `rules`), so storage,
renderers and services share the one type; the bot's events are made here too.
A game outside `rules` (the toy Nim of the tests) records events of its own kinds in the same
shape; only its own renderer reads them.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from rules.events import GameEvent


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


class Rewind(TypedDict):
    """A solitaire taken `n` moves back, to a position its solver wins (💡's way back)."""

    e: Literal["rewind"]
    n: int


BotEvent = Timeout | Removed | Undo | Rewind
Event = GameEvent | BotEvent
"""An event a record keeps: the rules' (any game's: its renderer reads its own kinds) or the
bot's."""


def timeout_event(seat: int, move: str, k: int, limit: int) -> Timeout:
    return Timeout(e="timeout", seat=seat, move=move, k=k, max=limit)


def removed_event(seat: int, limit: int) -> Removed:
    return Removed(e="removed", seat=seat, max=limit)


def undo_event() -> Undo:
    return Undo(e="undo")


def rewind_event(n: int) -> Rewind:
    return Rewind(e="rewind", n=n)
