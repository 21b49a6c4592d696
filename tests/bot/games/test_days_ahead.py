"""The day's deals are chosen before a player taps ▶: when /daily is shown (`prepare`), once per
process and day, and ten minutes before each UTC midnight for the next day."""

from __future__ import annotations

import asyncio
from datetime import date

import pytest

from bot.games.solitaire import days_ahead
from bot.stats import daily_winnable
from bot.stats.daily import day_deal, day_number

MIDNIGHT = 1_796_774_400.0  # 2026-12-09 00:00 UTC: deal of the day #708 begins


def test_the_next_day_is_chosen_ten_minutes_before_midnight() -> None:
    assert days_ahead.until_next(MIDNIGHT - 3600) == 3600 - days_ahead.LEAD
    assert days_ahead.until_next(MIDNIGHT - 60) == 0.0  # inside the lead: at once
    assert days_ahead.until_next(MIDNIGHT + 1) == 86_400 - days_ahead.LEAD - 1


@pytest.fixture
def chosen(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, int]]:
    """The deals days_ahead chooses (game, variant, day), as they are chosen. (Counted here, not
    in the solver's cache: another test's work may still run in a worker thread beside this.)"""
    calls: list[tuple[str, str, int]] = []

    def recorded(kind: str, variant: str, day: date | str) -> tuple[int, int | None]:
        deal = day_deal(kind, variant, day)
        calls.append((kind, variant, day_number(day)))
        return deal

    monkeypatch.setattr(days_ahead, "day_deal", recorded)
    return calls


async def test_prepare_chooses_every_solitaire_s_deals_once_and_a_tap_waits_for_it(
    chosen: list[tuple[str, str, int]],
) -> None:
    day = 760  # a day no other test chooses
    days_ahead.prepare(day)
    days_ahead.prepare(day)  # a second /daily: the same work, not another
    kind, variant = days_ahead.deals()[0]
    await days_ahead.ready(kind, variant, day)  # a tap on ▶ waits for its own deal
    assert (kind, variant, day) in chosen
    for kind, variant in days_ahead.deals():
        await days_ahead.ready(kind, variant, day)
    mine = [c for c in chosen if c[2] == day]
    assert sorted(mine) == sorted((k, v, day) for k, v in days_ahead.deals())  # each once
    assert [(k, v) for k, v, _ in mine[:2]] == [("kosa", "u"), ("raspad", "52")]  # /daily's first
    assert daily_winnable.winnable_deal("raspad", "52", day).par is not None


def test_each_event_loop_waits_on_its_own_work(chosen: list[tuple[str, str, int]]) -> None:
    """A process has one loop, the tests many: a day prepared in a loop that ended before the
    work did is prepared again in the next loop, and a tap there waits for it."""
    day = 761

    async def open_daily() -> None:
        days_ahead.prepare(day)  # the loop ends at once: its work is cancelled

    async def open_daily_then_tap() -> None:
        days_ahead.prepare(day)
        for kind, variant in days_ahead.deals():
            await days_ahead.ready(kind, variant, day)

    asyncio.run(open_daily())
    asyncio.run(open_daily_then_tap())
    mine = {(k, v) for k, v, d in chosen if d == day}
    assert mine == set(days_ahead.deals())
