"""/help and /rules in private chats and groups, the rules buttons, a group's /language
(its admins choose the language of the group's boards; each player's cards stay in theirs),
and a private chat's command typed in a group (a button opens it in the private chat)."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot import commands
from bot.config import LANGUAGES
from bot.games.ports import Messenger
from bot.games.table.service import TableService
from bot.i18n import Translator, t
from bot.render.menu import help_page, rule_games, rules_page
from bot.render.screen import Screen
from bot.telegram.answers import CallbackAnswer
from bot.telegram.filters import Menu
from bot.telegram.middlewares import LanguageCache
from bot.telegram.topics import topic_of
from bot.wire.callbacks import menu_data
from bot.wire.keyboard import Button, Keyboard

GROUPS = F.chat.type.in_({"group", "supergroup"})


async def help_cmd(message: Message, tg: Messenger, lang: str) -> None:
    private = message.chat.type == "private"
    await tg.send(message.chat.id, *help_page(lang, private=private), thread=topic_of(message))


async def rules_cmd(message: Message, tg: Messenger, lang: str) -> None:
    private = message.chat.type == "private"
    await tg.send(message.chat.id, *rules_page(lang, private=private), thread=topic_of(message))


async def rules_cb(query: CallbackQuery, args: list[str], tg: Messenger, lang: str) -> None:
    """A rules button (`m:rules[:<game>]`), in a private chat or a group."""
    if query.message is None:
        return
    game = args[0] if args and args[0] in rule_games() else None
    private = query.message.chat.type == "private"
    screen = rules_page(lang, game, private=private)
    await tg.edit(query.message.chat.id, query.message.message_id, *screen)


def group_language_menu(lang: str) -> Screen:
    rows = [
        [
            Button(text=t(lang, f"lang-{code}"), callback_data=menu_data(f"glang:{code}"))
            for code in LANGUAGES
        ]
    ]
    return Screen(t(lang, "language-title"), Keyboard(rows))


async def group_language_cmd(message: Message, tg: Messenger, lang: str) -> None:
    await tg.send(message.chat.id, *group_language_menu(lang), thread=topic_of(message))


async def group_language_cb(
    query: CallbackQuery,
    args: list[str],
    tg: Messenger,
    languages: LanguageCache,
    _: Translator,
    answer: CallbackAnswer,
) -> None:
    """An admin picks the group's language: the boards of games opened here from now on."""
    if query.message is None or len(args) != 1 or args[0] not in LANGUAGES:
        return
    chat_id = query.message.chat.id
    if not await tg.is_admin(chat_id, query.from_user.id):
        await answer(_("language-group-admins"), alert=True)
        return
    await languages.set(chat_id, args[0])
    await tg.edit(chat_id, query.message.message_id, t(args[0], "language-group-set"))


async def private_only(
    message: Message, command: CommandObject, tg: Messenger, _: Translator, tables: TableService
) -> None:
    """/daily, /settings or /menu in a group: they answer in the private chat, where the
    button opens the same screen (through the group's budget, as every group message)."""
    name = command.command
    link = commands.private_link(await tg.username(), name)
    markup = Keyboard([[Button(text=_("btn-private-chat"), url=link)]])
    text = _("cmd-private-only", command=f"/{name}")
    chat, thread = message.chat.id, topic_of(message)
    reply_to = message.message_id
    await tables.publisher.send_to_group(chat, text, markup, thread=thread, reply_to=reply_to)


def make_router() -> Router:
    router = Router(name="help")
    router.message.register(help_cmd, Command("help"))
    router.message.register(rules_cmd, Command("rules"))
    router.message.register(group_language_cmd, Command("language", "lang"), GROUPS)
    router.message.register(private_only, Command(*commands.PRIVATE_ONLY), GROUPS)
    router.callback_query.register(rules_cb, Menu("rules"))
    router.callback_query.register(
        group_language_cb, Menu("glang"), F.message.chat.type != "private"
    )
    return router
