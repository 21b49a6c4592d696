"""The day's deals are chosen before a player taps ▶: when /daily is shown and when the bot
starts (`prepare`: that day and the next two), once per day — in the pool of search workers,
and kept in the store, so no process (another replica, a restart) searches a day already
decided — and ten minutes before each UTC midnight for the next days. A day dealt in tiers is
never searched on a tap: not chosen yet, it deals the declared spares at once, for everyone.
The bot stopping meanwhile ends the choice: nothing more is searched."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.games import searches
from bot.games.solitaire import days_ahead
from bot.stats import daily_tiers, daily_winnable
from bot.stats.daily import day_date, day_deal, day_number
from bot.storage import Store
from bot.storage.redis_store import RedisStore
from bot.storage.sqlite_store import SQLiteStore
from tests.support import searching

MIDNIGHT = 1_796_774_400.0  # 2026-12-09 00:00 UTC: deal of the day #708 begins


def test_the_next_day_is_chosen_ten_minutes_before_midnight() -> None:
    assert days_ahead.until_next(MIDNIGHT - 3600) == 3600 - days_ahead.LEAD
    assert days_ahead.until_next(MIDNIGHT - 60) == 0.0  # inside the lead: at once
    assert days_ahead.until_next(MIDNIGHT + 1) == 86_400 - days_ahead.LEAD - 1


@pytest.fixture
def chosen(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, int]]:
    """The deals sent to be chosen (game, variant, day), as they are sent: to the pool, or to a
    thread for a game its workers do not offer (a toy of EXTRA_GAMES registered at run time).
    (Counted here, not in the solver's cache: another test's work may still run beside this.)"""
    calls: list[tuple[str, str, int]] = []

    def recording(real: Callable[..., Any]) -> Callable[..., Any]:
        async def recorded(kind: str, seconds: float, work: Callable[..., Any], *args: Any) -> Any:
            if work is day_deal:
                calls.append((args[0], args[1], day_number(args[2])))
            elif work is daily_tiers.grade:
                calls.append((args[0], args[1], args[2]))
            return await real(kind, seconds, work, *args)

        return recorded

    monkeypatch.setattr(searches, "offload", recording(searches.offload))
    monkeypatch.setattr(searches, "later", recording(searches.later))  # (the days ahead)
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
    day = 708  # a day no other test chooses (one deal a day; the next two are chosen too)
    days_ahead.prepare(store, day)
    days_ahead.prepare(store, day)  # a second /daily: the same work, not another
    kind, variant = days_ahead.deals()[0]
    await days_ahead.ready(kind, variant, day)  # a tap on ▶ waits for its own deal
    assert (kind, variant, day) in chosen
    for kind, variant in days_ahead.deals():
        await days_ahead.ready(kind, variant, day)
    for kind, variant in days_ahead.deals():
        await days_ahead.ready(kind, variant, day + days_ahead.AHEAD)  # (the days after too)
    mine = [c for c in chosen if c[2] == day]
    assert sorted(mine) == sorted((k, v, day) for k, v in days_ahead.deals())  # each once
    assert {d for _k, _v, d in chosen} == {day, day + 1, day + 2}
    assert [(k, v) for k, v, _ in mine] == days_ahead.deals()  # in /daily's order
    proved = [(k, v) for k, v in days_ahead.deals() if daily_winnable.applies(k, day)]
    assert proved  # (the games whose spec declares a deal of the day proved winnable)
    for kind, variant in proved:
        assert await days_ahead.decided(store, kind, variant, day) == day_deal(
            kind, variant, day_date(day)
        )
        assert daily_winnable.winnable_deal(kind, variant, day).par is not None


def test_each_event_loop_waits_on_its_own_work(
    chosen: list[tuple[str, str, int]], store: Store
) -> None:
    """A process has one loop, the tests many: a day prepared in a loop that ended before the
    work did is prepared again in the next loop, and a tap there waits for it."""
    day = 711

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


# -- a day dealt in tiers -------------------------------------------------------------------
TIER_DAY = 795  # a day no other test deals


@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every search, in the pool or in a thread, fails the test instead (what was asked)."""
    asked: list[str] = []

    async def refused(kind: str, seconds: float, work: Callable[..., Any], *a: Any) -> Any:
        asked.append(getattr(work, "__name__", "?"))
        raise AssertionError(f"a search on the tap's path: {work}")

    monkeypatch.setattr(searches, "offload", refused)
    monkeypatch.setattr(searches, "later", refused)
    monkeypatch.setattr(searches, "attempt", refused)
    return asked


async def test_a_day_not_chosen_yet_deals_its_spares_at_once_for_everyone(
    no_search: list[str], any_store: Store
) -> None:
    forget_this_process()
    dealt = await days_ahead.tiers(any_store, "kosa", "u", TIER_DAY)  # a fresh start, a tap
    spare = daily_tiers.fallback("kosa", "u", TIER_DAY)
    assert dealt == {t: (d.seed, d.par) for t, d in spare.items()} and no_search == []
    assert all(par is not None for _seed, par in dealt.values())  # graded, with their pars
    forget_this_process()  # another replica: the store holds the day's deals
    assert await days_ahead.tiers(any_store, "kosa", "u", TIER_DAY) == dealt
    await days_ahead._choose_tiers(any_store, "kosa", "u", TIER_DAY)  # the day is decided:
    assert no_search == []  # nothing is searched, nothing changes
    forget_this_process()
    assert await days_ahead.peek_tiers(any_store, "kosa", "u", TIER_DAY) == dealt


async def test_a_day_chosen_ahead_is_graded_piece_by_piece_in_the_pool(
    chosen: list[tuple[str, str, int]], store: Store
) -> None:
    forget_this_process()
    await days_ahead._choose_tiers(store, "raspad", "52", TIER_DAY)
    declared = daily_tiers.declared("raspad")
    assert declared is not None and len(chosen) == declared.candidates  # a candidate a task
    forget_this_process()
    kept = await days_ahead.tiers(store, "raspad", "52", TIER_DAY)  # a tap: what was chosen
    graded = daily_tiers.day_tiers("raspad", "52", TIER_DAY)  # as any process grades it
    assert kept == {t: (d.seed, d.par) for t, d in graded.items()}
    assert kept != {
        t: (d.seed, d.par) for t, d in daily_tiers.fallback("raspad", "52", TIER_DAY).items()
    }


async def test_one_replica_searches_a_day(no_search: list[str], store: Store) -> None:
    forget_this_process()
    assert await store.choosing_day("raspad", "52", TIER_DAY + 1, 60)  # another replica's
    await days_ahead._choose_tiers(store, "raspad", "52", TIER_DAY + 1)
    assert no_search == [] and await store.day_deal("raspad", "52", TIER_DAY + 1) is None


async def test_the_bot_chooses_today_and_the_next_days_when_it_starts(
    chosen: list[tuple[str, str, int]], store: Store
) -> None:
    start = 1_796_486_400.0 + 3600  # 2026-12-05 01:00 UTC: #704, with #705 and #706 after
    ahead = asyncio.create_task(days_ahead.before_midnight(store, clock=lambda: start))
    try:
        await asyncio.sleep(0)  # (the task starts: its first step queues the days)
        for kind, variant in days_ahead.deals():
            await days_ahead.ready(kind, variant, 706)
    finally:
        ahead.cancel()
    assert {d for _k, _v, d in chosen} == {704, 705, 706}


async def test_the_bot_stopping_meanwhile_ends_the_choice_with_no_search_more(
    monkeypatch: pytest.MonkeyPatch, store: Store
) -> None:
    """The pool stops (the bot's shutdown) under a day's first search: the work ends, every deal
    waited for is released (a tap deals the spares), and no search is sent again — it started
    the background pool anew, and that pool's fork server failed as the process ended."""
    sent: list[str] = []
    real = searches.later

    async def stuck(kind: str, seconds: float, _work: Callable[..., Any], *_args: Any) -> Any:
        sent.append(kind)
        return await real(kind, seconds, searching.stuck)

    monkeypatch.setattr(searches, "later", stuck)
    forget_this_process()
    day = 733  # a day no other test chooses
    days_ahead.prepare(store, day)
    work = days_ahead._workers[asyncio.get_running_loop()]
    await searching.stuck_worker(work)
    await searches.stop()
    await asyncio.wait_for(work, searching.SLOW_START)
    assert sent == [days_ahead.deals()[0][0]]
    for kind, variant in days_ahead.deals():
        for d in range(day, day + days_ahead.AHEAD + 1):
            await asyncio.wait_for(days_ahead.ready(kind, variant, d), 1.0)
    assert not searches.background().started
