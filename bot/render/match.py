"""The quick match's own screens in the private chat: which game, the waiting screen (what is
happening, and how long), and "nobody is free" with what to do next."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from bot.render.common import button
from bot.render.screen import Screen
from bot.wire.callbacks import menu_data
from bot.wire.keyboard import Keyboard

CANCEL = "x"  # `m:mq:x`: stop waiting


def pick(lang: str, games: Sequence[str]) -> Screen:
    rows = [[button(t(lang, f"match-btn-{g}"), menu_data(f"mq:{g}"))] for g in games]
    rows.append([button(t(lang, "btn-back"), menu_data("menu"))])
    return Screen(t(lang, "match-pick"), Keyboard(rows))


def waiting(lang: str, game: str, seconds: float) -> Screen:
    s = max(0, int(seconds))
    text = t(
        lang, "match-waiting", game=t(lang, f"grp-game-{game}"), time=f"{s // 60}:{s % 60:02d}"
    )
    cancel = button(t(lang, "match-btn-cancel"), menu_data(f"mq:{CANCEL}"))
    return Screen(text, Keyboard([[cancel]]))


def nobody(lang: str, game: str) -> Screen:
    rows = [
        [button(t(lang, "match-btn-computer"), menu_data(f"ai:{game}"))],
        [button(t(lang, "match-btn-again"), menu_data(f"mq:{game}"))],
        [button(t(lang, "btn-menu"), menu_data("menu"))],
    ]
    return Screen(t(lang, "match-nobody", game=t(lang, f"grp-game-{game}")), Keyboard(rows))
