"""Safe Telegram calls: edits that tolerate "not modified", RetryAfter and vanished messages;
callback answers that never raise and happen exactly once."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

from aiogram import Bot
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramRetryAfter,
)
from aiogram.methods import (
    AnswerCallbackQuery,
    DeleteMessage,
    EditMessageReplyMarkup,
    EditMessageText,
    GetChatMember,
    GetMe,
    Response,
    SendMessage,
)
from aiogram.types import CallbackQuery, InlineKeyboardMarkup

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_RETRIES = 3
MAX_RETRY_SLEEP = 60.0

sleep: Callable[[float], Awaitable[None]] = asyncio.sleep  # replaced in tests


class _EditBoard(EditMessageText):
    """editMessageText whose result (the whole edited Message, keyboard included) is not parsed
    into objects: nobody reads it, and parsing it was a third of an edit's cost. Errors are
    raised exactly as for EditMessageText.

    Its reply_markup is the keyboard already dumped without its empty fields (see `_compact`):
    aiogram would dump every button with its dozen unset fields and then walk them all in
    Python only to drop them again; the request sent is the same."""

    __returning__ = Any  # type: ignore[assignment]
    reply_markup: Any = None


def _compact(markup: InlineKeyboardMarkup | None) -> dict[str, Any] | None:
    """The keyboard as the request carries it (unset fields dropped, as aiogram drops them)."""
    return None if markup is None else markup.model_dump(exclude_none=True)


# aiogram parses every Bot API answer as `Response[method.__returning__]`, a pydantic generic
# model that pydantic caches only weakly: whenever the garbage collector runs, the next request
# rebuilds the model class (~3 ms of schema building, on average ~0.2 ms per update in the
# throughput benchmark). Holding the parametrisations the bot uses keeps them cached.
_RESPONSE_TYPES = tuple(
    cast(Any, Response)[m.__returning__]
    for m in (AnswerCallbackQuery, SendMessage, EditMessageText, _EditBoard,
              EditMessageReplyMarkup, DeleteMessage, GetMe, GetChatMember)
)


def _is_not_modified(err: TelegramBadRequest) -> bool:
    return "message is not modified" in err.message.lower()


def _is_gone(err: TelegramBadRequest) -> bool:
    text = err.message.lower()
    return any(
        s in text
        for s in (
            "message to edit not found",
            "message can't be edited",
            "message to delete not found",
            "message_id_invalid",
            "message not found",
        )
    )


async def with_retry(call: Callable[[], Awaitable[T]], what: str = "request") -> T:
    """Run `call`, sleeping and retrying (at most MAX_RETRIES times) on RetryAfter."""
    for attempt in range(MAX_RETRIES + 1):
        try:
            return await call()
        except TelegramRetryAfter as err:
            if attempt == MAX_RETRIES:
                raise
            delay = min(float(err.retry_after), MAX_RETRY_SLEEP)
            log.warning("event=retry_after what=%s sleep=%.1f attempt=%d", what, delay, attempt + 1)
            await sleep(delay)
    raise AssertionError("unreachable")


async def send(
    bot: Bot,
    chat_id: int,
    text: str,
    markup: InlineKeyboardMarkup | None = None,
    **kwargs: Any,
) -> int | None:
    """Send an HTML message; its message_id, or None when the chat refuses (blocked bot)."""
    try:
        msg = await with_retry(
            lambda: bot.send_message(
                chat_id, text, reply_markup=markup, parse_mode="HTML", **kwargs
            ),
            "sendMessage",
        )
    except TelegramForbiddenError as err:
        log.info("event=send_forbidden chat=%s error=%s", chat_id, err.message)
        return None
    return msg.message_id


async def edit(
    bot: Bot,
    chat_id: int,
    message_id: int | None,
    text: str,
    markup: InlineKeyboardMarkup | None = None,
) -> int | None:
    """Edit a message in place; returns the id of the message that now shows `text`.

    "message is not modified" is ignored; RetryAfter is honoured; when the message is gone
    (deleted, too old to edit) a new message is sent instead and its id returned.
    """
    if message_id is not None:
        keyboard = _compact(markup)
        try:
            await with_retry(
                lambda: bot(
                    _EditBoard(  # type: ignore[call-arg]
                        text=text,
                        chat_id=chat_id,
                        message_id=message_id,
                        reply_markup=keyboard,
                        parse_mode="HTML",
                    )
                ),
                "editMessageText",
            )
            return message_id
        except TelegramBadRequest as err:
            if _is_not_modified(err):
                return message_id
            if not _is_gone(err):
                raise
            log.info("event=edit_fallback chat=%s message=%s error=%s", chat_id, message_id,
                     err.message)
        except TelegramForbiddenError as err:
            log.info("event=edit_forbidden chat=%s error=%s", chat_id, err.message)
            return None
    return await send(bot, chat_id, text, markup)


async def delete(bot: Bot, chat_id: int, message_id: int) -> bool:
    try:
        return bool(await with_retry(lambda: bot.delete_message(chat_id, message_id), "delete"))
    except TelegramAPIError as err:
        log.info("event=delete_failed chat=%s message=%s error=%s", chat_id, message_id, err)
        return False


async def answer(query: CallbackQuery, text: str | None = None, alert: bool = False) -> bool:
    """Answer a callback query; never raises (a query may be too old to answer)."""
    try:
        await query.answer(text=text, show_alert=alert)
        return True
    except TelegramAPIError as err:
        log.info("event=answer_failed query=%s error=%s", query.id, err)
        return False


class CallbackAnswer:
    """Answers one callback query at most once (handler data key `answer`).

    A handler calls `await answer("text", alert=True)` when it has something to say; the
    middleware answers silently afterwards when the handler did not.
    """

    def __init__(self, query: CallbackQuery) -> None:
        self.query = query
        self.answered = False

    async def __call__(self, text: str | None = None, alert: bool = False) -> None:
        if self.answered:
            log.debug("event=answer_again query=%s", self.query.id)
            return
        self.answered = True
        await answer(self.query, text, alert)
