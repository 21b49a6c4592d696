"""Pieces shared by the solitaire renderers: render context, cells, event line, control rows."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import t
from bot.telegram.callbacks import game_prefix, menu_data, ui_action, with_action
from bot.telegram.keyboard import Button, Keyboard
from rules import cards


@dataclass
class RenderCtx:
    """Everything a renderer reads besides the rules view (it never mutates anything)."""

    lang: str
    game_id: str
    version: int
    moves: list[str]  # legal moves now
    pick: str | None = None  # a picked source (hand card / place)
    hint: str | None = None  # a suggested move to mark
    confirm: str | None = None  # "fail" | "r" | "resign": ask before doing it
    events: list[Any] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    can_undo: bool = False
    prefix: str = field(init=False, repr=False)  # `<gid>:<version>:` of every game button

    def __post_init__(self) -> None:
        self.prefix = game_prefix(self.game_id, self.version)

    def move(self, move: str) -> str:
        return with_action(self.prefix, move)

    def ui(self, name: str, arg: str = "") -> str:
        return with_action(self.prefix, ui_action(name, arg))

    def t(self, key: str, **args: Any) -> str:
        return t(self.lang, key, **args)


def card(code: str | None) -> str:
    return cards.pretty(code) if code else "··"


def cell(text: str, width: int) -> str:
    """Right-align `text` in `width` monospace columns (the joker glyph counts as two)."""
    visual = len(text) + text.count("🃏")
    return " " * max(0, width - visual) + text


def esc(text: str) -> str:
    return html.escape(text, quote=False)


def event_line(ctx: RenderCtx) -> str:
    parts: list[str] = []
    for key, args in ctx.events:
        resolved = {
            k: (t(ctx.lang, v[0], **v[1]) if isinstance(v, list) else v) for k, v in args.items()
        }
        parts.append(t(ctx.lang, key, **resolved))
    return " · ".join(parts)


def button(text: str, data: str) -> Button:
    """A callback button (its data was checked when it was built)."""
    return Button(text, data)


def rows_of(buttons: list[Button], n: int) -> list[list[Button]]:
    return [buttons[i : i + n] for i in range(0, len(buttons), n)]


def control_rows(ctx: RenderCtx) -> list[list[Button]]:
    first = [button(ctx.t("btn-hint"), ctx.ui("hint"))]
    if ctx.can_undo:
        first.append(button(ctx.t("btn-undo"), ctx.ui("undo")))
    second = [
        button(ctx.t("btn-resign"), ctx.ui("ask", "resign")),
        button(ctx.t("btn-menu"), menu_data("menu")),
    ]
    return [first, second]


def confirm_rows(ctx: RenderCtx, yes_key: str, move: str) -> list[list[Button]]:
    return [[button(ctx.t(yes_key), ctx.move(move)), button(ctx.t("btn-cancel"), ctx.ui("back"))]]


def finished_rows(ctx: RenderCtx, kind: str) -> list[list[Button]]:
    variant = str(ctx.meta.get("variant", ""))
    again = f"again:{kind}:{variant}" if variant else f"again:{kind}"
    return [
        [button(ctx.t("btn-again"), menu_data(again)), button(ctx.t("btn-menu"), menu_data("menu"))]
    ]


def markup(rows: list[list[Button]]) -> Keyboard:
    return Keyboard(rows)  # empty rows are dropped


def result_lines(
    ctx: RenderCtx, status: dict[str, Any], score_key: str, score: int, total: int | None = None
) -> list[str]:
    from bot.games.solitaire.model import elapsed, format_duration

    result = status.get("result", "playing")
    lines = [f"<b>{ctx.t('result-' + result)}</b>"]
    lines.append(ctx.t(score_key, n=score, total=total if total is not None else 0))
    lines.append(
        ctx.t(
            "result-stats",
            moves=int(ctx.meta.get("moves", 0)),
            time=format_duration(elapsed(ctx.meta)),
            undos=int(ctx.meta.get("undos", 0)),
        )
    )
    return lines
