"""Taps on a table game's buttons: the lobby, the table in the group, a private hand."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from bot.games.ports import Messenger
from bot.games.table.service import TableService
from bot.games.table.taps import TableTap
from bot.handlers.group import player
from bot.storage import GameRecord
from bot.telegram.answers import CallbackAnswer
from bot.telegram.filters import GameFamily
from bot.wire.callbacks import GameCallback


async def tap(
    query: CallbackQuery,
    cb: GameCallback,
    game: GameRecord,
    lang: str,
    user_lang: str,
    answer: CallbackAnswer,
    tables: TableService,
    tg: Messenger,
) -> None:
    chat_id = query.message.chat.id if query.message is not None else 0
    user = player(query.from_user, user_lang)

    async def is_admin() -> bool:
        return await tg.is_admin(chat_id, user.user_id)

    await tables.tap(TableTap(game, cb, user, lang, is_admin, answer, query.id))


def make_router() -> Router:
    router = Router(name="table")
    router.callback_query.register(tap, GameFamily("table"))
    return router
