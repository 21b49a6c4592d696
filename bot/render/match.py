"""The quick match's own screens in the private chat: which game (and for a game of more
seats, how many and whether the computer may fill the table), the waiting screen (what is
happening, and how long), and "nobody is free" with what to do next."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import t
from bot.render.common import button, esc
from bot.render.screen import Screen
from bot.wire.callbacks import game_data, menu_data, ui_action
from bot.wire.keyboard import Button, Keyboard

CANCEL = "x"  # `m:mq:x`: stop waiting
FILL = "f"  # `m:mq:<game>:<seats>f`: computer seats may fill the table after a wait


def table_data(game: str, seats: int, fill: bool) -> str:
    return menu_data(f"mq:{game}:{seats}{FILL if fill else ''}")


def pick(lang: str, games: Sequence[str]) -> Screen:
    rows = [[button(t(lang, f"match-btn-{g}"), menu_data(f"mq:{g}"))] for g in games]
    rows.append([button(t(lang, "btn-back"), menu_data("menu"))])
    return Screen(t(lang, "match-pick"), Keyboard(rows))


def seats(lang: str, game: str, choices: Sequence[int]) -> Screen:
    """How many at the table: wait for people, or (3+) fill with the computer after a wait."""
    wait = [button(t(lang, "match-btn-seats", n=n), table_data(game, n, False)) for n in choices]
    fill = [
        button(t(lang, "match-btn-seats-fill", n=n), table_data(game, n, True))
        for n in choices
        if n > 2
    ]
    rows = [row for row in (wait, fill) if row]
    rows.append([button(t(lang, "btn-back"), menu_data("mq"))])
    text = t(lang, "match-seats", game=t(lang, f"grp-game-{game}"))
    return Screen(text, Keyboard(rows))


@dataclass(frozen=True, slots=True)
class Wanted:
    """The table a person waits for (as the queue keeps it)."""

    lang: str
    game: str
    seats: int = 2
    fill: bool = False


def _title(wanted: Wanted) -> str:
    game = t(wanted.lang, f"grp-game-{wanted.game}")
    if wanted.seats == 2:
        return game
    return t(wanted.lang, "match-game-seats", game=game, n=wanted.seats)


def waiting(wanted: Wanted, seconds: float) -> Screen:
    s = max(0, int(seconds))
    key = "match-waiting-fill" if wanted.fill else "match-waiting"
    if key == "match-waiting" and wanted.seats > 2:
        key = "match-waiting-many"
    text = t(wanted.lang, key, game=_title(wanted), time=f"{s // 60}:{s % 60:02d}")
    cancel = button(t(wanted.lang, "match-btn-cancel"), menu_data(f"mq:{CANCEL}"))
    return Screen(text, Keyboard([[cancel]]))


def nobody(wanted: Wanted, *, away: bool = False) -> Screen:
    """Nobody was found in the wait (`away`: the bot was down past it): what to do next."""
    lang = wanted.lang
    again = table_data(wanted.game, wanted.seats, wanted.fill)
    rows = [
        [button(t(lang, "match-btn-computer"), menu_data(f"ai:{wanted.game}"))],
        [button(t(lang, "match-btn-again"), again)],
        [button(t(lang, "btn-menu"), menu_data("menu"))],
    ]
    key = "match-away" if away else "match-nobody"
    return Screen(t(lang, key, game=_title(wanted)), Keyboard(rows))


def rematch_offer(lang: str, name: str, gid: str, version: int) -> Screen:
    """Beside a finished match's board: another player wants a rematch."""
    again = Button(t(lang, "grp-btn-rematch"), game_data(gid, version, ui_action("rematch")))
    return Screen(t(lang, "match-rematch-offer", name=esc(name)), Keyboard([[again]]))


def left(lang: str, board: str, gid: str, why: str | None, missed: int) -> Screen:
    """A player's own board once they left a match the others play on (`why`: "timeout" when
    they were removed for missing `missed` turns in a row): the table as they left it, the end
    for them, and a way on. It changes no more."""
    key = "match-removed" if why == "timeout" else "match-left"
    rows = [
        [button(t(lang, "btn-match"), menu_data("mq"))],
        [button(t(lang, "match-btn-block"), menu_data(f"mqb:{gid}"))],
        [button(t(lang, "btn-menu"), menu_data("menu"))],
    ]
    return Screen(board + "\n\n" + t(lang, key, n=missed), Keyboard(rows))
