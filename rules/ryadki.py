"""Ryadki («Рядки», Row): 2 to 6 players, N deals — rules per ../shared/rules/ryadki.md.

Moves are the card played (`"7H"`) and `"resign"`. Everything automatic — "cannot answer",
the end of a series, refills, the lead passing on, the end of a deal, the next deal and the end
of the game — happens inside `apply`.

`state.events` holds the public events of the last `apply` (or of `new_game`), in order; `view`
exposes them as `"events"` (their `TypedDict`s: `rules.ryadki_view`). Event kinds (`"e"`) and their
fields:

- `deal_start`: `deal` (1-based), `dealer` — a deal was dealt; the dealer leads.
- `play`: `by`, `card` — a card was played onto the stack.
- `jj`: `by`, `n` — J on J: the stack (`n` cards, this jack included) went to nobody.
- `seven`: `by`, `from`, `n` — a 7 removed `n` (0 or 1) cards from the pile of seat `from`.
- `queen`: `by`, `from`, `n` — a Q removed `n` (0…4) cards from the pile of seat `from`.
- `third`: `by`, `n` — third of a rank: `n` (0…2) stock cards went to `by`'s pile.
- `cannot_answer`: `seat`, `card`, `to`, `n` — `seat` had no card of the rank or suit of
  `card`; the stack (`n` cards) went to the pile of `to`.
- `built`: `n` — nobody else held cards: the stack (`n` cards) went to nobody.
- `refill`: `n` — cards drawn from the stock per seat (a list), drawn from the leader on.
- `lead`: `seat` — `seat` leads the next series.
- `resign`: `seat`, `n` — `seat` left; `n` cards of their hand went out of the game.
- `deal_end`: `deal`, `piles`, `winners`, `stack` (cards that went to nobody), `scores`.
- `game_end`: `winners`, `scores`.

Public knowledge kept for fair players: `played` (every card played in this deal, in order) and
`voids` — per seat `[ranks, suits, k]`: after a "cannot answer" the seat's `k` cards held then
lack those ranks and suits (`k` never exceeds the current hand; later draws are unknown).

This module is the API; `State` and its JSON form are in `rules.ryadki_state`, the play of a
card and all that follows it in `rules.ryadki_play`.
"""

from __future__ import annotations

from typing import Any

from rules.cards import check_deck
from rules.errors import IllegalMove
from rules.events import copied
from rules.options import check_options, is_int
from rules.rng import Rng, fresh_seed
from rules.ryadki_play import HAND, deal, full_deck, play, resign
from rules.ryadki_state import State, Void, copy_state, from_json, to_json
from rules.ryadki_view import RyadkiView
from rules.status import Status

__all__ = [
    "DEFAULT_OPTIONS",
    "HAND",
    "NAME",
    "PLAYERS",
    "RESIGN",
    "State",
    "Void",
    "apply",
    "from_json",
    "legal_moves",
    "new_game",
    "over",
    "status",
    "to_json",
    "turn",
    "view",
]

NAME = "ryadki"
PLAYERS = (2, 6)
DEFAULT_OPTIONS: dict[str, Any] = {"players": 2, "deck": None, "deals": 7, "first_dealer": None}
"""`deck` None: 36 for 2–4 players, 52 for 5–6; `first_dealer` None: drawn from the seed."""

RESIGN = "resign"

# -- options -----------------------------------------------------------------------------------

_VALIDATORS = {
    "players": (lambda v: is_int(v) and PLAYERS[0] <= v <= PLAYERS[1], "an int from 2 to 6"),
    "deck": (lambda v: v is None or (is_int(v) and v in (36, 52)), "36 or 52"),
    "deals": (lambda v: is_int(v) and v >= 1, "an int >= 1"),
    "first_dealer": (lambda v: v is None or (is_int(v) and v >= 0), "a seat number (int >= 0)"),
}


def _options(options: dict[str, Any] | None) -> dict[str, Any]:
    given = check_options(NAME, options, _VALIDATORS)
    opts = {**DEFAULT_OPTIONS, **given}
    n = opts["players"]
    if opts["deck"] is None:
        opts["deck"] = 36 if n <= 4 else 52
    if opts["first_dealer"] is not None and opts["first_dealer"] >= n:
        raise ValueError(
            f"{NAME}: option 'first_dealer' must be a seat from 0 to {n - 1}, "
            f"got {opts['first_dealer']!r}"
        )
    return opts


# -- game start --------------------------------------------------------------------------------


def new_game(
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    deck: list[str] | None = None,
) -> State:
    opts = _options(options)
    if seed is None:
        seed = fresh_seed()
    if not is_int(seed):
        raise ValueError(f"{NAME}: seed must be an int")
    n: int = opts["players"]
    size: int = opts["deck"]
    order = check_deck(deck, full_deck(size))
    rng = Rng(seed)
    drawn = rng.below(n)
    dealer = drawn if opts["first_dealer"] is None else opts["first_dealer"]
    if order is None:
        order = full_deck(size)
        rng.shuffle(order)
    s = State(
        players=n,
        deck_size=size,
        deals=opts["deals"],
        seed=seed,
        rng=rng.state,
        first_dealer=dealer,
        deal=1,
        dealer=dealer,
        turn=dealer,
        hands=[[] for _ in range(n)],
        stock=[],
        stack=[],
        last=None,
        piles=[0] * n,
        out=0,
        scores=[0] * n,
        active=[True] * n,
    )
    deal(s, order)
    return s


def _answers(hand: list[str], top: str) -> list[str]:
    r, su = top[0], top[1]
    return [c for c in hand if c[0] == r or c[1] == su]


# -- the API -----------------------------------------------------------------------------------


def legal_moves(state: State, player: int = 0) -> list[str]:
    if state.over or state.turn != player or not is_int(player):
        return []
    hand = state.hands[player]
    if not state.stack:
        return sorted(hand)
    return sorted(_answers(hand, state.stack[-1]))


def apply(state: State, move: str, player: int = 0) -> State:
    if state.over:
        raise IllegalMove("the game is over")
    if not is_int(player) or not 0 <= player < state.players:
        raise IllegalMove(f"no seat {player!r}")
    if move == RESIGN:
        if not state.active[player]:
            raise IllegalMove("this player has already left the game")
        return resign(state, player)
    if state.turn != player:
        raise IllegalMove("not this player's turn")
    hand = state.hands[player]
    if not isinstance(move, str) or move not in hand:
        raise IllegalMove(f"{move!r} is not a card in this hand")
    stack = state.stack
    if stack and move[0] != stack[-1][0] and move[1] != stack[-1][1]:
        raise IllegalMove(f"{move} answers neither the rank nor the suit of {stack[-1]}")
    s = copy_state(state)
    s.moves += 1
    play(s, move, player)
    return s


def turn(state: State) -> int | None:
    """The seat to play, None once the game is over."""
    return None if state.over else state.turn


def over(state: State) -> bool:
    return state.over


def status(state: State) -> Status:
    return Status(
        over=state.over,
        winners=state.winners[:],
        scores=state.scores[:],
        result="over" if state.over else "playing",
    )


def view(state: State, player: int) -> RyadkiView:
    """What seat `player` may see (a spectator passes any other number and gets no hand)."""
    s = state
    own = 0 <= player < s.players if is_int(player) else False
    return {
        "game": NAME,
        "players": s.players,
        "seat": player if own else None,
        "hand": s.hands[player][:] if own else [],
        "hands": [len(h) for h in s.hands],
        "stack": s.stack[:],
        "last": s.last,
        "piles": s.piles[:],
        "out": s.out,
        "stock": len(s.stock),
        "deck": s.deck_size,
        "scores": s.scores[:],
        "deal": s.deal,
        "deals": s.deals,
        "dealer": s.dealer,
        "turn": s.turn,
        "active": s.active[:],
        "played": s.played[:],
        "voids": [list(v) for v in s.voids],
        "events": copied(s.events),
        "moves": s.moves,
        "legal": legal_moves(s, player) if own else [],
        "status": status(s).as_dict(),
    }
