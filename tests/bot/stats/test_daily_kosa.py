"""From #703 to #706 the day's Kosa is the shortest of its candidates for the hint player, the
same on every machine, and no earlier day's deal (nor any Raspad deal of those days) changed.
From #707 on both solitaires' deals are proved winnable (tests/bot/stats/test_daily_winnable.py)."""

from __future__ import annotations

import hashlib

from bot.registry import spec
from bot.stats import daily_short
from bot.stats.daily import day_date, day_seed

FIRST_DAY = daily_short.declared("kosa").first_day
WINNABLE = spec("kosa").winnable_daily
assert WINNABLE is not None
LAST_DAY = WINNABLE.first_day - 1  # the last day chosen short


def old_seed(kind: str, variant: str, day: int) -> int:
    """The seed every deal of the day had before the short Kosa (its contract: never changes)."""
    text = f"cardbot:daily:v1:{kind}:{variant}:{day_date(day).isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def test_the_day_s_kosa_is_the_shortest_candidate_the_hint_player_wins() -> None:
    for day in (FIRST_DAY, LAST_DAY):
        chosen = day_seed("kosa", "u", day_date(day))
        moves = daily_short.hint_moves("kosa", "u", chosen)
        assert moves is not None  # won
        others = [
            daily_short.hint_moves("kosa", "u", daily_short.candidate("kosa", "u", day, i))
            for i in range(20)
        ]
        assert moves == min(m for m in others if m is not None)
        assert moves < 300  # a random deal's median is about 340 (benchmarks/daily_kosa.py)


def test_the_choice_is_the_same_every_time() -> None:
    day = LAST_DAY
    first = day_seed("kosa", "3", day_date(day))
    daily_short.short_seed.cache_clear()  # as a new process would
    assert day_seed("kosa", "3", day_date(day)) == first


def test_earlier_days_and_raspad_keep_their_deals() -> None:
    before = FIRST_DAY - 1
    assert day_seed("kosa", "u", day_date(before)) == old_seed("kosa", "u", before)
    for day in (before, FIRST_DAY, LAST_DAY):
        assert day_seed("raspad", "52", day_date(day)) == old_seed("raspad", "52", day)
