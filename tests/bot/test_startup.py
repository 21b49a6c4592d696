"""Start-up with a malformed BOT_TOKEN: one clear line, exit code 2, no traceback, and never the
token itself in the output."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize("token", ["not-a-token", "12ab:SECRETVALUE"])
def test_a_malformed_token_gives_one_clear_line(token: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BOT_", "REDIS_"))}
    env["BOT_TOKEN"] = token
    done = subprocess.run(  # noqa: PLW1510  (the exit code is what is tested)
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env file here
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "BOT_TOKEN" in lines[0] and "@BotFather" in lines[0], lines
    assert "Traceback" not in done.stderr + done.stdout
    assert "SECRET" not in done.stderr + done.stdout
