"""Searches out of the bot's process (issue 43 point 2): the solver behind 💡, the choice of
the day's deals and the computer players' plans run in a pool of worker processes, so no search
holds the interpreter lock the bot's event loop needs.

The pool is pebble's `ProcessPool`: a task has its time limit enforced on its worker, which is
killed and replaced past it; a worker that dies fails only its own task and is replaced; a task
given up (its caller cancelled) kills its worker rather than leave it searching. One pool per
process, `SEARCH_WORKERS` workers (default: the cores less one, at least one). Nothing is
started with the bot: the first search starts the pool (and stops after IDLE_SECONDS without a
search, so an idle bot keeps no polling threads), `stop` ends it with the bot (the dispatcher's
shutdown). Workers are forked from a fork server (`forkserver`: never a fork of the bot, its
threads and sockets), which imports the search modules once (`PRELOAD`).

Each worker loads the modules of `EXTRA_GAMES` when it starts (`_prepare`, the pool's
initializer; the built-in games come with the registry), so it offers the games the bot does.
Two ways in, both keyed by the game (`knows`: a game the workers offer as the bot does, one a
module they load registered; one registered at run time only, as a test offers its toy games,
runs in a thread of the bot's process as before, said once in the log):
- `attempt` (a hint): refused at once when LIMIT searches are in the pool already; a search that
  gives no answer (busy, its worker died, past its time) raises `Unanswered`, and the caller
  answers with the computer's guess, said so;
- `offload` (what a player waits for: the computer's move, an old day's deal): waits its turn
  however busy the pool is; with no answer from the pool it runs in a thread instead;
- `later` (work no one waits for: the day's deals chosen ahead): as `offload`, on a pool of its
  own — one worker, niced (`BACKGROUND_NICE`) — so a long choice never queues ahead of a
  computer's move or a hint, and takes the CPU only when they leave it.

The searches count positions, never time, so an answer is the same in a worker as it was in the
bot's process; time decides only whether an answer comes.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any, ParamSpec, TypeVar

from pebble import ProcessExpired, ProcessPool

import rules
from bot import registry

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

WAITING = 2  # searches in the pool at once per worker (one searching, one waiting) for `attempt`
IDLE_SECONDS = 300.0  # the pool stops after this long without a search (the next one starts it)
PLAN_SECONDS = 30.0  # a computer's plan in its worker at most (its budget counts plays)
BACKGROUND_NICE = 10  # the background pool's worker yields the CPU to the bot and its searches
# never "fork" (a copy of the bot's threads and sockets); spawn where there is no fork server
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
# imported once by the fork server: every worker starts with them (the computer players too)
PRELOAD = [
    "bot.games.solitaire.hints",
    "bot.games.table.moves",
    "bot.stats.daily",
    *(f"rules.ai.{kind}" for kind in rules.GAMES),
]


class Unanswered(Exception):
    """A search that gave no answer: the pool was full, its worker died, or it ran past its
    time (`reason` says which)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def default_workers() -> int:
    """The cores this process may use, less one for the bot itself; at least one."""
    return max(1, len(os.sched_getaffinity(0)) - 1)


def knows(kind: str) -> bool:
    """A worker offers game `kind` as this process does: a built-in game, or one that a module
    the workers load (`EXTRA_GAMES`) registered as it is now (a game registered at run time
    is in this process's registry alone)."""
    module = registry.loaded_by(kind)
    known = module is not None and (module in registry.BUILT_IN or module in pool().modules)
    if not known and kind not in _told:
        _told.add(kind)
        log.info("event=search_in_thread kind=%s reason=unknown_to_workers", kind)
    return known


def _prepare(modules: tuple[str, ...], nice: int = 0) -> None:
    """A worker's start: the games of `EXTRA_GAMES` registered, as in the bot's process (and,
    for the background pool, its priority lowered)."""
    if nice:
        os.nice(nice)
    registry.load(modules)


def _name(work: Callable[..., Any]) -> str:
    return getattr(work, "__name__", type(work).__name__)


class Searches:
    """The process's pool of search workers (`pool()`); `ran` counts the searches sent to it,
    by the work's name."""

    def __init__(self, workers: int, modules: tuple[str, ...] = (), nice: int = 0) -> None:
        self.workers = workers
        self.modules = modules  # the modules of EXTRA_GAMES each worker loads when it starts
        self.nice = nice  # its workers' niceness (the background pool's)
        self.limit = WAITING * workers
        self.ran: Counter[str] = Counter()
        self._pool: ProcessPool | None = None
        self._opening = threading.Lock()
        # the searches let in: a placeholder until it is sent to the pool, then its future
        self._pending: set[object] = set()
        self._last = time.monotonic()
        self._idle: asyncio.TimerHandle | None = None

    @property
    def started(self) -> bool:
        return self._pool is not None

    def busy(self) -> int:
        """Searches in the pool now (searching or waiting for a worker)."""
        self._pending = {p for p in self._pending if not (isinstance(p, Future) and p.done())}
        return len(self._pending)

    async def run(
        self, work: Callable[P, T], limited: bool, seconds: float, *a: P.args, **kw: P.kwargs
    ) -> T:
        """`work(*a, **kw)` on a worker, for at most `seconds` there (Unanswered otherwise; an
        error of the work itself is raised as it is)."""
        if limited and self.busy() >= self.limit:
            log.info("event=search_unanswered work=%s reason=busy", _name(work))
            raise Unanswered("busy")
        self.ran[_name(work)] += 1
        try:
            try:
                return await self._once(work, seconds, a, kw)
            except BrokenProcessPool:  # not run: its pool broke (a worker died, none searching)
                return await self._once(work, seconds, a, kw)  # on a new pool
        except (ProcessExpired, BrokenProcessPool) as err:
            log.warning("event=search_unanswered work=%s reason=died error=%s", _name(work), err)
            raise Unanswered("died") from err
        except TimeoutError as err:
            log.warning("event=search_unanswered work=%s reason=time s=%s", _name(work), seconds)
            raise Unanswered("time") from err
        finally:
            self._rest()

    async def _once(
        self, work: Callable[..., T], seconds: float, a: tuple[Any, ...], kw: dict[str, Any]
    ) -> T:
        slot = object()
        self._pending.add(slot)  # (counted from now: others let in meanwhile see it)
        try:
            pool = self._pool
            if pool is None or not pool.active:
                pool = await asyncio.to_thread(self._open)  # starting workers blocks: not here
            future = pool.schedule(work, a, kw, timeout=seconds)
        except (RuntimeError, OSError) as err:  # the next search opens a new pool
            log.warning("event=search_unanswered work=%s reason=broken error=%r", _name(work), err)
            raise Unanswered("broken") from err
        finally:
            self._pending.discard(slot)
        self._pending.add(future)
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if not future.cancelled() or (task is not None and task.cancelling()):
                raise  # the caller was cancelled (the worker is stopped with its task)
            raise Unanswered("stopped") from None  # the pool stopped under it

    def _open(self) -> ProcessPool:
        """The running pool, started here if it is not (in a worker thread: the fork server
        and the workers start while the event loop goes on)."""
        with self._opening:
            pool = self._pool
            if pool is not None and pool.active:
                return pool
            if pool is not None:  # broken (a worker died while no search ran): a new one
                _close(pool)
            context = multiprocessing.get_context(START_METHOD)
            if START_METHOD == "forkserver":
                context.set_forkserver_preload(PRELOAD)
            pool = ProcessPool(
                max_workers=self.workers,
                context=context,
                initializer=_prepare,
                initargs=(self.modules, self.nice),
            )
            if not pool.active:  # (asking starts it: its workers, from the fork server)
                raise RuntimeError("the search pool did not start")
            self._pool = pool
            log.info("event=search_pool_started workers=%s nice=%s", self.workers, self.nice)
            return pool

    def _rest(self) -> None:
        """A search ended: the pool stops once IDLE_SECONDS pass without another."""
        self._last = time.monotonic()
        if self._idle is not None:
            self._idle.cancel()
        self._idle = asyncio.get_running_loop().call_later(IDLE_SECONDS, self._if_idle)

    def _if_idle(self) -> None:
        if self.busy() or time.monotonic() - self._last < IDLE_SECONDS:
            return
        _stopping.add(task := asyncio.ensure_future(self.stop()))
        task.add_done_callback(_stopping.discard)

    async def stop(self) -> None:
        """Stop the workers (a search still running is Unanswered); the next search starts
        the pool again."""
        pool, self._pool = self._pool, None
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        for future in self._pending:
            if isinstance(future, Future):
                future.cancel()
        if pool is not None:
            await asyncio.to_thread(_close, pool)
            log.info("event=search_pool_stopped")


def _close(pool: ProcessPool) -> None:
    """Stop the workers (a running task is ended) and the pool's threads; waits for them."""
    pool.stop()  # type: ignore[no-untyped-call]  # (pebble leaves it unannotated)
    pool.join()


class _Process:
    """This process's pool and its size (one pool per process, whatever the dispatchers)."""

    workers: int | None = None  # SEARCH_WORKERS (None: the default)
    modules: tuple[str, ...] = ()  # EXTRA_GAMES: the workers load them too
    searches: Searches | None = None
    background: Searches | None = None  # `later`'s pool


_here = _Process()
_stopping: set[asyncio.Future[None]] = set()
_told: set[str] = set()  # the games whose searches were said to run in a thread


def configure(workers: int | None, modules: Iterable[str] = ()) -> None:
    """The pool's size (`Settings.search_workers`; None: `default_workers()`) and the modules
    of EXTRA_GAMES its workers load (`Settings.extra_games`), for the pool started next."""
    _here.workers, _here.modules = workers, tuple(modules)
    if _here.searches is not None and not _here.searches.started:
        _here.searches = None  # the next search makes one of this size
    if _here.background is not None and not _here.background.started:
        _here.background = None


def pool() -> Searches:
    """The process's pool of searches (made, not started, on first use)."""
    if _here.searches is None:
        _here.searches = Searches(_here.workers or default_workers(), _here.modules)
    return _here.searches


def background() -> Searches:
    """The process's pool of work no one waits for (`later`): one niced worker."""
    if _here.background is None:
        _here.background = Searches(1, _here.modules, nice=BACKGROUND_NICE)
    return _here.background


async def stop() -> None:
    """Stop the process's pools (the bot's shutdown): no worker outlives the bot."""
    for searches in (_here.searches, _here.background):
        if searches is not None:
            await searches.stop()


async def attempt(
    kind: str, seconds: float, work: Callable[P, T], /, *a: P.args, **kw: P.kwargs
) -> T:
    """`work(*a, **kw)`, a search about game `kind`, in the pool when there is room (else
    Unanswered at once), for at most `seconds` on its worker (Unanswered past it, or when the
    worker dies)."""
    if not knows(kind):
        return await asyncio.to_thread(work, *a, **kw)
    return await pool().run(work, True, seconds, *a, **kw)


async def offload(
    kind: str, seconds: float, work: Callable[P, T], /, *a: P.args, **kw: P.kwargs
) -> T:
    """`work(*a, **kw)`, work about game `kind` that must be done, in the pool (waiting for a
    worker however busy it is); in a thread when the pool gives no answer."""
    return await _done(pool, kind, seconds, work, *a, **kw)


async def later(
    kind: str, seconds: float, work: Callable[P, T], /, *a: P.args, **kw: P.kwargs
) -> T:
    """`work(*a, **kw)`, work about game `kind` no one waits for (the day's deals chosen
    ahead), on the background pool: never ahead of a player's search in a queue."""
    return await _done(background, kind, seconds, work, *a, **kw)


async def _done(
    lane: Callable[[], Searches],
    kind: str,
    seconds: float,
    work: Callable[P, T],
    /,
    *a: P.args,
    **kw: P.kwargs,
) -> T:
    """`work` on `lane`'s pool however busy it is; in a thread when it gives no answer,
    except when the pool was stopped under it (the bot stopping: a search begun now in a
    thread would hold the process's exit until it ends)."""
    if knows(kind):
        try:
            return await lane().run(work, False, seconds, *a, **kw)
        except Unanswered as err:
            if err.reason == "stopped":
                raise
            # (said in the log): done here instead, as it was before the pool
    return await asyncio.to_thread(work, *a, **kw)
