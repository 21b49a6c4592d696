"""What Kosa shows (`rules.kosa.view`): its events and its view, as `TypedDict`s.

Events, in the order `rules.events` describes: `move`, `fill`, `autofill`, `draw`, `redeal`,
then `resign` and `end` (shared with every game, `rules.events`). Places are as in the move
notation: `b`, `w`, `s`, `L1`…`R6`, `F1`…`F8`. Some field names are Python keywords (`from`,
`pass`), so those `TypedDict`s use the functional form, and so does `KosaView` (with the
base's two keys spelled out; a `TypedDict` is structural, so it still is a
`GameView[KosaEvent]`).
(No `from __future__ import annotations` here: the `TypedDict`s' keys are read at run time.)
"""

from typing import Literal, TypedDict, cast

from rules.events import End, Resign, event_types
from rules.views import StatusView, View, check_keys

# `card` went from place `from` to place `to`
Move = TypedDict("Move", {"e": Literal["move"], "card": str, "from": str, "to": str})
"""The player's card move (to a foundation or onto a spot's top)."""
Fill = TypedDict("Fill", {"e": Literal["fill"], "card": str, "from": str, "to": str})
"""The player filled the vacant spot `to` from the braid, waste or stock."""
Autofill = TypedDict("Autofill", {"e": Literal["autofill"], "card": str, "from": str, "to": str})
"""The rules filled the vacant spot `to` by themselves (its only possible source)."""


class Draw(TypedDict):
    """`card` was drawn from the stock to the waste."""

    e: Literal["draw"]
    card: str


Redeal = TypedDict("Redeal", {"e": Literal["redeal"], "pass": int})
"""The waste became the stock again; `pass` is the new pass number (1-based)."""

KosaEvent = Move | Fill | Autofill | Draw | Redeal | Resign | End
EVENT_TYPES: dict[str, type] = event_types(KosaEvent)
"""Each event kind Kosa records (`"e"`) and its TypedDict."""

KosaView = TypedDict(
    "KosaView",
    {
        "braid": list[str],  # first dealt first; the last is playable
        "spots": dict[str, list[str]],  # "L1" … "R6": bottom → top
        "foundations": list[list[str]],  # 8 piles, bottom → top ([] when empty)
        "base": str,  # the base rank
        "stock": int,  # cards left
        "waste": list[str],  # bottom → top
        "pass": int,  # 1-based
        "max_passes": int | None,
        "redeal_allowed": bool,
        "redeal_loses": bool,  # a redeal now loses the game (nothing moved in this pass)
        "vacant": list[str],  # spots with no card
        "awaiting_fill": list[str],  # vacant spots the player must fill now
        "events": list[KosaEvent],
        "status": StatusView,
    },
)

_KEYS = frozenset(KosaView.__required_keys__)


def kosa_view(view: View) -> KosaView:
    """`view` as Kosa's (TypeError when it lacks one of its keys)."""
    check_keys(view, _KEYS, "kosa")
    return cast(KosaView, view)
