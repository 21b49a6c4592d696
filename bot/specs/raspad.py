"""Raspad as the bot offers it: a solitaire of 52 cards or 54 (with jokers), scored by the
cards still out, its deal of the day proved winnable, hints from its solver."""

from __future__ import annotations

import rules
from bot.registry import DailyTiers, GameSpec, Scoring, SolverBudgets, WinnableDaily, register


def _best(won: bool, score: int, rounds: int, moves: int) -> tuple[int, ...]:
    """Score = stock + hand + live table cards, so a won game's score is the cards left in
    hand: a win with the most cards in hand, then the fewest kons; a loss with fewest left."""
    if won:
        return (1, score, -rounds, -moves)
    return (0, -score, 0, -moves)


# graded deals (Easy, Medium, Hard: seed, par), the tiers of days -1 to -8
# (python benchmarks/daily_tiers.py --spares 8 --games raspad; tests/bot/stats/test_daily_tiers.py
# proves each winnable)
SPARES = (
    ((3556136237240002775, 25), (5558237269516173289, 26), (6119668447472810370, 26)),
    ((18322187549087741087, 25), (2531976801006786976, 23), (16885274374171373863, 25)),
    ((13639981955680858711, 24), (7815670048156207660, 24), (1508135073831956037, 25)),
    ((16078576426758216439, 23), (5193481178744490961, 24), (1662106835049751732, 25)),
    ((10785700075457461009, 25), (13331263854695048320, 23), (354797589751783435, 26)),
    ((2835645325498458736, 27), (6698619135614469227, 25), (10206637799877398252, 24)),
    ((8434386073761503128, 26), (12329237003520602078, 24), (15718749751017586339, 24)),
    ((15482617692855592193, 25), (1885548471239116199, 23), (4852629986705787016, 24)),
)

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
        winnable_daily=WinnableDaily(
            first_day=707,
            decide=5_000,
            par=10_000,
            # from #712 (2026-12-13) three a day, graded by the computer player's wins when it
            # slips (benchmarks/daily_tiers.py)
            tiers=DailyTiers(
                first_day=712,
                candidates=12,
                playouts=32,
                slip=0.1,
                spares=SPARES,  # a day not chosen yet deals these at once
            ),
        ),
        solver=SolverBudgets(hint=40_000, walk=120_000),  # figures: benchmarks/hints.py
    )
)
