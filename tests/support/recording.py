"""A fake Telegram for handler tests: records and validates every Bot API request.

Two layers:

``FakeTelegram``   the state of a pretend Telegram (users, chats, messages with their current text
                   and keyboard, callback answers, per-chat edit log, error injection).  It answers
                   Bot API calls as JSON (``handle(method, params)``) or raises ``ApiError`` with
                   Telegram's own error text.  The e2e emulator (tests/e2e/emulator.py) serves the
                   same engine over HTTP.
``RecordingSession``  an aiogram ``BaseSession`` that serialises each request exactly as aiogram's
                   sessions do (``BaseSession.prepare_value``: defaults resolved, objects dumped,
                   ``None`` dropped), validates it against the Bot API 10.3 schema
                   (tests/support/telegram_spec.py; an error raises ``AssertionError`` and is
                   kept in ``session.violations``), then lets ``FakeTelegram`` answer.

Quick use in a handler test::

    from tests.support.recording import bot_session  # noqa: F401  (the fixture)

    async def test_start(bot_session):
        bot, session = bot_session
        dp = build_dispatcher(bot, ...)
        alice = session.tg.add_user(first_name="Alice")
        await dp.feed_update(bot, session.user_message(alice, alice, "/start"))
        msg = session.last_message(alice.id)
        assert "Kosa" in msg.button_texts()
        await dp.feed_update(bot, session.tap(alice, msg, "Kosa"))

Where things are (every name below is importable from here too):

``tests.support.tg_model``      the bot's identity, users, chats, topics, messages (``TgUser``,
                                ``TgChat``, ``TgTopic``, ``TgMessage``, ``find_button``), the
                                records of callbacks, injections and calls
``tests.support.tg_errors``     Telegram's error texts and ``ApiError``
``tests.support.tg_world``      the fake's world: users, chats, topics, messages, what users do
``tests.support.tg_info_api``   the Bot API calls about the bot and chats
``tests.support.fake_telegram`` ``FakeTelegram``: ``handle``, the calls about messages, error
                                injection, what tests read back
``tests.support.recording_session``  ``RecordingSession`` and ``serialize``
``tests.support.tg_updates``    ``update_of`` and the stand-alone update builders
this module                     ``make_bot``, ``BotSession`` and the ``bot_session`` fixture
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import pytest
from aiogram import Bot
from aiogram.client.default import DefaultBotProperties

from tests.support import telegram_spec
from tests.support.fake_telegram import FakeTelegram
from tests.support.recording_session import JSON_FIELDS, Migration, RecordingSession, serialize
from tests.support.tg_errors import (
    BLOCKED,
    CANT_DELETE,
    CANT_EDIT,
    CANT_INITIATE,
    CHAT_NOT_FOUND,
    DELETE_NOT_FOUND,
    EDIT_NOT_FOUND,
    MIGRATED,
    NOT_MEMBER,
    NOT_MODIFIED,
    QUERY_INVALID,
    THREAD_NOT_FOUND,
    TOPIC_CLOSED,
    USER_NOT_FOUND,
    ApiError,
    migrated_error,
    retry_after_error,
)
from tests.support.tg_model import (
    BOT_ID,
    BOT_NAME,
    BOT_USERNAME,
    GROUP_ANONYMOUS_BOT,
    TOKEN,
    TOPIC_ICON_COLOR,
    Call,
    CallbackRecord,
    ChatType,
    Injection,
    TgChat,
    TgMessage,
    TgTopic,
    TgUser,
    command_entities,
    find_button,
    shown_text,
)
from tests.support.tg_updates import (
    make_callback_update,
    make_message_update,
    make_user,
    update_of,
)

__all__ = [
    "BLOCKED",
    "BOT_ID",
    "BOT_NAME",
    "BOT_USERNAME",
    "CANT_DELETE",
    "CANT_EDIT",
    "CANT_INITIATE",
    "CHAT_NOT_FOUND",
    "DELETE_NOT_FOUND",
    "EDIT_NOT_FOUND",
    "GROUP_ANONYMOUS_BOT",
    "JSON_FIELDS",
    "MIGRATED",
    "NOT_MEMBER",
    "NOT_MODIFIED",
    "QUERY_INVALID",
    "THREAD_NOT_FOUND",
    "TOKEN",
    "TOPIC_CLOSED",
    "TOPIC_ICON_COLOR",
    "USER_NOT_FOUND",
    "ApiError",
    "BotSession",
    "Call",
    "CallbackRecord",
    "ChatType",
    "FakeTelegram",
    "Injection",
    "Migration",
    "RecordingSession",
    "TgChat",
    "TgMessage",
    "TgTopic",
    "TgUser",
    "bot_session",
    "command_entities",
    "find_button",
    "make_bot",
    "make_callback_update",
    "make_message_update",
    "make_user",
    "migrated_error",
    "retry_after_error",
    "serialize",
    "shown_text",
    "update_of",
]


class BotSession(NamedTuple):
    bot: Bot
    session: RecordingSession


def make_bot(
    session: RecordingSession | None = None,
    *,
    parse_mode: str | None = "HTML",
    token: str = TOKEN,
) -> BotSession:
    """A Bot wired to a RecordingSession (every request validated)."""
    session = session if session is not None else RecordingSession()
    bot = Bot(token=token, session=session, default=DefaultBotProperties(parse_mode=parse_mode))
    session.bot = bot
    return BotSession(bot, session)


@pytest.fixture
def bot_session() -> Iterator[BotSession]:
    """(bot, session) for Dispatcher.feed_update tests; at teardown fails if any request
    violated the spec, even if a handler swallowed the error."""
    telegram_spec.require_spec()
    pair = make_bot(RecordingSession(validate=True))
    yield pair
    assert not pair.session.violations, "Bot API violations:\n" + "\n".join(pair.session.violations)
