"""The one place where events become lines a player reads.

Events are the rules' (`rules.events`: what a move did) and the bot's own (a timeout, a
removal, an undo): one union, `bot.events.Event`, told apart by `"e"` (each kind's fields are
read through that tag). Solitaires show them as one line under the board; group games as a
line per effect under the table (names HTML-escaped).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.events import Event
from bot.i18n import Translator, t, translator
from bot.render.common import cell_name, esc, face, side, spot_name
from rules.events import DealEnd
from rules.views import ParquetView

# -- solitaires ---------------------------------------------------------------------------------


def _place(lang: str, place: str) -> str:
    if place.startswith("F"):
        return t(lang, "place-found", n=int(place[1:]))
    named = {"b": "place-braid", "w": "place-waste", "s": "place-stock"}
    if place in named:
        return t(lang, named[place])
    return t(lang, "place-spot", spot=spot_name(place, translator(lang)))


def _solo_part(lang: str, ev: Event) -> str | None:
    _ = translator(lang)
    if ev["e"] == "beat":
        return t(lang, "ev-beat", card=face(ev["card"], _), target=face(ev["target"], _))
    if ev["e"] == "close":
        return t(lang, "ev-close")
    if ev["e"] == "fail":
        return t(lang, "ev-fail-auto" if ev.get("auto") else "ev-fail")
    if ev["e"] == "undo":
        return t(lang, "ev-undo")
    if ev["e"] == "draw":
        return t(lang, "ev-draw", card=face(ev["card"], _))
    if ev["e"] == "redeal":
        return t(lang, "ev-redeal", pass_no=ev["pass"])
    if ev["e"] == "move":
        return t(lang, "ev-move", card=face(ev["card"], _), place=_place(lang, ev["to"]))
    if ev["e"] == "fill" or ev["e"] == "autofill":
        spot = spot_name(ev["to"], _)
        return t(lang, "ev-" + ev["e"], spot=spot, card=face(ev["card"], _))
    return None  # the end of a game: the result lines say it


def solo_line(lang: str, events: Sequence[Event]) -> str:
    """The line under a solitaire's board: consecutive decays join into one part."""
    parts: list[str] = []
    decayed: list[str] = []
    _ = translator(lang)
    for ev in events:
        if ev["e"] == "decay":
            decayed.append(face(ev["card"], _))
            continue
        if decayed:
            parts.append(t(lang, "ev-decay", cards=" ".join(decayed)))
            decayed = []
        part = _solo_part(lang, ev)
        if part:
            parts.append(part)
    if decayed:
        parts.append(t(lang, "ev-decay", cards=" ".join(decayed)))
    return " · ".join(parts)


# -- group games --------------------------------------------------------------------------------

Who = Callable[[int], str]


def _names(names: Sequence[str], view: ParquetView | None = None) -> Who:
    def who(seat: int) -> str:
        if isinstance(seat, int) and 0 <= seat < len(names):
            name = esc(names[seat])
            return side(view, seat) + " " + name if view is not None else name
        return "?"

    return who


def _removed(events: Sequence[Event]) -> set[int]:
    """The seats the bot removed (their `resign` that follows says nothing more)."""
    return {ev["seat"] for ev in events if ev["e"] == "removed"}


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


def _ryadki_line(ev: Event, who: Who, _: Translator) -> str | None:
    """The line of one Ryadki event (a play, a deal's end and the game's end aside)."""
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
    if ev["e"] == "timeout":
        move = face(ev["move"], _)
        return _("grp-ev-timeout", name=who(ev["seat"]), move=move, left=ev["max"] - ev["k"])
    if ev["e"] == "removed":
        return _("grp-ev-removed", name=who(ev["seat"]), max=ev["max"])
    return None


def ryadki_lines(events: Sequence[Event], names: Sequence[str], _: Translator) -> list[str]:
    """One line per effect a player should notice; the plays in a row share one line. The end
    of the game has none: the result under the table names the winners (once)."""
    who = _names(names)
    lines: list[str] = []
    plays: list[str] = []
    removed = _removed(events)
    for ev in events:
        if ev["e"] == "play":
            plays.append(f"{who(ev['by'])} {face(ev['card'], _)}")
            continue
        if plays:
            lines.append("▸ " + ", ".join(plays))
            plays = []
        if ev["e"] == "deal_end":
            lines += _deal_end(ev, who, _)
        elif not (ev["e"] == "resign" and ev["seat"] in removed):
            line = _ryadki_line(ev, who, _)
            if line is not None:
                lines.append(line)
    if plays:
        lines.append("▸ " + ", ".join(plays))
    return lines


def parquet_move(move: str, _: Translator) -> str:
    """A Parquet move as players read it: `K♠ → d2` or `d2 → e1`."""
    if "@" in move:
        card, cell = move.split("@")
        return face(card, _) + " → " + cell_name(cell)
    src, dst = move.split(">")
    return cell_name(src) + " → " + cell_name(dst)


def _parquet_line(ev: Event, who: Who, _: Translator) -> str | None:
    """The line of one Parquet event (none for the game's end: the result says it)."""
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
        return _("pq-ev-resign", name=who(ev["seat"]))
    if ev["e"] == "timeout":
        move = parquet_move(ev["move"], _)
        return _("grp-ev-timeout", name=who(ev["seat"]), move=move, left=ev["max"] - ev["k"])
    if ev["e"] == "removed":
        return _("grp-ev-removed", name=who(ev["seat"]), max=ev["max"])
    return None


def parquet_lines(
    events: Sequence[Event], names: Sequence[str], view: ParquetView, _: Translator
) -> list[str]:
    who = _names(names, view)
    removed = _removed(events)
    lines = []
    for ev in events:
        if ev["e"] == "resign" and ev["seat"] in removed:
            continue
        line = _parquet_line(ev, who, _)
        if line is not None:
            lines.append(line)
    return lines
