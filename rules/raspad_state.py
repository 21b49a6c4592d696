"""Raspad's position: `State`, the results a game can have and the JSON form (`to_json`,
`from_json`, which checks that the saved cards are one full deck). The rules are
`rules.raspad`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from rules import cards
from rules.raspad_view import EVENT_TYPES, RaspadEvent

PLAYING = "playing"
WON = "won"
LOST = "lost"
RESIGNED = "resigned"
RESULTS = (PLAYING, WON, LOST, RESIGNED)


@dataclass(frozen=True, slots=True)
class State:
    """A Raspad position. `stock[0]` is the top card; `None` in `table` is a beaten hole.

    `kon` counts kons (1-based), `fails` the failed attempts of the current kon, `events` the
    public events of the last `new_game`/`apply` (see the module docstring) so a UI can tell
    the player what happened.
    """

    seed: int
    jokers: bool
    stock: tuple[str, ...]
    hand: tuple[str, ...]
    table: tuple[str | None, ...]
    discard: tuple[str, ...]
    result: str = PLAYING
    kon: int = 1
    fails: int = 0
    events: tuple[RaspadEvent, ...] = field(default=(), hash=False)  # dicts: stays hashable


def to_json(state: State) -> str:
    return json.dumps(
        {
            "seed": state.seed,
            "jokers": state.jokers,
            "stock": state.stock,
            "hand": state.hand,
            "table": state.table,
            "discard": state.discard,
            "result": state.result,
            "kon": state.kon,
            "fails": state.fails,
            "events": state.events,
        },
        separators=(",", ":"),
    )


_EVENT_KINDS = frozenset(EVENT_TYPES)
_FULL_DECK = {False: frozenset(cards.deck_52()), True: frozenset(cards.deck_54())}  # by `jokers`


def _events(saved: Any) -> tuple[RaspadEvent, ...]:
    """Saved events; the strings of states saved before `rules.events` (`"decay:2C"`,
    `"close"`, …) load as no events."""
    if type(saved) is not list:
        raise ValueError("raspad: bad events in a saved game")
    for e in saved:
        if type(e) is not dict or e.get("e") not in _EVENT_KINDS:
            break
    else:
        return tuple(saved)
    if all(type(e) is str for e in saved):
        return ()
    raise ValueError("raspad: bad events in a saved game")


def from_json(text: str) -> State:
    """Rebuild a state from `to_json`; ValueError for anything that is not a valid state."""
    try:
        d = json.loads(text)
        st = State(
            seed=d["seed"],
            jokers=d["jokers"],
            stock=tuple(d["stock"]),
            hand=tuple(d["hand"]),
            table=tuple(d["table"]),
            discard=tuple(d["discard"]),
            result=d["result"],
            kon=d["kon"],
            fails=d["fails"],
            events=_events(d["events"]),
        )
    except (KeyError, TypeError, json.JSONDecodeError) as e:
        raise ValueError(f"raspad: not a saved game: {e}") from e
    if not isinstance(st.seed, int) or not isinstance(st.jokers, bool) or st.result not in RESULTS:
        raise ValueError("raspad: not a saved game")
    full = _FULL_DECK[st.jokers]
    held = [*st.stock, *st.hand, *(c for c in st.table if c is not None), *st.discard]
    if len(held) != len(full) or set(held) != full:
        raise ValueError("raspad: the saved cards are not one full deck")
    return st
