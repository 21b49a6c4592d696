"""The day's deals are chosen before a player taps ▶: when /daily is shown (`prepare`), once per
process and day, and ten minutes before each UTC midnight for the next day."""

from __future__ import annotations

import asyncio

from bot.games.solitaire import days_ahead
from bot.stats import daily_winnable

MIDNIGHT = 1_796_774_400.0  # 2026-12-09 00:00 UTC: deal of the day #708 begins


def test_the_next_day_is_chosen_ten_minutes_before_midnight() -> None:
    assert days_ahead.until_next(MIDNIGHT - 3600) == 3600 - days_ahead.LEAD
    assert days_ahead.until_next(MIDNIGHT - 60) == 0.0  # inside the lead: at once
    assert days_ahead.until_next(MIDNIGHT + 1) == 86_400 - days_ahead.LEAD - 1


async def test_prepare_chooses_every_solitaire_s_deals_once_and_a_tap_waits_for_it() -> None:
    day = 760  # a day no other test chooses
    daily_winnable.winnable_deal.cache_clear()
    days_ahead.prepare(day)
    days_ahead.prepare(day)  # a second /daily: the same work, not another
    for kind, variant in days_ahead.deals():
        await days_ahead.ready(kind, variant, day)
    chosen = daily_winnable.winnable_deal.cache_info()
    assert chosen.misses == 4  # Kosa and Raspad, two variants each
    assert daily_winnable.winnable_deal("raspad", "52", day).par is not None
    assert daily_winnable.winnable_deal.cache_info().misses == chosen.misses  # cached


def test_each_event_loop_waits_on_its_own_work() -> None:
    """A process has one loop, the tests many: a day prepared in a loop that ended before the
    work did is prepared again in the next loop, and a tap there waits for it."""
    day = 761
    daily_winnable.winnable_deal.cache_clear()

    async def open_daily() -> None:
        days_ahead.prepare(day)  # the loop ends at once: its work is cancelled

    async def open_daily_then_tap() -> None:
        days_ahead.prepare(day)
        for kind, variant in days_ahead.deals():
            await days_ahead.ready(kind, variant, day)

    asyncio.run(open_daily())
    asyncio.run(open_daily_then_tap())
    assert daily_winnable.winnable_deal.cache_info().currsize == len(days_ahead.deals())
