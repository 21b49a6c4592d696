"""Taps on a group game's buttons: the lobby, the table in the group, a private hand."""

from __future__ import annotations

from aiogram import Router
from aiogram.exceptions import TelegramAPIError
from aiogram.types import CallbackQuery

import rules
from bot.games.refusal import Refused
from bot.games.table.service import TableService
from bot.handlers.group import player, say
from bot.i18n import Translator
from bot.storage import GameRecord
from bot.telegram import deeplinks
from bot.telegram.callbacks import GameCallback
from bot.telegram.filters import GameKind
from bot.telegram.io import CallbackAnswer


async def _open_private_chat(query: CallbackQuery, answer: CallbackAnswer, url: str) -> bool:
    """Answer the tap by opening the private chat with the bot (its /start j<code> seats the
    player there); False when Telegram refuses the URL."""
    answer.answered = True
    try:
        await query.answer(url=url)
    except TelegramAPIError:
        answer.answered = False
        return False
    return True


async def tap(
    query: CallbackQuery,
    cb: GameCallback,
    game: GameRecord,
    _: Translator,
    lang: str,
    user_lang: str,
    answer: CallbackAnswer,
    tables: TableService,
) -> None:
    chat_id = query.message.chat.id if query.message is not None else 0
    user = player(query.from_user, user_lang)

    async def is_admin() -> bool:
        return await tables.publisher.tg.is_admin(chat_id, user.user_id)

    try:
        notice = await tables.tap(game, user, cb, lang, is_admin)
    except Refused as r:
        code = game.table.code
        if r.key == "lobby-dm-needed" and deeplinks.is_code(code):
            link = deeplinks.join_link(await tables.publisher.tg.username(), code)
            if await _open_private_chat(query, answer, link):
                return
        await say(answer, _, r)
        if r.key == "grp-stale" and (fresh := await tables.store.load(game.id)) is not None:
            await tables.publisher.show(fresh)
        return
    if notice is not None:
        await answer(_(notice.key), alert=notice.alert)


def make_router() -> Router:
    router = Router(name="table")
    router.callback_query.register(tap, GameKind(*rules.GROUP_GAMES))
    return router
