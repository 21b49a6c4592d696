"""Group games on a GameRecord, without I/O: start from a lobby, play a move, time a turn out.

`record.meta` of a group game holds (besides the lobby fields of `bot.games.table.lobby.Lobby.as_meta`):
- `phase`: "lobby" | "play" | "over" | "cancelled";
- `code` (the invite code), `lang` (the language of the public messages), `title` (the
  group's title), `group` (the group chat id, None until the lobby is opened in a group);
- `board`: [chat_id, message_id] of the one public message (lobby, then the table);
- `invite`: [chat_id, message_id] of the creator's private invite message, when there is one;
- `hands`: {"<seat>": [chat_id, message_id]} private hand messages (Ryadki);
- `expires` (lobby), `due` (turn deadline), `timeouts` (consecutive timeouts per seat);
- `migrating`: [new_chat_id, since] while the game moves to the supergroup its group became
  (see `GroupService.migrate`), else absent or None;
- `log`: the events to show under the table (those of the last change), `pick` (Parquet: the
  hand card or board cell the mover picked), `why` (Parquet: "timeout" when the end came from
  the turn timer).
"""

from __future__ import annotations

from typing import Any

import rules
from bot.games.table.lobby import Lobby
from bot.storage import GameRecord

TIMEOUT_LIMIT = 3
GROUP_GAMES = ("ryadki", "parquet")
LOG_MERGE_SECONDS = 3.0  # changes closer together than this share the event lines under the table
LOG_MAX = 24


def module(kind: str) -> Any:
    return rules.GAMES[kind]


def phase(record: GameRecord) -> str:
    return str(record.meta.get("phase") or "lobby")


def players(record: GameRecord) -> list[dict[str, Any]]:
    return list(record.meta.get("players") or [])


def seat_of(record: GameRecord, user_id: int) -> int | None:
    for i, p in enumerate(players(record)):
        if int(p["user_id"]) == user_id:
            return i
    return None


def state_of(record: GameRecord) -> Any:
    return module(record.kind).from_json(record.state)


def public_view(record: GameRecord, state: Any | None = None) -> dict[str, Any]:
    state = state if state is not None else state_of(record)
    return dict(module(record.kind).view(state, -1))


def turn_of(view: dict[str, Any]) -> int | None:
    if view["status"]["over"]:
        return None
    turn = view.get("turn")
    return int(turn) if turn is not None else None


def _log(record: GameRecord, events: list[dict[str, Any]], now: float) -> None:
    """The events shown under the table. Changes that come quickly one after another (faster
    than a coalesced board edit) keep each other's lines, so no effect goes unseen."""
    at = record.meta.get("log_at")
    old = list(record.meta.get("log") or [])
    if at is not None and now - float(at) < LOG_MERGE_SECONDS:
        events = (old + events)[-LOG_MAX:]
    record.meta["log"] = events
    record.meta["log_at"] = now


def _settle(record: GameRecord, state: Any, now: float, turn_timeout: float) -> None:
    mod = module(record.kind)
    record.state = mod.to_json(state)
    record.meta["pick"] = None
    if mod.status(state).over:
        record.meta["phase"] = "over"
        record.meta["due"] = None
        record.finished = True
    else:
        record.meta["due"] = now + turn_timeout


def start(
    record: GameRecord, lobby: Lobby, now: float, turn_timeout: float, seed: int | None = None
) -> None:
    """Deal the game from the lobby's seats and settings (raises LobbyError via check_start)."""
    mod = module(record.kind)
    state = mod.new_game(lobby.options(), seed=seed)
    record.meta.update(lobby.as_meta())
    record.meta["phase"] = "play"
    record.meta["timeouts"] = [0] * len(lobby.players)
    record.meta["expires"] = None
    record.meta["why"] = None
    record.meta["log"] = public_view(record, state)["events"]
    record.meta["log_at"] = now
    _settle(record, state, now, turn_timeout)


def play(record: GameRecord, seat: int, move: str, now: float, turn_timeout: float) -> None:
    """A seated player's own move (rules.IllegalMove when not legal; state untouched then)."""
    mod = module(record.kind)
    state = mod.apply(state_of(record), move, seat)
    timeouts = record.meta.setdefault("timeouts", [0] * len(players(record)))
    if seat < len(timeouts):
        timeouts[seat] = 0
    if move == "resign" and record.kind == "parquet":
        record.meta["why"] = "resign"
    _log(record, public_view(record, state)["events"], now)
    _settle(record, state, now, turn_timeout)


def time_out(
    record: GameRecord, now: float, turn_timeout: float, seed: int | None = None
) -> dict[str, Any] | None:
    """The turn timer ran out: play `suggest` for the absent player, or after TIMEOUT_LIMIT
    timeouts in a row remove them (`resign`: Ryadki goes on while two remain; Parquet ends and
    the absent player loses). Returns the bot's event, or None when there is no turn to time."""
    if phase(record) != "play":
        return None
    mod = module(record.kind)
    state = state_of(record)
    turn = turn_of(mod.view(state, -1))
    if turn is None:
        return None
    timeouts = record.meta.setdefault("timeouts", [0] * len(players(record)))
    k = timeouts[turn] + 1
    event: dict[str, Any]
    if k >= TIMEOUT_LIMIT:
        state = mod.apply(state, "resign", turn)
        timeouts[turn] = 0
        event = {"e": "removed", "seat": turn, "max": TIMEOUT_LIMIT}
        if record.kind == "parquet":
            record.meta["why"] = "timeout"
    else:
        move = mod.suggest(state, turn, seed)
        state = mod.apply(state, move, turn)
        timeouts[turn] = k
        event = {"e": "timeout", "seat": turn, "move": move, "k": k, "max": TIMEOUT_LIMIT}
    _log(record, [event, *public_view(record, state)["events"]], now)
    _settle(record, state, now, turn_timeout)
    return event
