"""Ladder — a toy solitaire that exists only in the tests (the rules API of
`../shared/rules/API.md`, like `rules/kosa.py` and `rules/raspad.py`).

One seat. A short deck — ace to `ranks` (4: 16 cards, or 6: 24 cards) of the four suits — is
shuffled into the stock. Each suit climbs its own ladder home, from the ace up. Moves: `d`
turns the stock's top card onto the waste; `h` takes the waste's top card home when it is the
next rung of its suit's ladder; `r` turns the waste over into a new stock once the stock is
used up (PASSES passes in all); `resign` gives up. The game is won with every card home, lost
when no move is left. `status.scores` is `[cards home]`.

The view shows the waste's top card only and the stock's count (its order stays hidden).
Events (`view(...)["events"]`, what the last `apply` did): `turn` (`card`), `climb` (`card`),
`restock` (`pass`, the pass it starts).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rules.errors import IllegalMove
from rules.options import check_options, is_int
from rules.rng import Rng, fresh_seed
from rules.status import Status

NAME = "ladder"
PLAYERS = (1, 1)
RANKS = "A23456"
SUITS = "SHDC"
SIZES = (4, 6)  # ranks a suit: the `ranks` option
PASSES = 3


def cards_of(ranks: int) -> list[str]:
    """The deck of a game of `ranks` ranks a suit, suit by suit."""
    return [r + s for s in SUITS for r in RANKS[:ranks]]


@dataclass(slots=True)
class State:
    seed: int
    ranks: int
    stock: list[str]  # stock[0] is the top
    waste: list[str]  # waste[-1] is the top
    home: list[int]  # the rungs climbed, by suit (SUITS order)
    pass_no: int = 1
    result: str = "playing"
    moves: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)


def _copy(s: State) -> State:
    """A copy to change, with no events yet (a move's events are its own)."""
    return State(
        seed=s.seed,
        ranks=s.ranks,
        stock=list(s.stock),
        waste=list(s.waste),
        home=list(s.home),
        pass_no=s.pass_no,
        result=s.result,
        moves=s.moves,
    )


def new_game(
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    deck: list[str] | None = None,
) -> State:
    """A new game: the deck shuffled by the seed (`deck` fixes its order, top card first)."""
    opts = check_options(NAME, options, {"ranks": (lambda v: is_int(v) and v in SIZES, "4 or 6")})
    ranks = opts.get("ranks", SIZES[0])
    if seed is None:
        seed = fresh_seed()
    if not is_int(seed):
        raise ValueError("ladder: seed must be an int")
    cards = cards_of(ranks)
    if deck is not None:
        if sorted(deck) != sorted(cards):
            raise ValueError(f"ladder: deck must be a permutation of the {len(cards)} cards")
        cards = list(deck)
    else:
        Rng(seed).shuffle(cards)
    return State(seed=seed, ranks=ranks, stock=cards, waste=[], home=[0] * len(SUITS))


def _climbs(s: State) -> bool:
    """The waste's top card is the next rung of its suit's ladder."""
    if not s.waste:
        return False
    top = s.waste[-1]
    return RANKS.index(top[0]) == s.home[SUITS.index(top[1])]


def legal_moves(state: State, player: int = 0) -> list[str]:
    s = state
    if s.result != "playing" or player != 0:
        return []
    out = []
    if s.stock:
        out.append("d")
    if _climbs(s):
        out.append("h")
    if not s.stock and s.waste and s.pass_no < PASSES:
        out.append("r")
    return sorted(out)


def apply(state: State, move: str, player: int = 0) -> State:
    """A new state after `move`; IllegalMove (state untouched) for anything not legal."""
    if state.result != "playing":
        raise IllegalMove("ladder: the game is over")
    if player != 0:
        raise IllegalMove(f"ladder: no seat {player!r}")
    if move == "resign":
        s = _copy(state)
        s.result = "resigned"
        return s
    if not isinstance(move, str) or move not in legal_moves(state, player):
        raise IllegalMove(f"ladder: illegal move {move!r}")
    s = _copy(state)
    s.moves += 1
    if move == "d":
        s.waste.append(s.stock.pop(0))
        s.events.append({"e": "turn", "card": s.waste[-1]})
    elif move == "h":
        card = s.waste.pop()
        s.home[SUITS.index(card[1])] += 1
        s.events.append({"e": "climb", "card": card})
    else:
        s.stock, s.waste = s.waste, []
        s.pass_no += 1
        s.events.append({"e": "restock", "pass": s.pass_no})
    if sum(s.home) == s.ranks * len(SUITS):
        s.result = "won"
    elif not legal_moves(s):
        s.result = "lost"
    return s


def status(state: State) -> Status:
    s = state
    return Status(
        over=s.result != "playing",
        winners=[0] if s.result == "won" else [],
        scores=[sum(s.home)],
        result=s.result,
    )


def view(state: State, player: int = 0) -> dict[str, Any]:
    s = state
    return {
        "game": NAME,
        "cards": s.ranks * len(SUITS),
        "stock": len(s.stock),
        "waste": len(s.waste),
        "top": s.waste[-1] if s.waste else None,
        "home": list(s.home),
        "pass": s.pass_no,
        "passes": PASSES,
        "moves": s.moves,
        "status": status(s).as_dict(),
        "events": [dict(e) for e in s.events],
    }


def to_json(state: State) -> str:
    s = state
    d = {
        "v": 1,
        "seed": s.seed,
        "ranks": s.ranks,
        "stock": "".join(s.stock),
        "waste": "".join(s.waste),
        "home": s.home,
        "pass": s.pass_no,
        "result": s.result,
        "moves": s.moves,
        "events": s.events,
    }
    return json.dumps(d, separators=(",", ":"))


def _cards(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def from_json(text: str) -> State:
    d = json.loads(text)
    if d.get("v") != 1:
        raise ValueError("ladder: unknown state version")
    return State(
        seed=int(d["seed"]),
        ranks=int(d["ranks"]),
        stock=_cards(d["stock"]),
        waste=_cards(d["waste"]),
        home=[int(x) for x in d["home"]],
        pass_no=int(d["pass"]),
        result=str(d["result"]),
        moves=int(d["moves"]),
        events=list(d["events"]),
    )
