"""Webhook mode (bot.webhook): an update POSTed to WEBHOOK_PATH is answered only once it was
handled; Telegram's retry of a handled update changes nothing; a wrong secret, a body that is
no update, and a draining process are refused."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.__main__ import webhook_app
from bot.app import build_dispatcher
from bot.storage.sqlite_store import SQLiteStore
from bot.webhook import WebhookReceiver
from tests.support.recording import RecordingSession, make_bot
from tests.support.solitaire_driver import settings

SECRET = {"X-Telegram-Bot-Api-Secret-Token": "s3cret-token"}


class Hook:
    def __init__(self, client: TestClient[Any, Any], session: RecordingSession) -> None:
        self.client, self.session = client, session
        self.receiver: WebhookReceiver

    async def post(self, body: Any, headers: dict[str, str] | None = None) -> int:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        reply = await self.client.post(
            "/tg", data=data, headers=SECRET if headers is None else headers
        )
        return reply.status


@pytest.fixture
async def hook(tmp_path: Path) -> AsyncIterator[Hook]:
    bot, session = make_bot(RecordingSession(validate=True))
    store = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    cfg = settings(
        webhook_url="https://example.org", webhook_secret="s3cret-token", webhook_path="/tg"
    )
    dp = build_dispatcher(bot, store, cfg)
    app, receiver = webhook_app(bot, dp, cfg)
    async with TestClient(TestServer(app)) as client:
        h = Hook(client, session)
        h.receiver = receiver
        yield h
    await store.close()


def start_update(session: RecordingSession, name: str = "Ann") -> dict[str, Any]:
    user = session.tg.add_user(name, language_code="en")
    update = session.user_message(user, None, "/start")
    body: dict[str, Any] = json.loads(update.model_dump_json(exclude_none=True))
    return body


async def test_an_update_is_answered_after_it_was_handled(hook: Hook) -> None:
    body = start_update(hook.session)
    assert await hook.post(body) == 200
    menu = hook.session.calls("sendMessage")  # already sent when Telegram got its 200
    assert len(menu) == 1
    assert "Rules" in json.dumps(menu[0])


async def test_a_wrong_secret_is_refused(hook: Hook) -> None:
    body = start_update(hook.session)
    assert await hook.post(body, {"X-Telegram-Bot-Api-Secret-Token": "wrong"}) == 401
    assert await hook.post(body, {}) == 401
    assert not hook.session.calls("sendMessage")


async def test_telegrams_retry_of_a_handled_update_changes_nothing(hook: Hook) -> None:
    body = start_update(hook.session)
    assert await hook.post(body) == 200
    assert await hook.post(body) == 200  # the 200 was lost on the way: Telegram sends it again
    assert len(hook.session.calls("sendMessage")) == 1
    other = start_update(hook.session, "Bea")
    assert await hook.post(other) == 200
    assert len(hook.session.calls("sendMessage")) == 2


async def test_a_body_that_is_no_update_is_refused(hook: Hook) -> None:
    assert await hook.post(b"{not json") == 400
    assert await hook.post({"message": {}}) == 400
    assert await hook.post([1, 2]) == 400
    assert not hook.session.calls("sendMessage")


async def test_draining_refuses_new_updates_and_finishes_those_in_flight(hook: Hook) -> None:
    started, release = asyncio.Event(), asyncio.Event()
    real_feed = hook.receiver._feed

    async def slow_feed(update: Any) -> None:
        started.set()
        await release.wait()
        await real_feed(update)

    hook.receiver._feed = slow_feed  # type: ignore[method-assign]
    in_flight = asyncio.create_task(hook.post(start_update(hook.session)))
    await started.wait()
    drained = asyncio.create_task(hook.receiver.drain(timeout=5.0))
    await asyncio.sleep(0.05)
    assert await hook.post(start_update(hook.session, "Bea")) == 503
    assert not drained.done()  # still waits for the update in flight
    release.set()
    assert await in_flight == 200
    assert await drained is True
    assert len(hook.session.calls("sendMessage")) == 1
