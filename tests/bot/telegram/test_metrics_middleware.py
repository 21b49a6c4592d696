"""The Telegram side's metrics: updates counted and timed by type through the real dispatcher,
failed Bot API calls counted by kind and method through the bot's real session."""

from __future__ import annotations

from pathlib import Path

import pytest
from aiogram.exceptions import TelegramAPIError
from prometheus_client import REGISTRY

from bot.app import build_dispatcher
from bot.storage.sqlite_store import SQLiteStore
from bot.telegram import metrics_middleware
from bot.telegram.metrics_middleware import UpdateMetrics
from bot.telegram.middlewares import ErrorMiddleware, LanguageMiddleware
from tests.support.recording import ApiError, RecordingSession, make_bot, retry_after_error
from tests.support.solitaire_driver import settings


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


async def test_updates_are_counted_and_timed_by_type(tmp_path: Path) -> None:
    bot, session = make_bot(RecordingSession())
    store = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    try:
        dp = build_dispatcher(bot, store, settings())
        others = list(dp.update.outer_middleware)
        assert {ErrorMiddleware, LanguageMiddleware} <= {type(m) for m in others}
        metrics_middleware.install(bot, dp)
        chain = list(dp.update.outer_middleware)
        assert isinstance(chain[0], UpdateMetrics), "first, so its time covers the others"
        assert chain[1:] == others, "the others keep their order"

        messages = sample("cardbot_updates_total", type="message")
        timed = sample("cardbot_update_seconds_count", type="message")
        taps = sample("cardbot_updates_total", type="callback_query")
        ann = session.tg.add_user("Ann", language_code="en")
        await dp.feed_update(bot, session.user_message(ann, None, "/start"))
        await dp.feed_update(bot, session.user_message(ann, None, "/rules"))
        menu = session.last_message(ann)
        await dp.feed_update(bot, session.tap(ann, menu, menu.button_texts()[0]))

        assert sample("cardbot_updates_total", type="message") == messages + 2
        assert sample("cardbot_update_seconds_count", type="message") == timed + 2
        assert sample("cardbot_updates_total", type="callback_query") == taps + 1
        assert sample("cardbot_update_seconds_sum", type="message") > 0
    finally:
        await store.close()


@pytest.mark.parametrize(
    ("error", "kind"),
    [
        (retry_after_error(3), "429"),
        (ApiError(400, "Bad Request: message is not modified"), "400"),
        (ApiError(403, "Forbidden: bot was blocked by the user"), "403"),
        (ApiError(502, "Bad Gateway"), "other"),
    ],
)
async def test_failed_bot_api_calls_are_counted_by_kind(error: ApiError, kind: str) -> None:
    bot, session = make_bot(RecordingSession())
    bot.session.middleware(metrics_middleware.TelegramErrorMetrics())
    ann = session.tg.add_user("Ann", language_code="en")
    session.tg.private_chat(ann)
    before = {
        k: sample("cardbot_telegram_errors_total", kind=k, method="sendMessage")
        for k in ("429", "400", "403", "other")
    }

    session.tg.inject(error, "sendMessage")
    with pytest.raises(TelegramAPIError):
        await bot.send_message(ann.id, "hello")
    await bot.send_message(ann.id, "hello")  # no error: nothing counted

    after = {
        k: sample("cardbot_telegram_errors_total", kind=k, method="sendMessage") for k in before
    }
    assert after == {k: v + (1 if k == kind else 0) for k, v in before.items()}
