"""An operator's trial of the real bot process in a group game (Ryadki, three players), against
its own Redis: Redis paused for 20 s, then restarted, then Telegram answering 429 to the group
for about 30 s. Every tap is answered in time with a clear message, nothing moves while the
store is away, play resumes by itself, and the board is current at the end."""

from __future__ import annotations

import asyncio
import os
import re
import signal
from pathlib import Path

import pytest

from tests.e2e.botproc import BotProcess
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.requests import version_of
from tests.e2e.test_group_games import FAST, new_lobby, ryadki_hand, ryadki_move
from tests.support.needs import require
from tests.support.recording import TgChat, TgMessage
from tests.support.redis_server import redis_binary, start_redis

pytestmark = [pytest.mark.e2e, pytest.mark.redis]

UNAVAILABLE = "The game is briefly unavailable — your move was not made. Try again in a moment."


def mover(emu: Emulator, players: list[EmuUser]) -> tuple[EmuUser, TgMessage]:
    for user in players:
        hand = ryadki_hand(emu, user)
        if hand is not None and "Your turn" in hand.text:
            return user, hand
    raise AssertionError("nobody's turn")


async def taps_while_away(emu: Emulator, players: list[EmuUser], seconds: float) -> set[str]:
    """The mover keeps tapping a playable card, at a person's pace: each tap must be answered
    within 2 s, and the bot then says nothing more for a second (no board edit slips out)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    said: set[str] = set()
    while loop.time() < end:
        user, hand = mover(emu, players)
        card = next(b["text"] for b in hand.buttons() if b["text"].startswith("✅"))
        answer = await emu.wait_answer(user.tap(hand, card), 2.0)
        said.add(str(answer.get("text")))
        await emu.wait_idle(quiet=1.0)
    return said


async def hand_move(emu: Emulator, players: list[EmuUser]) -> bool:
    """The mover (by the private hands) plays a marked card; False once every hand is over."""

    def turn_or_end() -> tuple[EmuUser, TgMessage] | str | None:
        hands = [(u, ryadki_hand(emu, u)) for u in players]
        if all(h is not None and "over" in h.text for _, h in hands):
            return "over"
        return next(((u, h) for u, h in hands if h is not None and "Your turn" in h.text), None)

    found: tuple[EmuUser, TgMessage] | str = await emu.wait_for(
        turn_or_end, what="a player's turn or the end of the game"
    )
    if isinstance(found, str):
        return False
    user, hand = found
    card = next(b["text"] for b in hand.buttons() if b["text"].startswith("✅"))
    before = version_of(hand)
    answer = await emu.wait_answer(user.tap(hand, card), 1.0)  # answered within a second
    if answer.get("text"):  # refused (the hand was a step behind): it is re-shown
        return True
    await emu.wait_for(
        lambda: version_of(hand) != before or "Your turn" not in hand.text or None,
        10.0,
        "the hand to change after the play",
    )
    return True


def card_club(emu: Emulator) -> tuple[TgChat, list[EmuUser]]:
    """Alice (who has started the bot), Bob and Carol in the group "Card Club"."""
    alice = emu.user("Alice", language_code="en", started=True)
    bob = emu.user("Bob", language_code="en")
    carol = emu.user("Carol", language_code="en")
    return emu.group("Card Club", owner=alice, members=[bob, carol]), [alice, bob, carol]


async def start_table(emu: Emulator, group: TgChat, players: list[EmuUser]) -> None:
    alice, bob, carol = players
    lobby = await new_lobby(emu, group, alice, "Ryadki")
    alice.tap(lobby, re.compile("Deals"))  # 7 → 1
    lobby = await emu.wait_message(group, "deals: 1")
    for user in (bob, carol):
        user.follow(lobby, "🔗 Join via the bot")
        await emu.wait_message(user, "Card Club")
    await emu.wait_message(group, "Players (3/6)")
    alice.tap(emu.last_message(group), "▶ Start")  # type: ignore[arg-type]
    await emu.wait_message(group, "deal 1/1")


@pytest.mark.slow
async def test_redis_away_and_back_then_a_429_storm(emulator: Emulator, tmp_path: Path) -> None:
    require(redis_binary() is not None, "redis-server")
    emu = emulator
    server = start_redis(persistent=True)
    bot = BotProcess(
        emu, redis_url=server.url, log_path=tmp_path / "bot.log", language="en", env=FAST
    )
    try:
        await bot.start()
        group, players = card_club(emu)
        await start_table(emu, group, players)
        for _ in range(3):
            assert await ryadki_move(emu, group, players)

        # 1. Redis paused for 20 s while the mover keeps tapping
        # the group's board has caught up with the moves (its edits go at most one every 3 s:
        # 20 a minute, so 4 s of quiet)
        await emu.wait_idle(quiet=4.0)
        board = emu.last_message(group)
        assert board is not None
        shown = board.text
        os.kill(server.proc.pid, signal.SIGSTOP)
        try:
            said = await taps_while_away(emu, players, 20.0)
        finally:
            os.kill(server.proc.pid, signal.SIGCONT)
        assert said == {UNAVAILABLE}
        assert emu.last_message(group).text == shown  # type: ignore[union-attr]
        await emu.wait_for(bot.store_is_up, 10.0, "the bot to log that Redis is back")
        assert await ryadki_move(emu, group, players)  # resumed by itself

        # 2. Redis restarted (its data comes back from the append-only file)
        server.restart()
        await emu.wait_for(server.served_a_client, 10.0, "the bot to reach the new Redis")
        await emu.wait_for(bot.store_is_up, 10.0, "the bot to log that Redis is back")
        assert await ryadki_move(emu, group, players)

        # 3. Telegram refuses the group's edits for about 30 s (10 × retry after 3 s)
        emu.inject_retry_after("editMessageText", 3, times=10, chat=group)
        while await hand_move(emu, players):  # the hands live in private chats: no 429 there
            pass  # each tap was answered within a second while the group's edits waited
        over = await emu.wait_message(group, "game over", timeout=60.0)
        assert "Winner" in over.text  # the newest board got through in the end
        await emu.wait_all_answered()
        log = (tmp_path / "bot.log").read_text(encoding="utf-8")
        assert "Traceback" not in log
        # one pair for the pause; the restart adds one only if a call landed while Redis was
        # down (a pooled connection the restart closed is retried once on a new one)
        assert log.count("event=store_unavailable") == log.count("event=store_back") >= 1
        assert "event=edit_gave_up" not in log
    finally:
        await bot.stop()
        server.stop()
    assert not bot.problems
