"""A deal of the day chosen short, for a solitaire that declares it (`GameSpec.short_daily`,
issue 22 point 4: Kosa's): of the declared number of candidate deals derived from the game,
the variant and the day, the one the game's computer player (the hint) wins in the fewest moves
(the first on a tie; if none is won, the first candidate). The game's rules are untouched: only
which deal is the day's changes. Days before the declared first one keep the seed they were
played with (`bot.stats.daily.day_seed`).

Choosing plays every candidate to its end (Kosa's 20 take about a second): once a day per
process, off the event loop, and cached.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from bot.registry import ShortDaily, spec


def declared(kind: str) -> ShortDaily:
    """How `kind`'s deal of the day is chosen short (ValueError: it is not)."""
    short = spec(kind).short_daily
    if short is None:
        raise ValueError(f"{kind}'s deal of the day is not chosen short")
    return short


def candidate(kind: str, variant: str, day: int, i: int) -> int:
    """The seed of candidate `i` for day `day`'s deal of `kind` in `variant`."""
    text = f"cardbot:daily:{kind}-short:{variant}:{day}:{i}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def deal_state(kind: str, variant: str, seed: int) -> object:
    """The first position of the deal of `seed` of `kind` in `variant`."""
    return spec(kind).game.new_game(dict(spec(kind).variants[variant]), seed=seed)


def computer_line(kind: str, state: object, cap: int) -> tuple[str, ...]:
    """The computer player's (the hint player's) moves from `state` when it wins in fewer than
    `cap`, else ()."""
    game = spec(kind).game
    line: list[str] = []
    while len(line) < cap:
        if game.status(state).over:
            return tuple(line) if game.status(state).result == "won" else ()
        move = game.suggest(state, 0, len(line))
        line.append(move)
        state = game.apply(state, move, 0)
    return ()


def hint_moves(kind: str, variant: str, seed: int) -> int | None:
    """The moves the hint player takes to win the deal of `seed` (None: not won)."""
    line = computer_line(kind, deal_state(kind, variant, seed), declared(kind).move_cap)
    return len(line) if line else None


@lru_cache(maxsize=8)
def short_seed(kind: str, variant: str, day: int) -> int:
    """The seed of day `day`'s deal of `kind` in `variant` (deterministic on every machine)."""
    best: tuple[int, int] | None = None
    for i in range(declared(kind).candidates):
        seed = candidate(kind, variant, day, i)
        moves = hint_moves(kind, variant, seed)
        if moves is not None and (best is None or moves < best[0]):
            best = (moves, seed)
    return best[1] if best is not None else candidate(kind, variant, day, 0)
