"""Fixtures shared by the handler tests: a harness on a recording session, and no real sleeps."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.config import GameModules
from bot.storage import Store
from bot.storage.redis_store import RedisStore
from bot.storage.sqlite_store import SQLiteStore
from bot.telegram import messenger
from bot.wire import flood
from tests import toy
from tests.support.recording import RecordingSession, make_bot
from tests.support.solitaire_driver import Harness
from tests.support.virtual_time import VirtualClock
from tests.toy import ladder_spec

# The games every test here sees: the built-in ones and EXTRA_GAMES'. The toys of `tests/toy`
# register themselves when imported; they are imported here, before any test module of this
# folder is collected (a test's parameters may read the registry), and withdrawn unless
# EXTRA_GAMES names them: then only the tests that play them offer them (`toy.registered`).
EXTRA_GAMES = GameModules().extra_games
toy.withdrawn_unless(EXTRA_GAMES, "tests.toy", toy.KINDS)
toy.withdrawn_unless(EXTRA_GAMES, "tests.toy.ladder_spec", (ladder_spec.KIND,))


@pytest.fixture
def no_sleep(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Record the seconds the Telegram I/O helpers and the edit coalescers would sleep (RetryAfter)
    instead of sleeping."""
    slept: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(messenger, "sleep", fake_sleep)
    monkeypatch.setattr(flood, "sleep", fake_sleep)
    return slept


@pytest.fixture(params=["sqlite", "redis"])
async def h(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Harness]:
    """A dispatcher on a validating recording session, once on the SQLite store and once on
    Redis (a real server; that store remembers recent games and plays moves optimistically);
    at the end no request broke the Bot API spec and every callback was answered. The bot's
    waits (a RetryAfter's retry) sleep on the fake Telegram's virtual time."""
    bot, session = make_bot(RecordingSession(validate=True))
    clock = session.tg.clock
    if isinstance(clock, VirtualClock):
        monkeypatch.setattr(messenger, "sleep", clock.sleep)
        monkeypatch.setattr(flood, "sleep", clock.sleep)
    store: Store
    if request.param == "sqlite":
        store = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    else:
        url = request.getfixturevalue("redis_url")
        store = await RedisStore(url, prefix="h" + uuid.uuid4().hex[:8]).open()
    yield Harness.build(bot, session, store)
    await store.close()
    assert not session.violations
    assert not session.tg.unanswered_callbacks(), "every callback must be answered"
