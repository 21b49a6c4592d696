"""Group games on a GameRecord, without I/O: start from a lobby, play a move, time a turn out.

The record's meta is a TableMeta (bot.storage.record); a move writes the new rules state, the
events to show under the table and the next turn deadline, and marks the record finished when
the rules say the game is over.

The deadline is the turn timer for a person at a group table, `ai_pause` for a computer seat
(its move is made when that deadline fires: a stored timer, so it survives a restart), and none
for the person in a private game against the computer. A game in which no person is still
playing ends there (`why = "abandoned"`): computer seats do not play on to an empty room. A
person who leaves a game that goes on without them (resigned, or removed) is no longer at the
table: their own copy of the board (a quick match's) is the table's no more, and its last
screen is the end for them (the door shows it once: `bot.games.table.commit`).
"""

from __future__ import annotations

import hashlib

from bot.events import Event, Removed, Timeout, removed_event, timeout_event
from bot.games.state import events_of, public_view, set_state, state_of, turn
from bot.games.table.lobby import Lobby
from bot.registry import spec
from bot.storage.record import GameRecord

TIMEOUT_LIMIT = 3
AI_PAUSE = 1.0  # seconds a computer seat "thinks" before its move
CHAIN_LIMIT = 64  # computer moves in one go at most (a private table: until the person's turn)
LOG_MERGE_SECONDS = 3.0  # changes closer together than this share the event lines under the table
LOG_MAX = 24


def _log(record: GameRecord, events: list[Event], now: float, merge: bool | None = None) -> None:
    """The events shown under the table. Changes that come quickly one after another (faster
    than a coalesced board edit) keep each other's lines, so no effect goes unseen. `merge`
    decides instead when given (a private table shows the person's move and the answers to it)."""
    meta = record.table
    if merge is None:
        merge = meta.events_at is not None and now - meta.events_at < LOG_MERGE_SECONDS
    if merge:
        events = (meta.events + events)[-LOG_MAX:]
    meta.events = events
    meta.events_at = now


def _settle(
    record: GameRecord, state: object, now: float, turn_timeout: float, ai_pause: float
) -> None:
    set_state(record, state)
    meta = record.table
    meta.pick = None
    meta.settled = record.version + 1  # the version this change is saved as
    view = public_view(record, state)
    active = view.get("active")
    if spec(record.kind).game.status(state).over:
        meta.due = None
        record.finished = True
    elif isinstance(active, list) and meta.humans and not any(active[s] for s in meta.humans):
        meta.due, meta.why = None, "abandoned"
        record.finished = True
    elif meta.is_ai(turn(record, state)):
        meta.due = now + ai_pause
    else:
        meta.due = None if meta.private else now + (meta.turn or turn_timeout)


def ai_seed(gid: str, version: int, step: int = 0) -> int:
    """The seed of a computer move: the same for the same game, version and step everywhere."""
    digest = hashlib.blake2b(f"{gid}:{version}:{step}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def start(
    record: GameRecord,
    lobby: Lobby,
    now: float,
    turn_timeout: float,
    seed: int | None = None,
    *,
    ai_pause: float = AI_PAUSE,
) -> None:
    """Deal the game from the lobby's seats and settings."""
    state = spec(record.kind).game.new_game(lobby.options(), seed=seed)
    meta = record.table
    meta.timeouts = [0] * len(lobby.players)
    meta.started = now
    meta.expires = None
    meta.why = None
    meta.events = events_of(public_view(record, state))
    meta.events_at = now
    _settle(record, state, now, turn_timeout, ai_pause)


def play(
    record: GameRecord,
    seat: int,
    move: str,
    now: float,
    turn_timeout: float,
    *,
    ai_pause: float = AI_PAUSE,
) -> None:
    """A seated player's own move (rules.IllegalMove when not legal; state untouched then)."""
    state = spec(record.kind).game.apply(state_of(record), move, seat)
    meta = record.table
    if seat < len(meta.timeouts):
        meta.timeouts[seat] = 0
    if move == "resign":
        meta.left[seat] = "resigned"
    else:
        meta.acted[seat] = now
    _log(record, events_of(public_view(record, state)), now, False if meta.private else None)
    _settle(record, state, now, turn_timeout, ai_pause)
    if move == "resign":
        _gone(record, seat, "resign")


Plan = list[tuple[int, str]]  # (seat, move) of computer seats, in turn order


def plan_computer(
    kind: str,
    state: object,
    computers: frozenset[int],
    level: str,
    seed: tuple[str, int],
    *,
    chain: bool = False,
) -> Plan:
    """The moves of the computer seat whose turn it is (`chain`: and of every computer seat
    after it, until a person's turn or the end): the computer player's (`suggest` at `level`;
    it sees what its seat may see). Pure and read-only, so it may run in a worker thread while
    the event loop goes on. `seed` is (game id, version): the same plan everywhere."""
    game = spec(kind).game
    plan: Plan = []
    for step in range(CHAIN_LIMIT if chain else 1):
        seat = game.turn(state)
        if seat is None or seat not in computers:
            break
        move = game.suggest(state, seat, ai_seed(*seed, step), level=level)
        plan.append((seat, move))
        state = game.apply(state, move, seat)
    return plan


def computer_plan(record: GameRecord) -> Plan:
    """`plan_computer` for the record as it is (a private table chains to the person's turn)."""
    meta = record.table
    if record.phase != "play":
        return []
    computers = frozenset(i for i, p in enumerate(meta.players) if p.ai)
    seed = (record.id, record.version)
    return plan_computer(
        record.kind, state_of(record), computers, meta.level, seed, chain=meta.private
    )


def computer_turn(
    record: GameRecord,
    plan: Plan,
    now: float,
    turn_timeout: float,
    *,
    ai_pause: float = AI_PAUSE,
) -> bool:
    """Apply a plan (from `computer_plan` of this very version) like a person's moves. False,
    changing nothing, when no computer seat is to move as planned."""
    if record.phase != "play" or not plan:
        return False
    game = spec(record.kind).game
    meta = record.table
    state = state_of(record)
    events: list[Event] = []
    for seat, move in plan:
        if game.turn(state) != seat or not meta.is_ai(seat):
            return False
        state = game.apply(state, move, seat)
        events += events_of(game.view(state, -1))
    _log(record, events, now, True if meta.private else None)
    _settle(record, state, now, turn_timeout, ai_pause)
    return True


def time_out(
    record: GameRecord,
    now: float,
    turn_timeout: float,
    seed: int | None = None,
    *,
    ai_pause: float = AI_PAUSE,
) -> Timeout | Removed | None:
    """The turn timer ran out: play `suggest` for the absent player, or after TIMEOUT_LIMIT
    timeouts in a row remove them (`resign`: a game of more seats may go on without them, else
    it ends and the absent player loses). Returns the bot's event, or None when there is no
    turn to time."""
    if record.phase != "play":
        return None
    game = spec(record.kind).game
    state = state_of(record)
    seat = turn(record)
    if seat is None:
        return None
    meta = record.table
    if len(meta.timeouts) < len(meta.players):
        meta.timeouts = [0] * len(meta.players)
    k = meta.timeouts[seat] + 1
    event: Timeout | Removed
    if k >= TIMEOUT_LIMIT:
        state = game.apply(state, "resign", seat)
        meta.timeouts[seat] = 0
        event = removed_event(seat, TIMEOUT_LIMIT)
        meta.left[seat] = "timeout"
    else:
        move = game.suggest(state, seat, seed)
        state = game.apply(state, move, seat)
        meta.timeouts[seat] = k
        event = timeout_event(seat, move, k, TIMEOUT_LIMIT)
    _log(record, [event, *events_of(public_view(record, state))], now)
    _settle(record, state, now, turn_timeout, ai_pause)
    if k >= TIMEOUT_LIMIT:
        _gone(record, seat, "timeout")
    return event


def _gone(record: GameRecord, seat: int, why: str) -> None:
    """Seat `seat` has left (`why`: "resign", "timeout"): a game it ended says why; one that
    goes on without it drops its own board (it shows that seat's end, and nothing after)."""
    meta = record.table
    if record.finished:
        meta.why = meta.why or why  # the game ended because a player left it
    else:
        meta.boards.pop(seat, None)
