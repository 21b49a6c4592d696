"""The one way to Telegram: `TelegramMessenger`, the Messenger (bot.games.ports) of the services
and the handlers, over aiogram.

Every write is a lean request (bot.telegram.aiogram_adapter: the keyboard as its ready JSON
text, the answer not parsed into objects), and what Telegram answers becomes what a caller can
act on:
- "message is not modified": the message shows it already, fine;
- a message that is gone (deleted, too old to edit): a chat's is sent anew, an inline or an
  ephemeral one's edit says False;
- 429 (RetryAfter): waited out here, at most MAX_RETRIES times (`retry`; one that outlives
  them is one warning line), or raised at once as RetryLater (the edit coalescer then keeps
  the chat's newest edit waiting);
- a user who blocked the bot, a group it left, a forum topic deleted or closed: None (logged);
- a group that became a supergroup: ChatMoved; anything else: Undeliverable.
Every write spends its chat's budget on the way out (a middleware of the bot's session:
bot.telegram.budget_middleware); a member's command's answer that a group's games leave no
room for is not sent (None).

A tap is answered at once: the screen a tap's handler shows on the tapped message in a private
chat (a menu, a variant picker, the statistics, the deal of the day…) goes through `screens`,
the private chats' edit coalescer the solitaires' boards go through too: at once when the
chat's budget allows, else the newest screen of that message when it does (one that was
superseded meanwhile is not sent) — the handler goes on and the tap is answered meanwhile.
Any other write that must wait (a budget, a 429) answers the tap first
(`answers.answer_before_waiting`).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Any

from aiogram import Bot
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
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

from bot.games.budget import BudgetSpent
from bot.games.ports import ChatMoved, RetryLater, Undeliverable
from bot.telegram import answers
from bot.telegram.aiogram_adapter import (
    LeanEdit,
    LeanEphemeralEdit,
    LeanSend,
    TelegramMethod,
    hold_response_types,
)
from bot.telegram.topic_writes import TopicWrites
from bot.wire import flood
from bot.wire.keyboard import Keyboard, markup_json

log = logging.getLogger(__name__)

MAX_RETRIES = 3
MAX_RETRY_SLEEP = 60.0

sleep: Callable[[float], Awaitable[None]] = asyncio.sleep  # replaced in tests

# the answers' models held in pydantic's cache (see hold_response_types); aiogram's own
# SendMessage and EditMessageText too (Response[Message], Response[Message | bool]: what
# aiogram's shortcuts parse, and the benchmarks' echo and floor)
_RESPONSE_TYPES = hold_response_types(
    AnswerCallbackQuery,
    SendMessage,
    EditMessageText,
    LeanEdit,
    LeanSend,
    LeanEphemeralEdit,
    DeleteEphemeralMessage,
    EditMessageReplyMarkup,
    DeleteMessage,
    GetMe,
    GetChatMember,
)

NOT_MODIFIED = ("message is not modified",)
GONE = (
    "message to edit not found",
    "message can't be edited",
    "message to delete not found",
    "message_id_invalid",
    "message not found",
)
TOPIC_GONE = ("message thread not found", "topic_closed", "topic_deleted")  # a closed topic
# takes messages from its admins only


def _says(err: TelegramBadRequest, words: tuple[str, ...]) -> bool:
    text = err.message.lower()
    return any(w in text for w in words)


class _Ported:
    """`with PORTED:` aiogram's errors leave as the ports' (ChatMoved, RetryLater,
    Undeliverable): the services never see aiogram."""

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None
    ) -> None:
        if isinstance(err, TelegramMigrateToChat):
            raise ChatMoved(int(err.migrate_to_chat_id)) from None
        if isinstance(err, TelegramRetryAfter):
            raise RetryLater(float(err.retry_after)) from None
        if isinstance(err, TelegramAPIError):
            raise Undeliverable(str(err)) from None


PORTED = _Ported()


class TelegramMessenger(TopicWrites):
    def __init__(self, bot: Bot, screens: flood.EditCoalescer | None = None) -> None:
        self.bot = bot
        self.screens = screens  # the private chats' edits (module docstring)
        self._order = itertools.count()  # the screens' order: the newest wins
        self._username: str | None = None

    async def _call(self, request: TelegramMethod[Any], retry: bool = True) -> Any:
        """Telegram's answer to `request`; a 429 is waited out (at most MAX_RETRIES times) when
        `retry`, else raised at once. aiogram's errors as aiogram raises them; a 429 that
        outlives the retries is said in one warning (the chat and the wait asked)."""
        for attempt in range(MAX_RETRIES + 1):
            try:
                return await self.bot(request)
            except TelegramRetryAfter as err:
                what = request.__api_method__
                chat = getattr(request, "chat_id", None)
                if not retry:
                    raise
                if attempt == MAX_RETRIES:
                    log.warning(
                        "event=retry_after_gave_up what=%s chat=%s retry_after=%s attempts=%d",
                        what,
                        chat,
                        err.retry_after,
                        attempt + 1,
                    )
                    raise
                delay = min(float(err.retry_after), MAX_RETRY_SLEEP)
                log.info(
                    "event=retry_after what=%s chat=%s sleep=%.1f attempt=%d",
                    what,
                    chat,
                    delay,
                    attempt + 1,
                )
                await answers.answer_before_waiting()
                await sleep(delay)
        raise AssertionError("unreachable")

    async def _edited(self, request: TelegramMethod[Any], retry: bool) -> str | None:
        """Send an edit: None when the message shows it now ("not modified" included),
        Telegram's words when the message is gone; any other error raised."""
        try:
            await self._call(request, retry)
        except TelegramBadRequest as err:
            if _says(err, NOT_MODIFIED):
                return None
            if not _says(err, GONE):
                raise
            return err.message
        return None

    async def username(self) -> str:
        if self._username is None:
            me = await self.bot.me()
            self._username = me.username or ""
        return self._username

    async def inline_mode(self) -> bool:
        return bool((await self.bot.me()).supports_inline_queries)

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        if chat_id >= 0:  # a private chat has no admins
            return False
        try:
            member = await self.bot.get_chat_member(chat_id, user_id)
        except TelegramAPIError:
            return False
        return member.status in ("creator", "administrator")

    async def send(
        self,
        chat_id: int,
        text: str,
        markup: Keyboard | None = None,
        *,
        reply_to: int | None = None,
        thread: int | None = None,
    ) -> int | None:
        reply = None
        if reply_to is not None:  # a reply, if that message is still there
            reply = f'{{"message_id":{int(reply_to)},"allow_sending_without_reply":true}}'
        request = LeanSend(
            chat_id=chat_id,
            text=text,
            reply_markup=markup_json(markup),
            reply_parameters=reply,
            message_thread_id=thread,
        )
        with PORTED:
            try:
                sent = await self._call(request)
            except BudgetSpent as err:  # a member's command in a group busy with its games
                log.info("event=answer_not_sent chat=%s room_in=%.0f", chat_id, err.wait)
                return None
            except TelegramForbiddenError as err:
                log.info("event=send_forbidden chat=%s error=%s", chat_id, err.message)
                return None
            except TelegramBadRequest as err:
                if not _says(err, TOPIC_GONE):
                    raise
                log.info("event=send_topic_gone chat=%s thread=%s error=%s", chat_id, thread, err)
                return None
        return int(sent["message_id"])

    async def edit(
        self,
        chat_id: int,
        message_id: int | None,
        text: str,
        markup: Keyboard | None = None,
        *,
        retry: bool = True,
        thread: int | None = None,
    ) -> int | None:
        if message_id is not None and self._is_tapped(chat_id, message_id):
            return await self._screen(chat_id, message_id, text, markup, thread)
        if message_id is not None:
            request = LeanEdit(
                chat_id=chat_id, message_id=message_id, text=text, reply_markup=markup_json(markup)
            )
            with PORTED:
                try:
                    gone = await self._edited(request, retry)
                except TelegramForbiddenError as err:
                    log.info("event=edit_forbidden chat=%s error=%s", chat_id, err.message)
                    return None
            if gone is None:
                return message_id
            log.info("event=edit_fallback chat=%s message=%s error=%s", chat_id, message_id, gone)
        return await self.send(chat_id, text, markup, thread=thread)  # (an edit needs no topic)

    def _is_tapped(self, chat_id: int, message_id: int) -> bool:
        """The tapped message of a private chat, edited by its tap's handler (not by a
        coalescer's send already)."""
        return (
            self.screens is not None
            and chat_id > 0
            and answers.tapped_message() == (chat_id, message_id)
            and not flood.SENDING.get()
        )

    async def _screen(
        self, chat_id: int, message_id: int, text: str, markup: Keyboard | None, thread: int | None
    ) -> int:
        """A tap's screen on its message, through the private chats' coalescer (sent now if
        the chat's budget allows, else the newest when it does); the message's id."""
        assert self.screens is not None

        async def push() -> None:
            try:
                await self.edit(chat_id, message_id, text, markup, retry=False, thread=thread)
            except Undeliverable as err:  # said by Telegram; the next screen may go
                log.info("event=screen_failed chat=%s error=%s", chat_id, err)

        key = (message_id, "")  # a game's board on it is (message, game id): bot.app
        await self.screens.submit(chat_id, key, next(self._order), push, message=message_id)
        return message_id

    async def edit_inline(
        self, inline_id: str, text: str, markup: Keyboard | None = None, *, retry: bool = True
    ) -> bool:
        request = LeanEdit(inline_message_id=inline_id, text=text, reply_markup=markup_json(markup))
        with PORTED:
            gone = await self._edited(request, retry)
        if gone is not None:  # deleted by the chat: nothing can be posted instead
            log.info("event=inline_gone inline=%s error=%s", inline_id, gone)
        return gone is None

    async def delete(self, chat_id: int, message_id: int) -> bool:
        try:
            return bool(await self._call(DeleteMessage(chat_id=chat_id, message_id=message_id)))
        except TelegramAPIError as err:
            log.info("event=delete_failed chat=%s message=%s error=%s", chat_id, message_id, err)
            return False

    async def retire(
        self, chat_id: int, message_id: int, text: str | None = None, markup: Keyboard | None = None
    ) -> None:
        request: TelegramMethod[Any] = EditMessageReplyMarkup(
            chat_id=chat_id, message_id=message_id
        )
        if text is not None:
            request = LeanEdit(
                chat_id=chat_id, message_id=message_id, text=text, reply_markup=markup_json(markup)
            )
        try:  # a 429 (several messages to one chat at once) waits its turn: no live old buttons
            await self._call(request)
        except TelegramAPIError as err:  # the old message may be gone or too old
            log.info(
                "event=strip_keyboard_failed chat=%s message=%s error=%s", chat_id, message_id, err
            )

    # -- ephemeral messages: in a group, seen by one member alone ---------------------------------
    async def send_ephemeral(
        self,
        chat_id: int,
        user_id: int,
        text: str,
        markup: Keyboard | None = None,
        *,
        query_id: str | None = None,
        retry: bool = True,
    ) -> int | None:
        to: dict[str, int | str] = {"receiver_user_id": user_id}  # Bot API 10.3's way
        if query_id is not None:
            to["callback_query_id"] = query_id
        request = LeanSend(
            chat_id=chat_id,
            text=text,
            reply_markup=markup_json(markup),
            ephemeral_message_parameters=json.dumps(to, separators=(",", ":")),
        )
        with PORTED:
            try:
                sent = await self._call(request, retry)
            except (TelegramForbiddenError, TelegramBadRequest) as err:  # left the group, ...
                log.info("event=ephemeral_refused chat=%s user=%s error=%s", chat_id, user_id, err)
                return None
        eid = sent.get("ephemeral_message_id") if isinstance(sent, dict) else None
        return int(eid) if eid else None

    async def edit_ephemeral(
        self,
        chat_id: int,
        user_id: int,
        ephemeral_id: int,
        text: str,
        markup: Keyboard | None = None,
        *,
        retry: bool = True,
    ) -> bool:
        request = LeanEphemeralEdit(
            chat_id=chat_id,
            receiver_user_id=user_id,
            ephemeral_message_id=ephemeral_id,
            text=text,
            reply_markup=markup_json(markup),
        )
        with PORTED:
            try:
                gone = await self._edited(request, retry)
            except TelegramForbiddenError as err:
                log.info("event=ephemeral_forbidden chat=%s error=%s", chat_id, err.message)
                return False
        if gone is not None:
            log.info("event=ephemeral_gone chat=%s user=%s error=%s", chat_id, user_id, gone)
        return gone is None

    async def delete_ephemeral(self, chat_id: int, user_id: int, ephemeral_id: int) -> bool:
        request = DeleteEphemeralMessage(
            chat_id=chat_id, receiver_user_id=user_id, ephemeral_message_id=ephemeral_id
        )
        try:
            return bool(await self._call(request))
        except TelegramAPIError as err:
            log.info(
                "event=delete_failed chat=%s ephemeral=%s error=%s", chat_id, ephemeral_id, err
            )
            return False
