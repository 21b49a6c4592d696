"""From its first such day on, a solitaire's deal of the day is one the solver proves
winnable, the same on every machine, with a par that is a real winning line; the days before
keep their deals.

The deals are chosen with the production budgets (no cache of precomputed seeds): the solver's
budget counts positions, so this is what every process would choose. A year of days is the
benchmark's work (`benchmarks/daily_year.py`: every day chosen afresh, checked and compared with
the committed table `tests/support/daily_deals.json`); here the table is checked whole and a
seeded sample of its days is chosen afresh and checked: the first day, one of the days whose
first candidate is not proved won (the solver moves on to the next), and `SAMPLE` more.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from bot.registry import WinnableDaily, spec
from bot.stats import daily_short, daily_winnable
from bot.stats.daily import day_date, day_deal, day_seed
from bot.stats.daily_short import computer_line, deal_state
from tests.support import daily_deals
from tests.support.daily_deals import wins

SOLITAIRES = daily_deals.winnable_games()
SAMPLE = 20  # days of the year a game, beside the first and one that takes a later candidate


def declared(kind: str) -> WinnableDaily:
    winnable = spec(kind).winnable_daily
    assert winnable is not None
    return winnable


def sample(kind: str) -> list[int]:
    """The days of the committed year chosen afresh here (seeded: the same every run)."""
    year = daily_deals.load()[kind]
    first = declared(kind).first_day
    rng = random.Random(f"daily-sample:{kind}")
    later = sorted(day for day, chosen in year.items() if chosen.candidate > 0)
    plain = sorted(day for day, chosen in year.items() if chosen.candidate == 0 and day != first)
    return sorted({first, *rng.sample(later, min(1, len(later))), *rng.sample(plain, SAMPLE)})


def test_the_committed_year_has_a_deal_proved_winnable_every_day() -> None:
    table = daily_deals.load()
    assert sorted(table) == sorted(SOLITAIRES)
    for kind, year in table.items():
        assert sorted(year) == list(daily_deals.days(kind)), kind
        unproved = [day for day, chosen in year.items() if chosen.candidate < 0 or not chosen.moves]
        assert unproved == [], f"{kind}: no candidate proved winnable on days {unproved}"


@pytest.mark.parametrize("kind", SOLITAIRES)
def test_a_sample_of_the_year_is_chosen_as_committed_and_its_line_wins(kind: str) -> None:
    variant = spec(kind).default_variant
    year = daily_deals.load()[kind]
    for day in sample(kind):
        deal = daily_winnable.winnable_seed(kind, variant, day)
        assert deal.line, f"day {day}: no candidate proved winnable"
        assert day_seed(kind, variant, day_date(day)) == deal.seed
        assert wins(kind, variant, deal.seed, deal.line), f"day {day}: the line does not win"
        assert daily_deals.chosen(kind, day) == year[day], f"day {day}: not the committed deal"


@pytest.mark.parametrize("kind", SOLITAIRES)
def test_every_variant_s_deal_is_winnable_with_a_par_no_longer_than_its_proof(kind: str) -> None:
    first = declared(kind).first_day
    for i, variant in enumerate(spec(kind).variants):
        day = first + 5 * i  # each variant on a day of its own
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
