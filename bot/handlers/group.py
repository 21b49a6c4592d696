"""Group games: /newgame, invite deep links, "Play with friends", the bot added to a group, and
a group upgraded to a supergroup.

Forum topics: a command (or a tap on a message) in a topic of a forum supergroup starts the
game in that topic, and every answer goes there (`topic_of`). Only `is_topic_message` makes a
topic: in a group without topics `message_thread_id` names the thread of replies a message is
in, which is no place to send to.

Thin: every handler parses what arrived and calls one method of a table service's part (its
lobbies, its publisher, its migration); a `Refused` becomes a short answer in the user's
language. Included ABOVE the start router so `/start j<code>` and
the `m:friends` button reach it first.
"""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, ChatMemberUpdated, Message, User

from bot.games.ports import Messenger
from bot.games.refusal import Refused
from bot.games.table.service import TableService
from bot.i18n import Translator
from bot.registry import kinds
from bot.render.menu import pick_game
from bot.storage import Player
from bot.telegram.answers import CallbackAnswer
from bot.telegram.filters import Menu
from bot.telegram.topics import topic_of
from bot.wire import deeplinks
from bot.wire.callbacks import menu_data
from bot.wire.keyboard import Button, Keyboard

GROUP_CHATS = {"group", "supergroup"}


def player(user: User, lang: str) -> Player:
    return Player(user.id, user.full_name or user.username or str(user.id), lang)


async def say(answer: CallbackAnswer, _: Translator, refused: Refused) -> None:
    await answer(_(refused.key, **refused.args_), alert=refused.alert)


async def added(event: ChatMemberUpdated, _: Translator, tables: TableService) -> None:
    """Added to a group: say how to start a game (a ?startgroup lobby follows by itself)."""
    old, new = event.old_chat_member.status, event.new_chat_member.status
    if old in ("left", "kicked") and new in ("member", "administrator"):
        await tables.publisher.send_to_group(event.chat.id, _("grp-hello"))


# -- a group upgraded to a supergroup (a new chat id): its game moves along -----------------


async def migrated_to(message: Message, tables: TableService) -> None:
    """In the old group: it is now the supergroup `migrate_to_chat_id`."""
    assert message.migrate_to_chat_id is not None
    await tables.migration.migrate(message.chat.id, message.migrate_to_chat_id)


async def migrated_from(message: Message, tables: TableService) -> None:
    """In the new supergroup: it was the group `migrate_from_chat_id`."""
    assert message.migrate_from_chat_id is not None
    await tables.migration.migrate(message.migrate_from_chat_id, message.chat.id)


# -- commands ----------------------------------------------------------------------------


async def newgame(
    message: Message,
    command: CommandObject,
    _: Translator,
    lang: str,
    user_lang: str,
    tables: TableService,
) -> None:
    assert message.from_user is not None
    kind = (command.args or "").strip().lower()
    chat, thread = message.chat, topic_of(message)
    post = tables.publisher.send_to_group
    board = await tables.lobbies.running_board(chat.id, thread)
    if board is not None:  # a game is on: point at it instead of a picker that would refuse
        await post(chat.id, _("lobby-running"), reply_to=board, thread=thread)
        return
    if kind not in kinds("table"):
        await post(chat.id, *pick_game(_, "new"), thread=thread)
        return
    who = player(message.from_user, user_lang)
    try:
        title = chat.title or ""
        await tables.lobbies.new_group_lobby(kind, chat.id, title, who, lang, thread=thread)
    except Refused as r:
        await post(chat.id, _(r.key), thread=thread)


async def newgame_private(message: Message, tg: Messenger, _: Translator) -> None:
    await tg.send(message.chat.id, *pick_game(_, "inv"))


async def start_in_group(
    message: Message,
    command: CommandObject,
    _: Translator,
    lang: str,
    user_lang: str,
    tables: TableService,
) -> None:
    """`/start` in a group; `/start j<code>` comes from a ?startgroup= link."""
    assert message.from_user is not None
    chat, thread = message.chat, topic_of(message)
    post = tables.publisher.send_to_group
    if not command.args:
        await post(chat.id, *pick_game(_, "new"), thread=thread)
        return
    code = deeplinks.parse_payload(command.args)
    who = player(message.from_user, user_lang)
    try:
        if code is None:
            raise Refused("invite-unknown")
        await tables.lobbies.open_in_group(code, chat.id, chat.title or "", who, lang, thread)
    except Refused as r:  # at most one such answer a minute in a group (links can be spammed)
        if await tables.may_answer_link(chat.id):
            await post(chat.id, _(r.key, **r.args_), thread=thread)


async def start_join(
    message: Message,
    command: CommandObject,
    tg: Messenger,
    _: Translator,
    lang: str,
    tables: TableService,
) -> None:
    """`/start j<code>`: seat whoever opened the invite link."""
    assert message.from_user is not None
    code = deeplinks.parse_payload(command.args)
    try:
        if code is None:
            raise Refused("invite-unknown")
        await tables.lobbies.join_by_link(code, player(message.from_user, lang))
    except Refused as r:  # a way on: the menu (once in a while: links can be forged)
        if await tables.may_answer_link(message.chat.id):
            menu = Keyboard([[Button(text=_("btn-menu"), callback_data=menu_data("menu"))]])
            await tg.send(message.chat.id, _(r.key), menu)


# -- menu buttons ----------------------------------------------------------------------------


async def friends(query: CallbackQuery, tg: Messenger, _: Translator) -> None:
    if query.message is None:
        return
    chat_id, message_id = query.message.chat.id, query.message.message_id
    await tg.edit(chat_id, message_id, *pick_game(_, "inv"))


async def picked(
    query: CallbackQuery,
    args: list[str],
    _: Translator,
    lang: str,
    user_lang: str,
    answer: CallbackAnswer,
    tables: TableService,
) -> None:
    if query.message is None or len(args) != 2 or args[1] not in kinds("table"):
        return
    mode, kind = args
    chat, message_id = query.message.chat, query.message.message_id
    who = player(query.from_user, user_lang)
    try:
        if mode == "new" and chat.type in GROUP_CHATS:
            title, thread = chat.title or "", topic_of(query.message)
            await tables.lobbies.new_group_lobby(
                kind, chat.id, title, who, lang, message_id, thread
            )
        elif mode == "inv" and chat.type == "private":
            await tables.lobbies.new_invite(kind, who, lang, chat.id, message_id)
    except Refused as r:
        await say(answer, _, r)


def make_router() -> Router:
    router = Router(name="group")
    router.my_chat_member.register(added, F.chat.type.in_(GROUP_CHATS))
    router.message.register(migrated_to, F.migrate_to_chat_id)
    router.message.register(migrated_from, F.migrate_from_chat_id)
    router.message.register(newgame, Command("newgame"), F.chat.type.in_(GROUP_CHATS))
    router.message.register(newgame_private, Command("newgame"), F.chat.type == "private")
    router.message.register(start_in_group, CommandStart(), F.chat.type.in_(GROUP_CHATS))
    router.message.register(
        start_join,
        CommandStart(deep_link=True),
        F.chat.type == "private",
        F.text.regexp(r"^/start(@\w+)?\s+j"),
    )
    router.callback_query.register(friends, Menu("friends"))
    router.callback_query.register(picked, Menu("grp"))
    return router
