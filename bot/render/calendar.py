"""A game's month of deals of the day on a phone (bot.stats.calendar): four days a line, each
its number and a mark per tier — Easy, Medium, Hard — within 30 columns of a <pre> block; a
day with one deal shows its mark in the middle."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Translator
from bot.render.common import esc
from bot.stats.calendar import Day

DAYS_A_LINE = 4
# a tier's mark by its level (0 not played, 1 played, 2 won, 3 won at par or better)
ON_TIME = "·○●★"
LATE = "·◦•☆"


def marks(day: Day, tiered: bool) -> str:
    """A day's three marks (a day with one deal: its mark between two blanks)."""
    out = []
    for tier in range(3):
        level, late = day.best(tier)
        out.append((LATE if late else ON_TIME)[level])
    return "".join(out) if tiered else f" {out[1]} "


def calendar_block(days: Sequence[Day], tiered: Sequence[bool], _: Translator) -> str:
    """The month up to the day shown: its name, four days a line, the legend."""
    if not days:
        return ""
    first = days[0].date
    head = _("cal-month", month=first.month, year=str(first.year))
    cells = [f"{d.date.day:>2} {marks(d, t)}" for d, t in zip(days, tiered, strict=True)]
    lines = ["  ".join(cells[i : i + DAYS_A_LINE]) for i in range(0, len(cells), DAYS_A_LINE)]
    return head + "\n<pre>" + esc("\n".join(lines)) + "</pre>\n" + _("cal-legend")
