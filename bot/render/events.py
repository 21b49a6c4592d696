"""What every game's event lines share: the bot's own events as lines (a turn timed out, a
player removed, a solitaire move taken back), names for seats, and the joining of parts.

Events are the rules' (what a move did: each game's own kinds, `rules/<game>_view.py`, told as
lines by its own renderer, `bot/render/<game>_events.py`) and the bot's (`bot.events`); a
record keeps both in one list (`bot.events.Event`, told apart by `"e"`). Solitaires show them
as one line under the board; table games as a line per effect under the table (names
HTML-escaped).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import cast

from bot.events import Event, Removed, Rewind, Timeout
from bot.i18n import Translator
from bot.render.common import esc

Who = Callable[[int], str]  # a seat as players read it (its player's name)


def who_of(names: Sequence[str], mark: Callable[[int], str] | None = None) -> Who:
    """A seat's player by name (HTML-escaped; `mark`: what goes before the name, e.g. the
    seat's colour); "?" for a seat with no name."""

    def who(seat: int) -> str:
        if isinstance(seat, int) and 0 <= seat < len(names):
            name = esc(names[seat])
            return mark(seat) + " " + name if mark is not None else name
        return "?"

    return who


def removed(events: Sequence[Event]) -> set[int]:
    """The seats the bot removed (their `resign` that follows says nothing more)."""
    return {cast(Removed, ev)["seat"] for ev in events if ev["e"] == "removed"}


def bot_line(ev: Event, who: Who, move: Callable[[str], str], _: Translator) -> str | None:
    """The line of one of the bot's events at a table (`move`: a move as players read it);
    None for any other event."""
    if ev["e"] == "timeout":
        out = cast(Timeout, ev)
        left = out["max"] - out["k"]
        return _("grp-ev-timeout", name=who(out["seat"]), move=move(out["move"]), left=left)
    if ev["e"] == "removed":
        gone = cast(Removed, ev)
        return _("grp-ev-removed", name=who(gone["seat"]), max=gone["max"])
    return None


def bot_part(ev: Event, _: Translator) -> str | None:
    """The part of a solitaire's line one of the bot's events makes; None for any other."""
    if ev["e"] == "rewind":
        return _("ev-rewind", n=cast(Rewind, ev)["n"])
    return _("ev-undo") if ev["e"] == "undo" else None


def solo_line(parts: Iterable[str | None]) -> str:
    """The line under a solitaire's board: its parts, in order."""
    return " · ".join(part for part in parts if part)
