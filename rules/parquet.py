"""Parquet («Паркет») — 2 players, perfect information. Rules: ../shared/rules/parquet.md.

One 36-card deck (6…A); seat `red` holds the 18 red cards (♥ ♦), the other seat the 18 black
ones (♠ ♣). The board has 5 rows × 7 columns (1-based; the centre is row 3, column 4).

Moves (canonical strings, see API.md):
- `"<card>@<row><col>"` places a card from the mover's hand (`"KS@24"`);
- `"<row><col>><row><col>"` relocates one of the mover's own cards (`"24>15"`), only in the
  corner phase and only when the mover can place no card from hand;
- `"resign"` (never listed; accepted from either seat while the game is on).

Passes are automatic: `new_game` and `apply` return a state that is either over or has a
legal move for the side to move. `state.events` (also `view(...)["events"]`) lists what the
last `apply` (or `new_game`) did, in order:
- `{"e": "place", "seat": s, "card": "KS", "cell": "24"}` — a card placed from hand;
- `{"e": "relocate", "seat": s, "card": "KS", "from": "24", "to": "15"}` — a relocation;
- `{"e": "phase", "phase": "corner"}` — the cross is complete; the corner rule applies;
- `{"e": "pass", "seat": s}` — seat `s` had no placement and no relocation and passed;
- `{"e": "resign", "seat": s}` — seat `s` resigned;
- `{"e": "end", "why": W, "winners": [...]}` — the game ended; `W` is `"full"` (35 cards on
  the board: the holder of the 36th card loses), `"double_pass"` (both passed in a row: the
  last player to place from hand wins), `"repetition"` (third occurrence of the same board,
  hands and side to move: the last player to place from hand wins) or `"resign"`.

`view(state, p)` is the same for both seats (nothing is hidden): `board` (5 × 7, codes or
None), `hands` (both, by rank), `turn` (None once over), `phase` ("cross" | "corner"), `red`,
`first`, `status`, `events`, `last` (the last move, "resign" included), `last_placer`,
`must_relocate` (the side to move can only relocate), `why` (how the game ended), `on_board`.

`position(board, red=, turn=, phase=, last_placer=)` builds a position directly (tests, puzzles).
The events' `TypedDict`s (and the view's) are in `rules.parquet_view`; the computer player is
`rules.ai.parquet`. This module is the game (its flow and the API); the board, the card ids and
the move generation are `rules.parquet_board`, `State` and its JSON form `rules.parquet_state`.

Options: `{"red": 0 | 1, "first": 0 | 1}`; a missing key (or None) is drawn from the seed
(red first, then first).

Decisions where the page is silent (see the report on issue 3):
- `deck` must be None (Parquet has no deck; hands are fixed by colour), else ValueError.
- A double pass or repetition before anyone placed a card (impossible in practice: the first
  mover can always place on an inner cross cell) is a shared result: winners `[0, 1]`.
- Repetition history is kept only since the last placement: a placement adds a card to the
  board for good, so no earlier position can occur again.
"""

from __future__ import annotations

from typing import Any

from rules.errors import IllegalMove
from rules.events import copied
from rules.options import check_options, is_int
from rules.parquet_board import (
    BLACK,
    CARD_ID,
    CELL_ID,
    CELL_NAMES,
    CODES,
    COLOUR,
    COLS,
    CROSS_CELLS,
    CROSS_INNER,
    CROSS_OUTER,
    FULL_HAND,
    NCELLS,
    RANK,
    RED,
    ROWS,
    adjacent_ranks,
    can_place,
    cell_mask,
    hand_codes,
    place_move,
    placements,
    position_key,
    relocation_move,
    relocations,
)
from rules.parquet_state import State, copy_state, from_json, to_json
from rules.parquet_view import ParquetView, ParquetWhy
from rules.rng import Rng, fresh_seed
from rules.status import Status

__all__ = [
    "DEFAULT_OPTIONS",
    "NAME",
    "PLAYERS",
    "State",
    "apply",
    "from_json",
    "legal_moves",
    "must_relocate",
    "new_game",
    "over",
    "position",
    "status",
    "to_json",
    "turn",
    "view",
]

NAME = "parquet"
PLAYERS = (2, 2)
DEFAULT_OPTIONS: dict[str, Any] = {"red": None, "first": None}  # None: drawn from the seed


def _has_move(s: State, seat: int) -> bool:
    col = s.colour_of(seat)
    if can_place(s.board, s.hands[seat], col, s.phase):
        return True
    return s.phase == 1 and bool(relocations(s.board, col, first_only=True))


# ---------------------------------------------------------------- game flow


def _key(s: State) -> str:
    return position_key(s.board, s.turn)


def _end(s: State, why: ParquetWhy, winners: list[int]) -> None:
    s.over = True
    s.why = why
    s.winners = sorted(winners)
    s.events.append({"e": "end", "why": why, "winners": list(s.winners)})


def _last_placer_wins(s: State) -> list[int]:
    return [0, 1] if s.last_placer is None else [s.last_placer]


def _record(s: State) -> None:
    """Count the current position; the third occurrence ends the game."""
    k = _key(s)
    n = s.history.get(k, 0) + 1
    s.history[k] = n
    if n >= 3:
        _end(s, "repetition", _last_placer_wins(s))


def _settle(s: State) -> None:
    """Automatic passes (and the end of the game they cause) for the side to move."""
    while not s.over and not _has_move(s, s.turn):
        s.events.append({"e": "pass", "seat": s.turn})
        if s.passes >= 1:
            _end(s, "double_pass", _last_placer_wins(s))
            return
        s.passes = 1
        s.turn = 1 - s.turn
        _record(s)


def _options(options: dict[str, Any] | None) -> dict[str, Any]:
    def zero_one(v: Any) -> bool:
        return v is None or (is_int(v) and v in (0, 1))

    return check_options(
        NAME,
        options,
        {"red": (zero_one, "0 or 1 (None: drawn)"), "first": (zero_one, "0 or 1 (None: drawn)")},
    )


def new_game(
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    deck: list[str] | None = None,
) -> State:
    """A new game; `red` and `first` missing from `options` are drawn from the seed."""
    opts = _options(options)
    if deck is not None:
        raise ValueError("parquet: there is no deck to fix (hands are fixed by colour)")
    if seed is None:
        seed = fresh_seed()
    if not is_int(seed):
        raise ValueError("parquet: seed must be an int")
    rng = Rng(seed)
    red = rng.below(2)
    first = rng.below(2)
    if opts.get("red") is not None:
        red = opts["red"]
    if opts.get("first") is not None:
        first = opts["first"]
    hands = [0, 0]
    hands[red] = FULL_HAND[RED]
    hands[1 - red] = FULL_HAND[BLACK]
    s = State(seed=seed, red=red, first=first, board=[-1] * NCELLS, hands=hands, turn=first)
    _record(s)
    _settle(s)
    return s


def position(
    board: dict[str, str],
    *,
    red: int = 0,
    turn: int = 0,
    phase: str = "corner",
    last_placer: int | None = None,
) -> State:
    """A state with the given cards on the board (`{"24": "9H", ...}`), for tests and puzzles.

    Hands hold every card of their colour not on the board. The automatic passes apply, as
    after any move (so the result may already be over).
    """
    b = [-1] * NCELLS
    for name, code in board.items():
        if name not in CELL_ID or code not in CARD_ID:
            raise ValueError(f"bad cell or card: {name!r}: {code!r}")
        b[CELL_ID[name]] = CARD_ID[code]
    if len({c for c in b if c >= 0}) != sum(1 for c in b if c >= 0):
        raise ValueError("a card appears twice on the board")
    on_board = sum(1 << c for c in b if c >= 0)
    hands = [0, 0]
    hands[red] = FULL_HAND[RED] & ~on_board
    hands[1 - red] = FULL_HAND[BLACK] & ~on_board
    s = State(
        seed=0,
        red=red,
        first=turn,
        board=b,
        hands=hands,
        turn=turn,
        phase=1 if phase == "corner" else 0,
        last_placer=last_placer,
    )
    _record(s)
    _settle(s)
    return s


def _moves(s: State, player: int) -> list[str]:
    if s.over or player != s.turn:
        return []
    col = s.colour_of(player)
    pl = placements(s.board, s.hands[player], col, s.phase)
    if pl:
        return sorted(place_move(c, p) for c, p in pl)
    if s.phase == 1:
        return sorted(relocation_move(o, p) for o, p in relocations(s.board, col))
    return []


def legal_moves(state: State, player: int = 0) -> list[str]:
    """Canonical move strings, sorted; [] when it is not `player`'s turn or the game is over."""
    return _moves(state, player)


def must_relocate(state: State) -> bool:
    """True when the side to move has no placement and must relocate."""
    if state.over:
        return False
    seat = state.turn
    return not can_place(state.board, state.hands[seat], state.colour_of(seat), state.phase)


def _parse(state: State, move: str, player: int) -> tuple[str, int, int]:
    """("place", card, cell) or ("move", from, to) for a legal move, else IllegalMove."""
    bad = IllegalMove(f"parquet: illegal move {move!r}")
    s = state
    col = s.colour_of(player)
    board = s.board
    if len(move) == 5 and move[2] == "@":
        c = CARD_ID.get(move[:2], -1)
        p = CELL_ID.get(move[3:], -1)
        if c < 0 or p < 0 or not (s.hands[player] >> c & 1) or board[p] >= 0:
            raise bad
        if s.phase == 0:
            if p in CROSS_INNER:
                return ("place", c, p)
            inner = CROSS_OUTER.get(p)
            if inner is None or board[inner] < 0:
                raise bad
            if not adjacent_ranks(RANK[c], RANK[board[inner]]):
                raise bad
            return ("place", c, p)
        if cell_mask(board, p, col) >> RANK[c] & 1:
            return ("place", c, p)
        raise bad
    if len(move) == 5 and move[2] == ">" and s.phase == 1:
        o = CELL_ID.get(move[:2], -1)
        p = CELL_ID.get(move[3:], -1)
        if o < 0 or p < 0 or o == p or board[p] >= 0:
            raise bad
        c = board[o]
        if c < 0 or COLOUR[c] != col:
            raise bad
        if can_place(board, s.hands[player], col, s.phase):
            raise bad
        b = list(board)
        b[o] = -1
        if cell_mask(b, p, col) >> RANK[c] & 1:
            return ("move", o, p)
    raise bad


def apply(state: State, move: str, player: int = 0) -> State:
    """A new state after `move` by `player`; IllegalMove (state untouched) if not legal."""
    if not isinstance(move, str):
        raise IllegalMove("parquet: a move is a string")
    if state.over:
        raise IllegalMove("parquet: the game is over")
    if player not in (0, 1):
        raise IllegalMove(f"parquet: no seat {player!r}")
    if move == "resign":
        s = copy_state(state)
        s.events.append({"e": "resign", "seat": player})
        s.last = "resign"
        _end(s, "resign", [1 - player])
        return s
    if player != state.turn:
        raise IllegalMove("parquet: not your turn")
    kind, a, b = _parse(state, move, player)
    s = copy_state(state)
    s.last = move
    s.plies += 1
    s.passes = 0
    if kind == "place":
        s.board[b] = a
        s.hands[player] &= ~(1 << a)
        s.last_placer = player
        s.history = {}
        s.events.append({"e": "place", "seat": player, "card": CODES[a], "cell": CELL_NAMES[b]})
        if s.phase == 0 and all(s.board[p] >= 0 for p in CROSS_CELLS):
            s.phase = 1
            s.events.append({"e": "phase", "phase": "corner"})
        if s.hands[0].bit_count() + s.hands[1].bit_count() == 1:
            loser = 0 if s.hands[0] else 1
            _end(s, "full", [1 - loser])
            return s
    else:
        c = s.board[a]
        s.board[a] = -1
        s.board[b] = c
        s.events.append(
            {
                "e": "relocate",
                "seat": player,
                "card": CODES[c],
                "from": CELL_NAMES[a],
                "to": CELL_NAMES[b],
            }
        )
    s.turn = 1 - player
    _record(s)
    _settle(s)
    return s


def turn(state: State) -> int | None:
    """The seat to move, None once the game is over."""
    return None if state.over else state.turn


def over(state: State) -> bool:
    return state.over


def status(state: State) -> Status:
    scores = [state.hands[0].bit_count(), state.hands[1].bit_count()]
    if state.over:
        return Status(over=True, winners=list(state.winners), scores=scores, result="over")
    return Status(over=False, winners=[], scores=scores, result="playing")


def view(state: State, player: int) -> ParquetView:
    """Everything is public in Parquet: the same dict for both players."""
    s = state
    return {
        "board": [
            [
                None if s.board[r * COLS + c] < 0 else CODES[s.board[r * COLS + c]]
                for c in range(COLS)
            ]
            for r in range(ROWS)
        ],
        "hands": [hand_codes(s.hands[0]), hand_codes(s.hands[1])],
        "turn": None if s.over else s.turn,
        "phase": "corner" if s.phase else "cross",
        "red": s.red,
        "first": s.first,
        "status": status(s).as_dict(),
        "events": copied(s.events),
        "last": s.last,
        "last_placer": s.last_placer,
        "must_relocate": must_relocate(s),
        "why": s.why,
        "on_board": sum(1 for c in s.board if c >= 0),
        "moves": s.plies,
    }
