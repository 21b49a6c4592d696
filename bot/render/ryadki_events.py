"""Ryadki's events as lines under its table: one per effect a player should notice, the plays
in a row on one line, a deal's end with its piles; and the bot's timeouts and removals
(`bot.render.events`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import cast

from bot.events import BotEvent, Event
from bot.i18n import Translator
from bot.render.common import face
from bot.render.events import Who, bot_line, removed, who_of
from rules.ryadki_view import DealEnd, RyadkiEvent


def _deal_end(ev: DealEnd, who: Who, _: Translator) -> list[str]:
    winners = [who(s) for s in ev.get("winners", [])]
    if winners:
        gain = max((ev["piles"][s] for s in ev["winners"]), default=0)
        names = ", ".join(winners)
        lines = [_("ry-ev-deal-end", deal=ev["deal"], names=names, n=gain, count=len(winners))]
    else:
        lines = [_("ry-ev-deal-end-none", deal=ev["deal"])]
    piles = ev.get("piles") or []
    if piles:
        shown = " · ".join(f"{who(s)} {n}" for s, n in enumerate(piles))
        lines.append(_("ry-ev-deal-piles", list=shown))
    return lines


def _line(ev: RyadkiEvent | BotEvent, who: Who, _: Translator) -> str | None:
    """The line of one event (a play, a deal's end and the game's end aside)."""
    if ev["e"] == "deal_start":
        return _("ry-ev-deal-start", deal=ev["deal"], dealer=who(ev["dealer"]))
    if ev["e"] == "jj":
        return _("ry-ev-jj", name=who(ev["by"]), n=ev["n"])
    if ev["e"] == "seven":
        return _("ry-ev-seven", name=who(ev["from"]), n=ev["n"])
    if ev["e"] == "queen":
        return _("ry-ev-queen", name=who(ev["from"]), n=ev["n"])
    if ev["e"] == "third":
        return _("ry-ev-third", name=who(ev["by"]), n=ev["n"])
    if ev["e"] == "cannot_answer":
        card = face(ev["card"], _)
        return _("ry-ev-cannot", name=who(ev["seat"]), card=card, to=who(ev["to"]), n=ev["n"])
    if ev["e"] == "built":
        return _("ry-ev-built", n=ev["n"])
    if ev["e"] == "lead":
        return _("ry-ev-lead", name=who(ev["seat"]))
    if ev["e"] == "resign":
        return _("ry-ev-resign", name=who(ev["seat"]))
    return bot_line(ev, who, partial(face, _=_), _)


def event_lines(events: Sequence[Event], names: Sequence[str], _: Translator) -> list[str]:
    """One line per effect a player should notice; the plays in a row share one line. The end
    of the game has none: the result under the table names the winners (once)."""
    who = who_of(names)
    lines: list[str] = []
    plays: list[str] = []
    gone = removed(events)
    for ev in cast("Sequence[RyadkiEvent | BotEvent]", events):
        if ev["e"] == "play":
            plays.append(f"{who(ev['by'])} {face(ev['card'], _)}")
            continue
        if plays:
            lines.append("▸ " + ", ".join(plays))
            plays = []
        if ev["e"] == "deal_end":
            lines += _deal_end(ev, who, _)
        elif not (ev["e"] == "resign" and ev["seat"] in gone):
            line = _line(ev, who, _)
            if line is not None:
                lines.append(line)
    if plays:
        lines.append("▸ " + ", ".join(plays))
    return lines
