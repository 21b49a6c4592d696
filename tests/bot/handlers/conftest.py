"""Fixtures of the handler tests: `world` (see tests.support.world)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.support.recording import BotSession, bot_session  # noqa: F401  (fixture)
from tests.support.world import Clock, World, make_settings


@pytest.fixture
async def world(
    bot_session: BotSession,  # noqa: F811
    tmp_path: Path,
) -> AsyncIterator[World]:
    from bot.app import build_dispatcher
    from bot.storage.sqlite_store import SQLiteStore

    settings = make_settings(tmp_path)
    store = await SQLiteStore(settings.data_path).open()
    bot, session = bot_session
    clock = Clock()
    dp = build_dispatcher(bot, store, settings, clock=clock)
    try:
        yield World(bot, session, dp, store, settings, clock)
    finally:
        await dp["tables"].flood.close()
        await store.close()
