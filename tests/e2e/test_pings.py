"""End-to-end: turn pings in a 3-player Ryadki game through the real `python -m bot`, at the
emulator's default limits — a player is pinged in their private chat when the turn comes to them
after they looked away (their first turn), players tapping away are not pinged again, a turn that
waits gets one reminder, and the previous ping is gone."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.requests import version_of
from tests.e2e.test_group_games import ryadki_hand
from tests.support.recording import TgMessage

pytestmark = pytest.mark.e2e

# a reminder after 5 s, not 20, and a timer loop that looks every 0.2 s: so that the test waits
# seconds for a turn's reminder, not half a minute
ENV = {"TURN_REMINDER_SECONDS": "5", "TIMER_TICK_SECONDS": "0.2"}


def live_pings(emu: Emulator, user: EmuUser) -> list[TgMessage]:
    return [m for m in emu.messages(user) if m.text.startswith("🔔") and not m.deleted]


def sent_pings(emu: Emulator, user: EmuUser) -> int:
    return sum(
        1
        for c in emu.calls("sendMessage")
        if c.get("chat_id") == user.id and str(c.get("text", "")).startswith("🔔")
    )


def holder(emu: Emulator, players: list[EmuUser]) -> EmuUser | None:
    for user in players:
        hand = ryadki_hand(emu, user)
        if hand is not None and "Your turn" in hand.text:
            return user
    return None


@pytest.mark.slow
async def test_each_turn_pings_its_player_once_and_the_old_ping_is_gone(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en", env=ENV)
    alice, bob, carol = (emu.user(n, language_code="en", started=True) for n in ("A", "B", "C"))
    players = [alice, bob, carol]
    group = emu.group("Card Club", owner=alice, members=[bob, carol])
    alice.send(group, "/newgame ryadki")
    lobby = await emu.wait_message(group, "gathering players")
    alice.tap(lobby, re.compile("Deals"))
    lobby = await emu.wait_message(group, "deals: 1")
    for user in (bob, carol):
        user.tap(lobby, "✋ Join")
    lobby = await emu.wait_message(group, "Players (3/6)")
    alice.tap(lobby, "▶ Start")

    def turn() -> EmuUser | None:
        return holder(emu, players)

    moved: set[int] = set()
    for _ in range(6):  # tapping away, well within the reminder's 5 s
        mover: EmuUser = await emu.wait_for(turn, what="a turn")
        if mover.id not in moved:  # their first turn: told at once

            def pinged(m: EmuUser = mover) -> list[TgMessage]:
                return live_pings(emu, m)

            await emu.wait_for(pinged, what=f"{mover.name}'s first ping")
        assert sent_pings(emu, mover) == 1, mover.name  # and only then
        await play(emu, mover)
        moved.add(mover.id)
    waiting: EmuUser = await emu.wait_for(turn, what="a turn")
    if waiting.id in moved:  # a turn that waits: one reminder, the first ping deleted

        def reminded() -> bool:
            return sent_pings(emu, waiting) == 2 and len(live_pings(emu, waiting)) == 1

        await emu.wait_for(reminded, what=f"{waiting.name}'s reminder")
        await emu.wait_idle(quiet=5.5)
        assert sent_pings(emu, waiting) == 2  # once
    for user in players:
        assert len(live_pings(emu, user)) <= 1  # the old ones were deleted
    assert "Traceback" not in bot.log_text()


async def play(emu: Emulator, mover: EmuUser) -> None:
    hand = ryadki_hand(emu, mover)
    assert hand is not None
    marked = [b for b in hand.buttons() if b["text"].startswith("✅")]
    before = version_of(hand)
    await emu.wait_answer(mover.tap_data(hand, str(marked[0]["callback_data"])))

    def changed(h: TgMessage = hand, b: int = before) -> bool:
        return version_of(h) != b or "Your turn" not in h.text

    await emu.wait_for(changed, what="the hand to change")
