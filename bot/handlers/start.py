"""/start (with deep-link payloads), the main menu, /rules and the language choice."""

from __future__ import annotations

import logging
import re

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, Message

from bot.games.solitaire import model as solitaire
from bot.i18n import LANGUAGES, Translator
from bot.render.menu import language_menu, main_menu, rules_page
from bot.storage import Store
from bot.telegram.filters import Menu
from bot.telegram.io import CallbackAnswer, edit, send
from bot.telegram.middlewares import LanguageCache

log = logging.getLogger(__name__)

PAYLOAD_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")


async def show_menu(
    bot: Bot, store: Store, user_id: int, chat_id: int, lang: str, message_id: int | None = None
) -> None:
    active = await solitaire.active_games(store, user_id)
    text, markup = main_menu(lang, active)
    if message_id is None:
        await send(bot, chat_id, text, markup)
    else:
        await edit(bot, chat_id, message_id, text, markup)


def make_router() -> Router:
    router = Router(name="start")
    router.message.filter(F.chat.type == "private")

    @router.message(CommandStart())
    async def start(
        message: Message, command: CommandObject, bot: Bot, store: Store, lang: str, _: Translator
    ) -> None:
        assert message.from_user is not None
        payload = command.args
        if payload:
            # known payloads are handled by earlier routers (e.g. `j<code>` by group games)
            log.info(
                "event=start_payload_unknown user=%s valid=%s",
                message.from_user.id,
                bool(PAYLOAD_RE.fullmatch(payload)),
            )
            await send(bot, message.chat.id, _("start-bad-payload"))
        await show_menu(bot, store, message.from_user.id, message.chat.id, lang)

    @router.message(Command("menu"))
    async def menu_cmd(message: Message, bot: Bot, store: Store, lang: str) -> None:
        assert message.from_user is not None
        await show_menu(bot, store, message.from_user.id, message.chat.id, lang)

    @router.message(Command("rules", "help"))
    async def rules_cmd(message: Message, bot: Bot, lang: str) -> None:
        text, markup = rules_page(lang)
        await send(bot, message.chat.id, text, markup)

    @router.message(Command("language", "lang"))
    async def language_cmd(message: Message, bot: Bot, lang: str) -> None:
        text, markup = language_menu(lang)
        await send(bot, message.chat.id, text, markup)

    @router.callback_query(Menu("menu"))
    async def menu_cb(query: CallbackQuery, bot: Bot, store: Store, lang: str) -> None:
        if query.message is None:
            return
        await show_menu(
            bot, store, query.from_user.id, query.message.chat.id, lang, query.message.message_id
        )

    @router.callback_query(Menu("rules"))
    async def rules_cb(query: CallbackQuery, bot: Bot, lang: str) -> None:
        if query.message is None:
            return
        text, markup = rules_page(lang)
        await edit(bot, query.message.chat.id, query.message.message_id, text, markup)

    @router.callback_query(Menu("lang"))
    async def lang_cb(
        query: CallbackQuery,
        args: list[str],
        bot: Bot,
        store: Store,
        languages: LanguageCache,
        lang: str,
        answer: CallbackAnswer,
    ) -> None:
        if query.message is None:
            return
        chat_id, message_id = query.message.chat.id, query.message.message_id
        if not args:
            text, markup = language_menu(lang)
            await edit(bot, chat_id, message_id, text, markup)
            return
        if args[0] not in LANGUAGES:
            await answer()
            return
        new = args[0]
        await languages.set(query.from_user.id, new)
        from bot.i18n import t

        await answer(t(new, "language-set"))
        await show_menu(bot, store, query.from_user.id, chat_id, new, message_id)

    return router
