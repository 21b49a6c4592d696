"""Presentation pieces shared by the renderers: cards, cells, names, buttons, control rows."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from bot.render.screen import SoloCtx, TableCtx
from bot.telegram.callbacks import game_data, menu_data, ui_action
from bot.telegram.keyboard import Button, Keyboard
from rules import cards
from rules.cards import RANKS, SUITS

PARQUET_COLS = "abcdefg"
ENDED_EARLY = ("abandoned", "replaced")  # a table's `why` when it ended before the rules' end


def card(code: str | None) -> str:
    return cards.pretty(code) if code else "··"


def cell(text: str, width: int) -> str:
    """Right-align `text` in `width` monospace columns (the joker glyph counts as two)."""
    visual = len(text) + text.count("🃏")
    return " " * max(0, width - visual) + text


def esc(text: str) -> str:
    return html.escape(text, quote=False)


def sorted_hand(codes: Sequence[str]) -> list[str]:
    """By suit (♠ ♥ ♦ ♣), then rank: easier to scan for a match."""
    return sorted(codes, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0])))


def cell_name(cell: str) -> str:
    """A Parquet cell `"24"` (row 2, column 4) as players read it: `"d2"`."""
    return f"{PARQUET_COLS[int(cell[1]) - 1]}{cell[0]}"


def side(view: dict[str, Any], seat: int) -> str:
    """A Parquet seat's colour."""
    return "🔴" if view["red"] == seat else "⚫"


def format_duration(seconds: int) -> str:
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def button(text: str, data: str) -> Button:
    """A callback button (its data was checked when it was built)."""
    return Button(text, data)


def ui_button(text: str, gid: str, version: int, name: str, arg: str = "") -> Button:
    """A button for a UI action of game `gid` at `version` (`~name:arg`)."""
    return Button(text, game_data(gid, version, ui_action(name, arg)))


def rows_of(buttons: list[Button], n: int) -> list[list[Button]]:
    return [buttons[i : i + n] for i in range(0, len(buttons), n)]


def control_rows(ctx: SoloCtx) -> list[list[Button]]:
    first = [button(ctx.t("btn-hint"), ctx.ui("hint"))]
    if ctx.can_undo:
        first.append(button(ctx.t("btn-undo"), ctx.ui("undo")))
    second = [
        button(ctx.t("btn-resign"), ctx.ui("ask", "resign")),
        button(ctx.t("btn-menu"), menu_data("menu")),
    ]
    return [first, second]


def confirm_rows(ctx: SoloCtx, yes_key: str, move: str) -> list[list[Button]]:
    return [[button(ctx.t(yes_key), ctx.move(move)), button(ctx.t("btn-cancel"), ctx.ui("back"))]]


def finished_rows(ctx: SoloCtx, kind: str) -> list[list[Button]]:
    again = f"again:{kind}:{ctx.variant}" if ctx.variant else f"again:{kind}"
    return [
        [
            button(ctx.t("btn-again"), menu_data(again)),
            button(ctx.t("btn-menu"), menu_data("menu")),
        ]
    ]


def markup(rows: list[list[Button]]) -> Keyboard:
    return Keyboard(rows)  # empty rows are dropped


def result_lines(
    ctx: SoloCtx, status: dict[str, Any], score_key: str, score: int, total: int | None = None
) -> list[str]:
    result = status.get("result", "playing")
    lines = [f"<b>{ctx.t('result-' + result)}</b>"]
    lines.append(ctx.t(score_key, n=score, total=total if total is not None else 0))
    played = ctx.played
    lines.append(
        ctx.t(
            "result-stats",
            moves=played.moves,
            time=format_duration(played.seconds),
            undos=played.undos,
        )
    )
    return lines


def private_end_keyboard(ctx: TableCtx) -> Keyboard:
    """Under a finished game against the computer: play again, and the menu."""
    _ = ctx._
    row = []
    if ctx.rematch:
        data = game_data(ctx.game_id, ctx.version, ui_action("rematch"))
        row.append(Button(text=_("grp-btn-rematch"), callback_data=data))
    row.append(Button(text=_("grp-btn-back"), callback_data=menu_data("menu")))
    return Keyboard([row])
