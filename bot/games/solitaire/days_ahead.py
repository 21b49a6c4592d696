"""Each day's deals chosen before a player taps ▶ (`bot.stats.daily_winnable`: a second or two
per game and variant, once a day per process, in a worker thread).

`prepare(day)` starts choosing day `day`'s deals of every solitaire in every variant, once per
process and day, without waiting: it is called when /daily is shown (the screen a player taps
▶ on) and, through `before_midnight`, ten minutes before each UTC midnight for the next day.
A tap that comes first (a shared card's link) chooses its own deal off the event loop too
(`bot.games.solitaire.daily.dealt`): the cache makes the two one computation.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from bot.registry import kinds, spec
from bot.stats.daily import day_date, day_deal, day_number, utc_day

log = logging.getLogger(__name__)

LEAD = 600  # seconds before UTC midnight the next day's deals are chosen
_started: dict[int, asyncio.Task[None]] = {}


def choose(day: int) -> None:
    """Choose (and cache) day `day`'s deal of every solitaire in every variant."""
    for kind in kinds("solitaire"):
        for variant in spec(kind).variants:
            day_deal(kind, variant, day_date(day))


async def _choose(day: int) -> None:
    started = time.perf_counter()
    try:
        await asyncio.to_thread(choose, day)
    except Exception:  # a bug in a solver must not end the bot: the tap chooses again
        log.exception("event=days_ahead_failed day=%s", day)
        return
    log.info("event=days_ahead day=%s seconds=%.2f", day, time.perf_counter() - started)


def prepare(day: int) -> None:
    """Start choosing day `day`'s deals (once per process and day; returns at once)."""
    if day in _started:
        return
    for old in [d for d in _started if d < day - 1]:
        del _started[old]
    _started[day] = asyncio.get_running_loop().create_task(_choose(day), name=f"day-{day}")


async def ready(day: int) -> None:
    """Wait for day `day`'s deals when they are being chosen now (so a tap does not choose
    them a second time beside it)."""
    task = _started.get(day)
    if task is not None and not task.done():
        await asyncio.shield(task)


def until_next(now: float) -> float:
    """Seconds from `now` to LEAD seconds before the next UTC midnight (0 when inside it)."""
    midnight = (int(now) // 86_400 + 1) * 86_400
    return max(0.0, midnight - LEAD - now)


async def before_midnight(clock: Callable[[], float] = time.time) -> None:
    """Run for the bot's life: LEAD seconds before each UTC midnight, choose the next day's."""
    while True:
        await asyncio.sleep(until_next(clock()))
        prepare(day_number(utc_day(clock())) + 1)
        await asyncio.sleep(LEAD + 60)  # past midnight: the next wait is a whole day's
