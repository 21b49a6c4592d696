"""Smoke test of the real `python -m bot` process against the emulator and real Redis."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator

pytestmark = pytest.mark.e2e


async def test_start_shows_the_menu_and_survives_a_restart(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    bot = await bot_process()  # DEFAULT_LANGUAGE=ru
    alice = emulator.user("Alice", language_code="en")
    alice.send("/start")
    menu = await emulator.wait_message(alice, contains="Card games")
    assert menu.has_button("Kosa") and menu.has_button("Raspad")
    assert emulator.calls("setMyCommands"), "the bot registers its commands at start"

    boris = emulator.user("Борис", language_code=None)  # no language: the default (Russian)
    boris.send("/start")
    ru_menu = await emulator.wait_message(boris)
    assert "Карточные игры" in ru_menu.text, ru_menu.text

    await bot.restart()
    assert bot.returncodes == [0], "SIGTERM ends the bot gracefully"
    alice.send("/start")
    again = await emulator.wait_message(alice, contains="Card games", newer_than=menu)
    assert again.has_button("Kosa")
    assert emulator.tg.unanswered_callbacks() == []


async def test_embedded_store_keeps_the_language_across_a_restart(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    """No REDIS_URL: the default SQLite store; a choice made before a restart is still there."""
    bot = await bot_process(redis=False)
    assert bot.env["REDIS_URL"] == ""
    boris = emulator.user("Boris", language_code=None)
    boris.send("/start")
    menu = await emulator.wait_message(boris, contains="Карточные игры")
    await emulator.wait_answer(boris.tap(menu, "🌐 Язык / Language"))
    choice = await emulator.wait_message(boris, predicate=lambda m: m.has_button("🇬🇧 English"))
    answer = await emulator.wait_answer(boris.tap(choice, "🇬🇧 English"))
    assert "English" in answer.get("text", "")
    await emulator.wait_message(boris, contains="Card games")

    await bot.restart()
    last = emulator.last_message(boris)
    boris.send("/start")
    again = await emulator.wait_message(boris, newer_than=last)
    assert "Card games" in again.text, again.text
