"""The services' Messenger (bot.games.ports) over aiogram: the safe calls of bot.telegram.io,
with aiogram's exceptions turned into the ports' (ChatMoved, RetryLater, Undeliverable)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import TypeVar

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramMigrateToChat, TelegramRetryAfter

from bot.games.ports import ChatMoved, RetryLater, Undeliverable
from bot.telegram import io
from bot.telegram.aiogram_adapter import LeanEdit
from bot.wire.keyboard import Keyboard, markup_json

log = logging.getLogger(__name__)

T = TypeVar("T")


def _ported(err: TelegramAPIError) -> Exception:
    """aiogram's error as the ports': ChatMoved, RetryLater, or Undeliverable."""
    if isinstance(err, TelegramMigrateToChat):
        return ChatMoved(int(err.migrate_to_chat_id))
    if isinstance(err, TelegramRetryAfter):
        return RetryLater(float(err.retry_after))
    return Undeliverable(str(err))


async def _translated(call: Awaitable[T]) -> T:
    try:
        return await call
    except TelegramAPIError as err:
        raise _ported(err) from None


class TelegramMessenger:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self._username: str | None = None

    async def username(self) -> str:
        if self._username is None:
            me = await self.bot.me()
            self._username = me.username or ""
        return self._username

    async def inline_mode(self) -> bool:
        return bool((await self.bot.me()).supports_inline_queries)

    async def send(
        self,
        chat_id: int,
        text: str,
        markup: Keyboard | None = None,
        *,
        reply_to: int | None = None,
        thread: int | None = None,
    ) -> int | None:
        return await _translated(io.send(self.bot, chat_id, text, markup, reply_to, thread=thread))

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
        try:  # every board edit comes here: the error translated inline, not in another await
            return await io.edit(
                self.bot, chat_id, message_id, text, markup, retry=retry, thread=thread
            )
        except TelegramAPIError as err:
            raise _ported(err) from None

    async def delete(self, chat_id: int, message_id: int) -> bool:
        return await io.delete(self.bot, chat_id, message_id)

    async def edit_inline(
        self, inline_id: str, text: str, markup: Keyboard | None = None, *, retry: bool = True
    ) -> bool:
        try:
            return await io.edit_inline(self.bot, inline_id, text, markup, retry=retry)
        except TelegramAPIError as err:
            raise _ported(err) from None

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
        return await _translated(
            io.send_ephemeral(
                self.bot, chat_id, user_id, text, markup, query_id=query_id, retry=retry
            )
        )

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
        try:
            return await io.edit_ephemeral(
                self.bot, chat_id, user_id, ephemeral_id, text, markup, retry=retry
            )
        except TelegramAPIError as err:
            raise _ported(err) from None

    async def delete_ephemeral(self, chat_id: int, user_id: int, ephemeral_id: int) -> bool:
        return await io.delete_ephemeral(self.bot, chat_id, user_id, ephemeral_id)

    async def retire(
        self, chat_id: int, message_id: int, text: str | None = None, markup: Keyboard | None = None
    ) -> None:
        async def call() -> object:
            if text is not None:
                return await self.bot(
                    LeanEdit(
                        chat_id=chat_id,
                        message_id=message_id,
                        text=text,
                        reply_markup=markup_json(markup),
                    )
                )
            return await self.bot.edit_message_reply_markup(
                chat_id=chat_id, message_id=message_id, reply_markup=None
            )

        try:  # a 429 (several messages to one chat at once) waits its turn: no live old buttons
            await io.with_retry(call, "retire")
        except TelegramAPIError as err:  # the old message may be gone or too old
            log.info(
                "event=strip_keyboard_failed chat=%s message=%s error=%s", chat_id, message_id, err
            )

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        if chat_id >= 0:  # a private chat has no admins
            return False
        try:
            member = await self.bot.get_chat_member(chat_id, user_id)
        except TelegramAPIError:
            return False
        return member.status in ("creator", "administrator")
