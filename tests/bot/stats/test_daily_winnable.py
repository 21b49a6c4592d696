"""From its first such day on, a solitaire's deal of the day is one the solver proves
winnable, the same on every machine, with a par that is a real winning line; the days before
keep their deals.

The 365 days are computed with the production budgets (no cache of precomputed seeds): the
solver's budget counts positions, so this is what every process would choose.
"""

from __future__ import annotations

import hashlib

import pytest

import rules
from bot.registry import GAMES, WinnableDaily, spec
from bot.stats import daily_short, daily_winnable
from bot.stats.daily import day_date, day_deal, day_seed
from bot.stats.daily_short import computer_line, deal_state

SOLITAIRES = tuple(kind for kind, game in GAMES.items() if game.winnable_daily)  # proved ones


def declared(kind: str) -> WinnableDaily:
    winnable = spec(kind).winnable_daily
    assert winnable is not None
    return winnable


def wins(kind: str, variant: str, seed: int, line: tuple[str, ...]) -> bool:
    """The line, played from the deal's first position by the engine, wins the deal."""
    game = rules.GAMES[kind]
    state = deal_state(kind, variant, seed)
    for move in line:
        state = game.apply(state, move, 0)
    return bool(game.status(state).result == "won")


@pytest.mark.parametrize("kind", SOLITAIRES)
def test_a_year_of_days_are_all_winnable(kind: str) -> None:
    variant = spec(kind).default_variant
    first = declared(kind).first_day
    for day in range(first, first + 365):
        deal = daily_winnable.winnable_seed(kind, variant, day)
        assert deal.line, f"day {day}: no candidate proved winnable"
        assert day_seed(kind, variant, day_date(day)) == deal.seed
        assert wins(kind, variant, deal.seed, deal.line), f"day {day}: the line does not win"


@pytest.mark.parametrize("kind", SOLITAIRES)
def test_every_variant_s_deal_is_winnable_with_a_par_no_longer_than_its_proof(kind: str) -> None:
    first = declared(kind).first_day
    for variant in spec(kind).variants:
        for day in (first, first + 1, first + 5):
            proof = daily_winnable.winnable_seed(kind, variant, day)
            seed, par = day_deal(kind, variant, day_date(day))
            best = daily_winnable.winnable_deal(kind, variant, day)
            assert seed == proof.seed == best.seed
            assert par == len(best.line) <= len(proof.line)
            assert wins(kind, variant, seed, best.line)
            # never longer than the computer player's own win of the deal (when it wins)
            computer = computer_line(kind, deal_state(kind, variant, seed), 3000)
            assert not computer or len(best.line) <= len(computer)


def test_the_choice_is_the_same_every_time() -> None:
    day = declared("kosa").first_day + 3
    first = day_deal("kosa", "3", day_date(day))
    daily_winnable.winnable_deal.cache_clear()  # as a new process would
    daily_winnable.winnable_seed.cache_clear()
    assert day_deal("kosa", "3", day_date(day)) == first


def old_seed(kind: str, variant: str, day: int) -> int:
    """The seed of a deal of the day chosen neither short nor winnable (never changes)."""
    text = f"cardbot:daily:v1:{kind}:{variant}:{day_date(day).isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def test_days_before_keep_their_deals_and_have_no_par() -> None:
    before = declared("raspad").first_day - 1
    assert day_deal("raspad", "52", day_date(before)) == (old_seed("raspad", "52", before), None)
    before = declared("kosa").first_day - 1
    short = daily_short.short_seed("kosa", "u", before)
    assert day_deal("kosa", "u", day_date(before)) == (short, None)
