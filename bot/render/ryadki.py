"""Ryadki screens: the public table (group message) and each player's private hand.

Only reads: a rules `view` dict and a TableCtx (names, the events of the last change, links).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.events import Event
from bot.i18n import Translator
from bot.render.common import (
    ENDED_EARLY,
    esc,
    face,
    private_end_keyboard,
    sorted_hand,
    width,
    wrap,
)
from bot.render.ryadki_events import event_lines
from bot.render.screen import Screen, TableCtx
from bot.wire.callbacks import game_data, menu_data, ui_action
from bot.wire.keyboard import DANGER, SUCCESS, Button, Keyboard
from rules.ryadki_view import RyadkiView

NAME_WIDTH = 9
# every line of the table and the hand within 30 columns (suits two each), as Raspad's and
# Parquet's boards: a line of 31–32 wraps on a narrow phone
BOARD_COLUMNS = 30
STACK_SHOWN = 6
TURN_MARK = "▸"  # not ▶, which phones draw as a two-column emoji: the rows stay aligned


def short(name: str, columns: int = NAME_WIDTH) -> str:
    """A name cut to `columns` monospace columns (an ellipsis marks the cut; 🤖 is two)."""
    name = " ".join(name.split()) or "?"
    if width(name) <= columns:
        return name
    cut = ""
    for ch in name:
        if width(cut + ch) > columns - 1:
            break
        cut += ch
    return cut + "…"


def cards(codes: Sequence[str], _: Translator) -> str:
    return " ".join(face(c, _) for c in codes)


def stack_line(
    stack: Sequence[str], _: Translator, shown: int = STACK_SHOWN, room: int = BOARD_COLUMNS
) -> str:
    """The newest `shown` table cards (fewer when they would not fit in `room` columns)."""
    if not stack:
        return "—"
    for n in range(min(shown, len(stack)), 0, -1):
        tail = cards(stack[-n:], _)
        text = ("… " + tail) if len(stack) > n else tail
        if width(text) <= room or n == 1:
            return text
    return "—"


def _join(names: Sequence[str], _: Translator) -> str:
    return ", ".join(names) if names else _("ry-nobody")


def table_text(
    view: RyadkiView,
    names: Sequence[str],
    events: Sequence[Event],
    _: Translator,
    *,
    deadline_s: int | None = None,
    why: str | None = None,
    turn_lines: bool = True,
    computers: Sequence[int] = (),
) -> str:
    """The public table for the group (parse_mode HTML). `why` is "abandoned" for a game that
    ended with no person left in it; `turn_lines` False leaves out whose turn it is."""
    st = view["status"]
    abandoned = why in ENDED_EARLY and not st["over"]
    lines = [
        _("ry-title", deal=view["deal"], deals=view["deals"])
        if not (st["over"] or abandoned)
        else _("ry-title-over")
    ]
    rows = [
        "{:<{w}} {:>4} {:>6} {:>4}".format(
            "",
            _("ry-col-hand")[:4],
            _("ry-col-pile")[:6],
            _("ry-col-score")[:4],
            w=NAME_WIDTH + 1,
        ).rstrip()
    ]
    on_turn = None if st["over"] or abandoned else view["turn"]  # an ended table has no turn
    for seat, name in enumerate(names):
        active = view["active"][seat]
        mark = TURN_MARK if on_turn == seat else ("·" if active else "✗")
        hand = str(view["hands"][seat]) if active else "—"
        label = short(name)
        pad = " " * max(0, NAME_WIDTH - width(label))
        rows.append(
            "{}{} {:>4} {:>6} {:>4}".format(
                mark, label + pad, hand, view["piles"][seat], view["scores"][seat]
            )
        )
    rows.append("")
    label = _("ry-stack", cards="")
    rows.append(label + stack_line(view["stack"], _, room=BOARD_COLUMNS - width(label)))
    rows.append(_("ry-stock", n=view["stock"], out=view["out"]))
    lines.append("<pre>" + esc("\n".join(rows)) + "</pre>")
    ev = event_lines(events, names, _)
    if ev:
        lines.append("\n".join(ev))
    if st["over"]:
        winners = [esc(names[s]) for s in st["winners"] if s < len(names)]
        lines.append(_("ry-result", names=_join(winners, _)))
    elif abandoned:
        lines.append(_(f"grp-{why}"))
    elif view["turn"] is not None and turn_lines:
        turn = view["turn"]
        who = esc(names[turn]) if turn < len(names) else "?"
        if turn in computers:
            lines.append(_("grp-ai-thinking", name=who))
        elif view["stack"] and view["last"] != turn:
            lines.append(_("ry-turn-answer", name=who, card=face(view["stack"][-1], _)))
        else:
            lines.append(_("ry-turn-lead", name=who))
        if deadline_s:
            lines.append(_("grp-turn-deadline", s=deadline_s))
    return "\n\n".join(lines)


def table_keyboard(
    gid: str,
    version: int,
    _: Translator,
    *,
    over: bool,
    rematch: bool,
) -> Keyboard | None:
    """Under the table: "My cards" (a deep link that resends the hand) or, at the end, rematch."""
    rows: list[list[Button]] = []
    if over:
        if rematch:
            rows.append(
                [
                    Button(
                        text=_("grp-btn-rematch"),
                        callback_data=game_data(gid, version, ui_action("rematch")),
                    )
                ]
            )
    else:  # the hand again: in the private chat, or here to the player alone
        data = game_data(gid, 0, ui_action("hand"))
        rows.append([Button(text=_("ry-btn-my-hand"), callback_data=data)])
    return Keyboard(rows) if rows else None


def hand_text(view: RyadkiView, group_title: str, names: Sequence[str], _: Translator) -> str:
    """The player's private message: their hand, whose turn, what to answer."""
    seat = view["seat"]
    title = _("ry-hand-title", group=esc(group_title or "?"))
    st = view["status"]
    if st["over"]:  # the result here too, not only in the group
        winners = [esc(names[s]) for s in st["winners"] if s < len(names)]
        result = _("ry-result", names=_join(winners, _))
        return title + "\n\n" + result + "\n" + _("ry-hand-over")
    if seat is not None and not view["active"][seat]:
        return title + "\n\n" + _("ry-hand-left")
    hand = sorted_hand(view["hand"])
    body = [title, "<pre>" + esc(hand_line(hand, _)) + "</pre>"]
    turn = view["turn"]
    if turn == seat:
        if view["stack"] and view["last"] != seat:
            body.append(_("ry-hand-your-answer", card=face(view["stack"][-1], _)))
        else:
            body.append(_("ry-hand-your-lead"))
    else:
        # not the mover's name: a waiting hand's message changes only when the hand does
        others = sum(1 for s, on in enumerate(view["active"]) if on and s != seat)
        body.append(_("ry-hand-wait", others=others, deal=view["deal"], deals=view["deals"]))
    return "\n\n".join(body)


def hand_line(hand: Sequence[str], _: Translator) -> str:
    return wrap("", [face(c, _) for c in hand], BOARD_COLUMNS) if hand else "—"


def hand_keyboard(
    view: RyadkiView, gid: str, version: int, _: Translator, confirm_leave: bool = False
) -> Keyboard | None:
    """Cards as buttons and a Leave button (red, as its confirmation). On the player's turn a
    playable card is marked ✅ (green) and the others are disabled; on another's turn every card
    is disabled (a tap on it did nothing but say "not your turn"), so the message (and its
    keyboard) only changes when the hand itself does.
    """
    seat = view["seat"]
    if view["status"]["over"] or seat is None or not view["active"][seat]:
        return None
    mine = view["turn"] == seat
    legal = set(view["legal"]) if mine else set()
    buttons = []
    for c in sorted_hand(view["hand"]):
        if c in legal:
            data = game_data(gid, version, c)
            buttons.append(Button(text="✅ " + face(c, _), callback_data=data, style=SUCCESS))
        else:
            buttons.append(Button(text=face(c, _), disabled=True))
    rows = [buttons[i : i + 3] for i in range(0, len(buttons), 3)]
    if confirm_leave:
        rows.append(
            [
                Button(
                    text=_("grp-btn-leave-yes"),
                    callback_data=game_data(gid, version, ui_action("resign", "y")),
                    style=DANGER,
                ),
                Button(
                    text=_("grp-btn-leave-no"),
                    callback_data=game_data(gid, version, ui_action("resign", "n")),
                ),
            ]
        )
    else:
        rows.append(
            [
                Button(
                    text=_("grp-btn-leave-game"),
                    callback_data=game_data(gid, version if mine else 0, ui_action("resign")),
                    style=DANGER,
                )
            ]
        )
    return Keyboard(rows)


def render(view: RyadkiView, ctx: TableCtx) -> Screen:
    """The public table in the group."""
    _ = ctx._
    text = table_text(
        view,
        ctx.names,
        ctx.events,
        _,
        deadline_s=ctx.deadline_s,
        why=ctx.why,
        computers=ctx.computers,
    )
    over = bool(view["status"]["over"]) or ctx.why in ENDED_EARLY
    if not over:
        for seat in ctx.dm_failed:
            name = esc(ctx.names[seat]) if seat < len(ctx.names) else "?"
            text += "\n\n" + _("ry-dm-failed", name=name)
    markup = table_keyboard(ctx.game_id, ctx.version, _, over=over, rematch=ctx.rematch)
    return Screen(text, markup)


def render_hand(view: RyadkiView, ctx: TableCtx) -> Screen:
    """A player's private hand (`view` is that seat's view); once the game is over, the
    result and a way on (the menu)."""
    _ = ctx._
    text = hand_text(view, ctx.title, ctx.names, _)
    markup = hand_keyboard(view, ctx.game_id, ctx.version, _, confirm_leave=ctx.confirm_leave)
    if markup is None:  # over, or the player left: a way on (the menu lives in the private
        # chat; in the group, the board's own buttons are the way on)
        if not ctx.in_group:
            markup = Keyboard([[Button(text=_("btn-menu"), callback_data=menu_data("menu"))]])
    else:
        if ctx.missed:  # away: the bot moved for them
            text += "\n\n" + _("ry-hand-missed", n=ctx.missed)
        if ctx.confirm_leave:
            text += "\n\n" + _("ry-leave-ask")
    return Screen(text, markup)


def render_private(view: RyadkiView, ctx: TableCtx) -> Screen:
    """A game against the computer: the table and the player's hand in one private message
    (`view` is the player's seat's view)."""
    _ = ctx._
    over = bool(view["status"]["over"]) or ctx.why in ENDED_EARLY
    parts = [table_text(view, ctx.names, ctx.events, _, why=ctx.why, turn_lines=False)]
    seat = view["seat"]
    if not over and seat is not None and view["active"][seat]:
        hand = sorted_hand(view["hand"])
        parts.append(_("ry-private-hand") + "\n<pre>" + esc(hand_line(hand, _)) + "</pre>")
        turn = view["turn"]
        if turn == seat:
            if view["stack"] and view["last"] != seat:
                parts.append(_("ry-hand-your-answer", card=face(view["stack"][-1], _)))
            else:
                parts.append(_("ry-hand-your-lead"))
        elif turn is not None:
            key = "grp-ai-thinking" if turn in ctx.computers else "grp-waiting-for"
            parts.append(_(key, name=esc(ctx.names[turn])))
    if not over and ctx.confirm_leave:
        parts.append(_("ry-leave-ask"))
    text = "\n\n".join(parts)
    if not over:
        return Screen(text, hand_keyboard(view, ctx.game_id, ctx.version, _, ctx.confirm_leave))
    return Screen(text, private_end_keyboard(ctx))
