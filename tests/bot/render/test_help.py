"""/help tells about everything a player can reach: every button of the private chat's main
menu (by its own label, or the command that opens the same screen) and every command of a
group's menus, in both languages."""

from __future__ import annotations

import pytest

from bot import commands
from bot.i18n import t
from bot.render.menu import help_page, main_menu
from bot.wire.callbacks import MenuCallback, parse

# a menu button whose screen has a command of its own: /help may name the command instead
SAME_SCREEN = {"daily": "/daily", "stats": "/stats", "top": "/top", "rules": "/rules"}
SAME_SCREEN |= {"lang": "/language", "set": "/settings"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_private_help_names_every_button_of_the_main_menu(lang: str) -> None:
    help_text = help_page(lang).text
    menu = main_menu(lang).keyboard
    assert menu is not None
    missing = []
    for button in menu.buttons():
        data = parse(button.callback_data)
        action = data.action if isinstance(data, MenuCallback) else ""
        if button.text not in help_text and SAME_SCREEN.get(action, "?") not in help_text:
            missing.append(button.text)
    assert not missing, (missing, help_text)
    assert t(lang, "btn-match") in help_text  # ⚔️ Play someone, the quick match


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("scope", ["group", "admins"])
def test_group_help_names_every_command_of_the_group_s_menus(lang: str, scope: str) -> None:
    help_text = help_page(lang, private=False).text
    for command in commands.MENUS[scope]:  # type: ignore[index]
        if command != "help":
            assert f"/{command}" in help_text, (scope, command)
