"""The shared screens lay out any number of games: with the toys offered beside the built-in
games (three solitaires, four table games), the menu, /stats, /top, /rules, /help and the table
game picker have a button for every game, rows of at most two game buttons that fit a phone's
width, and /help names every game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.i18n import translator
from bot.registry import GAMES, kinds
from bot.render import menu, stats
from bot.render.common import width
from bot.render.screen import Screen
from bot.stats.stats import UserStats
from tests.toy import ladder_spec, registered

ROW = 42  # columns of a 360 px phone's keyboard row, as `width` counts them (two of 21)


@pytest.fixture(autouse=True)
def _toys() -> Iterator[None]:
    with registered(), ladder_spec.registered():
        yield


def shared_screens(lang: str) -> dict[str, Screen]:
    _ = translator(lang)
    return {
        "menu": menu.main_menu(lang),
        "stats": stats.stats_screen(UserStats(name="Ann"), {}, 700, _),
        "top": stats.top_screen(None, None, _),
        "rules": menu.rules_page(lang),
        "help": menu.help_page(lang),
        "pick": menu.pick_game(_, "inv"),
    }


# the screens with a button per game, and the games they have one for
PER_GAME = {
    "menu": ("solitaire", "table"),
    "stats": ("solitaire", "table"),
    "top": ("solitaire", "table"),
    "rules": ("solitaire", "table"),
    "pick": ("table",),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_game_has_its_button_in_rows_that_fit_a_phone(lang: str) -> None:
    assert len(kinds("solitaire")) >= 3 and len(kinds("table")) >= 4
    for name, screen in shared_screens(lang).items():
        assert screen.keyboard is not None, name
        rows = screen.keyboard.inline_keyboard
        for row in rows:
            games = [b for b in row if set((b.callback_data or "").split(":")) & set(GAMES)]
            assert len(games) <= 2 and len(row) <= 3, (name, [b.text for b in row])
            assert sum(width(b.text) for b in row) <= ROW, (name, [b.text for b in row])
        tokens = {t for row in rows for b in row for t in (b.callback_data or "").split(":")}
        for family in PER_GAME.get(name, ()):
            missing = set(kinds(family)) - tokens  # type: ignore[arg-type]
            assert not missing, (name, missing)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_help_names_every_game(lang: str) -> None:
    _ = translator(lang)
    private = menu.help_page(lang).text
    group = menu.help_page(lang, private=False).text
    for kind, game in GAMES.items():
        assert _(game.title_key) in private, kind
        assert game.solitaire or _(game.title_key) in group, kind
    hidden = [_(g.title_key) for g in GAMES.values() if g.hidden_hands]
    alone = {"ru": "видны только вам", "en": "shown to you alone"}[lang]
    assert alone in group and all(name in group.split(alone)[0] for name in hidden)
