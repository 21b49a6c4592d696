"""End to end: the real `python -m bot` against the Bot API emulator and real Redis.

A player opens the bot, plays a whole Raspad game and part of a Kosa game only by pressing the
buttons the bot sent (following the bot's own ⭐ hints), while the bot process is restarted in
the middle of each game; the games go on from where they were.
"""

from __future__ import annotations

import pytest

from tests.e2e.botproc import in_session
from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator
from tests.e2e.solo_player import finished, hinted_move, new_raspad, tap_and_see, version_of

pytestmark = pytest.mark.e2e


@pytest.mark.slow
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

    # ---- Kosa: part of a game, with the bot process restarted in the middle
    menu = await tap_and_see(
        emulator, ann, raspad, "☰ Menu", lambda m: "Card games" in m.text, "the menu"
    )
    assert menu.has_button("▶️ Raspad: continue"), menu.describe()
    await tap_and_see(
        emulator,
        ann,
        menu,
        "🪢 Kosa (Braid)",
        lambda m: m.has_button("♾ Unlimited redeals"),
        "Kosa's variants",
    )
    kosa = await tap_and_see(
        emulator,
        ann,
        menu,
        "♾ Unlimited redeals",
        lambda m: version_of(m) is not None,
        "the new Kosa board",
    )
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
    after = emulator.message(ann, kosa.message_id)  # (the emulator's live message)
    assert after.text != text_before
    assert v_before is not None
    assert version_of(after) == v_before + 4 or finished(after)

    # a stale tap on an old version is refused with a toast and changes nothing
    shown, edits = after.text, after.edits
    stale = f"{after.callback_data()[0].split(':')[0]}:{v_before}:d"
    answer = await emulator.wait_answer(ann.tap_data(after, stale))
    assert answer.get("text") and not answer.get("show_alert"), answer
    # the bot re-shows the current board, which is the same (after a 429 that edit is retried
    # a second later: quiet for longer than that)
    await emulator.wait_idle(quiet=2.0)
    assert emulator.message(ann, kosa.message_id).text == shown and after.edits == edits

    # ---- back to the Raspad game (kept across the restart) and play it to the end
    ann.send("/start")
    menu = await emulator.wait_message(ann, contains="Card games", newer_than=after)
    raspad = await tap_and_see(
        emulator,
        ann,
        menu,
        "▶️ Raspad: continue",
        lambda m: version_of(m) is not None,
        "the Raspad board",
    )
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
    await tap_and_see(
        emulator,
        ann,
        menu,
        "🪢 Коса",
        lambda m: m.has_button("♾ Пересдачи без ограничений"),
        "Kosa's variants",
    )
    kosa = await tap_and_see(
        emulator,
        ann,
        menu,
        "♾ Пересдачи без ограничений",
        lambda m: version_of(m) is not None,
        "the new Kosa board",
    )
    assert "Коса" in kosa.text and "Колода" in kosa.text, kosa.describe()
    before = version_of(kosa)
    await hinted_move(emulator, ann, kosa, hint="💡 Подсказка")
    assert "event=search_pool_started" in bot.log_text()  # the hint searched in a worker
    searched_in = bot.pid
    assert searched_in is not None
    await bot.restart()
    assert in_session(searched_in) == []  # no worker outlived the bot
    await hinted_move(emulator, ann, kosa, hint="💡 Подсказка")
    after = emulator.message(ann, kosa.message_id)
    assert before is not None and version_of(after) is not None
    # two moves, and the first hint is remembered once (a hinted deal of the day is unranked)
    assert version_of(after) == before + 3 or "Ходов" in after.text
