"""A quick match from the private menu (`m:mq`): which game, join the queue, cancel."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.types import CallbackQuery

from bot.games.match.service import Matches, games, seat_choices
from bot.games.ports import Messenger
from bot.games.refusal import Refused
from bot.games.solitaire.service import SolitaireService
from bot.games.table.service import TableService
from bot.handlers.group import say
from bot.handlers.start import show_menu
from bot.i18n import Translator
from bot.render import match as screens
from bot.storage import Player
from bot.telegram.answers import CallbackAnswer
from bot.telegram.filters import Menu


async def match(
    query: CallbackQuery,
    args: list[str],
    tables: TableService,
    matches: Matches,
    solitaires: SolitaireService,
    tg: Messenger,
    lang: str,
    _: Translator,
    answer: CallbackAnswer,
) -> None:
    """`m:mq` the games, `m:mq:<game>` look for an opponent, `m:mq:x` stop looking (while
    looking, a tap that would pick a game shows the waiting screen)."""
    if query.message is None:
        return
    chat, message = query.message.chat.id, query.message.message_id
    picking = not args or (len(args) == 1 and len(seat_choices(args[0])) > 1)
    if picking and await matches.here(query.from_user.id, (chat, message)):
        return  # looking already: the waiting screen, here
    if not args:
        await tg.edit(chat, message, *screens.pick(lang, games()))
    elif args == [screens.CANCEL]:
        said = "match-cancelled" if await matches.cancel(query.from_user.id) else None
        await answer(_(said) if said else None)
        await show_menu(tg, solitaires, tables, query.from_user.id, chat, lang, message)
    elif len(args) == 1 and len(choices := seat_choices(args[0])) > 1:
        await tg.edit(chat, message, *screens.seats(lang, args[0], choices))
    else:  # first names only: strangers see no more of each other
        user = Player(query.from_user.id, query.from_user.first_name, lang)
        try:
            await matches.ask(args[0], user, (chat, message), *table_of(args[1:]))
        except Refused as refused:
            await say(answer, _, refused)


def table_of(args: list[str]) -> tuple[int | None, bool]:
    """`[]` → (None, False); `["3f"]` → (3, True): the seats asked for, and the computer fill."""
    if not args:
        return None, False
    arg = args[0]
    fill = arg.endswith(screens.FILL)
    digits = arg.removesuffix(screens.FILL)
    return (int(digits) if digits.isdigit() and len(digits) < 3 else -1), fill


async def block(
    query: CallbackQuery,
    args: list[str],
    matches: Matches,
    _: Translator,
    answer: CallbackAnswer,
) -> None:
    """`m:mqb:<game>` under a finished match: never meet its other players again."""
    done = len(args) == 1 and await matches.block_opponents(args[0], query.from_user.id)
    await answer(_("match-blocked" if done else "error-stale-game"))


def make_router() -> Router:
    router = Router(name="match")
    router.callback_query.filter(F.message.chat.type == "private")
    router.callback_query.register(match, Menu("mq"))
    router.callback_query.register(block, Menu("mqb"))
    return router
