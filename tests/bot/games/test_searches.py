"""The pool of search workers (`bot.games.searches`): a search runs in a worker process, never
in the bot's; a worker killed mid-search fails that search alone and is replaced; a search past
its time is given up and its worker replaced; a full pool refuses a hint at once while work that
must be done waits its turn; the pool stops with the bot and leaves no process behind, and no
search begun again in the bot's own process. (What a
player sees of it — the computer's guess — is in tests/bot/handlers/test_hint_pool.py.)"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import rules
from bot import registry
from bot.games import searches
from bot.games.solitaire import hints
from rules import registry as rules_registry
from tests.support import searching
from tests.support.searching import SLOW_START, alive, stuck_worker
from tests.support.waiting import until
from tests.toy import ladder_spec

KIND = "raspad"  # a game the workers know
Lane = Callable[..., Awaitable[Any]]  # searches.offload, searches.later


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


@pytest.fixture
async def fresh() -> AsyncIterator[None]:
    """Each test starts with no search in the pool, and leaves none."""
    await until(lambda: searches.pool().busy() == 0, "earlier searches to end", SLOW_START)
    yield
    await searches.stop()


async def test_a_search_runs_in_a_worker_process_forked_from_a_server(fresh: None) -> None:
    worker = await searches.attempt(KIND, 30.0, searching.pid)
    assert worker != os.getpid()
    assert parent_of(worker) != os.getpid()  # not a fork of the bot: of the fork server
    assert await searches.offload(KIND, 30.0, searching.add, 2, 3) == 5
    assert searches.pool().ran["pid"] >= 1


async def test_an_error_of_the_search_itself_is_raised_as_it_is(fresh: None) -> None:
    with pytest.raises(ValueError, match="a bug in a search"):
        await searches.attempt(KIND, 30.0, searching.fails)


async def test_a_game_the_workers_do_not_know_is_searched_here(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # (a game registered at run time, as the tests' toys are: the workers' registry lacks it)
    with ladder_spec.registered():
        assert registry.loaded_by("ladder") is None
        assert await searches.attempt("ladder", 30.0, searching.pid) == os.getpid()
        assert await searches.attempt("ladder", 30.0, searching.pid) == os.getpid()
    said = [r.getMessage() for r in caplog.records if "event=search_in_thread" in r.getMessage()]
    assert len(said) <= 1  # once a process (an earlier test may have said it)


async def test_the_workers_offer_the_games_of_extra_games() -> None:
    """Each worker loads the modules of EXTRA_GAMES when it starts (the toy Ladder with its
    solver, here), so it offers what the bot offers; a pool without them does not."""
    toy, plain = searches.Searches(1, ("tests.toy.ladder_solved",)), searches.Searches(1)
    try:
        kinds, solver = await toy.run(searching.offered, False, SLOW_START, "ladder")
        assert "ladder" in kinds and solver and KIND in kinds
        kinds, solver = await plain.run(searching.offered, False, SLOW_START, "ladder")
        assert "ladder" not in kinds and not solver and KIND in kinds
    finally:
        await toy.stop()
        await plain.stop()
    here = registry.GAMES.get("ladder")
    assert here is None or here.solver is None  # (the bot's process is untouched)


async def test_a_game_of_extra_games_is_searched_in_the_pool(fresh: None) -> None:
    """The toy Ladder with its solver, loaded as EXTRA_GAMES loads it, is a game the workers
    offer: its hint is searched in the pool (not in a thread here) and is the solver's."""
    before, rules_before = registry.GAMES.get("ladder"), rules.GAMES.get("ladder")
    workers = searches._here.workers
    await searches.stop()
    searches.configure(1, ["tests.toy.ladder_solved"])
    try:
        registry.load(["tests.toy.ladder_solved"])
        assert registry.loaded_by("ladder") == "tests.toy.ladder_solved"
        assert searches.knows("ladder") and searches.knows(KIND)
        state = rules.GAMES["ladder"].new_game({"ranks": 4}, seed=3)
        budgets = (hints.HINT_BUDGET["ladder"], hints.WALK_BUDGET["ladder"])
        advice = await searches.attempt(
            "ladder", SLOW_START, hints.consult, "ladder", state, "", [], 0, budgets
        )
        assert advice.verdict == hints.WON and advice.line
        assert searches.pool().ran["consult"] == 1  # in the pool
    finally:
        await searches.stop()
        searches.configure(workers)
        if before is None:
            registry.unregister("ladder")
        else:
            registry.register(before)
        if rules_before is None:
            rules_registry.unregister("ladder")
        else:
            rules_registry.register(rules_before)


async def test_a_worker_killed_mid_search_fails_that_search_and_is_replaced(fresh: None) -> None:
    task = asyncio.ensure_future(searches.attempt(KIND, 3600.0, searching.stuck))
    worker = await stuck_worker(task)
    os.kill(worker, signal.SIGKILL)
    with pytest.raises(searches.Unanswered) as no_answer:
        await asyncio.wait_for(task, SLOW_START)
    assert no_answer.value.reason == "died"
    replaced = await searches.attempt(KIND, 30.0, searching.pid)
    assert replaced != worker and alive(replaced)


async def test_an_idle_worker_killed_is_replaced_too(fresh: None) -> None:
    worker = await searches.attempt(KIND, 30.0, searching.pid)
    os.kill(worker, signal.SIGKILL)
    await until(lambda: not alive(worker), "the killed worker to end")
    assert await searches.attempt(KIND, 30.0, searching.add, 1, 1) == 2


async def test_a_search_past_its_time_is_given_up_and_its_worker_stopped(fresh: None) -> None:
    # a time limit of a second: the stuck search passes it (the production ones are seconds)
    task = asyncio.ensure_future(searches.attempt(KIND, 1.0, searching.stuck))
    worker = await stuck_worker(task)
    with pytest.raises(searches.Unanswered) as no_answer:
        await asyncio.wait_for(task, SLOW_START)
    assert no_answer.value.reason == "time"
    await until(lambda: not alive(worker), "the worker past its time to be stopped")
    assert await searches.attempt(KIND, 30.0, searching.add, 2, 2) == 4


async def test_a_full_pool_refuses_a_hint_at_once_and_work_that_must_be_done_waits(
    fresh: None,
) -> None:
    pool = searches.pool()
    stuck = [
        asyncio.ensure_future(searches.attempt(KIND, 3600.0, searching.stuck))
        for _ in range(pool.limit)
    ]
    try:
        await until(lambda: pool.busy() == pool.limit, "the pool to fill")
        with pytest.raises(searches.Unanswered) as no_answer:
            await searches.attempt(KIND, 30.0, searching.pid)
        assert no_answer.value.reason == "busy"
        waiting = asyncio.ensure_future(searches.offload(KIND, 30.0, searching.add, 3, 4))
        await until(lambda: pool.busy() == pool.limit + 1, "the work to wait its turn")
        assert not waiting.done()
    finally:
        for task in stuck:
            task.cancel()  # given up: their workers are stopped, the waiting work goes on
    assert await asyncio.wait_for(waiting, SLOW_START) == 7


async def test_work_no_one_waits_for_never_holds_up_a_player_s(fresh: None) -> None:
    """The day's deals chosen ahead (`later`: seconds of search) run on a pool of their own, one
    worker at a lower priority: a computer's move or a hint asked meanwhile is answered at once,
    even on a machine whose search pool has one worker."""
    choosing = asyncio.ensure_future(searches.later(KIND, 3600.0, searching.stuck))
    try:
        worker = await stuck_worker(choosing)
        nice = int(Path(f"/proc/{worker}/stat").read_text().rsplit(")", 1)[1].split()[16])
        assert nice == searches.BACKGROUND_NICE  # it yields the CPU to the bot's own work
        assert await asyncio.wait_for(searches.offload(KIND, 30.0, searching.add, 1, 2), 30) == 3
        assert await asyncio.wait_for(searches.attempt(KIND, 30.0, searching.add, 2, 2), 30) == 4
        assert not choosing.done()
    finally:
        choosing.cancel()


async def test_stopping_the_pool_leaves_no_worker(fresh: None) -> None:
    task = asyncio.ensure_future(searches.attempt(KIND, 3600.0, searching.stuck))
    worker = await stuck_worker(task)
    await searches.stop()
    with pytest.raises(searches.Unanswered) as no_answer:
        await asyncio.wait_for(task, SLOW_START)
    assert no_answer.value.reason == "stopped"
    await until(lambda: not alive(worker), "the worker to end with the pool")
    assert await searches.attempt(KIND, 30.0, searching.pid) != worker  # started again


@pytest.mark.parametrize("lane", [searches.offload, searches.later])
async def test_work_that_must_be_done_is_not_begun_again_in_a_thread_when_the_bot_stops(
    fresh: None, lane: Lane
) -> None:
    """A stop (the bot's shutdown) under work that must be done: the caller hears the pool
    stopped; no search starts again in the bot's own process (the process's exit would wait
    for that thread: the bot did not stop within 10 s of SIGTERM in CI)."""
    task = asyncio.ensure_future(lane(KIND, 3600.0, searching.stuck))
    worker = await stuck_worker(task)
    await searches.stop()
    with pytest.raises(searches.Unanswered) as no_answer:
        await asyncio.wait_for(task, SLOW_START)
    assert no_answer.value.reason == "stopped"
    await until(lambda: not alive(worker), "the worker to end with the pool")


async def test_an_idle_pool_stops_and_the_next_search_starts_it_again(
    fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a pool idle for a tenth of a second: production's IDLE_SECONDS would be a long wait here
    monkeypatch.setattr(searches, "IDLE_SECONDS", 0.1)
    worker = await searches.attempt(KIND, 30.0, searching.pid)
    await until(lambda: not searches.pool().started, "the idle pool to stop", SLOW_START)
    await until(lambda: not alive(worker), "its worker to end", SLOW_START)
    assert alive(await searches.attempt(KIND, 30.0, searching.pid))


async def test_a_hint_from_the_pool_is_the_one_searched_here(fresh: None) -> None:
    """Budgets count positions: a worker's answer (verdict, move, proved line) is the one the
    bot's own process gives."""
    game = rules.GAMES["raspad"]
    for seed in range(3):
        state = game.new_game(None, seed=seed)
        for _ in range(seed * 4):  # a little way into the deal
            state = game.apply(state, game.suggest(state, 0, 0), 0)
        here = hints.consult("raspad", state, "", [], 0)
        assert await searches.attempt(KIND, 60.0, hints.consult, "raspad", state, "", [], 0) == here
