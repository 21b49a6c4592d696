"""`python -m rules.solve`: one JSON line whose winning line replays, exit code 2 and a short
message (no traceback) for bad arguments."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import rules
from rules import cards

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules.solve", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("game", "args"),
    [
        ("raspad", ["--seed", "7", "--budget", "0.5"]),
        ("raspad", ["--seed", "7", "--options", '{"jokers": true}', "--budget", "0.5"]),
        ("kosa", ["--seed", "7", "--budget", "1"]),
        ("raspad", ["--deck", ",".join(cards.deck_52()), "--budget", "0.5"]),
    ],
)
def test_prints_one_json_line_with_a_winning_line(game: str, args: list[str]) -> None:
    out = run(game, *args)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert set(data) == {"winnable", "moves", "nodes", "seconds"}
    assert data["winnable"] in (True, False, None)
    assert isinstance(data["nodes"], int) and data["nodes"] > 0
    assert isinstance(data["seconds"], float | int)
    g = rules.GAMES[game]
    opts = json.loads(args[args.index("--options") + 1]) if "--options" in args else None
    if "--deck" in args:
        state = g.new_game(opts, deck=args[args.index("--deck") + 1].split(","))
    else:
        state = g.new_game(opts, seed=int(args[args.index("--seed") + 1]))
    if data["winnable"]:
        for m in data["moves"]:
            state = g.apply(state, m)
        assert g.status(state).result == "won"
    else:
        assert data["moves"] == []


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["ryadki", "--seed", "1"],
        ["kosa"],
        ["kosa", "--seed", "x"],
        ["kosa", "--seed", "1", "--deck", "2S"],
        ["kosa", "--deck", "2S,3S"],
        ["raspad", "--seed", "1", "--options", "{"],
        ["raspad", "--seed", "1", "--options", "[1]"],
        ["raspad", "--seed", "1", "--options", '{"colour": 1}'],
        ["kosa", "--seed", "1", "--options", '{"max_passes": 0}'],
        ["kosa", "--seed", "1", "--budget", "0"],
        ["kosa", "--seed", "1", "--budget", "soon"],
    ],
)
def test_bad_arguments_exit_2(args: list[str]) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.strip() and "Traceback" not in out.stderr
    assert len(out.stderr.splitlines()) <= 5
