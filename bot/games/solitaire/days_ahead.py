"""Each day's deals chosen before a player taps ▶, in the pool of search workers
(`bot.games.searches`), and kept in the store: a day decided by one process is the day of every
other, for good.

A day dealt in tiers (`bot.stats.daily_tiers`: Easy, Medium, Hard) is never searched on a tap:
`tiers` answers at once with the day's deals as the store keeps them, and when nothing is kept
yet (a fresh start, the first minutes of a day, the days chosen ahead run out) it keeps the
day's spares — graded deals the game declares, the same for every process — as the day's, the
first write winning (`Store.keep_day_deal`): everyone plays the same three deals that day, and
a search that finishes later changes nothing.

`prepare(store, day)` queues days `day` to `day + AHEAD` to be chosen (each once per process,
one search at a time, in small pieces — a candidate graded, a par found — so the players' hints
find room in the pool between them; one replica searches a day, `Store.choosing_day`): when
/daily is shown, when the bot starts, and LEAD seconds before each UTC midnight
(`before_midnight`). A day with one deal (before a game's tiers) is chosen ahead as before
(`decided`), and today's is dealt at once likewise (`at_once`: not chosen yet, the day's spare,
`daily_tiers.one_spare`, first kept winning); an earlier day's deal that is no longer kept is
chosen again as it was (a late game, a card's old link), a tap waiting for it (`ready`).
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
from bot.stats import daily_tiers
from bot.stats.daily import day_date, day_deal, day_number, utc_day
from bot.stats.daily_tiers import TIERS, Tier
from bot.stats.daily_winnable import with_par
from bot.storage import Store

log = logging.getLogger(__name__)

LEAD = 600  # seconds before UTC midnight the next days' deals are chosen
AHEAD = 2  # days after the one asked for that are chosen too
DEAL_SECONDS = 120.0  # one piece of a day's choice on its worker at most (it takes seconds)
KNOWN = 64  # the days' deals this process remembers (the store keeps them for every process)

Deal = tuple[str, str]  # (game, variant)
Dealt = tuple[int, int | None]  # (seed, par)
DayTiers = dict[Tier, Dealt]
# per event loop (a process has one; the tests start many): the days queued, each deal's
# readiness, and the one task that chooses them in turn
_chosen: weakref.WeakKeyDictionary[
    asyncio.AbstractEventLoop, dict[int, dict[Deal, asyncio.Future[None]]]
] = weakref.WeakKeyDictionary()
_workers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Task[None]] = (
    weakref.WeakKeyDictionary()
)
_known: OrderedDict[tuple[str, str, int], Dealt | DayTiers] = OrderedDict()


def deals() -> list[Deal]:
    """Every solitaire's variant /daily offers (its default one)."""
    return [(kind, spec(kind).default_variant) for kind in kinds("solitaire")]


def _remember(key: tuple[str, str, int], found: Dealt | DayTiers) -> None:
    _known[key] = found
    while len(_known) > KNOWN:
        _known.popitem(last=False)


# -- a day dealt in tiers -------------------------------------------------------------------
async def tiers(store: Store, kind: str, variant: str, day: int) -> DayTiers:
    """Day `day`'s three deals of `kind`/`variant` (a day dealt in tiers), at once: remembered,
    else kept in the store, else the day's spares, kept as the day's (no search, ever)."""
    found = await peek_tiers(store, kind, variant, day)
    if found is not None:
        return found
    spare = daily_tiers.fallback(kind, variant, day)
    mine = _encode(spare, spare=True)
    held = await store.keep_day_deal(kind, variant, day, mine)
    if held == mine:
        log.info("event=day_spare kind=%s variant=%s day=%s", kind, variant, day)
    found = _parse_tiers(held) or {t: (d.seed, d.par) for t, d in spare.items()}
    _remember((kind, variant, day), found)
    return found


async def peek_tiers(store: Store, kind: str, variant: str, day: int) -> DayTiers | None:
    """Day `day`'s three deals if they are decided (remembered or kept), else None."""
    known = _known.get((kind, variant, day))
    if isinstance(known, dict):
        return known
    found = _parse_tiers(await store.day_deal(kind, variant, day))
    if found is not None:
        _remember((kind, variant, day), found)
    return found


async def _choose_tiers(store: Store, kind: str, variant: str, day: int) -> None:
    """Search day `day`'s three deals in the pool, piece by piece, and keep them (unless the
    day is decided, or another replica searches it)."""
    if await peek_tiers(store, kind, variant, day) is not None:
        return
    if not await store.choosing_day(kind, variant, day, DEAL_SECONDS * 4):
        return
    declared = daily_tiers.declared(kind)
    assert declared is not None
    found = []
    for i in range(declared.candidates):
        graded = await searches.later(kind, DEAL_SECONDS, daily_tiers.grade, kind, variant, day, i)
        if graded is not None:
            found.append(graded)
    picked = daily_tiers.pick(daily_tiers.easiest_first(found))
    chosen = daily_tiers.fallback(kind, variant, day)
    if picked is not None:
        for tier, g in zip(TIERS, picked, strict=True):
            deal = await searches.later(kind, DEAL_SECONDS, with_par, kind, variant, g.deal)
            chosen[tier] = daily_tiers.Dealt(deal.seed, deal.par, g.rate)
    held = await store.keep_day_deal(kind, variant, day, _encode(chosen, spare=picked is None))
    if (parsed := _parse_tiers(held)) is not None:
        _remember((kind, variant, day), parsed)


def _encode(deals: dict[Tier, daily_tiers.Dealt], *, spare: bool) -> str:
    data: dict[str, object] = {
        t: {"seed": d.seed, "par": d.par, "rate": d.rate} for t, d in deals.items()
    }
    if spare:
        data["spare"] = True
    return json.dumps(data, separators=(",", ":"))


def _parse_tiers(raw: str | None) -> DayTiers | None:
    """Three deals as the store keeps them (None: none, or not readable)."""
    try:
        data = json.loads(raw) if raw else None
        if not isinstance(data, dict) or any(t not in data for t in TIERS):
            return None
        return {t: _dealt(data[t]) for t in TIERS}
    except (ValueError, KeyError, TypeError):
        return None


def _dealt(data: dict[str, object]) -> Dealt:
    par = data.get("par")
    return int(str(data["seed"])), None if par is None else int(str(par))


# -- a day with one deal ----------------------------------------------------------------------
async def decided(store: Store, kind: str, variant: str, day: int, *, ahead: bool = False) -> Dealt:
    """Day `day`'s one deal of `kind`/`variant`, its seed and par: remembered by this process,
    else kept in the store, else chosen now in the pool (and kept in the store); `ahead`: for
    no one waiting (on the background pool)."""
    key = (kind, variant, day)
    known = _known.get(key)
    if isinstance(known, tuple):
        return known
    found = _parse(await store.day_deal(kind, variant, day))
    if found is None:
        search = searches.later if ahead else searches.offload
        seed, par = await search(kind, DEAL_SECONDS, day_deal, kind, variant, day_date(day))
        held = await store.keep_day_deal(kind, variant, day, json.dumps({"seed": seed, "par": par}))
        found = _parse(held) or (seed, par)
    _remember(key, found)
    return found


async def at_once(store: Store, kind: str, variant: str, day: int) -> Dealt:
    """Day `day`'s one deal at once (a tap on today's): remembered, else kept in the store,
    else the day's spare (`daily_tiers.one_spare`) kept as the day's, the first kept winning:
    everyone plays it that day, and a search that finishes later changes nothing."""
    found = await peek(store, kind, variant, day)
    if found is None:
        spare = daily_tiers.one_spare(kind, variant, day)
        mine = json.dumps({"seed": spare.seed, "par": spare.par})
        held = await store.keep_day_deal(kind, variant, day, mine)
        if held == mine:
            log.info("event=day_spare kind=%s variant=%s day=%s", kind, variant, day)
        found = _parse(held) or (spare.seed, spare.par)
    _remember((kind, variant, day), found)
    return found


async def peek(store: Store, kind: str, variant: str, day: int) -> Dealt | None:
    """Day `day`'s one deal if it is decided (remembered or kept), else None."""
    known = _known.get((kind, variant, day))
    if isinstance(known, tuple):
        return known
    return _parse(await store.day_deal(kind, variant, day))


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


# -- ahead ------------------------------------------------------------------------------------
async def _choose_day(store: Store, day: int, pending: dict[Deal, asyncio.Future[None]]) -> None:
    """Choose the day's deals one after the other, each marked ready when it is."""
    started = time.perf_counter()
    for (kind, variant), done in pending.items():
        try:
            if daily_tiers.applies(kind, variant, day):
                await _choose_tiers(store, kind, variant, day)
            else:
                await decided(store, kind, variant, day, ahead=True)
        except Exception as err:  # a bug, an outage: a tap deals the spares
            if isinstance(err, searches.Unanswered) and err.reason == "stopped":
                raise  # the bot is stopping: nothing more is searched (the next start goes on)
            log.warning("event=days_ahead_failed day=%s kind=%s error=%r", day, kind, err)
        finally:
            if not done.done():
                done.set_result(None)
    log.info("event=days_ahead day=%s seconds=%.2f", day, time.perf_counter() - started)


async def _work(store: Store, days: dict[int, dict[Deal, asyncio.Future[None]]]) -> None:
    """Choose the queued days in turn, the earliest first, until none is left (or the pool
    stops with the bot: a tap meanwhile deals the spares, as on an outage)."""
    try:
        while todo := [d for d, ps in days.items() if not all(f.done() for f in ps.values())]:
            day = min(todo)
            await _choose_day(store, day, days[day])
    except searches.Unanswered:
        for pending in days.values():
            for done in pending.values():
                if not done.done():
                    done.set_result(None)
        log.info("event=days_ahead_stopped")


def prepare(store: Store, day: int) -> None:
    """Queue days `day` to `day + AHEAD` to be chosen (each once per process; returns at
    once)."""
    loop = asyncio.get_running_loop()
    days = _chosen.setdefault(loop, {})
    for old in [d for d in days if d < day - 1]:
        del days[old]
    for d in range(day, day + AHEAD + 1):
        days.setdefault(d, {deal: loop.create_future() for deal in deals()})
    worker = _workers.get(loop)
    if worker is None or worker.done():
        _workers[loop] = loop.create_task(_work(store, days), name=f"days-from-{day}")


async def ready(kind: str, variant: str, day: int) -> None:
    """Wait for day `day`'s one deal of `kind`/`variant` when it is being chosen now (so a tap
    does not choose it a second time beside it)."""
    pending = _chosen.get(asyncio.get_running_loop(), {}).get(day, {})
    done = pending.get((kind, variant))
    if done is not None:
        await asyncio.shield(done)


def until_next(now: float) -> float:
    """Seconds from `now` to LEAD seconds before the next UTC midnight (0 when inside it)."""
    midnight = (int(now) // 86_400 + 1) * 86_400
    return max(0.0, midnight - LEAD - now)


async def before_midnight(store: Store, clock: Callable[[], float] = time.time) -> None:
    """Run for the bot's life: choose today's deals and the next days' at once, then LEAD
    seconds before each UTC midnight the next ones."""
    prepare(store, day_number(utc_day(clock())))
    while True:
        await asyncio.sleep(until_next(clock()))
        prepare(store, day_number(utc_day(clock())) + 1)
        await asyncio.sleep(LEAD + 60)  # past midnight: the next wait is a whole day's
