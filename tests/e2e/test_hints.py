"""End to end: 💡 stays out of the way (issue 44, point 4), on the real `python -m bot` whose
first hint starts its pool of search workers (so the hint's answer comes well after the taps
that follow it). ☰ Menu tapped right after 💡 stays on screen: the hint's board, done later, is
not shown over it. A card picked right after 💡, while it thinks, is then played on the board
the player sees: the hint's save does not make it stale."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.e2e.botproc import BotProcess
from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.solo_player import new_raspad, tap, tap_and_see, version_of, wait_board
from tests.support.recording import TgMessage

pytestmark = pytest.mark.e2e

STALE = "The board has changed — tap a current button."


async def hint_done(emulator: Emulator, bot: BotProcess) -> None:
    """The hint has been answered (its board shown, or dropped: `event=hint` in the bot's log)
    and the bot has been quiet since (a private chat's edit waits a second at the most)."""
    await emulator.wait_for(lambda: "event=hint " in bot.log_text(), 60, "the hint's answer")
    await emulator.wait_idle(quiet=1.5)


async def another_deal(emulator: Emulator, user: EmuUser, board: TgMessage) -> TgMessage:
    """☰ Menu, then a new Raspad of 52 cards on the same message (the board, live)."""

    def showing(button: str) -> Callable[[TgMessage], bool]:
        return lambda m: m.has_button(button)

    for button, then in (
        ("☰ Menu", "💥 Raspad (Decay)"),
        ("💥 Raspad (Decay)", "🂠 52 cards"),
        ("🂠 52 cards", "💡 Hint"),
    ):
        board = await tap_and_see(emulator, user, board, button, showing(then), then)
    return board


async def test_the_menu_tapped_right_after_a_hint_stays(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    bot = await bot_process(language="en")
    ann = emulator.user("Ann", language_code="en")
    board = await new_raspad(emulator, ann)
    hint = ann.tap(emulator.message(ann, board.message_id), "💡 Hint")
    menu = ann.tap(emulator.message(ann, board.message_id), "☰ Menu")  # at once
    await emulator.wait_answer(menu)
    await emulator.wait_answer(hint)
    shown = await wait_board(
        emulator, ann, board, lambda m: m.has_button("▶️ Raspad: continue"), "the menu"
    )
    await hint_done(emulator, bot)
    now = emulator.message(ann, board.message_id)
    assert now.has_button("▶️ Raspad: continue") and not now.has_button("💡 Hint"), now.describe()
    assert now.text == shown.text
    assert not emulator.tg.unanswered_callbacks()


async def test_a_card_picked_while_the_hint_thinks_is_played(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    bot = await bot_process(language="en")
    ann = emulator.user("Ann", language_code="en")
    board = await new_raspad(emulator, ann)
    for _ in range(20):  # a deal with a card that has two places to go (most have one)
        card = next((t for t in board.button_texts() if t.endswith("▸")), None)
        if card is not None:
            break
        board = await another_deal(emulator, ann, board)
    assert card is not None, board.describe()
    before = version_of(board)
    hint = ann.tap(emulator.message(ann, board.message_id), "💡 Hint")
    pick = ann.tap(emulator.message(ann, board.message_id), card)  # at once
    await emulator.wait_answer(hint)
    await emulator.wait_answer(pick)
    picked = await wait_board(emulator, ann, board, lambda m: m.has_button("✖️ Cancel"), "a pick")
    await hint_done(emulator, bot)
    seen = emulator.message(ann, board.message_id)
    assert seen.text == picked.text, seen.describe()  # the hint's board did not replace it
    target = next(t for t in seen.button_texts() if t.startswith("🎯"))
    answer = await tap(emulator, ann, seen, target)
    assert answer.get("text") != STALE, answer
    await wait_board(emulator, ann, board, lambda m: version_of(m) not in (None, before), "a move")
