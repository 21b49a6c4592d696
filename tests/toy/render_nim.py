"""The toy Nim's screens (`GameSpec.screens` of `nim` and `nimh`): the group board
(`render`), a game against the computer in a private chat (`render_private`) and, with hands,
a player's private hand (`render_hand`). Only reads a rules view and a `TableCtx`.

Open piles (`nim`, two taps a move): tap a pile (`~pick:<pile>`), then how many to take
(`<pile>><n>`); Resign on the board. With hands (`nimh`): the board shows the piles and a
"My cards" link; the hand message has a row of cards per pile (`<pile>><card>`) and Leave.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Translator
from bot.render.common import ENDED_EARLY, esc, face, private_end_keyboard
from bot.render.screen import Screen, TableCtx
from bot.wire.callbacks import game_data, menu_data, ui_action
from bot.wire.deeplinks import is_code, join_link
from bot.wire.keyboard import Button, Keyboard

COUNTER = "●"
TURN_MARK = "▸"
NAME_COLUMNS = 12


def _who(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return esc(names[seat])
    return "?"


def move_text(move: str, _: Translator) -> str:
    """`2>3` → "3 from pile 2"; `2>3H` → "3♥ on pile 2"."""
    pile, _sep, what = move.partition(">")
    if what.isdigit():
        return _("nim-move", pile=pile, n=what)
    return _("nim-move-card", pile=pile, card=face(what, _))


def event_lines(
    events: Sequence[Mapping[str, Any]], names: Sequence[str], _: Translator
) -> list[str]:
    """One line per event a player should notice (the end has none: the result says it). The
    toy's own kinds (`take`) come beside the bot's (`bot.events`), read by key."""
    removed = {ev.get("seat") for ev in events if ev.get("e") == "removed"}
    lines: list[str] = []
    for ev in events:
        kind = ev.get("e")
        if kind == "take":
            name = _who(names, ev["seat"])
            if "card" in ev:
                card = face(ev["card"], _)
                lines.append(
                    _("nim-ev-take-card", name=name, card=card, pile=ev["pile"], n=ev["n"])
                )
            else:
                lines.append(_("nim-ev-take", name=name, pile=ev["pile"], n=ev["n"]))
        elif kind == "resign" and ev["seat"] not in removed:
            lines.append(_("nim-ev-resign", name=_who(names, ev["seat"])))
        elif kind == "timeout":
            move = move_text(str(ev["move"]), _)
            name = _who(names, ev["seat"])
            left = int(ev["max"]) - int(ev["k"])
            lines.append(_("grp-ev-timeout", name=name, move=move, left=left))
        elif kind == "removed":
            lines.append(_("grp-ev-removed", name=_who(names, ev["seat"]), max=ev["max"]))
    return lines


def piles_text(view: dict[str, Any], names: Sequence[str], _: Translator) -> str:
    """The piles and the seats (turn mark, counters taken) in <pre>."""
    rows = [f"{i + 1}: {COUNTER * n or '—'} ({n})" for i, n in enumerate(view["piles"])]
    rows.append("")
    for seat, name in enumerate(names):
        mark = TURN_MARK if view["turn"] == seat else ("·" if view["active"][seat] else "✗")
        short = " ".join(name.split())[:NAME_COLUMNS] or "?"
        line = f"{mark}{short}: {view['taken'][seat]}"
        if view["with_hands"] and view["active"][seat]:
            line += " " + _("nim-cards", n=view["hands"][seat])
        rows.append(line)
    return "<pre>" + esc("\n".join(rows)) + "</pre>"


def result_line(view: dict[str, Any], names: Sequence[str], _: Translator) -> str:
    winners = [_who(names, s) for s in view["status"]["winners"]]
    return _("nim-result", names=", ".join(winners) or "—")


def table_text(view: dict[str, Any], ctx: TableCtx, *, turn_lines: bool = True) -> str:
    _ = ctx._
    over = bool(view["status"]["over"])
    ended = ctx.why in ENDED_EARLY and not over
    title = "nim-title-over" if over or ended else "nim-title"
    parts = [_(title, n=len(view["piles"])), piles_text(view, ctx.names, _)]
    lines = event_lines(ctx.events, ctx.names, _)
    if lines:
        parts.append("\n".join(lines))
    turn = view["turn"]
    if over:
        parts.append(result_line(view, ctx.names, _))
    elif ended:
        parts.append(_(f"grp-{ctx.why}"))
    elif turn is not None and turn_lines:
        who = _who(ctx.names, turn)
        if turn in ctx.computers:
            parts.append(_("grp-ai-thinking", name=who))
        elif view["with_hands"]:
            parts.append(_("nim-turn-hand", name=who))
        elif ctx.pick:
            parts.append(_("nim-turn-picked", name=who, pile=ctx.pick))
        else:
            parts.append(_("nim-turn", name=who))
        if ctx.deadline_s:
            parts.append(_("grp-turn-deadline", s=ctx.deadline_s))
    if not (over or ended):
        parts += [_("nim-dm-failed", name=_who(ctx.names, seat)) for seat in ctx.dm_failed]
    return "\n\n".join(parts)


def _button(ctx: TableCtx, text: str, action: str, version: int | None = None) -> Button:
    v = ctx.version if version is None else version
    return Button(text=text, callback_data=game_data(ctx.game_id, v, action))


def pile_rows(view: dict[str, Any], ctx: TableCtx) -> list[list[Button]]:
    """Open piles: the piles to pick from, or, once one is picked, how many to take."""
    _ = ctx._
    legal = ctx.legal if view["turn"] not in ctx.computers else []
    if ctx.pick:
        takes = [m for m in legal if m.partition(">")[0] == ctx.pick]
        row = [_button(ctx, _("nim-btn-take", n=m.partition(">")[2]), m) for m in takes]
        return [row, [_button(ctx, _("nim-btn-back"), ui_action("unpick"))]]
    piles = sorted({int(m.partition(">")[0]) for m in legal})
    return [
        [
            _button(
                ctx, _("nim-btn-pile", pile=p, n=view["piles"][p - 1]), ui_action("pick", str(p))
            )
            for p in piles
        ]
    ]


def hand_rows(view: dict[str, Any], ctx: TableCtx) -> list[list[Button]]:
    """Hands: on the player's turn a row of their cards per pile; else the cards only, with
    version 0 and `~wait` (the message changes only when the hand does)."""
    _ = ctx._
    seat = view["seat"]
    if seat is None or not view["active"][seat]:
        return []
    if view["turn"] != seat:
        return [[_button(ctx, face(c, _), ui_action("wait"), 0) for c in view["hand"]]]
    rows: list[list[Button]] = []
    for i, n in enumerate(view["piles"]):
        if n:
            moves = [f"{i + 1}>{c}" for c in view["hand"]]
            rows.append(
                [
                    _button(ctx, f"{i + 1}: {face(m[-2:], _)}", m)
                    for m in moves
                    if m in view["legal"]
                ]
            )
    return rows


def leave_rows(view: dict[str, Any], ctx: TableCtx) -> list[list[Button]]:
    _ = ctx._
    mine = view["turn"] == view["seat"]
    if ctx.confirm_leave:
        return [
            [
                _button(ctx, _("grp-btn-leave-yes"), ui_action("resign", "y")),
                _button(ctx, _("grp-btn-leave-no"), ui_action("resign", "n")),
            ]
        ]
    version = ctx.version if mine else 0
    return [[_button(ctx, _("grp-btn-leave-game"), ui_action("resign"), version)]]


def board_keyboard(view: dict[str, Any], ctx: TableCtx) -> Keyboard | None:
    _ = ctx._
    over = bool(view["status"]["over"]) or ctx.why in ENDED_EARLY
    if over and ctx.private:
        return private_end_keyboard(ctx)
    if over:
        rematch = _button(ctx, _("grp-btn-rematch"), ui_action("rematch"))
        return Keyboard([[rematch]]) if ctx.rematch else None
    if view["with_hands"]:
        if ctx.bot_username and is_code(ctx.code):
            link = join_link(ctx.bot_username, ctx.code)
            return Keyboard([[Button(text=_("nim-btn-my-hand"), url=link)]])
        return None
    resign = _button(ctx, _("grp-btn-resign"), ui_action("resign"))
    return Keyboard([*pile_rows(view, ctx), [resign]])


def render(view: dict[str, Any], ctx: TableCtx) -> Screen:
    """The board in the group (a public view)."""
    return Screen(table_text(view, ctx), board_keyboard(view, ctx))


def hand_text(view: dict[str, Any], ctx: TableCtx) -> str:
    _ = ctx._
    title = _("nim-hand-title", group=esc(ctx.title or "?"))
    seat = view["seat"]
    if view["status"]["over"]:
        return "\n\n".join([title, result_line(view, ctx.names, _), _("nim-hand-over")])
    if seat is None or not view["active"][seat]:
        return title + "\n\n" + _("nim-hand-left")
    cards = " ".join(face(c, _) for c in view["hand"]) or "—"
    body = [title, _("nim-private-hand") + " " + cards]
    body.append(_("nim-hand-your-turn") if view["turn"] == seat else _("nim-hand-wait"))
    return "\n\n".join(body)


def render_hand(view: dict[str, Any], ctx: TableCtx) -> Screen:
    """A player's own cards in their private chat (`view` is that seat's view)."""
    _ = ctx._
    if view["status"]["over"]:
        menu = Button(text=_("btn-menu"), callback_data=menu_data("menu"))
        return Screen(hand_text(view, ctx), Keyboard([[menu]]))
    rows = hand_rows(view, ctx)
    if rows:
        rows += leave_rows(view, ctx)
    return Screen(hand_text(view, ctx), Keyboard(rows) if rows else None)


def render_private(view: dict[str, Any], ctx: TableCtx) -> Screen:
    """Against the computer: the piles and, with hands, the player's cards in one message."""
    _ = ctx._
    over = bool(view["status"]["over"]) or ctx.why in ENDED_EARLY
    if not view["with_hands"]:
        return Screen(table_text(view, ctx), board_keyboard(view, ctx))
    parts = [table_text(view, ctx, turn_lines=False)]
    seat = view["seat"]
    if not over and seat is not None and view["active"][seat]:
        cards = " ".join(face(c, _) for c in view["hand"]) or "—"
        parts.append(_("nim-private-hand") + " " + cards)
        turn = view["turn"]
        if turn == seat:
            parts.append(_("nim-hand-your-turn"))
        elif turn is not None:
            parts.append(_("grp-ai-thinking", name=_who(ctx.names, turn)))
    text = "\n\n".join(parts)
    if over:
        return Screen(text, private_end_keyboard(ctx))
    rows = hand_rows(view, ctx)
    return Screen(text, Keyboard([*rows, *leave_rows(view, ctx)]))
