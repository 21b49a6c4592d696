"""End-to-end, the operator's trial of a Redis pause: a group game's turn timer comes due while
Redis is paused (SIGSTOP) for 10 s; once Redis is back the timer fires within about two seconds
(a claim sent during the pause refuses to run past its deadline, so no key stays leased)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
from pathlib import Path

import pytest

from tests.e2e.botproc import BotProcess
from tests.e2e.emulator import Emulator
from tests.support.needs import require
from tests.support.redis_server import redis_binary, start_redis

pytestmark = [pytest.mark.e2e, pytest.mark.redis]

TURN = 5  # seconds a turn lasts, so that it runs out inside the pause
# real seconds, on purpose (this is the one end-to-end test of a timer due during an outage):
# the turn runs out, the timer loop's next tick (1 s) sends its claim, and the claim's own
# deadline (0.9 × the store's 1 s time-out) passes while Redis cannot answer; 4 s to spare
PAUSE = TURN + 5.0


@pytest.mark.slow
async def test_a_turn_timer_due_during_a_redis_pause_fires_soon_after(
    emulator: Emulator, tmp_path: Path
) -> None:
    require(redis_binary() is not None, "redis-server")
    server = start_redis()
    emu = emulator
    # the turn lasts 5 s instead of 90 so that it runs out during the pause; all else default
    bot = BotProcess(
        emu, redis_url=server.url, log_path=tmp_path / "bot.log", language="en", turn_timeout=TURN
    )
    try:
        await bot.start()
        alice = emu.user("Alice", language_code="en")
        bob = emu.user("Bob", language_code="en")
        group = emu.group("Card Club", owner=alice, members=[bob])
        alice.send(group, "/newgame parquet")
        lobby = await emu.wait_message(group, "gathering players")
        bob.tap(lobby, "✋ Join")
        board = await emu.wait_message(group, "cross phase")
        assert "ran out of time" not in board.text
        loop = asyncio.get_running_loop()
        os.kill(server.proc.pid, signal.SIGSTOP)
        try:
            await asyncio.sleep(PAUSE)  # the turn runs out meanwhile: nothing can be saved
            assert "ran out of time" not in board.text
        finally:
            os.kill(server.proc.pid, signal.SIGCONT)
        back = loop.time()
        # the old claim, sent during the pause, ran when Redis resumed and leased the key for
        # 30 s from when it was sent (the timer fired 20 s or more late): a bounded wait of
        # 10 s tells the two apart
        await emu.wait_for(
            lambda: "ran out of time" in board.text, 10.0, "the timeout after the pause"
        )
        print(f"the timer fired {loop.time() - back:.1f} s after Redis came back")
        assert re.search(r"(Alice|Bob) ran out of time", board.text)
        assert "Traceback" not in bot.log_text()
    finally:
        await bot.stop()
        server.stop()
    assert not bot.problems
