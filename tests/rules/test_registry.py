"""`rules.GAMES` and `rules.suggest`: one typed entry per game; the computer players load on
first use and give the same move for the same state and seed, whatever the clock or the
machine's load."""

from __future__ import annotations

import importlib
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.registry import Game
from rules.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
OPTIONS: dict[str, dict[str, Any]] = {"ryadki": {"players": 3}}  # others: the defaults


def engine_files() -> dict[str, int]:
    """The engines of `rules/` by the convention `rules/__init__.py` follows: a module
    `rules/<name>.py` whose `NAME` is `<name>` (read from the source), with its seats at most."""
    found = {}
    for path in sorted((ROOT / "rules").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if f'\nNAME = "{path.stem}"\n' in text:
            found[path.stem] = importlib.import_module(f"rules.{path.stem}").PLAYERS[1]
    return found


def test_the_registry_holds_every_engine_of_the_rules() -> None:
    engines = engine_files()
    assert set(rules.GAMES) >= set(engines) and len(engines) >= 2
    assert set(rules.SOLITAIRES) == {k for k, seats in engines.items() if seats == 1}
    assert set(rules.GROUP_GAMES) == {k for k, seats in engines.items() if seats > 1}
    for kind in engines:
        game = rules.GAMES[kind]
        engine = importlib.import_module(f"rules.{kind}")
        assert isinstance(game, Game) and game.engine is engine
        assert kind == game.NAME and game.PLAYERS == engine.PLAYERS
        for name in ("new_game", "legal_moves", "apply", "status", "to_json", "from_json", "view"):
            assert getattr(game, name) is getattr(engine, name), (kind, name)
        assert not hasattr(engine, "suggest")  # the computer player lives in rules.ai
        assert repr(game) == f"<rules game {kind!r}>"


def test_a_computer_player_loads_on_first_use_only() -> None:
    code = (
        "import sys, rules\n"
        "g = rules.GAMES['kosa']\n"
        "s = g.new_game(seed=3)\n"
        "assert g.legal_moves(s) and not [m for m in sys.modules if m.startswith('rules.ai')]\n"
        "rules.suggest('kosa', s)\n"
        "print(sorted(m for m in sys.modules if m.startswith('rules.ai')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "['rules.ai', 'rules.ai.kosa']"


def positions(kind: str, count: int) -> Iterator[tuple[Any, int]]:
    """(state, seat to move) of seeded random games in play."""
    g = rules.GAMES[kind]
    for seed in range(count):
        state = g.new_game(dict(OPTIONS.get(kind, {})), seed=seed)
        rng = Rng(seed)
        for _ in range(3 + 7 * seed):
            if g.status(state).over:
                break
            seat = next(p for p in range(6) if g.legal_moves(state, p))
            moves = g.legal_moves(state, seat)
            state = g.apply(state, moves[rng.below(len(moves))], seat)
        if not g.status(state).over:
            yield state, next(p for p in range(6) if g.legal_moves(state, p))


def suggestions(kind: str) -> list[str]:
    return [
        rules.suggest(kind, state, seat, seed)
        for state, seat in positions(kind, 5)
        for seed in (None, 7)
    ]


@pytest.mark.parametrize("kind", sorted(rules.GAMES))
def test_the_same_state_and_seed_give_the_same_suggestion(kind: str) -> None:
    g = rules.GAMES[kind]
    ai = importlib.import_module(f"rules.ai.{kind}")
    for state, seat in positions(kind, 5):
        for seed in (None, 0, 7):
            move = rules.suggest(kind, state, seat, seed)
            assert move in g.legal_moves(state, seat)
            assert g.suggest(state, seat, seed) == move
            assert ai.suggest(state, seat, seed) == move
            assert rules.suggest(kind, state, seat, seed) == move  # twice: caches change nothing
            assert rules.suggest(kind, g.from_json(g.to_json(state)), seat, seed) == move


def racing_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every clock of `time` jumps an hour ahead at each reading (a very slow machine)."""
    for name in ("perf_counter", "monotonic", "process_time", "thread_time", "time"):
        real: Callable[[], float] = getattr(time, name)
        ticks = iter(range(1, 1 << 62))

        def fake(real: Callable[[], float] = real, ticks: Iterator[int] = ticks) -> float:
            return real() + 3600.0 * next(ticks)

        monkeypatch.setattr(time, name, fake)
    for name in ("perf_counter_ns", "monotonic_ns", "process_time_ns", "thread_time_ns"):
        real_ns: Callable[[], int] = getattr(time, name)
        ticks_ns = iter(range(1, 1 << 62))

        def fake_ns(real: Callable[[], int] = real_ns, ticks: Iterator[int] = ticks_ns) -> int:
            return real() + 3600 * 10**9 * next(ticks)

        monkeypatch.setattr(time, name, fake_ns)


@pytest.mark.parametrize("kind", sorted(rules.GAMES))
def test_suggestions_never_depend_on_the_clock(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calm = suggestions(kind)
    with monkeypatch.context() as patch:
        racing_clock(patch)
        assert time.perf_counter() > 3600
        raced = suggestions(kind)
    assert raced == calm


@pytest.mark.parametrize("kind", sorted(rules.GAMES))
def test_suggestions_are_the_same_on_a_busy_machine(kind: str) -> None:
    calm = suggestions(kind)
    stop = threading.Event()

    def spin() -> None:
        x = 0
        while not stop.is_set():
            x = (x * 31 + 7) % 1_000_003

    busy = [threading.Thread(target=spin, daemon=True) for _ in range(2)]
    for t in busy:
        t.start()
    try:
        loaded = suggestions(kind)
    finally:
        stop.set()
        for t in busy:
            t.join()
    assert loaded == calm
