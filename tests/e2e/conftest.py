"""Fixtures for end-to-end tests: the Bot API emulator and the real bot process.

    async def test_something(emulator, bot_process):
        bot = await bot_process()                      # python -m bot, polling the emulator
        alice = emulator.user("Alice")
        alice.send("/start")
        menu = await emulator.wait_message(alice, contains="Kosa")
        await bot.restart()

Every bot process started is stopped at teardown; the emulator fixture fails the test if any
request violated the Bot API spec; a failing test gets the bot's log tail (token redacted) and the
last Bot API requests appended to its report.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Awaitable, Callable, Generator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.botproc import BotProcess
from tests.e2e.emulator import Emulator

_db_index = itertools.cycle(range(1, 16))

BotFactory = Callable[..., Awaitable[BotProcess]]


@pytest.fixture
async def emulator(request: pytest.FixtureRequest) -> AsyncIterator[Emulator]:
    """A started Bot API emulator (strict, validating); asserts no spec violations at the end."""
    emu = Emulator()
    await emu.start()
    request.node._emulator = emu
    try:
        yield emu
    finally:
        await emu.stop()
    emu.assert_clean()


def fresh_redis_db(redis_url: str) -> str:
    """A per-test Redis database (1..15, flushed) on the session's redis-server, so that games and
    deadlines of one test never reach another test's bot."""
    import redis

    base = redis_url.rsplit("/", 1)[0]
    url = f"{base}/{next(_db_index)}"
    client = redis.Redis.from_url(url)
    try:
        client.flushdb()
    finally:
        client.close()
    return url


@pytest.fixture
async def bot_process(
    emulator: Emulator,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> AsyncIterator[BotFactory]:
    """Factory: ``await bot_process(**kw)`` starts ``python -m bot`` against the emulator and a
    fresh Redis database (all processes of one test share it) and waits until it polls.
    Keywords: env={...} (extra environment), turn_timeout=, language=, polling_timeout=,
    redis=False (the embedded SQLite store in tmp_path; no redis-server needed). At the end no
    process exited unasked or uncleanly, and Telegram's limits (the emulator's, in every chat)
    never answered the bot 429 (an injected 429 aside)."""
    procs: list[BotProcess] = []
    request.node._bot_processes = procs
    db_url: list[str] = []

    async def start(*, redis: bool = True, **kw: Any) -> BotProcess:
        if redis and not db_url:
            db_url.append(fresh_redis_db(request.getfixturevalue("redis_url")))
        bp = BotProcess(
            emulator,
            redis_url=db_url[0] if redis else None,
            log_path=tmp_path / f"bot{len(procs)}.log",
            **kw,
        )
        procs.append(bp)
        return await bp.start()

    try:
        yield start
    finally:
        for bp in procs:
            await bp.stop()
    problems = [f"bot process {i}: {p}" for i, bp in enumerate(procs) for p in bp.problems]
    if procs and emulator.tg.limits.refused:  # the bot paces every chat: Telegram never says 429
        too_many = [r.line() for r in emulator.requests if r.status == 429]
        problems.append(f"{emulator.tg.limits.refused} writes past Telegram's limits: {too_many}")
    assert not problems, "\n".join(problems)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Any, None]:
    outcome: Any = yield
    report = outcome.get_result()
    if not report.failed:
        return
    for i, bp in enumerate(getattr(item, "_bot_processes", [])):
        report.sections.append((f"bot process {i} log (tail)", bp.log_tail()))
    emu = getattr(item, "_emulator", None)
    if emu is not None:
        report.sections.append(("emulator: last Bot API requests", emu.recent(40)))
