"""End to end: the real `python -m bot` against the Bot API emulator and real Redis.

A player opens the bot, plays a whole Raspad game and part of a Kosa game only by pressing the
buttons the bot sent (following the bot's own ⭐ hints), while the bot process is restarted in
the middle of each game; the games go on from where they were.
"""

from __future__ import annotations

import re

import pytest

from tests.bot.recording import TgMessage
from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator, EmuUser

pytestmark = pytest.mark.e2e

GAME_DATA = re.compile(r"^[A-Za-z0-9]{10}:(\d+):")


def version_of(msg: TgMessage) -> int | None:
    for data in msg.callback_data():
        m = GAME_DATA.match(data or "")
        if m:
            return int(m.group(1))
    return None


async def tap(emulator: Emulator, user: EmuUser, msg: TgMessage, button: str) -> dict:
    cq = user.tap(msg, button)
    return await emulator.wait_answer(cq)


def starred(msg: TgMessage) -> str | None:
    for text in msg.button_texts():
        if "⭐" in text:
            return text
    return None


async def hinted_move(emulator: Emulator, user: EmuUser, board: TgMessage) -> None:
    """Tap Hint, then the ⭐ button (and confirm when the bot asks); one move is made."""
    before = version_of(emulator.message(user, board.message_id))
    msg = emulator.message(user, board.message_id)
    await tap(emulator, user, msg, "💡 Hint")
    msg = emulator.message(user, board.message_id)
    star = starred(msg)
    assert star is not None, msg.describe()
    await tap(emulator, user, msg, star)
    msg = emulator.message(user, board.message_id)
    if version_of(msg) == before:  # a confirmation step (kon unclosed / losing redeal)
        yes = [t for t in msg.button_texts() if t.startswith(("⚠️ Yes", "🔄 Yes"))]
        assert yes, msg.describe()
        await tap(emulator, user, msg, yes[0])
        msg = emulator.message(user, board.message_id)
    assert version_of(msg) != before or "Moves:" in msg.text, msg.describe()


def finished(msg: TgMessage) -> bool:
    return "Moves:" in msg.text and msg.has_button("🔁 Play again")


async def test_play_raspad_and_kosa_across_restarts(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    bot = await bot_process(language="en")
    ann = emulator.user("Ann", language_code="en")
    ann.send("/start")
    menu = await emulator.wait_message(ann, contains="Card games")

    # ---- Raspad: a whole game, with a restart after a few moves
    await tap(emulator, ann, menu, "💥 Raspad (Decay)")
    await tap(emulator, ann, emulator.message(ann, menu.message_id), "🂠 52 cards")
    board = emulator.message(ann, menu.message_id)
    assert "Hand:" in board.text, board.describe()
    assert "<pre>" in (board.raw or "")
    moves = 0
    while not finished(emulator.message(ann, board.message_id)):
        await hinted_move(emulator, ann, board)
        moves += 1
        if moves == 5:
            await bot.restart()
        assert moves < 300, "a Raspad game should end"
    final = emulator.message(ann, board.message_id)
    assert "won" in final.text or "lost" in final.text, final.text

    # ---- Kosa: part of a game from the menu, restart, go on
    await tap(emulator, ann, final, "☰ Menu")
    menu = emulator.message(ann, board.message_id)
    await tap(emulator, ann, menu, "🪢 Kosa (Braid)")
    await tap(emulator, ann, emulator.message(ann, menu.message_id), "♾ Unlimited redeals")
    kosa = emulator.message(ann, menu.message_id)
    assert "Braid" in kosa.text and "Stock" in kosa.text, kosa.describe()
    for _ in range(6):
        await hinted_move(emulator, ann, kosa)
    v_before = version_of(emulator.message(ann, kosa.message_id))
    await bot.restart()
    for _ in range(4):
        await hinted_move(emulator, ann, kosa)
    after = emulator.message(ann, kosa.message_id)
    assert version_of(after) is not None and v_before is not None
    assert version_of(after) == v_before + 4 or finished(after)

    # a stale tap on an old version is refused with an alert and changes nothing
    stale = f"{after.callback_data()[0].split(':')[0]}:{v_before}:d"
    cq = ann.tap_data(after, stale)
    answer = await emulator.wait_answer(cq)
    assert answer.get("show_alert"), answer
    assert emulator.message(ann, kosa.message_id).text == after.text
    assert bot.returncodes == [0, 0]
    assert emulator.tg.unanswered_callbacks() == []
