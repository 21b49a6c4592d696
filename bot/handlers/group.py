"""Group games: /newgame, lobby and game buttons, invite deep links, "Play with friends".

Thin: every handler parses what arrived and calls one `GroupService` method; a `Refused` becomes
a short answer in the user's language. Include `make_router` ABOVE the start router so
`/start j<code>` and the `m:friends` button reach it first.
"""

from __future__ import annotations

import logging
from typing import Any

from aiogram import Bot, Dispatcher, F, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, ChatMemberUpdated, Message, User

from bot.config import Settings
from bot.games.table import play as gp
from bot.games.table.lobby import Player
from bot.games.table.service import GroupService, Refused
from bot.i18n import Translator
from bot.storage import GameRecord, Store
from bot.telegram import deeplinks as invites
from bot.telegram.callbacks import GameCallback, menu_data
from bot.telegram.filters import GameKind, Menu
from bot.telegram.io import CallbackAnswer, edit, send
from bot.telegram.keyboard import Button, Keyboard

log = logging.getLogger(__name__)

GROUP_CHATS = {"group", "supergroup"}
LOBBY_ACTIONS = {"join", "leave", "start", "cancel", "deck", "deals"}
TOAST = {
    "grp-not-your-turn",
    "grp-not-seated",
    "lobby-already",
    "lobby-joined",
    "lobby-left",
    "pq-pick-first",
}


def service(dispatcher: Dispatcher, bot: Bot, store: Store, settings: Settings) -> GroupService:
    """The dispatcher's GroupService (made on first use)."""
    svc = dispatcher.workflow_data.get("group_service")
    if not isinstance(svc, GroupService) or svc.bot is not bot or svc.store is not store:
        svc = GroupService(bot, store, settings)
        dispatcher["group_service"] = svc
    return svc


def player(user: User, lang: str) -> Player:
    return Player(user.id, user.full_name or user.username or str(user.id), lang)


def pick_game_markup(_: Translator, mode: str) -> Keyboard:
    rows = [
        [Button(text=_(f"grp-btn-{kind}"), callback_data=menu_data(f"grp:{mode}:{kind}"))]
        for kind in gp.GROUP_GAMES
    ]
    if mode == "inv":
        rows.append([Button(text=_("grp-btn-back"), callback_data=menu_data("menu"))])
    return Keyboard(rows)


async def _say(answer: CallbackAnswer, _: Translator, refused: Refused) -> None:
    await answer(_(refused.key, **refused.args_), alert=refused.key not in TOAST)


def make_router() -> Router:
    router = Router(name="group")

    @router.startup()
    async def _start_timers(
        dispatcher: Dispatcher, bot: Bot, store: Store, settings: Settings, **_kw: Any
    ) -> None:
        service(dispatcher, bot, store, settings).timers.start()

    @router.shutdown()
    async def _stop_timers(dispatcher: Dispatcher, **_kw: Any) -> None:
        svc = dispatcher.workflow_data.get("group_service")
        if isinstance(svc, GroupService):
            await svc.timers.stop()
            await svc.flood.close(flush=True)

    @router.my_chat_member(F.chat.type.in_(GROUP_CHATS))
    async def added(
        event: ChatMemberUpdated,
        bot: Bot,
        _: Translator,
        dispatcher: Dispatcher,
        store: Store,
        settings: Settings,
    ) -> None:
        """Added to a group: say how to start a game (a ?startgroup lobby follows by itself)."""
        old, new = event.old_chat_member.status, event.new_chat_member.status
        if old in ("left", "kicked") and new in ("member", "administrator"):
            await service(dispatcher, bot, store, settings).send_to_group(
                event.chat.id, _("grp-hello")
            )

    # -- a group upgraded to a supergroup (a new chat id): its game moves along -----------------
    @router.message(F.migrate_to_chat_id)
    async def migrated_to(
        message: Message, bot: Bot, dispatcher: Dispatcher, store: Store, settings: Settings
    ) -> None:
        """In the old group: it is now the supergroup `migrate_to_chat_id`."""
        assert message.migrate_to_chat_id is not None
        await service(dispatcher, bot, store, settings).migrate(
            message.chat.id, message.migrate_to_chat_id
        )

    @router.message(F.migrate_from_chat_id)
    async def migrated_from(
        message: Message, bot: Bot, dispatcher: Dispatcher, store: Store, settings: Settings
    ) -> None:
        """In the new supergroup: it was the group `migrate_from_chat_id`."""
        assert message.migrate_from_chat_id is not None
        await service(dispatcher, bot, store, settings).migrate(
            message.migrate_from_chat_id, message.chat.id
        )

    # -- commands ----------------------------------------------------------------------------
    @router.message(Command("newgame"), F.chat.type.in_(GROUP_CHATS))
    async def newgame(
        message: Message,
        command: CommandObject,
        bot: Bot,
        _: Translator,
        lang: str,
        dispatcher: Dispatcher,
        store: Store,
        settings: Settings,
    ) -> None:
        assert message.from_user is not None
        kind = (command.args or "").strip().lower()
        svc = service(dispatcher, bot, store, settings)
        if kind in gp.GROUP_GAMES:
            try:
                await svc.new_group_lobby(
                    kind,
                    message.chat.id,
                    message.chat.title or "",
                    player(message.from_user, lang),
                    lang,
                )
            except Refused as r:
                await svc.send_to_group(message.chat.id, _(r.key))
            return
        await svc.send_to_group(message.chat.id, _("lobby-pick-game"), pick_game_markup(_, "new"))

    @router.message(Command("newgame"), F.chat.type == "private")
    async def newgame_private(message: Message, bot: Bot, _: Translator) -> None:
        await send(bot, message.chat.id, _("invite-pick-game"), pick_game_markup(_, "inv"))

    @router.message(CommandStart(), F.chat.type.in_(GROUP_CHATS))
    async def start_in_group(
        message: Message,
        command: CommandObject,
        bot: Bot,
        _: Translator,
        lang: str,
        dispatcher: Dispatcher,
        store: Store,
        settings: Settings,
    ) -> None:
        """`/start` in a group; `/start j<code>` comes from a ?startgroup= link."""
        assert message.from_user is not None
        payload = command.args
        svc = service(dispatcher, bot, store, settings)
        if not payload:
            await svc.send_to_group(
                message.chat.id, _("lobby-pick-game"), pick_game_markup(_, "new")
            )
            return
        code = invites.parse_payload(payload)
        if code is None:
            await svc.send_to_group(message.chat.id, _("invite-unknown"))
            return
        try:
            await svc.open_in_group(
                code,
                message.chat.id,
                message.chat.title or "",
                player(message.from_user, lang),
                lang,
            )
        except Refused as r:
            await svc.send_to_group(message.chat.id, _(r.key))

    @router.message(
        CommandStart(deep_link=True), F.chat.type == "private", F.text.regexp(r"^/start(@\w+)?\s+j")
    )
    async def start_join(
        message: Message,
        command: CommandObject,
        bot: Bot,
        _: Translator,
        lang: str,
        dispatcher: Dispatcher,
        store: Store,
        settings: Settings,
    ) -> None:
        """`/start j<code>`: seat whoever opened the invite link."""
        assert message.from_user is not None
        code = invites.parse_payload(command.args)
        if code is None:
            await send(bot, message.chat.id, _("invite-unknown"))
            return
        svc = service(dispatcher, bot, store, settings)
        try:
            await svc.join_by_link(code, player(message.from_user, lang))
        except Refused as r:
            await send(bot, message.chat.id, _(r.key))

    # -- menu buttons ----------------------------------------------------------------------------
    @router.callback_query(Menu("friends"))
    async def friends(query: CallbackQuery, bot: Bot, _: Translator) -> None:
        if query.message is None:
            return
        await edit(
            bot,
            query.message.chat.id,
            query.message.message_id,
            _("invite-pick-game"),
            pick_game_markup(_, "inv"),
        )

    @router.callback_query(Menu("grp"))
    async def picked(
        query: CallbackQuery,
        args: list[str],
        bot: Bot,
        _: Translator,
        lang: str,
        answer: CallbackAnswer,
        dispatcher: Dispatcher,
        store: Store,
        settings: Settings,
    ) -> None:
        if query.message is None or len(args) != 2 or args[1] not in gp.GROUP_GAMES:
            await answer()
            return
        mode, kind = args
        chat = query.message.chat
        svc = service(dispatcher, bot, store, settings)
        who = player(query.from_user, lang)
        try:
            if mode == "new" and chat.type in GROUP_CHATS:
                await svc.new_group_lobby(
                    kind, chat.id, chat.title or "", who, lang, query.message.message_id
                )
            elif mode == "inv" and chat.type == "private":
                await svc.new_invite(kind, who, lang, chat.id, query.message.message_id)
        except Refused as r:
            await _say(answer, _, r)

    # -- game and lobby buttons ------------------------------------------------------------------
    @router.callback_query(GameKind(*gp.GROUP_GAMES))
    async def tap(
        query: CallbackQuery,
        cb: GameCallback,
        game: GameRecord,
        bot: Bot,
        _: Translator,
        lang: str,
        answer: CallbackAnswer,
        dispatcher: Dispatcher,
        store: Store,
        settings: Settings,
    ) -> None:
        svc = service(dispatcher, bot, store, settings)
        try:
            await _tap(svc, query, cb, game, lang, answer, _)
        except Refused as r:
            await _say(answer, _, r)
            if r.key == "grp-stale":
                fresh = await store.load(game.id)
                if fresh is not None:
                    await svc.show(fresh)

    return router


async def _tap(
    svc: GroupService,
    query: CallbackQuery,
    cb: GameCallback,
    game: GameRecord,
    lang: str,
    answer: CallbackAnswer,
    _: Translator,
) -> None:
    user = player(query.from_user, lang)
    phase = gp.phase(game)
    name, arg = cb.ui() if cb.is_ui else ("", "")
    if phase == "lobby":
        if name not in LOBBY_ACTIONS:
            raise Refused("grp-stale")
        await _lobby_tap(svc, query, game, user, name, answer, _)
        return
    if phase == "cancelled":
        raise Refused("lobby-gone")
    if phase == "over":
        if name == "rematch":
            await svc.rematch(game, user, lang)
            return
        raise Refused("grp-game-over")
    # the game is on
    if name == "wait":
        raise Refused(
            "grp-not-your-turn" if gp.seat_of(game, user.user_id) is not None else "grp-not-seated"
        )
    if name == "resign":
        if gp.seat_of(game, user.user_id) is None:
            raise Refused("grp-not-seated")
        if game.kind == "ryadki":
            if arg == "y":
                await svc.move(game, user.user_id, cb.version, "resign")
                await answer(_("grp-left"))
            else:
                await svc.show_leave_confirm(game, user.user_id, confirm=(arg == ""))
            return
        if svc.ask_resign(game.id, user.user_id):
            await svc.move(game, user.user_id, cb.version, "resign")
        else:
            await answer(_("grp-confirm-resign"), alert=True)
        return
    if game.kind == "parquet":
        if name == "pick":
            await svc.parquet_pick(game, user.user_id, cb.version, arg)
            return
        if name == "unpick":
            await svc.parquet_pick(game, user.user_id, cb.version, None)
            return
        if name == "cell":
            seat = gp.seat_of(game, user.user_id)
            if seat is None:
                raise Refused("grp-not-seated")
            if gp.turn_of(gp.public_view(game)) != seat:
                raise Refused("grp-not-your-turn")
            raise Refused("pq-pick-first")
    if cb.is_ui:
        raise Refused("grp-stale")
    await svc.move(game, user.user_id, cb.version, cb.action)


async def _lobby_tap(
    svc: GroupService,
    query: CallbackQuery,
    game: GameRecord,
    user: Player,
    action: str,
    answer: CallbackAnswer,
    _: Translator,
) -> None:
    chat_id = query.message.chat.id if query.message is not None else None

    async def is_admin() -> bool:
        if chat_id is None or chat_id > 0:
            return False
        try:
            member = await svc.bot.get_chat_member(chat_id, user.user_id)
        except TelegramAPIError:
            return False
        return member.status in ("creator", "administrator")

    try:
        said = await svc.lobby_action(game, user, action, is_admin)
    except Refused as r:
        if r.key == "lobby-dm-needed":
            code = str(game.meta.get("code") or "")
            if invites.is_code(code):
                # opens the private chat with the bot; /start j<code> seats the player there
                answer.answered = True
                try:
                    await query.answer(url=invites.join_link(await svc.username(), code))
                    return
                except TelegramAPIError:
                    answer.answered = False
        raise
    if said:
        await answer(_(said))
