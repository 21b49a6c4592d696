"""A game added without touching the tree: the real `python -m bot` with EXTRA_GAMES naming the
toy games' modules offers them beside the built-in games (its menu, /rules), and a toy
solitaire is played as Kosa is."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator
from tests.e2e.solo_player import tap_and_see

pytestmark = pytest.mark.e2e

EXTRA = {"EXTRA_GAMES": "tests.toy,tests.toy.ladder_spec"}


async def test_the_games_of_extra_games_are_offered_beside_the_built_in_ones(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    await bot_process(language="en", env=EXTRA)
    alice = emulator.user("Alice", language_code="en")
    alice.send("/start")
    menu = await emulator.wait_message(alice, contains="Card games")
    assert menu.has_button("🪜 Ladder") and menu.has_button("🤖 Nim"), menu.describe()
    assert menu.has_button("Kosa") and menu.has_button("Raspad"), menu.describe()
    variants = await tap_and_see(
        emulator, alice, menu, "🪜 Ladder", lambda m: m.has_button("16 cards"), "the decks"
    )
    board = await tap_and_see(
        emulator, alice, variants, "16 cards", lambda m: m.has_button("💡 Hint"), "the board"
    )
    await tap_and_see(
        emulator, alice, board, "💡 Hint", lambda m: "⭐" in " ".join(m.button_texts()), "a hint"
    )
    alice.send("/rules")
    rules = await emulator.wait_message(alice, predicate=lambda m: m.has_button("🪜 Ladder"))
    assert rules.has_button("🧮 Nim with cards"), rules.describe()


async def test_a_solver_of_extra_games_searches_in_the_pool(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    """Ladder with its solver (`tests.toy.ladder_solved`): the pool's workers load the module
    too, so its hint is searched there, like Kosa's, not in a thread of the bot's process."""
    bot = await bot_process(language="en", env={"EXTRA_GAMES": "tests.toy.ladder_solved"})
    alice = emulator.user("Alice", language_code="en")
    alice.send("/start")
    menu = await emulator.wait_message(alice, contains="Card games")
    variants = await tap_and_see(
        emulator, alice, menu, "🪜 Ladder", lambda m: m.has_button("16 cards"), "the decks"
    )
    board = await tap_and_see(
        emulator, alice, variants, "16 cards", lambda m: m.has_button("💡 Hint"), "the board"
    )
    await tap_and_see(
        emulator, alice, board, "💡 Hint", lambda m: "⭐" in " ".join(m.button_texts()), "a hint"
    )
    await emulator.wait_for(lambda: "event=hint kind=ladder" in bot.log_text(), what="the hint")
    log = bot.log_text()
    assert "event=hint kind=ladder" in log and "verdict=won searched=True" in log, log
    assert "event=search_pool_started" in log and "event=search_in_thread" not in log, log
