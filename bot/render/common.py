"""Pieces shared by the solitaire renderers: render context, cells, event line, control rows."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import game_data, menu_data, ui_action
from bot.i18n import t
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

    def move(self, move: str) -> str:
        return game_data(self.game_id, self.version, move)

    def ui(self, name: str, arg: str = "") -> str:
        return game_data(self.game_id, self.version, ui_action(name, arg))

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


_TEMPLATE = InlineKeyboardButton(text=".", callback_data=".")
_FIELDS = dict(_TEMPLATE.__dict__)  # every field with its default, text/callback_data "."
_FIELDS_SET = frozenset(_TEMPLATE.__pydantic_fields_set__)
_PRIVATE = dict(_TEMPLATE.__pydantic_private__ or {})
_new = object.__new__
_set = object.__setattr__


def button(text: str, data: str) -> InlineKeyboardButton:
    """A callback button, built like a copy of a validated template but without pydantic's
    copy machinery (a seventh of a validating constructor's cost; a board has up to ~30 buttons
    and is rebuilt on every move). Callback data was checked when it was built; `text` is a
    str by construction."""
    obj = _new(InlineKeyboardButton)
    fields = _FIELDS.copy()
    fields["text"] = text
    fields["callback_data"] = data
    _set(obj, "__dict__", fields)
    _set(obj, "__pydantic_fields_set__", set(_FIELDS_SET))
    _set(obj, "__pydantic_extra__", {})
    _set(obj, "__pydantic_private__", _PRIVATE.copy())
    return obj


def rows_of(buttons: list[InlineKeyboardButton], n: int) -> list[list[InlineKeyboardButton]]:
    return [buttons[i:i + n] for i in range(0, len(buttons), n)]


def control_rows(ctx: RenderCtx) -> list[list[InlineKeyboardButton]]:
    first = [button(ctx.t("btn-hint"), ctx.ui("hint"))]
    if ctx.can_undo:
        first.append(button(ctx.t("btn-undo"), ctx.ui("undo")))
    second = [
        button(ctx.t("btn-resign"), ctx.ui("ask", "resign")),
        button(ctx.t("btn-menu"), menu_data("menu")),
    ]
    return [first, second]


def confirm_rows(ctx: RenderCtx, yes_key: str, move: str) -> list[list[InlineKeyboardButton]]:
    return [[button(ctx.t(yes_key), ctx.move(move)), button(ctx.t("btn-cancel"), ctx.ui("back"))]]


def finished_rows(ctx: RenderCtx, kind: str) -> list[list[InlineKeyboardButton]]:
    variant = str(ctx.meta.get("variant", ""))
    again = f"again:{kind}:{variant}" if variant else f"again:{kind}"
    return [[button(ctx.t("btn-again"), menu_data(again)),
             button(ctx.t("btn-menu"), menu_data("menu"))]]


def markup(rows: list[list[InlineKeyboardButton]]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(inline_keyboard=[r for r in rows if r])


def result_lines(ctx: RenderCtx, status: dict[str, Any], score_key: str, score: int,
                 total: int | None = None) -> list[str]:
    from bot.solitaire import elapsed, format_duration

    result = status.get("result", "playing")
    lines = [f"<b>{ctx.t('result-' + result)}</b>"]
    lines.append(ctx.t(score_key, n=score, total=total if total is not None else 0))
    lines.append(ctx.t("result-stats", moves=int(ctx.meta.get("moves", 0)),
                       time=format_duration(elapsed(ctx.meta)),
                       undos=int(ctx.meta.get("undos", 0))))
    return lines
