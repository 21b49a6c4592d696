"""The one place where events become lines a player reads.

Events are the rules' (`rules.events`: what a move did) and the bot's own (`bot.games.events`:
a timeout, a removal, an undo). Solitaires show them as one line under the board; group games
as a line per effect under the table (names HTML-escaped).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.i18n import Translator, t, translator
from bot.render.common import cell_name, esc, face, side

Event = dict[str, Any]

# -- solitaires ---------------------------------------------------------------------------------


def _place(lang: str, place: str) -> str:
    if place.startswith("F"):
        return t(lang, "place-found", n=int(place[1:]))
    named = {"b": "place-braid", "w": "place-waste", "s": "place-stock"}
    if place in named:
        return t(lang, named[place])
    return t(lang, "place-spot", spot=place)


def _solo_part(lang: str, ev: Event) -> str | None:
    kind = ev.get("e")
    _ = translator(lang)
    if kind == "beat":
        return t(lang, "ev-beat", card=face(ev["card"], _), target=face(ev["target"], _))
    if kind == "close":
        return t(lang, "ev-close")
    if kind == "fail":
        return t(lang, "ev-fail-auto" if ev.get("auto") else "ev-fail")
    if kind == "undo":
        return t(lang, "ev-undo")
    if kind == "draw":
        return t(lang, "ev-draw", card=face(ev["card"], _))
    if kind == "redeal":
        return t(lang, "ev-redeal", pass_no=ev["pass"])
    if kind == "move":
        return t(lang, "ev-move", card=face(ev["card"], _), place=_place(lang, ev["to"]))
    if kind in ("fill", "autofill"):
        return t(lang, "ev-" + kind, spot=ev["to"], card=face(ev["card"], _))
    return None  # the end of a game: the result lines say it


def solo_line(lang: str, events: Sequence[Event]) -> str:
    """The line under a solitaire's board: consecutive decays join into one part."""
    parts: list[str] = []
    decayed: list[str] = []
    _ = translator(lang)
    for ev in events:
        if ev.get("e") == "decay":
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

Who = Callable[[Any], str]


def _names(names: Sequence[str], view: dict[str, Any] | None = None) -> Who:
    def who(seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(names):
            name = esc(names[seat])
            return side(view, seat) + " " + name if view is not None else name
        return "?"

    return who


def _timeout(ev: Event, who: Who, move: str, _: Translator) -> str:
    return _("grp-ev-timeout", name=who(ev["seat"]), move=move, k=ev["k"], max=ev["max"])


def _deal_end(ev: Event, who: Who, _: Translator) -> list[str]:
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


_RYADKI: dict[str, Callable[[Event, Who, Translator], str]] = {
    "deal_start": lambda ev, who, _: _(
        "ry-ev-deal-start", deal=ev["deal"], dealer=who(ev["dealer"])
    ),
    "jj": lambda ev, who, _: _("ry-ev-jj", name=who(ev["by"]), n=ev["n"]),
    "seven": lambda ev, who, _: _("ry-ev-seven", name=who(ev["from"]), n=ev["n"]),
    "queen": lambda ev, who, _: _("ry-ev-queen", name=who(ev["from"]), n=ev["n"]),
    "third": lambda ev, who, _: _("ry-ev-third", name=who(ev["by"]), n=ev["n"]),
    "cannot_answer": lambda ev, who, _: _(
        "ry-ev-cannot", name=who(ev["seat"]), card=face(ev["card"], _), to=who(ev["to"]), n=ev["n"]
    ),
    "built": lambda ev, who, _: _("ry-ev-built", n=ev["n"]),
    "lead": lambda ev, who, _: _("ry-ev-lead", name=who(ev["seat"])),
    "resign": lambda ev, who, _: _("ry-ev-resign", name=who(ev["seat"])),
    "timeout": lambda ev, who, _: _timeout(ev, who, face(ev["move"], _), _),
    "removed": lambda ev, who, _: _("grp-ev-removed", name=who(ev["seat"]), max=ev["max"]),
}


def ryadki_lines(events: Sequence[Event], names: Sequence[str], _: Translator) -> list[str]:
    """One line per effect a player should notice; the plays in a row share one line. The end
    of the game has none: the result under the table names the winners (once)."""
    who = _names(names)
    lines: list[str] = []
    plays: list[str] = []
    removed = {ev.get("seat") for ev in events if ev.get("e") == "removed"}
    for ev in events:
        kind = str(ev.get("e"))
        if kind == "play":
            plays.append(f"{who(ev['by'])} {face(ev['card'], _)}")
            continue
        if plays:
            lines.append("▸ " + ", ".join(plays))
            plays = []
        if kind == "deal_end":
            lines += _deal_end(ev, who, _)
        elif kind in _RYADKI and not (kind == "resign" and ev["seat"] in removed):
            lines.append(_RYADKI[kind](ev, who, _))
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


_PARQUET: dict[str, Callable[[Event, Who, Translator], str]] = {
    "place": lambda ev, who, _: _(
        "pq-ev-place", name=who(ev["seat"]), card=face(ev["card"], _), cell=cell_name(ev["cell"])
    ),
    "relocate": lambda ev, who, _: _(
        "pq-ev-relocate",
        name=who(ev["seat"]),
        card=face(ev["card"], _),
        src=cell_name(ev["from"]),
        dst=cell_name(ev["to"]),
    ),
    "phase": lambda ev, who, _: _("pq-ev-phase"),
    "pass": lambda ev, who, _: _("pq-ev-pass", name=who(ev["seat"])),
    "resign": lambda ev, who, _: _("pq-ev-resign", name=who(ev["seat"])),
    "timeout": lambda ev, who, _: _timeout(ev, who, parquet_move(ev["move"], _), _),
    "removed": lambda ev, who, _: _("grp-ev-removed", name=who(ev["seat"]), max=ev["max"]),
}


def parquet_lines(
    events: Sequence[Event], names: Sequence[str], view: dict[str, Any], _: Translator
) -> list[str]:
    who = _names(names, view)
    removed = {ev.get("seat") for ev in events if ev.get("e") == "removed"}
    return [
        _PARQUET[kind](ev, who, _)
        for ev in events
        if (kind := str(ev.get("e"))) in _PARQUET
        and not (kind == "resign" and ev["seat"] in removed)
    ]
