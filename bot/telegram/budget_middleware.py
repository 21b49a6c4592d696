"""Every write to a chat counted in its budget (`bot.games.budget`): a middleware on the bot's
session, so no send or edit can go around it (greetings, lobbies, hands, refusals, pings and
commands' answers included). The edits the coalescers already counted go out with
`flood.PREPAID` set. A write that must wait for its turn answers the tap being handled first
(`answers.answer_before_waiting`): a button's spinner never turns for a chat's budget. A
member's command's answer in a group that finds no room left by the games (`BudgetSpent`) is
not sent: the messenger says so in the log and goes on."""

from __future__ import annotations

from typing import Any

from aiogram import Bot
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.methods import Response, TelegramMethod

from bot.games.budget import Budget
from bot.telegram.answers import answer_before_waiting
from bot.wire import flood

WRITES = frozenset(
    {
        "sendMessage",
        "editMessageText",
        "editMessageReplyMarkup",
        "editMessageCaption",
        "editEphemeralMessageText",
        "editEphemeralMessageReplyMarkup",
        "sendPhoto",
        "sendDocument",
        "sendSticker",
        "copyMessage",
        "forwardMessage",
        "createForumTopic",  # (its service message is one in the group)
    }
)


class BudgetMiddleware(BaseRequestMiddleware):
    """Counts every write to a chat that a coalescer did not count already."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[Any],
        bot: Bot,
        method: TelegramMethod[Any],
    ) -> Response[Any]:
        chat = getattr(method, "chat_id", None)
        if isinstance(chat, int) and method.__api_method__ in WRITES and not flood.PREPAID.get():
            await self.budget.wait_turn(chat, before=answer_before_waiting)
        return await make_request(bot, method)


def install(bot: Bot, budget: Budget) -> None:
    """Put the budget on the bot's session once (several dispatchers may share one bot)."""
    session = bot.session
    if any(isinstance(m, BudgetMiddleware) for m in session.middleware):
        return
    session.middleware(BudgetMiddleware(budget))
