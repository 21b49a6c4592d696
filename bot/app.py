"""Builds the Bot and the Dispatcher (routers, middlewares, shared objects)."""

from __future__ import annotations

from aiogram import Bot, Dispatcher, Router
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import BotCommand, BotCommandScopeDefault

from bot.config import Settings
from bot.i18n import LANGUAGES, t
from bot.storage import Store
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


def _fresh(entry: object) -> Router:
    """ROUTERS entries are factories (preferred) or Router instances (re-attachable)."""
    router = entry() if callable(entry) and not isinstance(entry, Router) else entry
    assert isinstance(router, Router)
    router._parent_router = None  # allow including a module-level router in a new Dispatcher
    return router


def build_dispatcher(store: Store, settings: Settings) -> Dispatcher:
    """Everything handlers need is in the dispatcher's data: `store`, `settings`, `languages`;
    per update the middlewares add `lang`, `_` and, for callbacks, `cb`, `game`, `answer`."""
    from bot.handlers import ROUTERS

    dp = Dispatcher()
    languages = LanguageCache(store, settings.default_language)
    dp["store"] = store
    dp["settings"] = settings
    dp["languages"] = languages
    dp.update.outer_middleware(ErrorMiddleware())
    dp.update.outer_middleware(LanguageMiddleware(languages))
    from bot.games.solitaire.model import KINDS

    dp.callback_query.outer_middleware(CallbackMiddleware(store, frozenset(KINDS)))
    for entry in ROUTERS:
        dp.include_router(_fresh(entry))
    return dp


async def set_commands(bot: Bot) -> None:
    for lang in LANGUAGES:
        commands = [
            BotCommand(command="start", description=t(lang, "cmd-start")),
            BotCommand(command="rules", description=t(lang, "cmd-rules")),
            BotCommand(command="newgame", description=t(lang, "cmd-newgame")),
            BotCommand(command="language", description=t(lang, "cmd-language")),
        ]
        if lang == "ru":
            await bot.set_my_commands(commands, scope=BotCommandScopeDefault())
        await bot.set_my_commands(commands, scope=BotCommandScopeDefault(), language_code=lang)
