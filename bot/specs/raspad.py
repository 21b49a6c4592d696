"""Raspad as the bot offers it: a solitaire of 52 cards or 54 (with jokers), scored by the
cards still out, its deal of the day proved winnable, hints from its solver."""

from __future__ import annotations

import rules
from bot.registry import GameSpec, Scoring, SolverBudgets, WinnableDaily, register


def _best(won: bool, score: int, rounds: int, moves: int) -> tuple[int, ...]:
    """Score = stock + hand + live table cards, so a won game's score is the cards left in
    hand: a win with the most cards in hand, then the fewest kons; a loss with fewest left."""
    if won:
        return (1, score, -rounds, -moves)
    return (0, -score, 0, -moves)


register(
    GameSpec(
        kind="raspad",
        family="solitaire",
        game=rules.GAMES["raspad"],
        icon="💥",
        screens="bot.render.raspad",
        variants={"52": {"jokers": False}, "54": {"jokers": True}},
        default_variant="52",
        scoring=Scoring(
            total=lambda variant: 54 if variant == "54" else 52,
            home=lambda score, total: max(total - score, 0),  # score: the cards still out
            best=_best,
            rounds="kon",
            lost="left",  # no home in Raspad: a loss is the cards still out
        ),
        # from #707 (2026-12-08) proved winnable, with a par (benchmarks/daily_par.py)
        winnable_daily=WinnableDaily(first_day=707, decide=5_000, par=10_000),
        solver=SolverBudgets(hint=40_000, walk=120_000),  # figures: benchmarks/hints.py
    )
)
