"""The deal of the day: a seed every process agrees on, the day's number, the daily order,
the day streak and a share card that names no card."""

from __future__ import annotations

import subprocess
import sys
from datetime import date
from pathlib import Path

from bot.stats.daily import (
    daily_score,
    day_date,
    day_number,
    day_seed,
    decode_daily_score,
    next_day_streak,
    utc_day,
)

ROOT = Path(__file__).resolve().parents[3]


def test_the_seed_is_the_same_in_another_process() -> None:
    code = "from bot.stats.daily import day_seed; print(day_seed('kosa', 'u', '2025-06-01'))"
    for hash_seed in ("0", "12345"):  # Python's own hash() would differ between these
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={"PYTHONHASHSEED": hash_seed, "PATH": ""},
        )
        assert int(out.stdout) == day_seed("kosa", "u", date(2025, 6, 1))


def test_the_seed_differs_by_day_game_and_variant() -> None:
    seeds = {
        day_seed(kind, variant, day)
        for kind, variant in (("kosa", "u"), ("kosa", "3"), ("raspad", "52"), ("raspad", "54"))
        for day in ("2025-06-01", "2025-06-02", "2026-06-01")
    }
    assert len(seeds) == 12
    assert all(0 <= s < 2**64 for s in seeds)


def test_day_numbers() -> None:
    assert day_number("2025-01-01") == 1
    assert day_number(date(2025, 3, 1)) == 60
    assert day_date(60) == date(2025, 3, 1)
    assert utc_day(1_740_787_200.0) == "2025-03-01"  # 00:00 UTC
    assert utc_day(1_740_787_199.0) == "2025-02-28"
    assert day_number(utc_day(1_740_787_200.0)) == 60


def test_the_daily_order() -> None:
    order = [
        daily_score(True, 104, 200, 900),
        daily_score(True, 104, 200, 901),
        daily_score(True, 104, 201, 10),
        daily_score(False, 103, 999, 9999),
        daily_score(False, 50, 10, 10),
        daily_score(False, 50, 11, 5),
    ]
    assert order == sorted(order)
    assert decode_daily_score(order[0]) == (True, None, 200, 900)
    assert decode_daily_score(order[4]) == (False, 50, 10, 10)
    assert decode_daily_score(float(order[3])) == (False, 103, 999, 9999)
    assert max(order) < 2**53  # exact as a Redis score (a double)


def test_the_day_streak() -> None:
    assert next_day_streak(None, 0, 10) == 1
    assert next_day_streak(10, 1, 11) == 2
    assert next_day_streak(11, 2, 11) == 2  # the same day again
    assert next_day_streak(11, 2, 13) == 1  # a day missed
