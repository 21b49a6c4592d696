"""Webhook mode: updates POSTed to WEBHOOK_PATH reach the handlers; a wrong secret is refused."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from bot.__main__ import webhook_app
from bot.app import build_dispatcher
from bot.storage.sqlite_store import SQLiteStore
from tests.support.recording import RecordingSession, make_bot
from tests.support.solitaire_driver import settings


async def test_webhook_delivers_updates_and_checks_the_secret(tmp_path: Path) -> None:
    bot, session = make_bot(RecordingSession(validate=True))
    store = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    cfg = settings(
        webhook_url="https://example.org", webhook_secret="s3cret-token", webhook_path="/tg"
    )
    dp = build_dispatcher(bot, store, cfg)
    app = webhook_app(bot, dp, cfg)
    ann = session.tg.add_user("Ann", language_code="en")
    update = session.user_message(ann, None, "/start")
    body = json.loads(update.model_dump_json(exclude_none=True))
    async with TestClient(TestServer(app)) as client:
        refused = await client.post(
            "/tg", json=body, headers={"X-Telegram-Bot-Api-Secret-Token": "wrong"}
        )
        assert refused.status == 401
        assert not session.calls("sendMessage")
        ok = await client.post(
            "/tg", json=body, headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret-token"}
        )
        assert ok.status == 200
        for _ in range(200):  # the update is handled in a background task
            if session.calls("sendMessage"):
                break
            await asyncio.sleep(0.02)
    menu = session.last_message(ann)
    assert any("Rules" in t for t in menu.button_texts())
    await store.close()
