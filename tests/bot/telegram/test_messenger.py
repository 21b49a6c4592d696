"""The one way to Telegram (bot.telegram.messenger, bot.telegram.answers) against a scripted fake
bot: what Telegram answers becomes what a caller can act on, aiogram's errors the ports'."""

from __future__ import annotations

from typing import Any

import pytest
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramRetryAfter,
)
from aiogram.methods import EditMessageText, SendMessage

from bot.games.ports import ChatMoved, RetryLater, Undeliverable
from bot.telegram import messenger
from bot.telegram.answers import CallbackAnswer
from bot.telegram.messenger import TelegramMessenger


class Msg:
    def __init__(self, message_id: int) -> None:
        self.message_id = message_id


class FakeBot:
    def __init__(self, edit_errors: list[Exception], send_errors: list[Exception] | None = None):
        self.edit_errors = edit_errors
        self.send_errors = send_errors or []
        self.edits: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []

    async def __call__(self, method: Any) -> Any:
        """Requests arrive as aiogram method objects (the bot's lean ones included)."""
        params = method.model_dump()
        if method.__api_method__ == "editMessageText":
            return await self.edit_message_text(**params)
        assert method.__api_method__ == "sendMessage"
        msg = await self.send_message(**params)
        return {"message_id": msg.message_id}

    async def edit_message_text(self, **kw: Any) -> bool:
        self.edits.append(kw)
        if self.edit_errors:
            raise self.edit_errors.pop(0)
        return True

    async def send_message(self, chat_id: int, text: str, **kw: Any) -> Msg:
        self.sent.append({"chat_id": chat_id, "text": text, **kw})
        if self.send_errors:
            raise self.send_errors.pop(0)
        return Msg(100 + len(self.sent))


EDIT = EditMessageText(text="x", chat_id=1, message_id=5)
SEND = SendMessage(chat_id=1, text="x")


pytestmark = pytest.mark.usefixtures("no_sleep")


def tg(bot: FakeBot) -> TelegramMessenger:
    return TelegramMessenger(bot)  # type: ignore[arg-type]


async def test_edit_in_place() -> None:
    bot = FakeBot([])
    assert await tg(bot).edit(1, 5, "board") == 5
    assert bot.edits[0]["parse_mode"] == "HTML" and not bot.sent


async def test_not_modified_is_ignored() -> None:
    bot = FakeBot([TelegramBadRequest(EDIT, "Bad Request: message is not modified")])
    assert await tg(bot).edit(1, 5, "board") == 5
    assert not bot.sent


async def test_retry_after_is_honoured(no_sleep: list[float]) -> None:
    bot = FakeBot([TelegramRetryAfter(EDIT, "Too Many Requests", 3)])
    assert await tg(bot).edit(1, 5, "board") == 5
    assert no_sleep == [3.0]
    assert len(bot.edits) == 2


async def test_retry_after_gives_up_after_bounded_attempts(no_sleep: list[float]) -> None:
    bot = FakeBot([TelegramRetryAfter(EDIT, "Too Many Requests", 1) for _ in range(10)])
    with pytest.raises(RetryLater):
        await tg(bot).edit(1, 5, "board")
    assert len(no_sleep) == messenger.MAX_RETRIES


async def test_retry_after_is_raised_at_once_when_the_caller_waits_itself(
    no_sleep: list[float],
) -> None:
    """The edit coalescer edits with retry=False: it keeps the chat's newest edit waiting."""
    bot = FakeBot([TelegramRetryAfter(EDIT, "Too Many Requests", 7)])
    with pytest.raises(RetryLater) as later:
        await tg(bot).edit(1, 5, "board", retry=False)
    assert later.value.seconds == 7.0 and no_sleep == [] and len(bot.edits) == 1


async def test_gone_message_falls_back_to_a_new_one() -> None:
    bot = FakeBot([TelegramBadRequest(EDIT, "Bad Request: message to edit not found")])
    assert await tg(bot).edit(1, 5, "board") == 101
    assert bot.sent[0]["text"] == "board"


async def test_other_bad_requests_surface_as_undeliverable() -> None:
    bot = FakeBot([TelegramBadRequest(EDIT, "Bad Request: can't parse entities")])
    with pytest.raises(Undeliverable, match="can't parse entities"):
        await tg(bot).edit(1, 5, "<b")


async def test_a_group_that_became_a_supergroup_is_reported_with_its_new_id() -> None:
    moved = TelegramMigrateToChat(SEND, "Bad Request: group chat was upgraded", -1009)
    bot = FakeBot([], [moved])
    with pytest.raises(ChatMoved) as raised:
        await tg(bot).send(-5, "hi")
    assert raised.value.new_chat_id == -1009


async def test_blocked_user_is_not_an_error() -> None:
    bot = FakeBot([], [TelegramForbiddenError(SEND, "Forbidden: bot was blocked by the user")])
    assert await tg(bot).send(1, "hi") is None


async def test_callback_answer_once() -> None:
    calls: list[tuple[str | None, bool]] = []

    class Query:
        id = "q1"

        @staticmethod
        async def bot(method: Any) -> bool:
            assert method.__api_method__ == "answerCallbackQuery"
            assert method.callback_query_id == "q1"
            calls.append((method.text, bool(method.show_alert)))
            return True

    box = CallbackAnswer(Query())  # type: ignore[arg-type]
    await box("Stale", alert=True)
    await box()
    assert calls == [("Stale", True)]
