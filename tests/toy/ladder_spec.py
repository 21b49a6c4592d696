"""A toy solitaire that exists only in the tests: Ladder, declared to the bot the way Kosa and
Raspad are (`bot.registry`), to show that a new solitaire is its own files only:

- `ladder.py` — the engine (the rules API of `../shared/rules/API.md`);
- `ladder_ai.py` — its computer player, the hint (`suggest`);
- `render_ladder.py` — its board (`render`);
- `locales/ladder/ru.ftl`, `locales/ladder/en.ftl` — its texts;
- this module — its `register(GameSpec(...))`, when it is imported (a module EXTRA_GAMES may
  name: `EXTRA_GAMES=tests.toy.ladder_spec`).

Two variants (16 or 24 cards), scored by the cards home, and a deal of the day chosen short
from deal #FIRST_SHORT_DAY on (the shortest of SHORT_CANDIDATES deals for its hint). Unless
EXTRA_GAMES names this module, the tests withdraw it once collected and offer it in a fixture,
`with registered(): yield`, while the tests that play it run (as `tests.toy` does Nim).

`solved()` is the same game with a solver of its own (`ladder_solve.py`, its rules `SOLVED`):
hints from the solver and, from day SOLVED_DAY on, a deal of the day proved winnable. The
module `ladder_solved` registers it (EXTRA_GAMES may name that one instead of this one).
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import replace
from pathlib import Path

from bot.registry import GameSpec, Scoring, ShortDaily, SolverBudgets, WinnableDaily, register
from rules.registry import Game
from tests.toy import ladder, offering

KIND = "ladder"
LOCALES = Path(__file__).parent / "locales" / "ladder"
GAME = Game(ladder, ai="tests.toy.ladder_ai")
FIRST_SHORT_DAY = 700  # 2026-12-01: the day the handler tests see
SHORT_CANDIDATES = 6


def _best(won: bool, score: int, rounds: int, moves: int) -> tuple[int, ...]:
    """A win first, then most cards home, then fewest moves."""
    return (int(won), score, -moves)


def spec() -> GameSpec:
    """The toy solitaire, as the bot sees it."""
    return GameSpec(
        kind=KIND,
        family="solitaire",
        game=GAME,
        icon="🪜",
        screens="tests.toy.render_ladder",
        variants={"16": {"ranks": 4}, "24": {"ranks": 6}},
        default_variant="16",
        scoring=Scoring(
            total=int,  # the variant is the deck's size
            home=lambda score, total: score,  # the score: the cards home
            best=_best,
            rounds="pass",
        ),
        short_daily=ShortDaily(FIRST_SHORT_DAY, candidates=SHORT_CANDIDATES, move_cap=200),
        locales=LOCALES,
    )


SOLVED = Game(ladder, ai="tests.toy.ladder_ai", solver="tests.toy.ladder_solve")
SOLVED_DAY = 9_001  # a day no other test asks for (the chosen deals are cached by day)


def solved() -> GameSpec:
    """The toy solitaire with its solver."""
    return replace(
        spec(),
        game=SOLVED,
        solver=SolverBudgets(hint=20_000, walk=40_000),
        winnable_daily=WinnableDaily(first_day=SOLVED_DAY, decide=20_000, par=5_000),
    )


def registered() -> AbstractContextManager[None]:
    """Offer the toy solitaire while the block runs (then withdraw it, unless it was offered
    before: EXTRA_GAMES named this module)."""
    return offering([spec()])


register(spec())  # as EXTRA_GAMES loads it: the module registers its game itself
