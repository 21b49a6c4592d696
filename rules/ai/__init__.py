"""The computer players, one module per game: `rules.ai.<game>.suggest(state, player, seed,
level="strong")`, and the names of their levels (`LEVELS`, `check_level`).

They see only what their player may see (through the engines' public names) and draw their
randomness only from `rules.rng` with budgets counted in positions or plays, never time: the
same state, seed and level give the same move on every machine. The engines never import them;
`rules.GAMES[kind].suggest` imports one on first use. This package module itself holds only the
level names, so importing it (for `LEVELS`) loads no computer player.

Levels (Ryadki and Parquet; the solitaire hints of Kosa and Raspad check the name and play
alike at every level):
- `"strong"`: the full player (the default; what `suggest` always played);
- `"normal"` and `"easy"`: the same player with a smaller budget (fewer sampled worlds, a
  shallower search), some with a seeded chance of playing its second-best move instead of its
  best; never a random legal move. Each game's module holds its table of the two
  (`rules.ai.ryadki.LEVEL_BUDGET`, `rules.ai.parquet.LEVEL_SEARCH`).
"""

from __future__ import annotations

LEVELS = ("easy", "normal", "strong")  # weakest first


def check_level(level: str) -> str:
    """`level` itself when it is one of `LEVELS`; `ValueError` otherwise."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    return level
