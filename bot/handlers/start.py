"""/start (with deep-link payloads), the main menu and the language choice (private chats)."""

from __future__ import annotations

import logging
import re

from aiogram import F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, Message

from bot import commands
from bot.config import LANGUAGES
from bot.games.ports import Messenger
from bot.games.solitaire.service import SolitaireService
from bot.games.table.service import TableService
from bot.i18n import Translator
from bot.render.menu import language_menu, main_menu
from bot.telegram.answers import CallbackAnswer
from bot.telegram.filters import Menu
from bot.telegram.middlewares import LanguageCache

log = logging.getLogger(__name__)

PAYLOAD_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")


async def show_menu(
    tg: Messenger,
    solitaires: SolitaireService,
    tables: TableService,
    user_id: int,
    chat_id: int,
    lang: str,
    message_id: int | None = None,
) -> None:
    """The main menu, with "continue" for the user's unfinished solitaires and games against
    the computer."""
    active = await solitaires.active_games(user_id) + await tables.private.active(user_id)
    text, markup = main_menu(lang, active)
    if message_id is None:
        await tg.send(chat_id, text, markup)
    else:
        await tg.edit(chat_id, message_id, text, markup)


async def start(
    message: Message,
    command: CommandObject,
    tg: Messenger,
    solitaires: SolitaireService,
    tables: TableService,
    lang: str,
    _: Translator,
) -> None:
    assert message.from_user is not None
    payload = command.args
    if payload:  # known payloads are handled by earlier routers (e.g. `j<code>` by group games)
        if not await tables.may_answer_link(message.chat.id):  # links can come by the thousand
            return
        log.info(
            "event=start_payload_unknown user=%s valid=%s",
            message.from_user.id,
            bool(PAYLOAD_RE.fullmatch(payload)),
        )
        await tg.send(message.chat.id, _("start-bad-payload"))
    await show_menu(tg, solitaires, tables, message.from_user.id, message.chat.id, lang)


async def menu_cmd(
    message: Message, tg: Messenger, solitaires: SolitaireService, tables: TableService, lang: str
) -> None:
    assert message.from_user is not None
    await show_menu(tg, solitaires, tables, message.from_user.id, message.chat.id, lang)


async def language_cmd(message: Message, tg: Messenger, lang: str) -> None:
    text, markup = language_menu(lang)
    await tg.send(message.chat.id, text, markup)


async def menu_cb(
    query: CallbackQuery,
    tg: Messenger,
    solitaires: SolitaireService,
    tables: TableService,
    lang: str,
) -> None:
    if query.message is None:
        return
    await show_menu(
        tg,
        solitaires,
        tables,
        query.from_user.id,
        query.message.chat.id,
        lang,
        query.message.message_id,
    )


async def lang_cb(
    query: CallbackQuery,
    args: list[str],
    tg: Messenger,
    solitaires: SolitaireService,
    tables: TableService,
    languages: LanguageCache,
    lang: str,
    answer: CallbackAnswer,
) -> None:
    if query.message is None:
        return
    chat_id, message_id = query.message.chat.id, query.message.message_id
    if not args:
        text, markup = language_menu(lang)
        await tg.edit(chat_id, message_id, text, markup)
        return
    if args[0] not in LANGUAGES:
        await answer()
        return
    new = args[0]
    await languages.set(query.from_user.id, new)
    from bot.i18n import t

    await answer(t(new, "language-set"))
    await show_menu(tg, solitaires, tables, query.from_user.id, chat_id, new, message_id)


def make_router() -> Router:
    router = Router(name="start")
    router.message.filter(F.chat.type == "private")
    router.message.register(menu_cmd, commands.opened_by("menu"))  # /menu typed in a group
    router.message.register(start, CommandStart())
    router.message.register(menu_cmd, Command("menu"))
    router.message.register(language_cmd, Command("language", "lang"))
    router.callback_query.register(menu_cb, Menu("menu"))
    router.callback_query.register(lang_cb, Menu("lang"))
    return router
