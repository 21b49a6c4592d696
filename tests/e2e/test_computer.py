"""End-to-end: the real `python -m bot` against the Bot API emulator and Redis — a whole Parquet
game and a 1-deal Ryadki game against the computer in a private chat, each with a restart
between the person's move and the computer's answer, and a group Ryadki game of two people and
a computer seat."""

from __future__ import annotations

import re

import pytest

from tests.e2e.botproc import BotProcess
from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.parquet_play import parquet_tap
from tests.e2e.requests import version_of
from tests.e2e.test_group_games import MAX_STEPS, new_lobby, ryadki_hand
from tests.support.recording import TgMessage

pytestmark = pytest.mark.e2e

PAUSE = 0.3
ENV = {"TIMER_TICK_SECONDS": "0.2"}  # the timer loop looks every 0.2 s: computer moves at once


def over(board: TgMessage) -> bool:
    return any(w in board.text for w in ("wins!", "draw", "Winner", "Game over"))


def boards(emu: Emulator, user: EmuUser) -> list[TgMessage]:
    """The user's messages but a new badge's announcement (a won game may earn one)."""
    return [m for m in emu.messages(user) if not m.text.startswith("🏅")]


async def private_setup(emu: Emulator, user: EmuUser, game: str) -> TgMessage:
    user.start()
    menu = await emu.wait_message(user, predicate=lambda m: m.has_button(f"🤖 {game}"))
    user.tap(menu, f"🤖 {game}")
    return await emu.wait_message(user, "against the computer")


async def my_turn(emu: Emulator, board: TgMessage) -> bool:
    """Wait until the computer has answered: True on the person's turn, False at the end."""
    await emu.wait_for(
        lambda: over(board) or "is thinking" not in board.text,
        what="the computer's move",
        timeout=10,
    )
    return not over(board)


async def tap_and_wait(emu: Emulator, user: EmuUser, board: TgMessage, data: str) -> None:
    before = version_of(board)
    await emu.wait_answer(user.tap_data(board, data))
    await emu.wait_for(lambda: version_of(board) != before, what="the board to change")


async def restart_after(
    emu: Emulator, bot: BotProcess, user: EmuUser, board: TgMessage, data: str
) -> None:
    """The move is made, and the bot restarts before the computer answers (the "thinking"
    screen may never show at Telegram's pace: the chat's next edit already has the answer);
    then the board shows the game going on."""
    before = version_of(board)
    await emu.wait_answer(user.tap_data(board, data))
    await bot.restart()
    await emu.wait_for(lambda: version_of(board) != before, what="the board after the restart")


@pytest.mark.slow
async def test_parquet_against_the_computer_with_a_restart(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en", env={**ENV, "AI_PAUSE_SECONDS": str(PAUSE)})
    alice = emu.user("Alice", language_code="en")
    setup = await private_setup(emu, alice, "Parquet")
    alice.tap(setup, "▶ Start")
    board = await emu.wait_message(alice, "cross phase")
    assert board.message_id == setup.message_id  # the setup's message became the board
    steps = restarted = 0
    while steps < MAX_STEPS and await my_turn(emu, board):
        data = parquet_tap(board)
        steps += 1
        completes = not data.split(":", 2)[-1].startswith("~")  # a cell for the picked card
        if steps >= 6 and not restarted and completes:  # between her move and the computer's
            await restart_after(emu, bot, alice, board, data)  # answer
            restarted += 1
            continue
        await tap_and_wait(emu, alice, board, data)
    assert restarted == 1 and over(board), board.describe()
    assert board.has_button("🔄 Rematch") and board.has_button("⬅ Menu")
    assert len(boards(emu, alice)) == 1  # one board message from the menu to the result
    assert "Traceback" not in bot.log_text()


@pytest.mark.slow
async def test_ryadki_against_the_computer_one_deal_with_a_restart(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en", env={**ENV, "AI_PAUSE_SECONDS": str(PAUSE)})
    alice = emu.user("Alice", language_code="en")
    setup = await private_setup(emu, alice, "Ryadki")
    alice.tap(setup, re.compile("Deals"))  # 7 → 1
    setup = await emu.wait_message(alice, "deals: 1")
    alice.tap(setup, "▶ Start")
    board = await emu.wait_message(alice, "Your cards")
    steps = restarted = 0
    while steps < MAX_STEPS and await my_turn(emu, board):
        marked = [b for b in board.buttons() if b["text"].startswith("✅")]
        assert marked, board.describe()
        data = str(marked[0]["callback_data"])
        steps += 1
        if steps >= 3 and not restarted:  # between her move and the computer's answer
            await restart_after(emu, bot, alice, board, data)
            restarted += 1
            continue
        await tap_and_wait(emu, alice, board, data)
    assert over(board) and restarted == 1, board.describe()
    assert len(boards(emu, alice)) == 1
    assert "Traceback" not in bot.log_text()


@pytest.mark.slow
async def test_group_ryadki_with_two_people_and_a_computer_seat(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en", env={**ENV, "AI_PAUSE_SECONDS": "0.5"})
    alice = emu.user("Alice", language_code="en", started=True)
    bob = emu.user("Bob", language_code="en", started=True)
    group = emu.group("Card Club", owner=alice, members=[bob])
    lobby = await new_lobby(emu, group, alice, "Ryadki")
    bob.tap(lobby, "✋ Join")
    lobby = await emu.wait_message(group, "Players (2/6)")
    alice.tap(lobby, "➕🤖 Computer")
    lobby = await emu.wait_message(group, "🤖 Ada")
    alice.tap(lobby, re.compile("Deals"))
    lobby = await emu.wait_message(group, "deals: 1")
    alice.tap(lobby, "▶ Start")
    table = await emu.wait_message(group, "deal 1/1")
    people = [alice, bob]

    def next_step() -> tuple[EmuUser, TgMessage] | str | None:
        for user in people:
            hand = ryadki_hand(emu, user)
            if hand is not None and "game is over" in hand.text:
                return "over"
            if hand is not None and "Your turn" in hand.text:
                return user, hand
        return None

    for _ in range(MAX_STEPS):
        found: tuple[EmuUser, TgMessage] | str = await emu.wait_for(
            next_step, what="a person's turn or the end", timeout=10
        )
        if isinstance(found, str):
            break
        user, hand = found
        marked = [b for b in hand.buttons() if b["text"].startswith("✅")]
        await tap_and_wait(emu, user, hand, str(marked[0]["callback_data"]))
    # the group's board may lag at this pace (20 writes a minute), by less than a minute
    await emu.wait_message(group, "game over", timeout=65)
    assert "game over" in table.text  # which the computer seat's turns could not block
    assert "🤖 Ada" in table.text
    assert "Traceback" not in bot.log_text()
