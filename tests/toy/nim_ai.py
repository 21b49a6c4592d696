"""The computer player of the toy Nim (`tests.toy.nim`): what `rules.registry.Game(engine,
ai="tests.toy.nim_ai")` imports on the first `suggest`.

It reads only its seat's view. `strong` leaves a position whose nim-sum of pile sizes modulo
4 (the Grundy values of "take 1–3") is zero when it can, `normal` does so on a seeded coin,
`easy` plays a seeded legal move; the same state, seed and level give the same move.
"""

from __future__ import annotations

from functools import reduce
from operator import xor
from typing import Any

from rules.ai import check_level
from rules.rng import Rng
from tests.toy import nim


def _after(view: dict[str, Any], move: str) -> list[int]:
    pile_s, _, what = move.partition(">")
    pile = int(pile_s) - 1
    take = min(nim.VALUE[what[0]], view["piles"][pile]) if view["with_hands"] else int(what)
    piles = list(view["piles"])
    piles[pile] -= take
    return piles


def _grundy(piles: list[int]) -> int:
    return reduce(xor, (p % (nim.TAKE + 1) for p in piles), 0)


def suggest(
    state: nim.State, player: int = 0, seed: int | None = None, level: str = "strong"
) -> str:
    """A legal move for `player` (ValueError when it is not their turn or the level is
    unknown)."""
    check_level(level)
    view = nim.view(state, player)
    legal: list[str] = view["legal"]
    if not legal:
        raise ValueError("nim: no move for this seat")
    rng = Rng(seed or 0)
    if level == "easy" or (level == "normal" and rng.below(2)):
        return legal[rng.below(len(legal))]
    for move in legal:
        piles = _after(view, move)
        if not any(piles) or _grundy(piles) == 0:
            return move
    return legal[0]
