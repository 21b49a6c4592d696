"""What the bot needs from Telegram, as one interface (no aiogram here): the services and the
handlers send and edit every message through a `Messenger`.

`bot.telegram.messenger.TelegramMessenger` implements it, once, over aiogram; tests may use any
object with these methods. Errors reach the callers as the exceptions below, never as
aiogram's: a caller only learns that a chat moved, that it must wait, or that a message could
not be delivered.
"""

from __future__ import annotations

from typing import Protocol

from bot.outages import RetryLater  # Telegram's flood control (one class for every layer)
from bot.wire.keyboard import Keyboard

__all__ = ["Answer", "ChatMoved", "Messenger", "RetryLater", "Undeliverable"]


class ChatMoved(Exception):
    """The group became a supergroup: every write to the old id is refused from now on."""

    def __init__(self, new_chat_id: int) -> None:
        super().__init__(new_chat_id)
        self.new_chat_id = new_chat_id


class Undeliverable(Exception):
    """Telegram refused the request for another reason (logged by the messenger)."""


class Messenger(Protocol):
    async def username(self) -> str:
        """The bot's @username (for deep links)."""
        ...

    async def inline_mode(self) -> bool:
        """Whether the bot answers inline queries (BotFather's /setinline; getMe)."""
        ...

    async def send(
        self,
        chat_id: int,
        text: str,
        markup: Keyboard | None = None,
        *,
        reply_to: int | None = None,
        thread: int | None = None,
    ) -> int | None:
        """A new HTML message (a reply to `reply_to`; in forum topic `thread`); its id, or None
        when the chat refuses (or the topic is gone)."""
        ...

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
        """Edit in place ("not modified" is fine); a message that is gone is sent anew (into
        forum topic `thread`). The id
        of the message that now shows `text`, or None when the chat refuses the bot.
        Telegram's RetryAfter is waited out (`retry`), or raised at once as RetryLater."""
        ...

    async def delete(self, chat_id: int, message_id: int) -> bool: ...

    async def edit_inline(
        self, inline_id: str, text: str, markup: Keyboard | None = None, *, retry: bool = True
    ) -> bool:
        """Edit an inline message (inline mode) in place; False when it is gone. RetryAfter
        as in `edit`."""
        ...

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
        """A message in group `chat_id` that `user_id` alone sees (Bot API 10.2), in answer to
        callback query `query_id` when given; its ephemeral id, or None when refused. Its
        delivery is not guaranteed. RetryAfter as in `edit`."""
        ...

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
        """Edit an ephemeral message; False when it is gone (deleted, expired)."""
        ...

    async def delete_ephemeral(self, chat_id: int, user_id: int, ephemeral_id: int) -> bool: ...

    async def retire(
        self, chat_id: int, message_id: int, text: str | None = None, markup: Keyboard | None = None
    ) -> None:
        """Best effort: take an old board's keyboard away (and replace its text, if given,
        with `markup` under it: a way on)."""
        ...

    async def is_admin(self, chat_id: int, user_id: int) -> bool: ...

    async def create_topic(self, chat_id: int, name: str) -> int | None:
        """A new forum topic (the bot needs the right to manage topics): its thread id, or
        None when the chat refuses."""
        ...


class Answer(Protocol):
    """Answers the tap being handled (once): a toast, or an alert the player must dismiss."""

    async def __call__(self, text: str | None = None, alert: bool = False) -> None: ...

    async def open_url(self, url: str) -> bool:
        """Answer by opening `url` (a t.me link to the bot); False when Telegram refuses it
        (the tap is then still unanswered)."""
        ...
