"""Fixtures of the handler tests: `world` (see tests.support.world)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiogram import Dispatcher

from bot.config import Settings
from bot.storage import Store
from bot.telegram import messenger
from bot.wire import flood
from tests.support.recording import BotSession, bot_session  # noqa: F401  (fixture)
from tests.support.world import Clock, World, make_settings


@pytest.fixture
async def world(
    bot_session: BotSession,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[World]:
    from bot.app import build_dispatcher
    from bot.storage.sqlite_store import SQLiteStore

    settings = make_settings(tmp_path)
    store = await SQLiteStore(settings.data_path).open()
    bot, session = bot_session
    clock = world_time(monkeypatch)
    dp = build_dispatcher(bot, store, settings, clock=clock, sleep=clock.sleep)
    try:
        yield World(bot, session, dp, store, settings, clock)
    finally:
        await dp["tables"].flood.close()
        await dp["tables"].inline_flood.close()
        await store.close()


def world_time(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """The world's clock, also what the bot's waits sleep on (a RetryAfter's retry, the
    coalescers): virtual time passes while they wait, as Telegram's limits expect."""
    clock = Clock()
    monkeypatch.setattr(messenger, "sleep", clock.sleep)
    monkeypatch.setattr(flood, "sleep", clock.sleep)
    return clock


async def open_store(request: pytest.FixtureRequest, settings: Settings) -> Store:
    """The store a parametrised fixture asks for: SQLite, or the session's real Redis under a
    fresh key prefix (tests sharing one server never see each other's keys)."""
    from bot.storage.redis_store import RedisStore
    from bot.storage.sqlite_store import SQLiteStore

    if request.param == "sqlite":
        return await SQLiteStore(settings.data_path).open()
    url = request.getfixturevalue("redis_url")
    return await RedisStore(url, prefix="w" + uuid.uuid4().hex[:8]).open()


@pytest.fixture(params=["sqlite", "redis"])
async def replicas(
    request: pytest.FixtureRequest,
    bot_session: BotSession,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[tuple[World, Dispatcher]]:
    """A world and a second bot process (its own dispatcher and services) on one store."""
    from bot.app import build_dispatcher

    settings = make_settings(tmp_path)
    store = await open_store(request, settings)
    bot, session = bot_session
    clock = world_time(monkeypatch)
    dps = [build_dispatcher(bot, store, settings, clock=clock, sleep=clock.sleep) for _ in range(2)]
    try:
        yield World(bot, session, dps[0], store, settings, clock), dps[1]
    finally:
        for dp in dps:
            await dp["tables"].flood.close()
            await dp["tables"].inline_flood.close()
        await dp["tables"].inline_flood.close()
        await store.close()


@pytest.fixture(params=["sqlite", "redis"])
async def any_world(
    request: pytest.FixtureRequest,
    bot_session: BotSession,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[World]:
    """A world on each store in turn: SQLite, and a real Redis (a fresh key prefix)."""
    from bot.app import build_dispatcher

    settings = make_settings(tmp_path)
    store = await open_store(request, settings)
    bot, session = bot_session
    clock = world_time(monkeypatch)
    dp = build_dispatcher(bot, store, settings, clock=clock, sleep=clock.sleep)
    try:
        yield World(bot, session, dp, store, settings, clock)
    finally:
        await dp["tables"].flood.close()
        await dp["tables"].inline_flood.close()
        await store.close()
