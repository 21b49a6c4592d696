"""Table games against the computer, from the private menu (`m:ai:<game>`)."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.types import CallbackQuery

from bot.games.refusal import Refused
from bot.games.table.service import TableService
from bot.handlers.group import player, say
from bot.i18n import Translator
from bot.registry import kinds
from bot.telegram.answers import CallbackAnswer
from bot.telegram.filters import Menu


async def open_game(
    query: CallbackQuery,
    args: list[str],
    tables: TableService,
    lang: str,
    _: Translator,
    answer: CallbackAnswer,
) -> None:
    """The setup screen (opponents, level) on the menu's message."""
    if query.message is None or len(args) != 1 or args[0] not in kinds("table"):
        await answer(_("error-stale"))
        return
    where = (query.message.chat.id, query.message.message_id)
    try:
        await tables.private.open(args[0], player(query.from_user, lang), lang, where)
    except Refused as r:
        await say(answer, _, r)


def make_router() -> Router:
    router = Router(name="computer")
    router.callback_query.filter(F.message.chat.type == "private")
    router.callback_query.register(open_game, Menu("ai"))
    return router
