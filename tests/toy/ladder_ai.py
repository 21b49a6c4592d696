"""The computer player (the hint) of the toy Ladder (`tests.toy.ladder`): what
`rules.registry.Game(engine, ai="tests.toy.ladder_ai")` imports on the first `suggest`.

It reads only the player's view. `strong` (the hint) takes a card home whenever it can, else
turns a card, else turns the waste over; `normal` turns a card instead of taking one home on a
seeded coin; `easy` plays a seeded legal move. The same state, seed and level give the same
move.
"""

from __future__ import annotations

from rules.ai import check_level
from rules.rng import Rng
from tests.toy import ladder


def suggest(
    state: ladder.State, player: int = 0, seed: int | None = None, level: str = "strong"
) -> str:
    """A legal move (ValueError when there is none, or the level is unknown)."""
    check_level(level)
    legal = ladder.legal_moves(state, player)
    if not legal:
        raise ValueError("ladder: no move")
    rng = Rng(seed or 0)
    if level == "easy" or (level == "normal" and rng.below(2)):
        return legal[rng.below(len(legal))]
    return "h" if "h" in legal else legal[0]
