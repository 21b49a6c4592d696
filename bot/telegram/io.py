"""Safe Telegram calls: edits that tolerate "not modified", RetryAfter and vanished messages;
writes that follow a group upgraded to a supergroup; callback answers that never raise and
happen exactly once."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiogram import Bot
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramRetryAfter,
)
from aiogram.methods import (
    AnswerCallbackQuery,
    DeleteEphemeralMessage,
    DeleteMessage,
    EditMessageReplyMarkup,
    EditMessageText,
    GetChatMember,
    GetMe,
    SendMessage,
)
from aiogram.types import CallbackQuery

from bot.telegram.aiogram_adapter import (
    LeanEdit,
    LeanEphemeralEdit,
    LeanInlineEdit,
    LeanSend,
    TelegramMethod,
    hold_response_types,
)
from bot.wire.keyboard import Keyboard, markup_json

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_RETRIES = 3
MAX_RETRY_SLEEP = 60.0

sleep: Callable[[float], Awaitable[None]] = asyncio.sleep  # replaced in tests


# the answers' models held in pydantic's cache (see hold_response_types)
_RESPONSE_TYPES = hold_response_types(
    AnswerCallbackQuery,
    SendMessage,
    EditMessageText,
    LeanEdit,
    LeanSend,
    LeanInlineEdit,
    LeanEphemeralEdit,
    DeleteEphemeralMessage,
    EditMessageReplyMarkup,
    DeleteMessage,
    GetMe,
    GetChatMember,
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


def _is_topic_gone(err: TelegramBadRequest) -> bool:
    """A forum topic that was deleted or closed (a closed one takes messages from admins only)."""
    text = err.message.lower()
    return any(s in text for s in ("message thread not found", "topic_closed", "topic_deleted"))


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
    markup: Keyboard | None = None,
    reply_to: int | None = None,
    *,
    thread: int | None = None,
) -> int | None:
    """Send an HTML message (`reply_to`: as a reply to that message, if it is still there;
    `thread`: into that forum topic); its message_id, or None when the chat refuses (blocked
    bot) or the topic is gone (deleted, closed)."""
    reply = (
        f'{{"message_id":{int(reply_to)},"allow_sending_without_reply":true}}'
        if reply_to is not None
        else None
    )
    request = LeanSend(
        chat_id=chat_id,
        text=text,
        reply_markup=markup_json(markup),
        reply_parameters=reply,
        message_thread_id=thread,
    )
    try:
        msg = await with_retry(lambda: bot(request), "sendMessage")
    except TelegramForbiddenError as err:
        log.info("event=send_forbidden chat=%s error=%s", chat_id, err.message)
        return None
    except TelegramBadRequest as err:
        if not _is_topic_gone(err):
            raise
        log.info("event=send_topic_gone chat=%s thread=%s error=%s", chat_id, thread, err.message)
        return None
    return int(msg["message_id"])


def _call(bot: Bot, request: TelegramMethod[T], what: str, retry: bool) -> Awaitable[T]:
    """The request, its RetryAfter waited out here (`retry`) or raised to the caller (whose
    coalescer keeps the write waiting for the budget instead)."""
    return with_retry(lambda: bot(request), what) if retry else bot(request)


async def _edited(bot: Bot, request: TelegramMethod[Any], what: str, retry: bool) -> str | None:
    """Send an edit (RetryAfter as in `_call`): None when the message shows it now ("message
    is not modified" included), Telegram's words when the message is gone; any other error is
    raised."""
    try:
        await _call(bot, request, what, retry)
    except TelegramBadRequest as err:
        if _is_not_modified(err):
            return None
        if not _is_gone(err):
            raise
        return err.message
    return None


async def edit(
    bot: Bot,
    chat_id: int,
    message_id: int | None,
    text: str,
    markup: Keyboard | None = None,
    *,
    retry: bool = True,
    thread: int | None = None,
) -> int | None:
    """Edit a message in place; returns the id of the message that now shows `text`.

    "message is not modified" is ignored; RetryAfter is waited out here (`retry`) or raised at
    once (for the edit coalescer, which pauses the whole chat); when the message is gone
    (deleted, too old to edit) a new message is sent instead (into forum topic `thread`; an
    edit itself needs no topic) and its id returned.
    """
    if message_id is not None:
        request = LeanEdit(
            chat_id=chat_id, message_id=message_id, text=text, reply_markup=markup_json(markup)
        )
        try:
            gone = await _edited(bot, request, "editMessageText", retry)
        except TelegramForbiddenError as err:
            log.info("event=edit_forbidden chat=%s error=%s", chat_id, err.message)
            return None
        if gone is None:
            return message_id
        log.info("event=edit_fallback chat=%s message=%s error=%s", chat_id, message_id, gone)
    return await send(bot, chat_id, text, markup, thread=thread)


async def edit_inline(
    bot: Bot, inline_id: str, text: str, markup: Keyboard | None = None, *, retry: bool = True
) -> bool:
    """Edit an inline message (inline mode) in place; False when it is gone (deleted by the
    chat: nothing can be posted instead, an inline message has no chat the bot may write to).
    "message is not modified" is fine; RetryAfter as in `edit`."""
    request = LeanInlineEdit(
        inline_message_id=inline_id, text=text, reply_markup=markup_json(markup)
    )
    gone = await _edited(bot, request, "editMessageText", retry)
    if gone is not None:
        log.info("event=inline_gone inline=%s error=%s", inline_id, gone)
    return gone is None


async def send_ephemeral(
    bot: Bot,
    chat_id: int,
    user_id: int,
    text: str,
    markup: Keyboard | None = None,
    *,
    query_id: str | None = None,
    retry: bool = True,
) -> int | None:
    """An ephemeral message (Bot API 10.2): shown in group `chat_id` to `user_id` alone (in
    answer to callback query `query_id`, when given); its ephemeral_message_id, or None when
    Telegram refuses it (the user left the group, the bot may not write there). Its delivery
    is not guaranteed. RetryAfter as in `edit`."""
    to: dict[str, int | str] = {"receiver_user_id": user_id}
    if query_id is not None:
        to["callback_query_id"] = query_id
    request = LeanSend(
        chat_id=chat_id,
        text=text,
        reply_markup=markup_json(markup),
        ephemeral_message_parameters=json.dumps(to, separators=(",", ":")),
    )
    try:
        msg = await _call(bot, request, "sendMessage", retry)
    except (TelegramForbiddenError, TelegramBadRequest) as err:
        log.info("event=ephemeral_refused chat=%s user=%s error=%s", chat_id, user_id, err.message)
        return None
    eid = msg.get("ephemeral_message_id") if isinstance(msg, dict) else None
    return int(eid) if eid else None


async def edit_ephemeral(
    bot: Bot,
    chat_id: int,
    user_id: int,
    ephemeral_id: int,
    text: str,
    markup: Keyboard | None = None,
    *,
    retry: bool = True,
) -> bool:
    """Edit an ephemeral message in place; False when it is gone (deleted, expired)."""
    request = LeanEphemeralEdit(
        chat_id=chat_id,
        receiver_user_id=user_id,
        ephemeral_message_id=ephemeral_id,
        text=text,
        reply_markup=markup_json(markup),
    )
    try:
        gone = await _edited(bot, request, "editEphemeralMessageText", retry)
    except TelegramForbiddenError as err:
        log.info("event=ephemeral_forbidden chat=%s error=%s", chat_id, err.message)
        return False
    if gone is not None:
        log.info("event=ephemeral_gone chat=%s user=%s error=%s", chat_id, user_id, gone)
    return gone is None


async def delete_ephemeral(bot: Bot, chat_id: int, user_id: int, ephemeral_id: int) -> bool:
    method = DeleteEphemeralMessage(
        chat_id=chat_id, receiver_user_id=user_id, ephemeral_message_id=ephemeral_id
    )
    try:
        return bool(await with_retry(lambda: bot(method), "deleteEphemeralMessage"))
    except TelegramAPIError as err:
        log.info("event=delete_failed chat=%s ephemeral=%s error=%s", chat_id, ephemeral_id, err)
        return False


async def delete(bot: Bot, chat_id: int, message_id: int) -> bool:
    try:
        return bool(await with_retry(lambda: bot.delete_message(chat_id, message_id), "delete"))
    except TelegramAPIError as err:
        log.info("event=delete_failed chat=%s message=%s error=%s", chat_id, message_id, err)
        return False


async def answer(query: CallbackQuery, text: str | None = None, alert: bool = False) -> bool:
    """Answer a callback query; never raises (a query may be too old to answer)."""
    method = AnswerCallbackQuery(callback_query_id=query.id, text=text, show_alert=alert or None)
    try:
        await query.bot(method)  # type: ignore[misc]  # updates fed to a dispatcher are bound
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

    async def open_url(self, url: str) -> bool:
        if self.answered:
            return False
        self.answered = True
        try:
            await self.query.answer(url=url)
        except TelegramAPIError:
            self.answered = False
            return False
        return True


class ChatAnswer:
    """What a command (no tap to answer) says back: a short message in its chat, once."""

    def __init__(self, bot: Bot, chat_id: int) -> None:
        self.bot, self.chat_id = bot, chat_id
        self.answered = False

    async def __call__(self, text: str | None = None, alert: bool = False) -> None:
        if text and not self.answered:
            self.answered = True
            await send(self.bot, self.chat_id, text)

    async def open_url(self, url: str) -> bool:
        return False
