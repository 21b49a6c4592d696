"""Each day's deals chosen before a player taps ▶ (`bot.stats.daily_winnable`: a second or two
per game and variant, in the pool of search workers, `bot.games.searches`), and kept in the
store: a day decided by one process is read by every other, and after a restart, never searched
again (`decided`).

`prepare(store, day)` starts choosing day `day`'s deals of every solitaire in every variant
(the default variants first, one after the other), once per process and day, without waiting:
it is called when /daily is shown (the screen a player taps ▶ on) and, through
`before_midnight`, ten minutes before each UTC midnight for the next day. A tap on ▶ waits for
its own deal if it is being chosen (`ready`), else reads or chooses it too
(`bot.games.solitaire.daily.dealt`, a shared card's link): one search per day, game and
variant.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable

from bot.games import searches
from bot.registry import kinds, spec
from bot.stats.daily import day_date, day_deal, day_number, utc_day
from bot.storage import Store

log = logging.getLogger(__name__)

LEAD = 600  # seconds before UTC midnight the next day's deals are chosen
DEAL_SECONDS = 120.0  # a day's deal on its worker at most (it takes a second or two)
KNOWN = 64  # the days' deals this process remembers (the store keeps them for every process)

Deal = tuple[str, str]  # (game, variant)
Dealt = tuple[int, int | None]  # (seed, par)
# per event loop (a process has one; the tests start many), per day: each deal's readiness
_chosen: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop, dict[int, dict[Deal, asyncio.Future[None]]]
] = weakref.WeakKeyDictionary()
_running: set[asyncio.Task[None]] = set()
_known: OrderedDict[tuple[str, str, int], Dealt] = OrderedDict()


def deals() -> list[Deal]:
    """Every solitaire's variants, the default ones (what /daily offers) first."""
    out = [(kind, spec(kind).default_variant) for kind in kinds("solitaire")]
    out += [(k, v) for k in kinds("solitaire") for v in spec(k).variants if (k, v) not in out]
    return out


async def decided(store: Store, kind: str, variant: str, day: int) -> Dealt:
    """Day `day`'s deal of `kind`/`variant`, its seed and par: remembered by this process, else
    kept in the store, else chosen now in the pool (and kept in the store)."""
    key = (kind, variant, day)
    if (known := _known.get(key)) is not None:
        return known
    found = _parse(await store.day_deal(kind, variant, day))
    chosen = found is None
    if found is None:
        found = await searches.offload(kind, DEAL_SECONDS, day_deal, kind, variant, day_date(day))
    _known[key] = found
    while len(_known) > KNOWN:
        _known.popitem(last=False)
    if chosen:
        seed, par = found
        await store.keep_day_deal(kind, variant, day, json.dumps({"seed": seed, "par": par}))
    return found


def _parse(raw: str | None) -> Dealt | None:
    """A deal as the store keeps it (None: none, or not readable: choose it again)."""
    try:
        data = json.loads(raw) if raw else None
        if not isinstance(data, dict):
            return None
        par = data.get("par")
        return int(data["seed"]), None if par is None else int(par)
    except (ValueError, KeyError, TypeError):
        return None


async def _choose(store: Store, day: int, pending: dict[Deal, asyncio.Future[None]]) -> None:
    """Choose the day's deals one after the other (one search at a time: the players' hints
    share the pool), each marked ready when it is."""
    started = time.perf_counter()
    for (kind, variant), done in pending.items():
        try:
            await decided(store, kind, variant, day)
        except Exception:  # a bug in a solver, a store outage: the tap chooses again
            log.exception("event=days_ahead_failed day=%s kind=%s", day, kind)
        finally:
            if not done.done():
                done.set_result(None)
    log.info("event=days_ahead day=%s seconds=%.2f", day, time.perf_counter() - started)


def prepare(store: Store, day: int) -> None:
    """Start choosing day `day`'s deals (once per process and day; returns at once)."""
    loop = asyncio.get_running_loop()
    days = _chosen.setdefault(loop, {})
    if day in days:
        return
    for old in [d for d in days if d < day - 1]:
        del days[old]
    days[day] = {deal: loop.create_future() for deal in deals()}
    task = loop.create_task(_choose(store, day, days[day]), name=f"day-{day}")
    _running.add(task)
    task.add_done_callback(_running.discard)


async def ready(kind: str, variant: str, day: int) -> None:
    """Wait for day `day`'s deal of `kind`/`variant` when it is being chosen now (so a tap does
    not choose it a second time beside it)."""
    pending = _chosen.get(asyncio.get_running_loop(), {}).get(day, {})
    done = pending.get((kind, variant))
    if done is not None:
        await asyncio.shield(done)


def until_next(now: float) -> float:
    """Seconds from `now` to LEAD seconds before the next UTC midnight (0 when inside it)."""
    midnight = (int(now) // 86_400 + 1) * 86_400
    return max(0.0, midnight - LEAD - now)


async def before_midnight(store: Store, clock: Callable[[], float] = time.time) -> None:
    """Run for the bot's life: LEAD seconds before each UTC midnight, choose the next day's."""
    while True:
        await asyncio.sleep(until_next(clock()))
        prepare(store, day_number(utc_day(clock())) + 1)
        await asyncio.sleep(LEAD + 60)  # past midnight: the next wait is a whole day's
