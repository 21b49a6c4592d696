"""A member's messages to the bot, limited: the same command (with the same arguments) from
the same person in the same chat (or forum topic) is answered once per window — five seconds in
a group, two in a private chat (a double send, a flood); a repeat within it is ignored. A
command typed in a group is handled with `budget.TYPED` set, so its answers come after the
games' writes (`bot.games.budget`). Text that is no command (in a private chat: what the
fallback answers) counts as one command. Shared by every process (the store's budgets,
`Budget.once`).

Someone sending /help 60 times a minute in a group gets at most one answer in five seconds,
and only within the members' share of the group's budget (a quarter); /start sent five times a
second into a private chat is answered once in two seconds (links that open nothing, each
different, are answered once in ten: `TableService.may_answer_link`)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import Message, TelegramObject

from bot.games.budget import TYPED, Budget
from bot.telegram.topics import topic_of

log = logging.getLogger(__name__)

GROUP_WINDOW = 5.0  # seconds in which a member's same command is answered once in a group
PRIVATE_WINDOW = 2.0  # in a private chat
ARGS = 64  # characters of a command's arguments that tell two commands apart

Handler = Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]]


def what_was_typed(message: Message) -> str | None:
    """`/command args` as the bot tells commands apart (no @bot, lower case, spaces single);
    "" for text that is no command; None for a message that is not typed (a service message)."""
    text = message.text
    if text is None:
        return None
    if not text.startswith("/"):
        return ""
    head, _, args = text.partition(" ")
    command = head.split("@", 1)[0].lower()
    return f"{command} {' '.join(args.split())[:ARGS]}".rstrip()


class CommandLimit(BaseMiddleware):
    """An inner middleware of messages (it sees those a handler takes)."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget

    async def __call__(self, handler: Handler, event: TelegramObject, data: dict[str, Any]) -> Any:
        if not isinstance(event, Message) or event.from_user is None:
            return await handler(event, data)
        typed = what_was_typed(event)
        if typed is None:
            return await handler(event, data)
        chat, user = event.chat.id, event.from_user.id
        window = GROUP_WINDOW if chat < 0 else PRIVATE_WINDOW
        where = f"{chat}:{topic_of(event) or ''}"
        if not await self.budget.once(f"command:{where}:{user}:{typed}", window):
            return None  # answered a moment ago (a flood is not written to the log either)
        if chat >= 0 or not typed:
            return await handler(event, data)
        token = TYPED.set(True)
        try:
            return await handler(event, data)
        finally:
            TYPED.reset(token)
