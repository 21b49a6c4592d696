"""Kosa as the bot offers it: a solitaire with two variants (passes without a limit, or
three), its deal of the day chosen short and then proved winnable, hints from its solver."""

from __future__ import annotations

import rules
from bot.registry import GameSpec, Scoring, ShortDaily, SolverBudgets, WinnableDaily, register


def _best(won: bool, score: int, rounds: int, moves: int) -> tuple[int, ...]:
    """A win first, then most cards home (the score), then fewest moves."""
    return (int(won), score, -moves)


register(
    GameSpec(
        kind="kosa",
        family="solitaire",
        game=rules.GAMES["kosa"],
        icon="🪢",
        screens="bot.render.kosa",
        variants={"u": {"max_passes": None}, "3": {"max_passes": 3}},
        default_variant="u",
        scoring=Scoring(
            total=lambda variant: 104,
            home=lambda score, total: score,  # the cards on the foundations
            best=_best,
            rounds="pass",
        ),
        # a deal needs at least about 175 moves (104 cards home, the 71-card stock drawn at
        # least once); the shortest of 20 candidates for the hint player is about a quarter
        # shorter than a random deal (benchmarks/daily_kosa.py has the figures). The rules
        # allow no lighter variant (the one option, 3 passes, makes it harder, not shorter).
        # Deal #703 is 2026-12-04.
        short_daily=ShortDaily(first_day=703),
        # from #707 (2026-12-08) a deal the solver proves winnable; an undecided candidate
        # costs at most `decide` positions, the par `par` more (benchmarks/daily_par.py)
        winnable_daily=WinnableDaily(first_day=707, decide=5_000, par=2_000),
        solver=SolverBudgets(hint=10_000, walk=30_000),  # figures: benchmarks/hints.py
    )
)
