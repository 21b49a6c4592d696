"""Three deals of the day, Easy, Medium and Hard, for a solitaire that declares them
(`WinnableDaily.tiers`, issue 46): each proved winnable by the game's solver, with a par, and
graded so that Hard is really harder.

The measure: how often the game's computer player (the hint player, which plays fair: it sees
what a player sees) wins the deal when it slips — at each move, with the declared chance
(`DailyTiers.slip`), it plays a random legal move instead of its own — over the declared
number of playouts. A deal that forgives slips is easy; one that punishes them is hard. Of the
day's candidates the solver proves won, the highest win rate is Easy, the lowest Hard, and the
one nearest halfway between them Medium (ties: the shorter proving line is easier, then the
earlier candidate).

Everything counts positions, moves and playouts, and every random draw is a hash of the deal,
the playout and the move's number: every process, replica and machine picks the same three
deals. Grading takes seconds per game, once a day: it runs in the pool of search workers
(`bot.games.solitaire.days_ahead` chooses days ahead); a day not chosen yet is dealt its
spares (`fallback`) at once, never a search on a player's tap.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, TypeGuard

import rules.solve
from bot.registry import DailyTiers, spec
from bot.stats.daily import day_date, plain_seed
from bot.stats.daily_short import deal_state
from bot.stats.daily_winnable import Deal, with_par

Tier = Literal["e", "m", "h"]
TIERS: tuple[Tier, ...] = ("e", "m", "h")  # Easy, Medium, Hard


@dataclass(frozen=True, slots=True)
class Graded:
    """A candidate the solver proved won: its proving line and its win rate."""

    index: int
    deal: Deal
    rate: float


@dataclass(frozen=True, slots=True)
class Dealt:
    """One tier's deal of a day: its seed, par (None: not proved winnable) and graded win rate
    (None: dealt from the declaration's spares, or not graded)."""

    seed: int
    par: int | None
    rate: float | None = None


def declared(kind: str) -> DailyTiers | None:
    """How `kind`'s days are dealt in tiers (None: one deal a day)."""
    winnable = spec(kind).winnable_daily
    return None if winnable is None else winnable.tiers


def applies(kind: str, variant: str, day: int) -> bool:
    """Day `day` of `kind` in `variant` has three deals (its default variant, from the first
    day the game declares on)."""
    tiers = declared(kind)
    return tiers is not None and variant == spec(kind).default_variant and day >= tiers.first_day


def is_tier(text: str) -> TypeGuard[Tier]:
    return text in TIERS


def candidate(kind: str, variant: str, day: int, i: int) -> int:
    """The seed of candidate `i` for day `day`'s tiers of `kind` in `variant`."""
    text = f"cardbot:daily:{kind}-tiers:{variant}:{day}:{i}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _draw(seed: int, playout: int, step: int) -> tuple[float, int]:
    """The playout's draw at a move: a chance in [0, 1) and a number to pick a move with."""
    digest = hashlib.sha256(f"{seed}:{playout}:{step}".encode()).digest()
    return int.from_bytes(digest[:4], "big") / 2**32, int.from_bytes(digest[4:8], "big")


def playout(kind: str, variant: str, seed: int, n: int, tiers: DailyTiers) -> bool:
    """Playout `n` of the deal of `seed`: whether the slipping computer player wins it."""
    game = spec(kind).game
    state = deal_state(kind, variant, seed)
    for step in range(tiers.move_cap):
        status = game.status(state)
        if status.over:
            return status.result == "won"
        chance, pick = _draw(seed, n, step)
        if chance < tiers.slip:
            moves = game.legal_moves(state, 0)
            if not moves:
                return False
            move = moves[pick % len(moves)]
        else:
            move = game.suggest(state, 0, step)
        state = game.apply(state, move, 0)
    return False


def win_rate(kind: str, variant: str, seed: int, first: int = 0, count: int | None = None) -> float:
    """The slipping computer player's wins over `count` playouts (default the declared number)
    numbered from `first` (a benchmark measures on playouts the grading never saw)."""
    tiers = declared(kind)
    if tiers is None:
        raise ValueError(f"{kind}'s days are not dealt in tiers")
    n = tiers.playouts if count is None else count
    return sum(playout(kind, variant, seed, first + i, tiers) for i in range(n)) / n


def grade(kind: str, variant: str, day: int, i: int) -> Graded | None:
    """Candidate `i` of day `day` graded, if the solver proves it won (about a second)."""
    winnable = spec(kind).winnable_daily
    if winnable is None or winnable.tiers is None:
        raise ValueError(f"{kind}'s days are not dealt in tiers")
    seed = candidate(kind, variant, day, i)
    found = rules.solve.solve(
        kind, deal_state(kind, variant, seed), winnable.decide, shortest=False
    )
    if found.verdict != rules.solve.WON:
        return None
    return Graded(i, Deal(seed, found.moves), win_rate(kind, variant, seed))


def easiest_first(found: list[Graded]) -> list[Graded]:
    """Graded candidates by win rate (highest first), then the shorter proving line, then
    the earlier candidate."""
    return sorted(found, key=lambda g: (-g.rate, len(g.deal.line), g.index))


def graded(kind: str, variant: str, day: int) -> list[Graded]:
    """Day `day`'s candidates the solver proves won, easiest first."""
    tiers = declared(kind)
    count = tiers.candidates if tiers is not None else 0
    return easiest_first([g for i in range(count) if (g := grade(kind, variant, day, i))])


def pick(ordered: list[Graded]) -> tuple[Graded, Graded, Graded] | None:
    """Easy, Medium and Hard of graded candidates, easiest first (None: fewer than three)."""
    if len(ordered) < 3:
        return None
    easy, hard = ordered[0], ordered[-1]
    half = (easy.rate + hard.rate) / 2
    medium = min(ordered[1:-1], key=lambda g: (abs(g.rate - half), g.index))
    return easy, medium, hard


def chosen(kind: str, variant: str, day: int) -> dict[Tier, Graded] | None:
    """Day `day`'s three graded deals, each with its par's line (seconds: call it off the event
    loop); None when fewer than three candidates were proved won."""
    picked = pick(graded(kind, variant, day))
    if picked is None:
        return None
    return {
        tier: Graded(g.index, with_par(kind, variant, g.deal), g.rate)
        for tier, g in zip(TIERS, picked, strict=True)
    }


@lru_cache(maxsize=8)
def day_tiers(kind: str, variant: str, day: int) -> dict[Tier, Dealt]:
    """Day `day`'s three deals as the store keeps them: seed, par, win rate (`chosen`; fewer
    than three proved, the day's spares: `fallback`)."""
    found = chosen(kind, variant, day)
    if found is None:
        return fallback(kind, variant, day)
    return {t: Dealt(g.deal.seed, g.deal.par, g.rate) for t, g in found.items()}


def one_spare(kind: str, variant: str, day: int) -> Dealt:
    """A day with one deal, not chosen yet when a player taps today's: its deal at once and
    alike for everyone — the Medium of the day's turn of the game's graded spares (winnable,
    with its par) where it declares them for this variant, else the day's plain seed."""
    tiers = declared(kind)
    if tiers is not None and tiers.spares and variant == spec(kind).default_variant:
        return fallback(kind, variant, day)["m"]
    return Dealt(plain_seed(kind, variant, day_date(day)), None)


def fallback(kind: str, variant: str, day: int) -> dict[Tier, Dealt]:
    """The deals of a day not chosen yet, at once and alike for everyone: the spares the game
    declares (graded deals proved winnable, with their par), the day's turn of them; a game
    that declares none, the day's first three candidates (not proved, no par)."""
    tiers = declared(kind)
    if tiers is not None and tiers.spares:
        spare = tiers.spares[day % len(tiers.spares)]
        return {t: Dealt(seed, par) for t, (seed, par) in zip(TIERS, spare, strict=True)}
    return {t: Dealt(candidate(kind, variant, day, i), None) for i, t in enumerate(TIERS)}
