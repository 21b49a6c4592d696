"""The real `python -m bot` with METRICS_PORT: its ops server answers while it polls the Bot API
emulator, /metrics counts the updates it handled, and SIGTERM still ends it gracefully."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest

from tests.deploy.scrape import value
from tests.e2e.botproc import BotProcess
from tests.e2e.emulator import Emulator
from tests.support.redis_server import free_port

pytestmark = pytest.mark.e2e


async def test_the_bot_process_serves_health_and_metrics(tmp_path: Path) -> None:
    port = free_port()
    async with Emulator() as emu:
        bot = BotProcess(
            emu,
            redis_url=None,
            log_path=tmp_path / "bot.log",
            env={"METRICS_PORT": str(port), "METRICS_HOST": "127.0.0.1"},
        )
        base = f"http://127.0.0.1:{port}"
        try:
            await bot.start()
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as http:

                async def get(path: str) -> tuple[int, str]:
                    async with http.get(base + path) as response:
                        return response.status, await response.text()

                assert await get("/healthz") == (200, "ok\n")
                assert await get("/readyz") == (200, "ready\n"), bot.log_tail()
                before = (await get("/metrics"))[1]
                alice = emu.user("Alice", language_code="en")
                alice.send("/start")
                await emu.wait_message(alice, contains="Card games")
                await emu.wait_idle()
                after = (await get("/metrics"))[1]
                name = "cardbot_updates_total"
                assert value(after, name, type="message") == value(before, name, type="message") + 1
            assert await bot.stop() == 0, bot.log_tail()
            assert "event=draining" in bot.log_text()
        finally:
            await bot.stop()
        emu.assert_clean()
