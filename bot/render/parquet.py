"""Parquet screen: one public group message (everything in Parquet is public).

The text holds the 5×7 board in <pre> (columns a–g, rows 1–5; 30 columns wide), both hands, the
last events and whose turn it is. The keyboard is the board itself (tap a cell) under the
mover's hand: the mover taps a hand card (cards with a legal cell are marked), then one of the
marked cells. When no card from hand fits, the mover's own cards that can move are marked
instead (a relocation): tap the card on the board, then its new cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import Translator
from bot.render.common import (
    ENDED_EARLY,
    PARQUET_COLS,
    cell_name,
    esc,
    private_end_keyboard,
    side,
    sorted_hand,
)
from bot.render.events import parquet_lines
from bot.render.screen import Screen, TableCtx
from bot.telegram.callbacks import game_data, ui_action
from bot.telegram.keyboard import Button, Keyboard
from rules.cards import pretty
from rules.notation import parquet_sources as sources
from rules.notation import parquet_targets as targets

ROWS, COLS = 5, 7
COL_NAMES = PARQUET_COLS
CENTRE = "34"
MARK = "✅"


def board_text(board: Sequence[Sequence[str | None]], marked: set[str] | None = None) -> str:
    marked = marked or set()
    lines = ["  " + "".join(f"{c:>4}" for c in COL_NAMES)]
    for r in range(ROWS):
        row = [str(r + 1) + " "]
        for c in range(COLS):
            code = board[r][c]
            cell = f"{r + 1}{c + 1}"
            if code:
                s = pretty(code)
            elif cell in marked:
                s = "*"
            elif cell == CENTRE:
                s = "+"
            else:
                s = "·"
            row.append(f"{s:>4}")
        lines.append("".join(row))
    return "\n".join(lines)


def result_line(view: dict[str, Any], names: Sequence[str], why: str | None, _: Translator) -> str:
    st = view["status"]
    winners = st["winners"]
    if len(winners) != 1:
        return _("pq-result-draw")
    w = winners[0]
    loser = 1 - w
    win = side(view, w) + " " + esc(names[w])
    lose = side(view, loser) + " " + esc(names[loser])
    left = view["hands"][loser]
    reason = why or view.get("why") or ""
    if reason == "full":
        text = _("pq-why-full", loser=lose, card=pretty(left[0]) if left else "?")
    elif reason == "double_pass":
        text = _("pq-why-double-pass", winner=win)
    elif reason == "repetition":
        text = _("pq-why-repetition", winner=win)
    elif reason == "timeout":
        text = _("pq-why-timeout", loser=lose)
    else:
        text = _("pq-why-resign", loser=lose)
    return _("pq-result", winner=win) + "\n" + text


def text(
    view: dict[str, Any],
    names: Sequence[str],
    events: Sequence[dict[str, Any]],
    pick: str | None,
    legal: Sequence[str],
    _: Translator,
    *,
    why: str | None = None,
    deadline_s: int | None = None,
    computers: Sequence[int] = (),
) -> str:
    st = view["status"]
    header = _(
        "pq-title-cross" if view["phase"] == "cross" else "pq-title-corner", n=view["on_board"]
    )
    marked = set(targets(legal, pick)) if pick else set()
    parts = [header, "<pre>" + esc(board_text(view["board"], marked)) + "</pre>"]
    hands = []
    for seat in (0, 1):
        hand = sorted_hand(view["hands"][seat])
        hands.append(
            f"{side(view, seat)} <b>{esc(names[seat])}</b> ({len(hand)}): "
            + (" ".join(pretty(c) for c in hand) or "—")
        )
    parts.append("\n".join(hands))
    ev = parquet_lines(events, names, view, _)
    if ev:
        parts.append("\n".join(ev))
    if st["over"]:
        parts.append(result_line(view, names, why, _))
    elif why in ENDED_EARLY:
        parts.append(_(f"grp-{why}"))
    elif view["turn"] is not None:
        turn = view["turn"]
        who = side(view, turn) + " " + esc(names[turn])
        if turn in computers:
            parts.append(_("grp-ai-thinking", name=who))
        elif pick:
            shown = cell_name(pick) if pick.isdigit() else pretty(pick)
            parts.append(_("pq-turn-picked", name=who, card=shown))
        elif view.get("must_relocate"):
            parts.append(_("pq-turn-relocate", name=who))
        else:
            parts.append(_("pq-turn", name=who))
        if deadline_s:
            parts.append(_("grp-turn-deadline", s=deadline_s))
    return "\n\n".join(parts)


def keyboard(
    view: dict[str, Any],
    gid: str,
    version: int,
    pick: str | None,
    legal: Sequence[str],
    _: Translator,
    computers: Sequence[int] = (),
) -> Keyboard:
    st = view["status"]
    if st["over"]:
        again = game_data(gid, version, ui_action("rematch"))
        return Keyboard([[Button(text=_("grp-btn-rematch"), callback_data=again)]])
    turn = view["turn"]
    if turn in computers:  # nothing to pick while the computer moves
        turn, legal = None, ()
    can_place, can_move = sources(legal)
    dests = targets(legal, pick)
    rows: list[list[Button]] = []
    for r in range(ROWS):
        row = []
        for c in range(COLS):
            cell = f"{r + 1}{c + 1}"
            code = view["board"][r][c]
            if cell in dests:
                label, action = MARK, dests[cell]
            elif code and pick is None and cell in can_move:
                label, action = "🔄" + pretty(code), ui_action("pick", cell)
            elif code and pick == cell:
                label, action = "👉" + pretty(code), ui_action("unpick")
            else:
                label = pretty(code) if code else ("+" if cell == CENTRE else "·")
                action = ui_action("cell")
            row.append(Button(text=label, callback_data=game_data(gid, version, action)))
        rows.append(row)
    if turn is not None:
        hand = sorted_hand(view["hands"][turn])
        buttons = []
        for card in hand:
            if card == pick:
                label, action = "👉" + pretty(card), ui_action("unpick")
            elif card in can_place:
                label, action = MARK + pretty(card), ui_action("pick", card)
            else:
                label, action = pretty(card), ui_action("pick", card)
            buttons.append(Button(text=label, callback_data=game_data(gid, version, action)))
        rows.extend(buttons[i : i + 6] for i in range(0, len(buttons), 6))
    rows.append(
        [
            Button(
                text=_("grp-btn-resign"), callback_data=game_data(gid, version, ui_action("resign"))
            )
        ]
    )
    return Keyboard(rows)


def render(view: dict[str, Any], ctx: TableCtx) -> Screen:
    """The one public message: board, hands, events, whose turn; the keyboard is the board."""
    _ = ctx._
    body = text(
        view,
        ctx.names,
        ctx.events,
        ctx.pick,
        ctx.legal,
        _,
        why=ctx.why,
        deadline_s=ctx.deadline_s,
        computers=ctx.computers,
    )
    over = view["status"]["over"] or ctx.why in ENDED_EARLY
    if over and ctx.private:
        return Screen(body, private_end_keyboard(ctx))
    if over and not ctx.rematch:
        return Screen(body, None)
    return Screen(
        body, keyboard(view, ctx.game_id, ctx.version, ctx.pick, ctx.legal, _, ctx.computers)
    )
