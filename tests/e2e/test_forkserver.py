"""The bot processes of the end-to-end tests start warm (`tests.e2e.forkserver`): forked by
one server per test process, each with its own environment, log and exit code, as
`python -m bot` would have them."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator
from tests.e2e.forkserver import Forked

pytestmark = pytest.mark.e2e


def parent_of(pid: int) -> int:
    """The parent process of `pid` (Linux: /proc/<pid>/stat, after the command's parentheses)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])


async def test_a_warm_bot_has_its_own_settings_log_and_exit_codes(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    bot = await bot_process(language="en", warm=True)  # (whatever E2E_WARM_START says)
    first = bot.proc
    assert isinstance(first, Forked)
    server = first.server.proc.pid
    assert parent_of(first.pid) == server  # forked by the server, not a fresh interpreter
    boris = emulator.user("Boris", language_code=None)  # no language: the bot's default
    boris.send("/start")
    await emulator.wait_message(boris, contains="Card games")
    assert "event=start" in bot.log_text()  # its stdout and stderr go to its own log

    await bot.restart()  # SIGTERM: a graceful exit, then a new child of the same server
    assert bot.returncodes == [0]
    second = bot.proc
    assert isinstance(second, Forked) and second.pid != first.pid
    assert parent_of(second.pid) == server
    bot.kill()
    await emulator.wait_for(lambda: second.poll() is not None, what="the killed bot to be gone")
    assert second.returncode == -signal.SIGKILL

    await bot.restart()
    last = emulator.last_message(boris)
    boris.send("/start")
    await emulator.wait_message(boris, contains="Card games", newer_than=last)
    assert "Traceback" not in bot.log_text()
