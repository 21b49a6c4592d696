"""The day's deals are chosen before a player taps ▶: when /daily is shown (`prepare`), once per
day — in the pool of search workers, and kept in the store, so no process (another replica, a
restart) searches a day already decided — and ten minutes before each UTC midnight for the next
day."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.games import searches
from bot.games.solitaire import days_ahead
from bot.stats import daily_winnable
from bot.stats.daily import day_date, day_deal, day_number
from bot.storage import Store
from bot.storage.redis_store import RedisStore
from bot.storage.sqlite_store import SQLiteStore

MIDNIGHT = 1_796_774_400.0  # 2026-12-09 00:00 UTC: deal of the day #708 begins


def test_the_next_day_is_chosen_ten_minutes_before_midnight() -> None:
    assert days_ahead.until_next(MIDNIGHT - 3600) == 3600 - days_ahead.LEAD
    assert days_ahead.until_next(MIDNIGHT - 60) == 0.0  # inside the lead: at once
    assert days_ahead.until_next(MIDNIGHT + 1) == 86_400 - days_ahead.LEAD - 1


@pytest.fixture
def chosen(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, int]]:
    """The deals sent to the pool to be chosen (game, variant, day), as they are sent. (Counted
    here, not in the solver's cache: another test's work may still run in the pool beside this.)"""
    calls: list[tuple[str, str, int]] = []
    real = searches.Searches.run

    async def recorded(
        self: searches.Searches, work: Callable[..., Any], *args: Any, **kw: Any
    ) -> Any:
        if work is day_deal:
            kind, variant, day = args[2:5]
            calls.append((kind, variant, day_number(day)))
        return await real(self, work, *args, **kw)

    monkeypatch.setattr(searches.Searches, "run", recorded)
    return calls


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    yield opened
    await opened.close()


@pytest.fixture(params=["sqlite", "redis"])
async def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """Each store in turn: SQLite, and a real Redis under a fresh key prefix."""
    opened: Store
    if request.param == "sqlite":
        opened = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    else:
        url = request.getfixturevalue("redis_url")
        opened = await RedisStore(url, prefix="d" + uuid.uuid4().hex[:8]).open()
    yield opened
    await opened.close()


def forget_this_process() -> None:
    """What a process remembers of the days' deals, gone (as in another process)."""
    days_ahead._known.clear()


async def test_prepare_chooses_every_solitaire_s_deals_once_and_a_tap_waits_for_it(
    chosen: list[tuple[str, str, int]], store: Store
) -> None:
    day = 760  # a day no other test chooses
    days_ahead.prepare(store, day)
    days_ahead.prepare(store, day)  # a second /daily: the same work, not another
    kind, variant = days_ahead.deals()[0]
    await days_ahead.ready(kind, variant, day)  # a tap on ▶ waits for its own deal
    assert (kind, variant, day) in chosen
    for kind, variant in days_ahead.deals():
        await days_ahead.ready(kind, variant, day)
    mine = [c for c in chosen if c[2] == day]
    assert sorted(mine) == sorted((k, v, day) for k, v in days_ahead.deals())  # each once
    assert [(k, v) for k, v, _ in mine[:2]] == [("kosa", "u"), ("raspad", "52")]  # /daily's first
    assert await days_ahead.decided(store, "raspad", "52", day) == day_deal(
        "raspad", "52", day_date(day)
    )
    assert daily_winnable.winnable_deal("raspad", "52", day).par is not None


def test_each_event_loop_waits_on_its_own_work(
    chosen: list[tuple[str, str, int]], store: Store
) -> None:
    """A process has one loop, the tests many: a day prepared in a loop that ended before the
    work did is prepared again in the next loop, and a tap there waits for it."""
    day = 761

    async def open_daily() -> None:
        days_ahead.prepare(store, day)  # the loop ends at once: its work is cancelled

    async def open_daily_then_tap() -> None:
        days_ahead.prepare(store, day)
        for kind, variant in days_ahead.deals():
            await days_ahead.ready(kind, variant, day)

    asyncio.run(open_daily())
    asyncio.run(open_daily_then_tap())
    mine = {(k, v) for k, v, d in chosen if d == day}
    assert mine == set(days_ahead.deals())


async def test_a_day_decided_is_never_searched_again_by_another_process(
    chosen: list[tuple[str, str, int]], any_store: Store
) -> None:
    day = 762
    forget_this_process()  # (the other store's run of this test chose it too)
    seed, par = await days_ahead.decided(any_store, "raspad", "52", day)
    assert chosen == [("raspad", "52", day)]
    assert (seed, par) == day_deal("raspad", "52", day_date(day)) and par is not None
    forget_this_process()  # another replica, or this one restarted: the store tells it
    assert await days_ahead.decided(any_store, "raspad", "52", day) == (seed, par)
    assert chosen == [("raspad", "52", day)]  # once
