"""Smoke test of the real `python -m bot` process against the emulator and real Redis."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator

pytestmark = pytest.mark.e2e


async def test_start_shows_the_menu_and_survives_a_restart(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    bot = await bot_process(language="en")
    alice = emulator.user("Alice", language_code="en")
    alice.send("/start")
    menu = await emulator.wait_message(alice, contains="Card games")
    assert menu.has_button("Kosa") and menu.has_button("Raspad")
    assert emulator.calls("setMyCommands"), "the bot registers its commands at start"

    await bot.restart()
    assert bot.returncodes == [0], "SIGTERM ends the bot gracefully"
    alice.send("/start")
    again = await emulator.wait_message(alice, contains="Card games", newer_than=menu)
    assert again.has_button("Kosa")
    assert emulator.tg.unanswered_callbacks() == []


async def test_the_bot_answers_in_russian_by_default(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    await bot_process()
    boris = emulator.user("Борис", language_code=None)
    boris.send("/start")
    menu = await emulator.wait_message(boris)
    assert "Карточные" in menu.text or "игр" in menu.text, menu.text
