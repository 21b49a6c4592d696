"""Kosa («Коса», Braid): a two-deck solitaire. Rules: ../shared/rules/kosa.md; API: API.md.

Layout: a braid of 20 cards (only its last card plays), 12 column spots (L1…L6, R1…R6; the
corners L1, L6, R1, R6 may also be refilled from the braid), 8 foundations that start with the
base rank and build up in suit wrapping K → A, a stock and a waste.

Decisions where the pages are silent (also in the module's report):
- A card never leaves a foundation (the page offers no such move).
- Several equal targets (two foundations of one suit with the same top, two spots with the same
  top) are distinct moves (`w>F2`, `w>F3`); each move string appears once.
- A vacant spot is fillable while one of its sources has a card. While any spot is fillable the
  fills are the only legal moves (any fill of any fillable spot); when exactly one fill exists in
  total it happens automatically inside `apply` / `new_game`, repeatedly (a cascade).
- Every move except `d` and `r` counts as "a card moved" in the current pass, fills included
  (automatic fills too). `r` after a pass without such a move is listed and legal; applying it
  turns the waste into the stock as usual, counts the new pass and ends the game as lost.
- The game also ends as lost automatically whenever no legal move remains (with unlimited
  passes that needs stock and waste empty; with `max_passes` it also happens when the stock of
  the last pass is empty and nothing else can move).

`state.events` (also `view(...)["events"]`, see `rules.events`) lists what the last `apply`
(or `new_game`) did, in order: the move's own event — `move` (a card to a foundation or onto
a spot), `fill` (the player filled a vacant spot), `draw`, `redeal` or `resign` — then every
`autofill` the rules made by themselves (a vacancy with exactly one source), then `end` when
the game ended (`result` "won", "lost" or "resigned").

This module is the game (dealing, moves, the automatic fills, the API); the layout, `State`
and its JSON form are in `rules.kosa_state`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules import cards
from rules.errors import IllegalMove
from rules.events import copied
from rules.kosa_state import (
    BRAID,
    CORNERS,
    FULL,
    N_FOUND,
    ORDER,
    SPOTS,
    TOTAL,
    State,
    from_json,
    is_passes,
    split_pile,
    to_json,
)
from rules.kosa_view import KosaEvent, KosaView
from rules.options import check_options, is_int
from rules.rng import Rng, fresh_seed
from rules.status import Status

__all__ = [
    "CORNERS",
    "DEFAULT_OPTIONS",
    "F_NEXT",
    "NAME",
    "ON_SPOT",
    "PLAYERS",
    "SPOTS",
    "TOTAL",
    "State",
    "apply",
    "awaiting_fill",
    "foundation_cards",
    "from_json",
    "legal_moves",
    "new_game",
    "over",
    "split_pile",
    "status",
    "to_json",
    "turn",
    "unsorted_moves",
    "vacancy_fills",
    "view",
]

NAME = "kosa"
PLAYERS = (1, 1)
DEFAULT_OPTIONS: dict[str, Any] = {"max_passes": None}

_SPOT_INDEX = {name: i for i, name in enumerate(SPOTS)}
_FOUND_NAMES = tuple(f"F{i + 1}" for i in range(N_FOUND))
_FOUND_INDEX = {name: i for i, name in enumerate(_FOUND_NAMES)}

# card that may be put on a column top (same suit, one rank lower; nothing on an ace)
ON_SPOT: dict[str, str] = {
    r + s: ORDER[i - 1] + s for i, r in enumerate(ORDER) if i > 0 for s in cards.SUITS
}
# next card on a foundation after its top (same suit, one rank higher, K → A)
F_NEXT: dict[str, str] = {
    r + s: ORDER[(i + 1) % 13] + s for i, r in enumerate(ORDER) for s in cards.SUITS
}


# ---------------------------------------------------------------------------------- options


def _options(options: dict[str, Any] | None) -> dict[str, Any]:
    given = check_options(NAME, options, {"max_passes": (is_passes, "a positive integer or None")})
    return {**DEFAULT_OPTIONS, **given}


# ---------------------------------------------------------------------------------- dealing


def _reverse(pile: str) -> str:
    return "".join(reversed(split_pile(pile)))


def new_game(
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    deck: list[str] | None = None,
) -> State:
    opts = _options(options)
    if seed is not None and not is_int(seed):
        raise ValueError("kosa: seed must be an int or None")
    fixed = cards.check_deck(deck, cards.double_deck())
    if fixed is None:
        if seed is None:
            seed = fresh_seed()
        fixed = cards.double_deck()
        Rng(seed).shuffle(fixed)
    state = State(
        max_passes=opts["max_passes"],
        seed=seed,
        base=fixed[32][0],
        braid="".join(fixed[:BRAID]),
        spots=tuple(fixed[BRAID : BRAID + 12]),
        found=(fixed[32],) + ("",) * (N_FOUND - 1),
        stock="".join(reversed(fixed[33:])),
        waste="",
    )
    return _settle(state)


# ---------------------------------------------------------------------------------- moves


def vacancy_fills(st: State) -> list[tuple[int, str]]:
    """Every (spot, source) fill available now, in spot order."""
    out: list[tuple[int, str]] = []
    for i, pile in enumerate(st.spots):
        if pile:
            continue
        if st.braid and i in CORNERS:
            out.append((i, "b"))
        if st.stock:
            out.append((i, "s"))
        if st.waste:
            out.append((i, "w"))
    return out


def _foundation_needs(st: State) -> tuple[dict[str, list[int]], int]:
    """The foundations (indices) that take each card now, and the first empty one (-1: none)."""
    need: dict[str, list[int]] = {}
    empty = -1
    for i, pile in enumerate(st.found):
        if not pile:
            if empty < 0:
                empty = i
        elif len(pile) < 2 * FULL:
            need.setdefault(F_NEXT[pile[-2:]], []).append(i)
    return need, empty


def _spot_accepts(st: State) -> dict[str, list[int]]:
    """The spots (indices) whose top card takes each card now."""
    accept: dict[str, list[int]] = {}
    for i, pile in enumerate(st.spots):
        if pile:
            below = ON_SPOT.get(pile[-2:])
            if below is not None:
                accept.setdefault(below, []).append(i)
    return accept


def _playable(st: State) -> list[tuple[str, int, str]]:
    """(place, spot index or -1, card) of every playable card: braid, waste, spot tops."""
    sources: list[tuple[str, int, str]] = []
    if st.braid:
        sources.append(("b", -1, st.braid[-2:]))
    if st.waste:
        sources.append(("w", -1, st.waste[-2:]))
    sources.extend([(SPOTS[i], i, pile[-2:]) for i, pile in enumerate(st.spots) if pile])
    return sources


def _card_moves(st: State) -> list[str]:
    """Every card move to a foundation or onto a spot (no fills are pending)."""
    need, empty = _foundation_needs(st)
    accept = _spot_accepts(st)
    base = st.base
    out: list[str] = []
    for name, idx, card in _playable(st):
        if card[0] == base and empty >= 0:
            out.append(f"{name}>{_FOUND_NAMES[empty]}")
        found = need.get(card)
        if found:
            out.extend([f"{name}>{_FOUND_NAMES[fi]}" for fi in found])
        spots = accept.get(card)
        if spots:
            out.extend([f"{name}>{SPOTS[si]}" for si in spots if si != idx])
    return out


def unsorted_moves(st: State) -> list[str]:
    """The legal moves of a state in play (unsorted, no duplicates; `legal_moves` sorts them)."""
    fills = vacancy_fills(st)
    if fills:
        return [f"{src}>{SPOTS[i]}" for i, src in fills]
    out = _card_moves(st)
    if st.stock:
        out.append("d")
    elif st.waste and (st.max_passes is None or st.pass_no < st.max_passes):
        out.append("r")
    return out


def legal_moves(state: State, player: int = 0) -> list[str]:
    if player != 0 or state.result != "playing":
        return []
    return sorted(unsorted_moves(state))


def _move_card(st: State, src: str, dst: str) -> tuple[dict[str, Any], str]:
    """The fields that change when the top card of `src` moves to `dst` (for `replace`), and
    that card."""
    changes: dict[str, Any] = {"moved": True}
    spots: list[str] | None = None
    if src == "b":
        card = st.braid[-2:]
        changes["braid"] = st.braid[:-2]
    elif src == "w":
        card = st.waste[-2:]
        changes["waste"] = st.waste[:-2]
    elif src == "s":
        card = st.stock[-2:]
        changes["stock"] = st.stock[:-2]
    else:
        spots = list(st.spots)
        i = _SPOT_INDEX[src]
        card = spots[i][-2:]
        spots[i] = spots[i][:-2]
    fi = _FOUND_INDEX.get(dst)
    if fi is not None:
        found = list(st.found)
        found[fi] += card
        changes["found"] = tuple(found)
    else:
        if spots is None:
            spots = list(st.spots)
        spots[_SPOT_INDEX[dst]] += card
    if spots is not None:
        changes["spots"] = tuple(spots)
    return changes, card


def _settle(st: State) -> State:
    """Automatic consequences: single-option fills (cascading), then the win / loss checks;
    their events follow those already in `st.events` (the move's own)."""
    while True:
        fills = vacancy_fills(st)
        if len(fills) != 1:
            break
        i, src = fills[0]
        changes, card = _move_card(st, src, SPOTS[i])
        event: KosaEvent = {"e": "autofill", "card": card, "from": src, "to": SPOTS[i]}
        st = replace(st, events=(*st.events, event), **changes)
    result = st.result
    if result == "playing":
        if sum(len(p) for p in st.found) == 2 * TOTAL:
            result = "won"
        elif not (
            st.stock or (st.waste and (st.max_passes is None or st.pass_no < st.max_passes))
        ) and not unsorted_moves(st):
            result = "lost"
    if result == "won":
        return replace(
            st, result=result, events=(*st.events, {"e": "end", "result": "won", "winners": [0]})
        )
    if result == "lost":
        return replace(
            st, result=result, events=(*st.events, {"e": "end", "result": "lost", "winners": []})
        )
    return st


def apply(state: State, move: str, player: int = 0) -> State:
    if player != 0:
        raise IllegalMove(f"kosa: there is no player {player}")
    if state.result != "playing":
        raise IllegalMove("kosa: the game is over")
    if move == "resign":
        return replace(
            state,
            result="resigned",
            events=(
                {"e": "resign", "seat": 0},
                {"e": "end", "result": "resigned", "winners": []},
            ),
        )
    if not isinstance(move, str) or move not in unsorted_moves(state):
        raise IllegalMove(f"kosa: illegal move {move!r}")
    if move == "d":
        card = state.stock[-2:]
        st = replace(
            state,
            stock=state.stock[:-2],
            waste=state.waste + card,
            events=({"e": "draw", "card": card},),
        )
    elif move == "r":
        st = replace(
            state,
            stock=_reverse(state.waste),
            waste="",
            pass_no=state.pass_no + 1,
            moved=False,
            result="playing" if state.moved else "lost",
            events=({"e": "redeal", "pass": state.pass_no + 1},),
        )
    else:
        src, dst = move.split(">")
        changes, card = _move_card(state, src, dst)
        event: KosaEvent
        if dst in _SPOT_INDEX and not state.spots[_SPOT_INDEX[dst]]:
            event = {"e": "fill", "card": card, "from": src, "to": dst}
        else:
            event = {"e": "move", "card": card, "from": src, "to": dst}
        st = replace(state, events=(event,), **changes)
    return _settle(st)


# ---------------------------------------------------------------------------------- reports


def foundation_cards(state: State) -> int:
    return sum(len(p) for p in state.found) // 2


def turn(state: State) -> int | None:
    """The one player (seat 0) while the game is on, None once it is over."""
    return None if state.result != "playing" else 0


def over(state: State) -> bool:
    return state.result != "playing"


def status(state: State) -> Status:
    won = state.result == "won"
    return Status(
        over=state.result != "playing",
        winners=[0] if won else [],
        scores=[foundation_cards(state)],
        result=state.result,
    )


def awaiting_fill(state: State) -> list[str]:
    """Vacant spots that must be filled before anything else (empty when the game is over)."""
    if state.result != "playing":
        return []
    return sorted({SPOTS[i] for i, _ in vacancy_fills(state)})


def view(state: State, player: int = 0) -> KosaView:
    """Everything the player sees. The stock shows only its size."""
    redeal_allowed = state.max_passes is None or state.pass_no < state.max_passes
    return {
        "braid": split_pile(state.braid),
        "spots": {name: split_pile(state.spots[i]) for i, name in enumerate(SPOTS)},
        "foundations": [split_pile(p) for p in state.found],
        "base": state.base,
        "stock": len(state.stock) // 2,
        "waste": split_pile(state.waste),
        "pass": state.pass_no,
        "max_passes": state.max_passes,
        "redeal_allowed": redeal_allowed,
        "redeal_loses": not state.moved,
        "vacant": [SPOTS[i] for i, p in enumerate(state.spots) if not p],
        "awaiting_fill": awaiting_fill(state),
        "events": copied(state.events),
        "status": status(state).as_dict(),
    }
