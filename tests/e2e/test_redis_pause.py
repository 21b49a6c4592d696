"""The real bot process with Redis paused (SIGSTOP) for 10 s mid-game: every tap is answered
within 2 s with "briefly unavailable", nothing moves, the log has one line for the outage and
one for its end (no traceback), and play resumes by itself once Redis is back."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from tests.e2e.botproc import BotProcess
from tests.e2e.emulator import Emulator
from tests.e2e.solo_player import hinted_move, new_raspad, version_of
from tests.support.needs import require
from tests.support.redis_server import redis_binary, start_redis

pytestmark = [pytest.mark.e2e, pytest.mark.redis]

UNAVAILABLE = "The game is briefly unavailable — your move was not made. Try again in a moment."
PAUSE = 10.0
ANSWER_WITHIN = 2.0


@pytest.mark.slow
async def test_a_paused_redis_answers_every_tap_and_play_resumes(
    emulator: Emulator, tmp_path: Path
) -> None:
    require(redis_binary() is not None, "redis-server")
    server = start_redis()
    bot = BotProcess(emulator, redis_url=server.url, log_path=tmp_path / "bot.log", language="en")
    try:
        await bot.start()
        ann = emulator.user("Ann", language_code="en")
        board = await new_raspad(emulator, ann)
        await hinted_move(emulator, ann, board)
        await emulator.wait_idle()  # the board shows that move
        shown = emulator.message(ann, board.message_id)  # (the emulator's live message)
        text_before, version_before = shown.text, version_of(shown)

        os.kill(server.proc.pid, signal.SIGSTOP)
        try:
            loop = asyncio.get_running_loop()
            end = loop.time() + PAUSE
            answers = []
            while loop.time() < end:
                msg = emulator.message(ann, board.message_id)
                move = next(d for d in msg.callback_data() if d and ":~" not in d)
                answer = await emulator.wait_answer(ann.tap_data(msg, move), ANSWER_WITHIN)
                answers.append(answer.get("text"))
                await asyncio.sleep(0.7)
        finally:
            os.kill(server.proc.pid, signal.SIGCONT)
        assert len(answers) >= 6
        assert set(answers) == {UNAVAILABLE}
        assert emulator.message(ann, board.message_id).text == text_before  # nothing moved

        await emulator.wait_for(bot.store_is_up, 10.0, "the bot to log that Redis is back")
        await hinted_move(emulator, ann, board)

        def moved() -> bool | None:
            return version_of(emulator.message(ann, board.message_id)) != version_before or None

        await emulator.wait_for(moved, 5.0, "the board to show the move made after the pause")
        await emulator.wait_all_answered()
        log = (tmp_path / "bot.log").read_text(encoding="utf-8")
        assert log.count("event=store_unavailable") == 1
        assert log.count("event=store_back") == 1
        assert "Traceback" not in log
    finally:
        await bot.stop()
        server.stop()
    assert not bot.problems
