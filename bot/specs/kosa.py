"""Kosa as the bot offers it: a solitaire with two variants (passes without a limit, or
three), its deal of the day chosen short and then proved winnable, hints from its solver."""

from __future__ import annotations

import rules
from bot.registry import (
    DailyTiers,
    GameSpec,
    Scoring,
    ShortDaily,
    SolverBudgets,
    WinnableDaily,
    register,
)


def _best(won: bool, score: int, rounds: int, moves: int) -> tuple[int, ...]:
    """A win first, then most cards home (the score), then fewest moves."""
    return (int(won), score, -moves)


# graded deals (Easy, Medium, Hard: seed, par), the tiers of days -1 to -8
# (python benchmarks/daily_tiers.py --spares 8 --games kosa; tests/bot/stats/test_daily_tiers.py
# proves each winnable)
SPARES = (
    ((12271020081571020439, 207), (10605092365113497494, 241), (12815051930068883854, 384)),
    ((1520819337000556397, 213), (18209074879768474212, 222), (13197991556475287183, 242)),
    ((695508138402985176, 232), (5504914006272499523, 302), (15397491413445442911, 331)),
    ((6312598174415364831, 208), (14939146271841516725, 223), (14144591745857404252, 311)),
    ((4149186670798182032, 228), (13481701545168938860, 235), (12562882934398491169, 401)),
    ((18163118599638332965, 225), (16422951176437247413, 328), (14375823461285001794, 353)),
    ((16674475965171089003, 205), (3190174520491387452, 362), (18120501683660767493, 272)),
    ((7853547085407914650, 220), (4270105546623454268, 245), (7504384473097127147, 226)),
)

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
        winnable_daily=WinnableDaily(
            first_day=707,
            decide=5_000,
            par=2_000,
            # from #712 (2026-12-13) three a day, graded by the computer player's wins when it
            # slips (Kosa's hint player rarely loses: it must slip often for the deals to
            # differ); figures: benchmarks/daily_tiers.py
            tiers=DailyTiers(
                first_day=712,
                candidates=8,
                playouts=16,
                slip=0.7,
                spares=SPARES,  # a day not chosen yet deals these at once
            ),
        ),
        solver=SolverBudgets(hint=10_000, walk=30_000),  # figures: benchmarks/hints.py
    )
)
