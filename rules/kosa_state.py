"""Kosa's position: the layout (`SPOTS`, `CORNERS`, the pile counts, the building order),
`State`, its pile strings (`split_pile`) and its JSON form (`to_json`, `from_json`, which
checks that the saved cards are the two decks). The rules are `rules.kosa`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rules import cards
from rules.kosa_view import EVENT_TYPES, KosaEvent
from rules.options import is_int

SPOTS = ("L1", "L2", "L3", "L4", "L5", "L6", "R1", "R2", "R3", "R4", "R5", "R6")
CORNERS = frozenset((0, 5, 6, 11))
N_FOUND = 8
FULL = 13  # cards on a complete foundation
BRAID = 20
TOTAL = 104


# Building order A 2 … K (ace low); foundations wrap K → A.
ORDER = "A23456789TJQK"


RESULTS = ("playing", "won", "lost", "resigned")


@dataclass(frozen=True, slots=True)
class State:
    """A Kosa position. Piles are strings of concatenated 2-char codes, bottom first.

    `stock` has its top card at the end; `waste` bottom→top; `spots` 12 piles (L1…R6, "" when
    vacant); `found` 8 piles. `moved`: a card moved (other than by a draw) in this pass.
    `events`: the public events of the last `apply` / `new_game` (see the module docstring).
    """

    max_passes: int | None
    seed: int | None
    base: str
    braid: str
    spots: tuple[str, ...]
    found: tuple[str, ...]
    stock: str
    waste: str
    pass_no: int = 1
    moved: bool = False
    result: str = "playing"
    events: tuple[KosaEvent, ...] = field(default=(), hash=False)  # dicts: a state stays hashable


def is_passes(v: Any) -> bool:
    return v is None or (is_int(v) and v >= 1)


def split_pile(pile: str) -> list[str]:
    """The 2-character card codes of a pile string, bottom first."""
    return [pile[i : i + 2] for i in range(0, len(pile), 2)]


def to_json(state: State) -> str:
    """`[2, max_passes, seed, base, braid, spots, found, stock, waste, pass, moved, result,
    events]` (version 1, written before events existed, lacks the last item)."""
    data = [
        2,
        state.max_passes,
        state.seed,
        state.base,
        state.braid,
        list(state.spots),
        list(state.found),
        state.stock,
        state.waste,
        state.pass_no,
        int(state.moved),
        state.result,
        state.events,
    ]
    return json.dumps(data, separators=(",", ":"))


_SORTED_DECK = sorted(cards.double_deck())


_EVENT_KINDS = frozenset(EVENT_TYPES)


def _events(v: Any) -> tuple[KosaEvent, ...]:
    if type(v) is not list:
        raise ValueError("kosa: bad events in JSON")
    for e in v:
        if type(e) is not dict or e.get("e") not in _EVENT_KINDS:
            raise ValueError("kosa: bad events in JSON")
    return tuple(v)


def from_json(text: str) -> State:
    """Reads what `to_json` writes, and version 1 (no events: they load as none)."""
    try:
        data = json.loads(text)
        ver = data[0]
        events: Any = data.pop() if ver == 2 else []
        (_, max_passes, seed, base, braid, spots, found, stock, waste, pass_no, moved, result) = (
            data
        )
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        raise ValueError("kosa: malformed state JSON") from exc
    if ver not in (1, 2) or not is_passes(max_passes) or not (seed is None or is_int(seed)):
        raise ValueError("kosa: malformed state JSON")
    if not isinstance(base, str) or len(base) != 1 or base not in ORDER:
        raise ValueError("kosa: bad base rank in JSON")
    if not isinstance(spots, list) or len(spots) != 12:
        raise ValueError("kosa: bad spots in JSON")
    if not isinstance(found, list) or len(found) != N_FOUND:
        raise ValueError("kosa: bad foundations in JSON")
    if not is_int(pass_no) or pass_no < 1 or moved not in (0, 1) or result not in RESULTS:
        raise ValueError("kosa: malformed state JSON")
    piles = (braid, *spots, *found, stock, waste)
    for pile in piles:  # the codes are checked all together below
        if type(pile) is not str or len(pile) % 2:
            raise ValueError("kosa: bad pile in JSON")
    if sorted(split_pile("".join(piles))) != _SORTED_DECK:
        raise ValueError("kosa: the state does not hold the two decks")
    return State(
        max_passes=max_passes,
        seed=seed,
        base=base,
        braid=braid,
        spots=tuple(spots),
        found=tuple(found),
        stock=stock,
        waste=waste,
        pass_no=pass_no,
        moved=bool(moved),
        result=result,
        events=_events(events),
    )
