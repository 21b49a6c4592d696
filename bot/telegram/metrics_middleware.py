"""The Telegram side's metrics: updates by type with the time each took (an outer middleware
placed before every other), and failed Bot API calls by kind (a request middleware of the bot's
session, so every call counts: the Messenger's (bot.telegram.messenger), the tap answers,
aiogram's own getUpdates and setWebhook)."""

from __future__ import annotations

import time

from aiogram import BaseMiddleware, Bot, Dispatcher
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramRetryAfter,
)
from aiogram.types import TelegramObject, Update

from bot import metrics
from bot.telegram.aiogram_adapter import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
    Response,
    TelegramMethod,
    TelegramType,
)
from bot.telegram.middlewares import Data, Handler


def error_kind(err: TelegramAPIError) -> str:
    """429 (flood control), 400 (bad request, "message is not modified" included), 403 (the
    user blocked the bot, the bot left the group) or other (network, 5xx, a group upgraded to
    a supergroup, ...)."""
    if isinstance(err, TelegramRetryAfter):
        return "429"
    if isinstance(err, TelegramBadRequest):
        return "400"
    if isinstance(err, TelegramForbiddenError):
        return "403"
    return "other"


class UpdateMetrics(BaseMiddleware):
    """Counts each update by type and times it through the middlewares and handlers."""

    async def __call__(self, handler: Handler, event: TelegramObject, data: Data) -> object:
        started = time.perf_counter()
        try:
            return await handler(event, data)
        finally:
            kind = event.event_type if isinstance(event, Update) else type(event).__name__
            metrics.update(kind, time.perf_counter() - started)


class TelegramErrorMetrics(BaseRequestMiddleware):
    """Counts the Bot API calls that raised, by kind and method (the error goes on unchanged)."""

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        try:
            return await make_request(bot, method)
        except TelegramAPIError as err:
            metrics.telegram_error(error_kind(err), method.__api_method__)
            raise


def install(bot: Bot, dp: Dispatcher) -> None:
    """Count `bot`'s failed requests and `dp`'s updates. The update middleware goes first, so
    the time it measures includes every other middleware (language, errors)."""
    bot.session.middleware(TelegramErrorMetrics())
    others = list(dp.update.outer_middleware)
    for middleware in others:
        dp.update.outer_middleware.unregister(middleware)
    dp.update.outer_middleware.register(UpdateMetrics())
    for middleware in others:
        dp.update.outer_middleware.register(middleware)
