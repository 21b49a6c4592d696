"""Parquet's events as lines under its board (each player named with their colour), and its
cells' names (`24` → `d2`) and sides, which the lines and the board share; and the bot's
timeouts and removals (`bot.render.events`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import cast

from bot.events import BotEvent, Event
from bot.i18n import Translator
from bot.render.common import face
from bot.render.events import Who, bot_line, removed, who_of
from rules.parquet_view import ParquetEvent, ParquetView

COLUMNS = "abcdefg"  # the board's columns, left to right


def cell_name(cell: str) -> str:
    """A cell `"24"` (row 2, column 4) as players read it: `"d2"`."""
    return f"{COLUMNS[int(cell[1]) - 1]}{cell[0]}"


def side(view: ParquetView, seat: int) -> str:
    """A seat's colour."""
    return "🔴" if view["red"] == seat else "⚫"


def move_text(move: str, _: Translator) -> str:
    """A move as players read it: `K♠ → d2` or `d2 → e1`."""
    if "@" in move:
        card, cell = move.split("@")
        return face(card, _) + " → " + cell_name(cell)
    src, dst = move.split(">")
    return cell_name(src) + " → " + cell_name(dst)


def _line(ev: ParquetEvent | BotEvent, who: Who, _: Translator) -> str | None:
    """The line of one event (none for the game's end: the result says it)."""
    if ev["e"] == "place":
        card = face(ev["card"], _)
        return _("pq-ev-place", name=who(ev["seat"]), card=card, cell=cell_name(ev["cell"]))
    if ev["e"] == "relocate":
        return _(
            "pq-ev-relocate",
            name=who(ev["seat"]),
            card=face(ev["card"], _),
            src=cell_name(ev["from"]),
            dst=cell_name(ev["to"]),
        )
    if ev["e"] == "phase":
        return _("pq-ev-phase")
    if ev["e"] == "pass":
        return _("pq-ev-pass", name=who(ev["seat"]))
    if ev["e"] == "resign":
        return None  # a resignation ends the game: the result says who resigned, once
    return bot_line(ev, who, partial(move_text, _=_), _)


def event_lines(
    events: Sequence[Event], names: Sequence[str], view: ParquetView, _: Translator
) -> list[str]:
    """A line per event, each player named with their colour."""
    who = who_of(names, partial(side, view))
    gone = removed(events)
    lines = []
    for ev in cast("Sequence[ParquetEvent | BotEvent]", events):
        if ev["e"] == "resign" and ev["seat"] in gone:
            continue
        line = _line(ev, who, _)
        if line is not None:
            lines.append(line)
    return lines
