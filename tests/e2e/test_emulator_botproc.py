"""BotProcess start/stop/kill/log handling, with a stand-in bot module (no aiogram, fast)."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from tests.e2e.botproc import BotProcess, BotProcessError
from tests.e2e.emulator import Emulator

FAKE_BOT = """
import os, signal, sys, urllib.request
token = os.environ["BOT_TOKEN"]
base = os.environ["TELEGRAM_API_URL"]
print("fake bot starting, token", token, "redis", os.environ.get("REDIS_URL"), flush=True)
if os.environ.get("FAKE_CRASH"):
    print("boom", flush=True)
    sys.exit(3)
if os.environ.get("FAKE_IGNORE_TERM"):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
while True:
    req = urllib.request.Request(f"{base}/bot{token}/getUpdates", data=b"timeout=1")
    urllib.request.urlopen(req, timeout=10).read()
    if os.environ.get("FAKE_DIE"):
        print("dying", flush=True)
        sys.exit(5)
"""


def fake_bot(emulator: Emulator, tmp_path: Path, **env: str) -> BotProcess:
    (tmp_path / "fake_cardbot.py").write_text(FAKE_BOT)
    return BotProcess(
        emulator,
        redis_url="redis://127.0.0.1:1/0",
        log_path=tmp_path / "fake.log",
        module="fake_cardbot",
        env={"PYTHONPATH": str(tmp_path), **env},
    )


async def test_start_waits_for_polling_and_stop_terminates(
    emulator: Emulator, tmp_path: Path
) -> None:
    bp = fake_bot(emulator, tmp_path)
    await bp.start()
    assert bp.alive and emulator.poll_count >= 1
    code = await bp.stop()
    assert code == -signal.SIGTERM
    assert not bp.alive
    log = bp.log_text()
    assert "fake bot starting" in log
    assert emulator.token not in log and "<BOT_TOKEN>" in log  # redacted
    await bp.restart()
    assert bp.alive and bp.starts == 2
    await bp.stop()


async def test_a_bot_ignoring_sigterm_is_killed(emulator: Emulator, tmp_path: Path) -> None:
    bp = fake_bot(emulator, tmp_path, FAKE_IGNORE_TERM="1")
    await bp.start()
    code = await bp.stop(timeout=0.5)
    assert code == -signal.SIGKILL
    assert "did not stop" in bp.log_text()


async def test_a_crashing_bot_fails_the_start_with_its_log(
    emulator: Emulator, tmp_path: Path
) -> None:
    bp = fake_bot(emulator, tmp_path, FAKE_CRASH="1")
    with pytest.raises(BotProcessError, match=r"(?s)exited with code 3.*boom"):
        await bp.start()


async def test_a_bot_dying_mid_test_fails_waits_at_once(emulator: Emulator, tmp_path: Path) -> None:
    bp = fake_bot(emulator, tmp_path, FAKE_DIE="1")
    await bp.start()
    with pytest.raises(BotProcessError, match=r"(?s)exited unexpectedly with code 5.*dying"):
        await emulator.wait_for(lambda: False, timeout=30, what="something that never happens")
    await bp.stop()
    assert bp.problems == ["exited by itself with code 5"]
