"""Kosa's events as the line under its board (moves, fills, draws, redeals, and the bot's
undo, `bot.render.events`), and its spots' names, which the line and the board share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from bot.events import BotEvent, Event
from bot.i18n import Translator, translator
from bot.render.common import face
from bot.render.events import bot_part, solo_line
from rules.kosa_view import KosaEvent


def spot_name(spot: str, _: Translator) -> str:
    """A Kosa spot as players of `_`'s language read it: `L3` → `Л3` in Russian (the move
    notation and callback data keep `L3`); any other place as it is."""
    if len(spot) == 2 and spot[0] in "LR" and spot[1].isdigit():
        return _("kosa-left" if spot[0] == "L" else "kosa-right") + spot[1]
    return spot


def _place(place: str, _: Translator) -> str:
    if place.startswith("F"):
        return _("place-found", n=int(place[1:]))
    named = {"b": "place-braid", "w": "place-waste", "s": "place-stock"}
    if place in named:
        return _(named[place])
    return _("place-spot", spot=spot_name(place, _))


def _part(ev: KosaEvent | BotEvent, _: Translator) -> str | None:
    if ev["e"] == "draw":
        return _("ev-draw", card=face(ev["card"], _))
    if ev["e"] == "redeal":
        return _("ev-redeal", pass_no=ev["pass"])
    if ev["e"] == "move":
        return _("ev-move", card=face(ev["card"], _), place=_place(ev["to"], _))
    if ev["e"] == "fill" or ev["e"] == "autofill":
        key = "ev-autofill" if ev["e"] == "autofill" else "ev-fill"
        return _(key, spot=spot_name(ev["to"], _), card=face(ev["card"], _))
    return bot_part(ev, _)  # the end of a game: the result lines say it


def event_line(lang: str, events: Sequence[Event]) -> str:
    """The line under Kosa's board (`events`: Kosa's and the bot's)."""
    _ = translator(lang)
    own = cast("Sequence[KosaEvent | BotEvent]", events)
    return solo_line(_part(ev, _) for ev in own)
