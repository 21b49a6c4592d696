"""A deal of the day proved winnable, with its par, for a solitaire that declares it
(`GameSpec.winnable_daily`, issue 34 point 3): of the candidate deals derived from the game,
the variant and the day, the first that the game's solver (`rules.solve`) proves won within
the declared positions. Its par is the shortest of that winning line, the computer player's
(when it wins) and the line a further search finds (the solver sees every card, the stock's
order included: no player can know as much, so the par is a mark to beat, not a proved
minimum).

Budgets count positions, so every process, replica and machine picks the same deal and par.
The choice takes up to a second or two per game and variant, once a day per process: it runs
off the event loop (`bot.games.solitaire.days_ahead` computes it ahead) and is cached.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

import rules.solve
from bot.registry import WinnableDaily, spec
from bot.stats.daily_short import computer_line, deal_state


@dataclass(frozen=True, slots=True)
class Deal:
    """A day's deal: its seed and a winning line from its first position (empty: no candidate
    was proved winnable, and the first is played, with no par)."""

    seed: int
    line: tuple[str, ...] = ()

    @property
    def par(self) -> int | None:
        return len(self.line) if self.line else None


def declared(kind: str) -> WinnableDaily:
    """How `kind`'s deal of the day is chosen winnable (ValueError: it is not)."""
    winnable = spec(kind).winnable_daily
    if winnable is None:
        raise ValueError(f"{kind}'s deal of the day is not chosen winnable")
    return winnable


def applies(kind: str, day: int) -> bool:
    """Day `day`'s deal of `kind` is chosen winnable."""
    winnable = spec(kind).winnable_daily
    return winnable is not None and day >= winnable.first_day


def candidate(kind: str, variant: str, day: int, i: int) -> int:
    """The seed of candidate `i` for day `day`'s deal of `kind` in `variant`."""
    text = f"cardbot:daily:{kind}-winnable:{variant}:{day}:{i}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@lru_cache(maxsize=16)
def winnable_seed(kind: str, variant: str, day: int) -> Deal:
    """Day `day`'s deal of `kind` in `variant` with the line that proved it winnable (a few
    hundredths of a second; ValueError: not declared)."""
    winnable = declared(kind)
    for i in range(winnable.candidates):
        seed = candidate(kind, variant, day, i)
        state = deal_state(kind, variant, seed)
        found = rules.solve.solve(kind, state, winnable.decide, shortest=False)
        if found.verdict == rules.solve.WON:
            return Deal(seed, found.moves)
    return Deal(candidate(kind, variant, day, 0))


@lru_cache(maxsize=16)
def winnable_deal(kind: str, variant: str, day: int) -> Deal:
    """Day `day`'s deal with its par's line: the shortest of the proving line, the computer
    player's (when it wins) and the one a search of the declared `par` positions more finds
    (a second or two)."""
    return with_par(kind, variant, winnable_seed(kind, variant, day))


def with_par(kind: str, variant: str, deal: Deal) -> Deal:
    """`deal` with its par's line: the shortest of its proving line, the computer player's
    (when it wins) and the one a search of the declared `par` positions finds."""
    if not deal.line:
        return deal
    state = deal_state(kind, variant, deal.seed)
    lines = [deal.line, computer_line(kind, state, len(deal.line))]
    shorter = rules.solve.solve(kind, state, declared(kind).par, shortest=True)
    if shorter.verdict == rules.solve.WON:
        lines.append(shorter.moves)
    return Deal(deal.seed, min((line for line in lines if line), key=len))
