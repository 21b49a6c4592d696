"""Builds the Bot and the Dispatcher (routers, middlewares, shared objects)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.types import (
    BotCommand,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeDefault,
)

from bot.commands import MENUS, Scope
from bot.config import LANGUAGES, Settings
from bot.games import badge_news, searches
from bot.games.badge_news import BadgeNews
from bot.games.budget import Budget
from bot.games.match.service import Matches
from bot.games.player_views import Players
from bot.games.solitaire.service import SolitaireService
from bot.games.table.service import TableService
from bot.games.tournament.desk import TourDesk
from bot.games.tournament.service import Tournaments
from bot.i18n import DEFAULT as DEFAULT_LANGUAGE
from bot.i18n import t
from bot.registry import kinds, load
from bot.storage import Store
from bot.telegram import budget_middleware
from bot.telegram.command_limit import CommandLimit
from bot.telegram.messenger import TelegramMessenger
from bot.telegram.middlewares import (
    CallbackMiddleware,
    ErrorMiddleware,
    GroupSeenMiddleware,
    LanguageCache,
    LanguageMiddleware,
)
from bot.wire.flood import EditCoalescer

MenuScope = (
    BotCommandScopeAllPrivateChats
    | BotCommandScopeAllGroupChats
    | BotCommandScopeAllChatAdministrators
)
SCOPES: dict[Scope, MenuScope] = {
    "private": BotCommandScopeAllPrivateChats(),
    "group": BotCommandScopeAllGroupChats(),
    "admins": BotCommandScopeAllChatAdministrators(),
}


def build_bot(settings: Settings, session: AiohttpSession | None = None) -> Bot:
    if session is None and settings.telegram_api_url:
        session = AiohttpSession(api=TelegramAPIServer.from_base(settings.telegram_api_url))
    return Bot(
        token=settings.bot_token.get_secret_value(),
        session=session,
        default=DefaultBotProperties(parse_mode="HTML", link_preview_is_disabled=True),
    )


def build_dispatcher(
    bot: Bot,
    store: Store,
    settings: Settings,
    *,
    clock: Callable[[], float] = time.time,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> Dispatcher:
    """The services are built here, once, and reach handlers through the dispatcher's data:
    `store`, `settings`, `languages`, `tg` (the Messenger: every message the bot sends or edits
    goes through it), `solitaires` (SolitaireService), `tables` (TableService), `matches`,
    `tournaments` (TourDesk), `players` (statistics, leaderboards, the deal of the day).
    Per update the middlewares add `lang`, `_` and, for callbacks, `cb`, `game`, `answer`.
    `clock` and `sleep` are the services' time (tests pass a clock they move).
    The games of EXTRA_GAMES are loaded first (the built-in ones are always offered).
    Every write goes through its chat's budget (`bot.games.budget`: the coalescers ask it, and
    `bot.telegram.budget_middleware` on the session counts the rest); a tap is answered before
    any of its writes waits for one (`bot.telegram.answers`); a member's same command is
    answered once in a while (`bot.telegram.command_limit`)."""
    from bot.handlers import ROUTERS

    load(settings.extra_games)
    budget = Budget(
        store,
        settings.edits_per_minute_per_group,
        inline_per_minute=settings.inline_edits_per_minute,
        clock=clock,
        sleep=sleep,
    )
    # the private chats' screens: a solitaire's board and whatever else a tap shows on its
    # message (a menu, the statistics…), a table's places there (a match's board, a hand) at
    # the chat's pace, the newest per message
    screens = EditCoalescer(
        1_000_000, min_gap=0.0, shared=budget.take, clock=clock, sleep=sleep, serial=True
    )
    messenger = TelegramMessenger(bot, screens)
    tables = TableService(
        messenger, store, settings, clock=clock, sleep=sleep, budget=budget, screens=screens
    )
    budget_middleware.install(bot, budget)
    dp = Dispatcher()
    languages = LanguageCache(store, settings.default_language)
    dp["store"] = store
    dp["settings"] = settings
    dp["tg"] = messenger
    dp["languages"] = languages
    solitaires = SolitaireService(messenger, store, settings, screens)
    dp["solitaires"] = solitaires
    dp["tables"] = tables
    dp["matches"] = Matches.serving(tables)  # quick matches: tables of their own
    news = BadgeNews(store, messenger, settings.default_language)  # badges, announced once
    tables.timers.on(badge_news.PREFIX, news.due)
    tournaments = Tournaments.serving(tables, messenger)  # tournaments: tables of their own
    dp["tournaments"] = TourDesk(tournaments)
    players = dp["players"] = Players(store)
    # the process's pool (its first search starts it), its workers offering EXTRA_GAMES too
    searches.configure(settings.search_workers, settings.extra_games)
    dp.startup.register(tables.start)
    dp.shutdown.register(tournaments.stop)  # (before the tables: its last steps use them)
    dp.shutdown.register(tables.stop)
    dp.shutdown.register(solitaires.stop)
    dp.shutdown.register(searches.stop)  # no worker outlives the bot
    dp.update.outer_middleware(ErrorMiddleware())
    dp.update.outer_middleware(LanguageMiddleware(languages))
    dp.update.outer_middleware(GroupSeenMiddleware(players.seen))
    dp.callback_query.outer_middleware(CallbackMiddleware(store, frozenset(kinds("solitaire"))))
    dp.message.middleware(CommandLimit(budget))  # a member's same command: once in a while
    for make_router in ROUTERS:
        dp.include_router(make_router())
    return dp


async def set_commands(bot: Bot, default_language: str = DEFAULT_LANGUAGE) -> None:
    """The command menus (bot.commands): per scope, in each language, `default_language`'s
    also without a language code (what a user of any other language sees). Default is cleared:
    private chats and groups each have their own scope, and an older version's full list must
    not show anywhere."""
    for name, scope in SCOPES.items():
        for lang in LANGUAGES:
            menu = [
                BotCommand(command=command, description=t(lang, key))
                for command, key in MENUS[name].items()
            ]
            if lang == default_language:
                await bot.set_my_commands(menu, scope=scope)
            await bot.set_my_commands(menu, scope=scope, language_code=lang)
    for code in (None, *LANGUAGES):
        await bot.delete_my_commands(scope=BotCommandScopeDefault(), language_code=code)
