"""End to end: the deal of the day through the real `python -m bot`, the emulator and Redis —
played to its end (a few moves, then given up), its card copied, then seen on /stats and on the
day's board, still the same day's deal, already played, after a restart; and the card's link
opens the same deal for a third user."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator
from tests.e2e.solo_player import finished, tap_and_see, version_of, wait_board
from tests.support.recording import TgMessage

pytestmark = pytest.mark.e2e


async def test_deal_of_the_day_to_the_end_then_stats_and_board(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en")
    ann = emu.user("Ann", language_code="en")
    ann.send("/daily")
    daily = await emu.wait_message(ann, "Deal of the day #")
    number = re.search(r"#(\d+)", daily.text)
    assert number is not None and "not played yet" in daily.text
    daily = await tap_and_see(  # the first game's page opens: Raspad's is a button away
        emu, ann, daily, "💥 Raspad", lambda m: "💥 Raspad:" in m.text, "Raspad's deals"
    )
    play = next(b for b in daily.button_texts() if b.startswith("▶️"))  # (its first deal)
    board = await tap_and_see(
        emu, ann, daily, play, lambda m: version_of(m) is not None, "the deal's board"
    )
    deal = board.text.split("\n💡")[0]  # the dealt layout, before any move
    for _ in range(3):  # moves with one target go in one tap (no hint: it stays ranked)
        one_tap = [t for t in board.button_texts() if "→" in t]
        if not one_tap or finished(board):
            break
        before = version_of(board)

        def moved(m: TgMessage, b: int | None = before) -> bool:
            return version_of(m) != b

        await tap_and_see(emu, ann, board, one_tap[0], moved, "the move")
    if not finished(board):
        await tap_and_see(
            emu,
            ann,
            board,
            "🏳 Give up",
            lambda m: m.has_button("🏳 Yes, give up"),
            "the confirmation",
        )
        await tap_and_see(emu, ann, board, "🏳 Yes, give up", finished, "the end")
    # the bot's inline mode is off (a new bot's default): the card is copied, not shared
    await wait_board(emu, ann, board, lambda m: m.has_button("📋 Copy"), "the result's buttons")
    card = board.button("📋 Copy")["copy_text"]["text"]
    assert "#1 of 1" in card and "?start=daily-raspad-" in card, card
    ann.send("/stats")
    stats = await emu.wait_message(ann, "Your statistics")
    assert "Raspad: 1 game" in stats.text, stats.text
    await bot.restart()  # the day's deal is the same after a restart
    ann.send("/daily")  # (the game she played last)
    again = await emu.wait_message(ann, ": played —", newer_than=stats)
    assert f"#{number.group(1)}" in again.text and "💥 Raspad:" in again.text
    boards = next(b for b in again.button_texts() if b.startswith("🏆"))
    await emu.wait_answer(ann.tap(again, boards))
    top = await emu.wait_message(ann, "1. Ann", newer_than=stats)
    assert f"#{number.group(1)}" in top.text
    # a third user opens the card's link: the same deal, as their ranked attempt
    link = re.search(r"\?start=(daily-raspad-(\d+)(-[emh])?)", card)
    assert link is not None and link.group(2) == number.group(1)
    cy = emu.user("Cy", language_code="en")
    cy.send(f"/start {link.group(1)}")
    theirs = await emu.wait_message(cy, "ranked attempt")
    assert theirs.text.split("\n💡")[0] == deal
    assert "Traceback" not in bot.log_text()
