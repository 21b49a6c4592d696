"""Raspad («Распад», "Decay") — a one-player solitaire (rules: ../shared/rules/raspad.md).

The player holds up to 6 cards and beats the cards of a table line with them. A table card next
to beaten holes accepts lower values (reduction); a card reduced to 0 or below decays by itself.
A kon (round) closes when at most one live card is left; when no beat exists (or the player
declares it) the kon fails: the hand is appended to the line and a new hand is drawn.

Moves: `<hand card>><table card>` (`QS>JS`), `close`, `fail`, `resign`.
Every automatic consequence (decay cascades, the close of an empty line, the failed kon when no
beat exists, the end of the game) happens inside `apply` and `new_game`.

`state.events` (also `view(...)["events"]`, see `rules.events`) lists what the last `apply`
(or `new_game`) did, in order: the move's own event — `beat` (`card` beat `target`), `close`
or `fail` with `auto` false, `resign` — then the automatic consequences: a `decay` per card
that decayed, `close` / `fail` with `auto` true, and `end` (`result` "won", "lost" or
"resigned") when the game ended.

This module is the game (its flow and the API); the card values, reductions, beats and decay
are in `rules.raspad_beats`, `State` and its JSON form in `rules.raspad_state`.
"""

from __future__ import annotations

from typing import Any

from rules import cards
from rules.errors import IllegalMove
from rules.events import copied
from rules.options import check_options, is_bool
from rules.raspad_beats import (
    VALUE,
    any_beat,
    beat_moves,
    beats,
    decay,
    holes_near,
    live_count,
    ranges,
)
from rules.raspad_state import LOST, PLAYING, RESIGNED, WON, State, from_json, to_json
from rules.raspad_view import RaspadEvent, RaspadView
from rules.rng import Rng, fresh_seed
from rules.status import Status

__all__ = [
    "DEFAULT_OPTIONS",
    "HAND_SIZE",
    "NAME",
    "PLAYERS",
    "PLAYING",
    "TABLE_SIZE",
    "VALUE",
    "State",
    "apply",
    "beats",
    "from_json",
    "legal_moves",
    "new_game",
    "over",
    "status",
    "to_json",
    "turn",
    "view",
]

NAME = "raspad"
PLAYERS = (1, 1)
DEFAULT_OPTIONS: dict[str, Any] = {"jokers": False}

HAND_SIZE = 6
TABLE_SIZE = 4

# ---------------------------------------------------------------- game flow


def _settle(
    stock: list[str],
    hand: list[str],
    table: list[str | None],
    discard: list[str],
    kon: int,
    fails: int,
    events: list[RaspadEvent],
    seed: int,
    jokers: bool,
) -> State:
    """Run every automatic consequence until a decision point or the end of the game."""
    result = PLAYING
    while True:
        decay(table, discard, events)
        live = sum(1 for c in table if c is not None)
        if live == 0:
            # the kon closes by itself
            events.append({"e": "close", "auto": True})
            table, result, kon = _close(stock, hand, table, discard, kon)
            fails = 0
            if result != PLAYING:
                events.append(_end(result))
                break
            continue
        if live == 1:
            break
        if any_beat(tuple(hand), tuple(table)):
            break
        # at least two live cards and no beat: the kon fails by itself
        events.append({"e": "fail", "auto": True})
        table, result = _fail(stock, hand, table)
        fails += 1
        if result != PLAYING:
            events.append(_end(result))
            break
    return State(
        seed=seed,
        jokers=jokers,
        stock=tuple(stock),
        hand=tuple(hand),
        table=tuple(table),
        discard=tuple(discard),
        result=result,
        kon=kon,
        fails=fails,
        events=tuple(events),
    )


def _end(result: str) -> RaspadEvent:
    """The end event of a game that ended with `result`."""
    if result == WON:
        return {"e": "end", "result": "won", "winners": [0]}
    return {"e": "end", "result": "resigned" if result == RESIGNED else "lost", "winners": []}


def _close(
    stock: list[str],
    hand: list[str],
    table: list[str | None],
    discard: list[str],
    kon: int,
) -> tuple[list[str | None], str, int]:
    """Close the kon: table to the discard, refill the hand, then the table; the win check."""
    discard.extend(c for c in table if c is not None)
    take = min(HAND_SIZE - len(hand), len(stock)) if len(hand) < HAND_SIZE else 0
    hand.extend(stock[:take])
    del stock[:take]
    if not stock:
        return [], WON, kon
    lay = min(TABLE_SIZE, len(stock))
    new_table: list[str | None] = list(stock[:lay])
    del stock[:lay]
    return new_table, PLAYING, kon + 1


def _fail(
    stock: list[str], hand: list[str], table: list[str | None]
) -> tuple[list[str | None], str]:
    """A failed kon. Lost when the stock is empty (the position is left as it was)."""
    if not stock:
        return table, LOST
    line: list[str | None] = [c for c in table if c is not None]
    line.extend(hand)
    take = min(HAND_SIZE, len(stock))
    hand[:] = stock[:take]
    del stock[:take]
    if len(line) < TABLE_SIZE:
        lay = min(TABLE_SIZE - len(line), len(stock))
        line.extend(stock[:lay])
        del stock[:lay]
    return line, PLAYING


def _parse_options(options: dict[str, Any] | None) -> dict[str, Any]:
    given = check_options(NAME, options, {"jokers": (is_bool, "true or false")})
    return {**DEFAULT_OPTIONS, **given}


def new_game(
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    deck: list[str] | None = None,
) -> State:
    """Deal a new game: 6 cards to the hand, 4 to the table, the rest is the stock."""
    opts = _parse_options(options)
    jokers = bool(opts["jokers"])
    full = cards.deck_54() if jokers else cards.deck_52()
    if seed is None:
        seed = fresh_seed()
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("raspad: seed must be an integer")
    order = cards.check_deck(deck, full)
    if order is None:
        order = full
        Rng(seed).shuffle(order)
    hand = order[:HAND_SIZE]
    table: list[str | None] = list(order[HAND_SIZE : HAND_SIZE + TABLE_SIZE])
    stock = order[HAND_SIZE + TABLE_SIZE :]
    return _settle(stock, hand, table, [], 1, 0, [], seed, jokers)


def legal_moves(state: State, player: int = 0) -> list[str]:
    """Sorted legal moves: beats, `close` (at most one live card), `fail` (two or more)."""
    if player != 0 or state.result != PLAYING:
        return []
    moves = beat_moves(state.hand, state.table)
    if live_count(state.table) <= 1:
        moves.append("close")
    else:
        moves.append("fail")
    moves.sort()
    return moves


def _is_legal_beat(state: State, move: str) -> bool:
    if len(move) != 5 or move[2] != ">":
        return False
    h, t = move[:2], move[3:]
    if h not in state.hand or t not in state.table:
        return False
    i = state.table.index(t)
    d = holes_near(state.table, i)
    return beats(h, t, VALUE[t] - d, d > 0)


def apply(state: State, move: str, player: int = 0) -> State:
    """Return the state after `move`; IllegalMove (state untouched) when it is not legal."""
    if not isinstance(move, str):
        raise IllegalMove(f"raspad: a move is a string, got {move!r}")
    if state.result != PLAYING:
        raise IllegalMove("raspad: the game is over")
    if player != 0:
        raise IllegalMove(f"raspad: there is no player {player!r}")
    if move == "resign":
        return State(
            seed=state.seed,
            jokers=state.jokers,
            stock=state.stock,
            hand=state.hand,
            table=state.table,
            discard=state.discard,
            result=RESIGNED,
            kon=state.kon,
            fails=state.fails,
            events=({"e": "resign", "seat": 0}, _end(RESIGNED)),
        )
    stock = list(state.stock)
    hand = list(state.hand)
    table = list(state.table)
    discard = list(state.discard)
    events: list[RaspadEvent] = []
    kon, fails = state.kon, state.fails
    live = live_count(state.table)
    if move == "close":
        if live > 1:
            raise IllegalMove("raspad: close needs at most one live card on the table")
        events.append({"e": "close", "auto": False})
        table, result, kon = _close(stock, hand, table, discard, kon)
        fails = 0
        if result != PLAYING:
            events.append(_end(result))
            return _ended(state, stock, hand, table, discard, result, kon, fails, events)
    elif move == "fail":
        if live < 2:
            raise IllegalMove("raspad: fail needs at least two live cards on the table")
        events.append({"e": "fail", "auto": False})
        table, result = _fail(stock, hand, table)
        fails += 1
        if result != PLAYING:
            events.append(_end(result))
            return _ended(state, stock, hand, table, discard, result, kon, fails, events)
    else:
        if not _is_legal_beat(state, move):
            raise IllegalMove(f"raspad: {move!r} is not a legal move")
        h, t = move[:2], move[3:]
        hand.remove(h)
        table[table.index(t)] = None
        discard.append(h)
        discard.append(t)
        events.append({"e": "beat", "card": h, "target": t})
    return _settle(stock, hand, table, discard, kon, fails, events, state.seed, state.jokers)


def _ended(
    state: State,
    stock: list[str],
    hand: list[str],
    table: list[str | None],
    discard: list[str],
    result: str,
    kon: int,
    fails: int,
    events: list[RaspadEvent],
) -> State:
    """The state a close or fail that ended the game leaves."""
    return State(
        state.seed,
        state.jokers,
        tuple(stock),
        tuple(hand),
        tuple(table),
        tuple(discard),
        result,
        kon,
        fails,
        tuple(events),
    )


def turn(state: State) -> int | None:
    """The one player (seat 0) while the game is on, None once it is over."""
    return None if state.result != PLAYING else 0


def over(state: State) -> bool:
    return state.result != PLAYING


def status(state: State) -> Status:
    score = len(state.stock) + len(state.hand) + live_count(state.table)
    return Status(
        over=state.result != PLAYING,
        winners=[0] if state.result == WON else [],
        scores=[score],
        result=state.result,
    )


def view(state: State, player: int) -> RaspadView:
    """What the player sees: never the stock order (only its size)."""
    return {
        "hand": list(state.hand),
        "table": list(state.table),
        "stock": len(state.stock),
        "discard": len(state.discard),
        "live": live_count(state.table),
        "ranges": ranges(state.table),
        "kon": state.kon,
        "fails": state.fails,
        "jokers": state.jokers,
        "events": copied(state.events),
        "status": status(state).as_dict(),
    }
