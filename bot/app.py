"""Builds the Bot and the Dispatcher (routers, middlewares, shared objects)."""

from __future__ import annotations

import time
from collections.abc import Callable

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import BotCommand, BotCommandScopeDefault

from bot.config import LANGUAGES, Settings
from bot.games.players import Players
from bot.games.solitaire.service import SolitaireService
from bot.games.table.service import TableService
from bot.i18n import t
from bot.registry import kinds
from bot.storage import Store
from bot.telegram.messenger import TelegramMessenger
from bot.telegram.middlewares import (
    CallbackMiddleware,
    ErrorMiddleware,
    LanguageCache,
    LanguageMiddleware,
)


def build_bot(settings: Settings, session: AiohttpSession | None = None) -> Bot:
    if session is None and settings.telegram_api_url:
        session = AiohttpSession(api=TelegramAPIServer.from_base(settings.telegram_api_url))
    return Bot(
        token=settings.bot_token.get_secret_value(),
        session=session,
        default=DefaultBotProperties(parse_mode="HTML", link_preview_is_disabled=True),
    )


def build_dispatcher(
    bot: Bot, store: Store, settings: Settings, *, clock: Callable[[], float] = time.time
) -> Dispatcher:
    """The services are built here, once, and reach handlers through the dispatcher's data:
    `store`, `settings`, `languages`, `solitaires` (SolitaireService), `tables` (TableService),
    `players` (statistics, leaderboards, the deal of the day).
    Per update the middlewares add `lang`, `_` and, for callbacks, `cb`, `game`, `answer`."""
    from bot.handlers import ROUTERS

    messenger = TelegramMessenger(bot)
    tables = TableService(messenger, store, settings, clock=clock)
    dp = Dispatcher()
    languages = LanguageCache(store, settings.default_language)
    dp["store"] = store
    dp["settings"] = settings
    dp["languages"] = languages
    solitaires = SolitaireService(messenger, store, settings)
    dp["solitaires"] = solitaires
    dp["tables"] = tables
    dp["players"] = Players(store)
    dp.startup.register(tables.start)
    dp.shutdown.register(tables.stop)
    dp.shutdown.register(solitaires.stop)
    dp.update.outer_middleware(ErrorMiddleware())
    dp.update.outer_middleware(LanguageMiddleware(languages))
    dp.callback_query.outer_middleware(CallbackMiddleware(store, frozenset(kinds("solitaire"))))
    for make_router in ROUTERS:
        dp.include_router(make_router())
    return dp


async def set_commands(bot: Bot) -> None:
    for lang in LANGUAGES:
        commands = [
            BotCommand(command="start", description=t(lang, "cmd-start")),
            BotCommand(command="help", description=t(lang, "cmd-help")),
            BotCommand(command="rules", description=t(lang, "cmd-rules")),
            BotCommand(command="newgame", description=t(lang, "cmd-newgame")),
            BotCommand(command="daily", description=t(lang, "cmd-daily")),
            BotCommand(command="stats", description=t(lang, "cmd-stats")),
            BotCommand(command="top", description=t(lang, "cmd-top")),
            BotCommand(command="settings", description=t(lang, "cmd-settings")),
            BotCommand(command="language", description=t(lang, "cmd-language")),
        ]
        if lang == "ru":
            await bot.set_my_commands(commands, scope=BotCommandScopeDefault())
        await bot.set_my_commands(commands, scope=BotCommandScopeDefault(), language_code=lang)
