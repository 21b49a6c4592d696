"""End-to-end: turn pings in a 3-player Ryadki game through the real `python -m bot` — each time
the turn passes to a player they get exactly one notifying message in their private chat, and
their previous ping is gone."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.test_group_games import ryadki_hand, version_of
from tests.support.recording import TgMessage

pytestmark = pytest.mark.e2e

ENV = {"EDITS_PER_MINUTE_PER_GROUP": "600", "TIMER_TICK_SECONDS": "0.2"}


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
    expected = {u.id: 0 for u in players}

    def turn() -> EmuUser | None:
        return holder(emu, players)

    first: EmuUser = await emu.wait_for(turn, what="the first turn")
    expected[first.id] += 1
    for _ in range(24):
        mover: EmuUser = await emu.wait_for(turn, what="a turn")

        def pinged(m: EmuUser = mover) -> list[TgMessage]:
            return live_pings(emu, m)

        await emu.wait_for(pinged, what="the mover's ping")
        hand = ryadki_hand(emu, mover)
        assert hand is not None
        marked = [b for b in hand.buttons() if b["text"].startswith("✅")]
        before = version_of(hand)
        await emu.wait_answer(mover.tap_data(hand, str(marked[0]["callback_data"])))

        def changed(h: TgMessage = hand, b: int = before) -> bool:
            return version_of(h) != b

        await emu.wait_for(changed, what="the hand to change")

        def next_turn() -> EmuUser | str | None:
            board = emu.last_message(group)
            if board is not None and "game over" in board.text:
                return "over"
            return holder(emu, players)

        nxt: EmuUser | str = await emu.wait_for(next_turn, what="the next turn")
        if isinstance(nxt, str):
            break
        if nxt is not mover:
            expected[nxt.id] += 1
    await emu.wait_idle()
    for user in players:
        assert sent_pings(emu, user) == expected[user.id], user.name
        assert len(live_pings(emu, user)) <= 1  # the old ones were deleted
    assert "Traceback" not in bot.log_text()
