"""Tournaments: /tournament in a group (or a forum topic) and its set-up's buttons
(`m:tn:n:<creator>:<game>:<a|s><n>:<seconds>:<minutes>`, one step a tap), the group's setting
of who may create one (`m:tn:adm`), the standings' and the private chat's buttons
(`m:tn:<j|l|s|x>:<id>`: join, leave or pause, start, cancel), and `/start tour-<id>`, the link
that joins from the bot's private chat. Thin: each parses what came and calls the tournaments'
desk."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, Message

from bot.config import Settings
from bot.games.ports import Messenger
from bot.games.refusal import Notice, Refused
from bot.games.table.service import TableService
from bot.games.tournament.desk import Plan, TourDesk, Where
from bot.handlers.group import GROUP_CHATS, player
from bot.i18n import t
from bot.registry import kinds
from bot.render import tournament as screens
from bot.render.screen import Screen
from bot.telegram.answers import CallbackAnswer
from bot.telegram.filters import Menu
from bot.telegram.topics import topic_of
from bot.wire import deeplinks

Step = Screen | Plan | None  # the next screen, the tournament set up, or a stale tap


def step(args: list[str], lang: str, settings: Settings) -> Step:
    """The set-up after `args` (`<creator>`, then the choices so far), checked."""
    uid, picked = int(args[0]), args[1:]
    if not picked:
        return None
    kind = picked[0]
    if kind not in kinds("table"):
        return None
    if len(picked) == 1:
        return screens.pick_format(lang, uid, kind, settings.arena_minutes)
    code = picked[1]
    fmt, digits = ("arena" if code[:1] == "a" else "swiss"), code[1:]
    allowed = settings.arena_minutes if fmt == "arena" else screens.SWISS_ROUNDS
    if code[:1] not in ("a", "s") or not digits.isdigit() or int(digits) not in allowed:
        return None
    if len(picked) == 2:
        return screens.pick_turn(lang, uid, kind, fmt, int(digits))
    turn = int(picked[2]) if picked[2].isdigit() else 0
    if turn not in screens.MOVE_SECONDS:
        return None
    if len(picked) == 3:
        return screens.pick_start(lang, uid, kind, fmt, int(digits), turn)
    start = int(picked[3]) if picked[3].isdigit() else -1
    if start not in (0, *screens.START_MINUTES) or len(picked) > 4:
        return None
    return Plan(kind, "arena" if fmt == "arena" else "swiss", int(digits), turn, start)


async def tournament_cmd(
    message: Message, lang: str, user_lang: str, tournaments: TourDesk, tables: TableService
) -> None:
    """/tournament in a group: the set-up's first step (or why not)."""
    assert message.from_user is not None
    chat, topic, uid = message.chat.id, topic_of(message), message.from_user.id
    post = tables.publisher.send_to_group
    try:
        await tournaments.may_create(chat, topic, uid)
    except Refused as refused:
        await post(chat, t(lang, refused.key), thread=topic, reply_to=message.message_id)
        return
    only = await tournaments.admins_only(chat)
    await post(chat, *screens.pick_game(lang, uid, kinds("table"), only), thread=topic)


async def tournament_private(message: Message, tg: Messenger, lang: str) -> None:
    await tg.send(message.chat.id, t(lang, "tour-group-only"))


async def setup(
    query: CallbackQuery,
    args: list[str],
    lang: str,
    user_lang: str,
    settings: Settings,
    tournaments: TourDesk,
    tg: Messenger,
    answer: CallbackAnswer,
) -> None:
    """`m:tn:n:<creator>:…`: the set-up's next step, on its message; the last creates it."""
    msg, args = query.message, args[1:]
    if msg is None or not args or not args[0].isdigit():
        return
    if int(args[0]) != query.from_user.id:
        await answer(t(user_lang, "tour-not-yours"))
        return
    if args[1:] == ["x"]:
        await tg.edit(msg.chat.id, msg.message_id, t(lang, "tour-closed-picker"))
        return
    found = step(args, lang, settings)
    if isinstance(found, Screen):
        await tg.edit(msg.chat.id, msg.message_id, *found)
        return
    if found is None:
        await answer(t(user_lang, "error-stale"))
        return
    chat = msg.chat
    where = Where(chat.id, chat.title or "", topic_of(msg), bool(chat.is_forum), msg.message_id)
    try:
        await tournaments.create(found, where, player(query.from_user, user_lang), lang)
    except Refused as refused:
        await answer(t(user_lang, refused.key, **refused.args_), alert=True)


async def admins(
    query: CallbackQuery, user_lang: str, tournaments: TourDesk, answer: CallbackAnswer
) -> None:
    """`m:tn:adm`: an admin switches who may create tournaments in the group."""
    if query.message is None:
        return
    try:
        notice = await tournaments.toggle_admins(query.message.chat.id, query.from_user.id)
    except Refused as refused:
        await answer(t(user_lang, refused.key), alert=True)
        return
    await answer(t(user_lang, notice.key), alert=True)


async def act(
    query: CallbackQuery,
    args: list[str],
    user_lang: str,
    tournaments: TourDesk,
    answer: CallbackAnswer,
) -> None:
    """`m:tn:<j|l|s|x>:<id>`: join, leave (pause), start, cancel."""
    if len(args) != 2 or not deeplinks.is_tour_id(args[1]):
        await answer(t(user_lang, "error-stale"))
        return
    action, tid, uid = args[0], args[1], query.from_user.id
    try:
        notice: Notice
        if action == "j":
            notice = await tournaments.join(tid, player(query.from_user, user_lang))
        elif action == "l":
            notice = await tournaments.leave(tid, uid, user_lang)
        elif action == "s":
            notice = await tournaments.start(tid, uid)
        else:
            notice = await tournaments.cancel(tid, uid)
    except Refused as refused:
        if refused.url is not None and await answer.open_url(refused.url):
            return
        await answer(t(user_lang, refused.key, **refused.args_), alert=refused.alert)
        return
    await answer(t(user_lang, notice.key), alert=notice.alert)


async def join_link(
    message: Message, command: CommandObject, user_lang: str, tournaments: TourDesk, tg: Messenger
) -> None:
    """`/start tour-<id>` in the private chat: joined (the answer says so there)."""
    assert message.from_user is not None
    tid = deeplinks.parse_tour(command.args)
    if tid is None:
        return
    try:
        await tournaments.join(tid, player(message.from_user, user_lang))
    except Refused as refused:
        await tg.send(message.chat.id, t(user_lang, refused.key, **refused.args_))


def make_router() -> Router:
    router = Router(name="tournament")
    groups = F.chat.type.in_(GROUP_CHATS)
    router.message.register(tournament_cmd, Command("tournament"), groups)
    router.message.register(tournament_private, Command("tournament"), F.chat.type == "private")
    router.message.register(
        join_link,
        CommandStart(deep_link=True),
        F.chat.type == "private",
        F.text.regexp(r"^/start(@\w+)?\s+tour-"),
    )
    router.callback_query.register(setup, Menu("tn"), F.data.startswith("m:tn:n:"))
    router.callback_query.register(admins, Menu("tn"), F.data == "m:tn:adm")
    router.callback_query.register(act, Menu("tn"))
    return router
