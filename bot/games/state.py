"""A record's rules state and views, decoded once per saved text (rules states are immutable,
so a decoded state is shared; a view is only read).

A rules state is the engine's own (opaque here: `object`, handed back to the same engine); a
view is a `rules.views.View`, each game's own `TypedDict` (its renderer narrows it)."""

from __future__ import annotations

from bot.events import Event
from bot.registry import spec
from bot.storage.record import Decoded, GameRecord
from rules.views import View, game_view


def _memo(record: GameRecord) -> Decoded:
    memo = record.decoded
    if memo is None or memo.text != record.state:
        memo = Decoded(record.state, spec(record.kind).game.from_json(record.state))
        record.decoded = memo
    return memo


def state_of(record: GameRecord) -> object:
    """The record's rules state."""
    return _memo(record).state


def set_state(record: GameRecord, state: object, view: View | None = None, viewer: int = 0) -> None:
    """Store `state` in the record (its JSON text), keeping it decoded (and its view)."""
    text = spec(record.kind).game.to_json(state)
    record.state = text
    record.decoded = Decoded(text, state, view, viewer)


def view_of(record: GameRecord, player: int = 0, state: object | None = None) -> View:
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


def public_view(record: GameRecord, state: object | None = None) -> View:
    return view_of(record, -1, state)


def events_of(view: View) -> list[Event]:
    """A new list of the events of `view` (the rules' own; the bot adds its own to it)."""
    return list(game_view(view)["events"])


def turn(record: GameRecord, state: object | None = None) -> int | None:
    """The seat to move in the record's state (or in `state`), None once the game is over."""
    return spec(record.kind).game.turn(state_of(record) if state is None else state)


def position(record: GameRecord) -> int:
    """The oldest version whose buttons are still current: the one at which the position last
    changed (a table's buttons carry it; a solitaire's board after a hint's save still shows
    the position of the version before it)."""
    settled = record.meta.settled
    return record.version if settled is None or settled > record.version else settled


def current(record: GameRecord, version: int) -> bool:
    """A tap made on `version` saw the position as it is now (a save since then changed nothing
    a player sees)."""
    return position(record) <= version <= record.version
