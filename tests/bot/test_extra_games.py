"""A game added without touching the tree: EXTRA_GAMES names modules that register games of
their own, loaded at start-up; `python -m bot --games` lists what a deployment offers (the
built-in games, then EXTRA_GAMES'), one kind a line, without a BOT_TOKEN; a module that cannot
be loaded is one line and exit code 2, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import SecretStr, ValidationError

from bot import registry
from bot.config import GameModules, Settings
from bot.registry import GAMES
from tests import toy
from tests.toy import ladder_spec

ROOT = Path(__file__).resolve().parents[2]
TOYS = (*toy.KINDS, ladder_spec.KIND)


def run_bot(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot ARGS` in a directory without `.env`, with no BOT_TOKEN; the repository on
    the path (the toys are modules of its `tests` package)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("BOT_", "EXTRA_GAMES"))}
    return subprocess.run(  # noqa: PLW1510  (the exit code is what is tested)
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT / "docs",  # no .env here
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def kinds_listed(out: str) -> list[str]:
    return [line.split("\t")[0] for line in out.splitlines()]


def test_games_lists_the_built_in_games_one_a_line_without_a_token() -> None:
    done = run_bot("--games")
    assert done.returncode == 0, done.stderr
    built_in = [kind for kind in GAMES if kind not in TOYS]
    assert kinds_listed(done.stdout) == built_in and len(built_in) >= 2
    for line in done.stdout.splitlines():
        kind, family, seats, name = line.split("\t")
        low, high = GAMES[kind].seats
        assert family == GAMES[kind].family and name.startswith(GAMES[kind].icon), line
        assert seats == (str(low) if low == high else f"{low}-{high}"), line


def test_extra_games_are_listed_beside_the_built_in_ones() -> None:
    done = run_bot("--games", EXTRA_GAMES="tests.toy,tests.toy.ladder_spec")
    assert done.returncode == 0, done.stderr
    built_in = [kind for kind in GAMES if kind not in TOYS]
    assert kinds_listed(done.stdout) == [*built_in, "nim", "nimh", "ladder"]
    assert "\t🪜 Ladder" in done.stdout  # its name from its own locale files


@pytest.mark.parametrize("args", [(), ("--games",)])
def test_a_module_that_is_not_there_is_one_line_and_exit_code_2(args: tuple[str, ...]) -> None:
    done = run_bot(*args, EXTRA_GAMES="tests.toy,tests.no_such_game", BOT_TOKEN="1:abc")
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "EXTRA_GAMES" in lines[0] and "tests.no_such_game" in lines[0]
    assert "Traceback" not in done.stderr + done.stdout


def test_extra_games_are_module_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EXTRA_GAMES", " tests.toy ,, tests.toy.ladder_spec ")
    assert GameModules().extra_games == ("tests.toy", "tests.toy.ladder_spec")
    monkeypatch.setenv("EXTRA_GAMES", "tests/toy.py")
    with pytest.raises(ValidationError, match="not a module name"):
        GameModules()
    monkeypatch.delenv("EXTRA_GAMES")
    assert Settings(bot_token=SecretStr("1:abc")).extra_games == ()


def test_loading_and_registering_again_is_harmless() -> None:
    before = list(GAMES)
    with toy.registered(), ladder_spec.registered():
        offered = list(GAMES)
        registry.load(["tests.toy", "tests.toy.ladder_spec", "tests.toy"])
        for game in (*toy.specs(), ladder_spec.spec()):
            registry.register(game)
        assert list(GAMES) == offered  # the same kinds, in the same order
        assert set(TOYS) <= set(offered)
    assert list(GAMES) == before  # withdrawn again unless offered before
