"""Solitaires in a private chat: the board's buttons and the menu entries.

Every game button carries `<gid>:<version>:<action>`; CallbackMiddleware has loaded the game
(or, for a move on a game this process remembers at that version, taken it from memory).
"""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from bot.games.ports import Messenger
from bot.games.solitaire.service import SolitaireService
from bot.games.solitaire.tap import Tap
from bot.games.table.service import TableService
from bot.i18n import Translator
from bot.registry import is_solitaire, spec
from bot.render.menu import variant_menu
from bot.storage import GameRecord
from bot.telegram.answers import CallbackAnswer
from bot.telegram.filters import GameFamily, GameMenu, Menu
from bot.wire.callbacks import GameCallback, MenuCallback, version_shown


async def game_button(
    query: CallbackQuery,
    cb: GameCallback,
    game: GameRecord,
    solitaires: SolitaireService,
    lang: str,
    answer: CallbackAnswer,
    _: Translator,
    peeked: bool = False,
) -> None:
    if query.message is None:
        await answer(_("error-stale"), alert=True)
        return
    where = (query.message.chat.id, query.message.message_id)
    markup = getattr(query.message, "reply_markup", None)
    datas = [b.callback_data for row in markup.inline_keyboard for b in row] if markup else []
    shown = version_shown(datas, cb.game_id)
    await solitaires.tap(Tap(game, cb, query.from_user.id, where, lang, answer, peeked, shown))


async def choose_variant(
    query: CallbackQuery, cb: MenuCallback, tg: Messenger, solitaires: SolitaireService, lang: str
) -> None:
    if query.message is None:
        return
    kind = cb.parts()[0]
    active = await solitaires.active(query.from_user.id, kind)
    text, kb = variant_menu(kind, list(spec(kind).variants), lang, active)
    await tg.edit(query.message.chat.id, query.message.message_id, text, kb)


async def new_game(
    query: CallbackQuery,
    cb: MenuCallback,
    args: list[str],
    solitaires: SolitaireService,
    lang: str,
    answer: CallbackAnswer,
) -> None:
    if query.message is None or not args or not is_solitaire(args[0]) or len(args) > 2:
        return
    kind = args[0]
    variant = args[1] if len(args) > 1 else spec(kind).default_variant
    where = (query.message.chat.id, query.message.message_id)
    below = cb.parts()[0] == "again"
    name = query.from_user.full_name
    await solitaires.new_game(
        kind, variant, query.from_user.id, where, lang, answer, below=below, name=name
    )


async def continue_game(
    query: CallbackQuery,
    args: list[str],
    solitaires: SolitaireService,
    tables: TableService,
    lang: str,
    answer: CallbackAnswer,
) -> None:
    """ "Continue" in the menu: a solitaire, or a game against the computer."""
    if query.message is None or not args:
        return
    where = (query.message.chat.id, query.message.message_id)
    if await tables.private.resume(args[0], query.from_user.id, where):
        return
    await solitaires.resume(args[0], query.from_user.id, where, lang, answer)


def make_router() -> Router:
    router = Router(name="solitaire")
    router.callback_query.register(game_button, GameFamily("solitaire"))
    router.callback_query.register(choose_variant, GameMenu("solitaire"))
    router.callback_query.register(new_game, Menu("new", "again"))
    router.callback_query.register(continue_game, Menu("cont"))
    return router
