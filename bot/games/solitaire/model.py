"""The solitaires' bookkeeping over `rules` and a GameRecord: create, move, undo.
Pure: no store, no Telegram. The record's meta is a SoloMeta (bot.storage.record).

Undo replays the move history from `s0` without its last move: the rules are deterministic, so
that is the previous position exactly. A move appends a few bytes to the history instead of a
whole earlier state, which keeps every save (and load) small; an undo costs one replay of the
history.
"""

from __future__ import annotations

import time
from typing import NamedTuple

import rules
from bot.events import undo_event
from bot.games.state import events_of, set_state, state_of
from bot.registry import spec
from bot.storage.record import GameRecord, SoloMeta, new_id
from rules.rng import fresh_seed
from rules.views import View

LOG_LIMIT = 256  # moves the history holds before the state it starts from moves forward


def new_record(
    kind: str,
    variant: str,
    user_id: int,
    lang: str,
    seed: int | None = None,
    deck: list[str] | None = None,
) -> GameRecord:
    game = spec(kind).game
    options = dict(spec(kind).variants[variant])
    state = game.new_game(options, seed=seed if seed is not None else fresh_seed(), deck=deck)
    text = game.to_json(state)
    view = game.view(state, 0)
    meta = SoloMeta(
        uid=user_id,
        lang=lang,
        variant=variant,
        s0=text,
        started=time.time(),
        events=events_of(view),
    )
    record = GameRecord(
        id=new_id(),
        kind=kind,
        chat_id=user_id,
        state=text,
        meta=meta,
        finished=game.status(state).over,
    )
    set_state(record, state, view)
    return record


def can_undo(record: GameRecord) -> bool:
    meta = record.solo
    return meta.undo_left > 0 and bool(meta.s0) and not record.finished


def legal_moves(record: GameRecord, state: object | None = None) -> list[str]:
    return spec(record.kind).game.legal_moves(state if state is not None else state_of(record), 0)


class Moved(NamedTuple):
    state: object  # the rules state after the move
    view: View  # its view (what the board shows)


def apply_move(record: GameRecord, move: str, undo_depth: int) -> Moved:
    """Apply `move` to the record in place (state, undo history, counters, events) and return
    the new rules state with its view. Raises rules.IllegalMove (record untouched) when
    illegal."""
    game = spec(record.kind).game
    after = game.apply(state_of(record), move, 0)
    view = game.view(after, 0)
    meta = record.solo
    meta.history = f"{meta.history} {move}" if meta.history else move
    if move != "resign":
        meta.undo_left = min(meta.undo_left + 1, undo_depth)
    set_state(record, after, view)
    meta.settled = None  # a new position: the buttons of earlier versions are stale
    _trim_history(record, undo_depth)
    if move != "resign":  # giving up is not a move (a game given up at once has 0)
        meta.moves += 1
    meta.events = events_of(view)
    if game.status(after).over:
        record.finished = True
        meta.ended = time.time()
        meta.undo_left = 0
    return Moved(after, view)


def _replay(kind: str, text: str, moves: list[str]) -> object:
    game = spec(kind).game
    state = game.from_json(text)
    for move in moves:
        state = game.apply(state, move, 0)
    return state


def _trim_history(record: GameRecord, undo_depth: int) -> None:
    """Keep saves small and undo quick in long games: past LOG_LIMIT moves the history's
    starting state (s0) moves forward to `undo_depth` moves before now (one replay of
    ~LOG_LIMIT moves, a few ms, every LOG_LIMIT - undo_depth moves)."""
    meta = record.solo
    if meta.history.count(" ") < LOG_LIMIT:
        return
    moves = meta.history.split()
    keep = min(undo_depth, len(moves))
    try:
        base = _replay(record.kind, meta.s0 or "", moves[: len(moves) - keep])
    except (rules.IllegalMove, ValueError, KeyError, TypeError):  # an old or unreadable history
        meta.s0, meta.history, meta.undo_left = record.state, "", 0
        return
    meta.s0 = spec(record.kind).game.to_json(base)
    meta.history = " ".join(moves[len(moves) - keep :])
    meta.undo_left = min(meta.undo_left, keep)


def undo(record: GameRecord, steps: int = 1) -> bool:
    """Step back `steps` moves (replaying the history without them; each counts as an undo);
    False when fewer are left to undo, or when the history no longer replays (rules changed
    since it was written)."""
    meta = record.solo
    moves = meta.history.split()
    if not can_undo(record) or not meta.s0 or not 1 <= steps <= min(meta.undo_left, len(moves)):
        return False
    try:
        state = _replay(record.kind, meta.s0, moves[:-steps])
    except (rules.IllegalMove, ValueError, KeyError, TypeError):
        return False
    set_state(record, state)
    meta.settled = None
    meta.history = " ".join(moves[:-steps])
    meta.undo_left -= steps
    meta.moves = max(0, meta.moves - steps)
    meta.undos += steps
    meta.events = [undo_event()]
    return True


def elapsed(meta: SoloMeta) -> int:
    end = meta.ended or time.time()
    return max(0, int(end - (meta.started or end)))


def picked_for(game: GameRecord, move: str) -> str | None:
    """A hinted move whose source has several targets is shown with that source picked."""
    if ">" not in move:
        return None
    src = move.split(">", maxsplit=1)[0]
    return src if sum(1 for m in legal_moves(game) if m.startswith(src + ">")) > 1 else None
