"""A record's rules state and views, decoded once per saved text (rules states are immutable,
so a decoded state is shared; a view is only read)."""

from __future__ import annotations

from typing import Any

from bot.registry import spec
from bot.storage.record import Decoded, GameRecord


def _memo(record: GameRecord) -> Decoded:
    memo = record.decoded
    if memo is None or memo.text != record.state:
        memo = Decoded(record.state, spec(record.kind).game.from_json(record.state))
        record.decoded = memo
    return memo


def state_of(record: GameRecord) -> Any:
    """The record's rules state."""
    return _memo(record).state


def set_state(
    record: GameRecord, state: Any, view: dict[str, Any] | None = None, viewer: int = 0
) -> None:
    """Store `state` in the record (its JSON text), keeping it decoded (and its view)."""
    text = spec(record.kind).game.to_json(state)
    record.state = text
    record.decoded = Decoded(text, state, view, viewer)


def view_of(record: GameRecord, player: int = 0, state: Any | None = None) -> dict[str, Any]:
    """`player`'s view of the record's state (or of `state`), computed once per decoded state
    for the last seat asked (-1 is the public view)."""
    game = spec(record.kind).game
    memo = record.decoded
    if state is not None and (memo is None or state is not memo.state):
        return game.view(state, player)
    memo = _memo(record)
    if memo.view is None or memo.viewer != player:
        memo.view, memo.viewer = game.view(memo.state, player), player
    return memo.view


def public_view(record: GameRecord, state: Any | None = None) -> dict[str, Any]:
    return view_of(record, -1, state)


def turn(record: GameRecord, state: Any | None = None) -> int | None:
    """The seat to move in the record's state (or in `state`), None once the game is over."""
    return spec(record.kind).game.turn(state_of(record) if state is None else state)
