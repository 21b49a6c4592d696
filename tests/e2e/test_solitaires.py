"""End to end: the real `python -m bot` against the Bot API emulator and real Redis.

A player opens the bot, plays a whole Raspad game and part of a Kosa game only by pressing the
buttons the bot sent (following the bot's own ⭐ hints), while the bot process is restarted in
the middle of each game; the games go on from where they were.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator, EmuUser
from tests.support.recording import TgMessage

pytestmark = pytest.mark.e2e

GAME_DATA = re.compile(r"^[A-Za-z0-9]{10}:(\d+):")


def version_of(msg: TgMessage) -> int | None:
    for data in msg.callback_data():
        m = GAME_DATA.match(data or "")
        if m:
            return int(m.group(1))
    return None


async def tap(emulator: Emulator, user: EmuUser, msg: TgMessage, button: str) -> dict[str, Any]:
    cq = user.tap(msg, button)
    return await emulator.wait_answer(cq)


def starred(msg: TgMessage) -> str | None:
    for text in msg.button_texts():
        if "⭐" in text:
            return text
    return None


async def hinted_move(
    emulator: Emulator, user: EmuUser, board: TgMessage, hint: str = "💡 Hint"
) -> None:
    """Tap Hint, then the ⭐ button (and confirm when the bot asks); one move is made."""
    before = version_of(emulator.message(user, board.message_id))
    msg = emulator.message(user, board.message_id)
    await tap(emulator, user, msg, hint)
    msg = emulator.message(user, board.message_id)
    star = starred(msg)
    assert star is not None, msg.describe()
    await tap(emulator, user, msg, star)
    msg = emulator.message(user, board.message_id)
    if version_of(msg) == before:  # a confirmation step (hand to the line / losing redeal)
        yes = [t for t in msg.button_texts() if t.startswith(("⚠️ Yes", "🔄 Yes", "⚠️ Да", "🔄 Да"))]
        assert yes, msg.describe()
        await tap(emulator, user, msg, yes[0])
        msg = emulator.message(user, board.message_id)
    assert version_of(msg) != before or finished(msg), msg.describe()


def finished(msg: TgMessage) -> bool:
    return not any(GAME_DATA.match(d or "") for d in msg.callback_data())


async def new_raspad(emulator: Emulator, user: EmuUser) -> TgMessage:
    """/start, then Raspad with 52 cards: the menu's message becomes the board."""
    user.send("/start")
    menu = await emulator.wait_message(user, contains="Card games")
    await tap(emulator, user, menu, "💥 Raspad (Decay)")
    await tap(emulator, user, emulator.message(user, menu.message_id), "🂠 52 cards")
    return emulator.message(user, menu.message_id)


async def test_play_raspad_and_kosa_across_a_restart(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    bot = await bot_process(language="en")
    ann = emulator.user("Ann", language_code="en")

    # ---- Raspad: a few moves, then leave it for the menu
    raspad = await new_raspad(emulator, ann)
    assert "Hand:" in raspad.text, raspad.describe()
    assert "<pre>" in (raspad.raw or "")
    for _ in range(4):
        await hinted_move(emulator, ann, raspad)
    await tap(emulator, ann, emulator.message(ann, raspad.message_id), "☰ Menu")

    # ---- Kosa: part of a game, with the bot process restarted in the middle
    menu = emulator.message(ann, raspad.message_id)
    assert menu.has_button("▶️ Raspad: continue"), menu.describe()
    await tap(emulator, ann, menu, "🪢 Kosa (Braid)")
    await tap(emulator, ann, emulator.message(ann, menu.message_id), "♾ Unlimited redeals")
    kosa = emulator.message(ann, menu.message_id)
    assert "Braid" in kosa.text and "Stock" in kosa.text, kosa.describe()
    for _ in range(6):
        await hinted_move(emulator, ann, kosa)
    v_before = version_of(emulator.message(ann, kosa.message_id))
    text_before = emulator.message(ann, kosa.message_id).text

    await bot.restart()
    assert bot.returncodes == [0], "SIGTERM ends the bot gracefully"

    # the board still works after the restart: same game, same position
    for _ in range(4):
        await hinted_move(emulator, ann, kosa)
    after = emulator.message(ann, kosa.message_id)
    assert after.text != text_before
    assert v_before is not None
    assert version_of(after) == v_before + 4 or finished(after)

    # a stale tap on an old version is refused with a toast and changes nothing
    stale = f"{after.callback_data()[0].split(':')[0]}:{v_before}:d"
    answer = await emulator.wait_answer(ann.tap_data(after, stale))
    assert answer.get("text") and not answer.get("show_alert"), answer
    assert emulator.message(ann, kosa.message_id).text == after.text

    # ---- back to the Raspad game (kept across the restart) and play it to the end
    ann.send("/start")
    menu = await emulator.wait_message(ann, contains="Card games", newer_than=after)
    await tap(emulator, ann, menu, "▶️ Raspad: continue")
    raspad = emulator.message(ann, menu.message_id)
    assert "Hand:" in raspad.text and "Round" in raspad.text, raspad.describe()
    moves = 0
    while not finished(emulator.message(ann, raspad.message_id)):
        await hinted_move(emulator, ann, raspad)
        moves += 1
        assert moves < 300, "a Raspad game should end"
    final = emulator.message(ann, raspad.message_id)
    assert "You won" in final.text or "Game lost" in final.text, final.text
    assert emulator.tg.unanswered_callbacks() == []


async def test_embedded_store_keeps_a_game_across_a_restart(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    """No REDIS_URL (what a newcomer runs): games live in the SQLite file and survive."""
    bot = await bot_process(redis=False, language="ru")
    ann = emulator.user("Аня", language_code="ru")
    ann.send("/start")
    menu = await emulator.wait_message(ann, contains="Карточные игры")
    await tap(emulator, ann, menu, "🪢 Коса")
    await tap(emulator, ann, emulator.message(ann, menu.message_id), "♾ Пересдачи без ограничений")
    kosa = emulator.message(ann, menu.message_id)
    assert "Коса" in kosa.text and "Колода" in kosa.text, kosa.describe()
    before = version_of(kosa)
    await hinted_move(emulator, ann, kosa, hint="💡 Подсказка")
    await bot.restart()
    await hinted_move(emulator, ann, kosa, hint="💡 Подсказка")
    after = emulator.message(ann, kosa.message_id)
    assert before is not None and version_of(after) is not None
    # two moves, and the first hint is remembered once (a hinted deal of the day is unranked)
    assert version_of(after) == before + 3 or "Ходов" in after.text
