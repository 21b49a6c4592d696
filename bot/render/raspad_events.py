"""Raspad's events as the line under its board: beats, decays (consecutive ones joined),
closes and fails, and the bot's undo (`bot.render.events`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import cast

from bot.events import BotEvent, Event
from bot.i18n import Translator, translator
from bot.render.common import face
from bot.render.events import bot_part, solo_line
from rules.raspad_view import RaspadEvent


def _part(ev: RaspadEvent | BotEvent, _: Translator) -> str | None:
    if ev["e"] == "beat":
        return _("ev-beat", card=face(ev["card"], _), target=face(ev["target"], _))
    if ev["e"] == "close":
        return _("ev-close")
    if ev["e"] == "fail":
        return _("ev-fail-auto" if ev.get("auto") else "ev-fail")
    return bot_part(ev, _)  # the end of a game: the result lines say it


def _parts(events: Sequence[RaspadEvent | BotEvent], _: Translator) -> Iterator[str | None]:
    decayed: list[str] = []
    for ev in events:
        if ev["e"] == "decay":
            decayed.append(face(ev["card"], _))
            continue
        if decayed:
            yield _("ev-decay", cards=" ".join(decayed))
            decayed = []
        yield _part(ev, _)
    if decayed:
        yield _("ev-decay", cards=" ".join(decayed))


def event_line(lang: str, events: Sequence[Event]) -> str:
    """The line under Raspad's board (`events`: Raspad's and the bot's)."""
    own = cast("Sequence[RaspadEvent | BotEvent]", events)
    return solo_line(_parts(own, translator(lang)))
