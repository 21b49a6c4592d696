"""Inline mode (`@bot` in any chat): the challenges offered, and taps on a challenge.

Choosing a challenge posts it into the chat the user is in (their client posts it, with the
bot's buttons); the first tap that seats a second player starts the game on that message
(`bot.games.table.inline`)."""

from __future__ import annotations

import html

from aiogram import Bot, F, Router
from aiogram.types import (
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQuery,
    InlineQueryResultArticle,
    InlineQueryResultUnion,
    InputTextMessageContent,
)

from bot.games.player_views import Players
from bot.games.ports import Messenger
from bot.games.table.service import TableService
from bot.handlers.group import player
from bot.handlers.stats import todays_shares
from bot.i18n import Translator, t
from bot.registry import GAMES
from bot.telegram.answers import CallbackAnswer
from bot.telegram.filters import Menu
from bot.wire import challenge
from bot.wire.callbacks import MenuCallback


def _challenge(
    secret: bytes, kind: str, lang: str, user_id: int, name: str
) -> InlineQueryResultArticle:
    _ = lambda key, **kw: t(lang, key, **kw)  # noqa: E731 - the challenger's language
    game = GAMES[kind]
    title = _(game.title_key)
    text = _("inline-challenge-text", icon=game.icon, game=title, name=html.escape(name))
    buttons = [
        [
            InlineKeyboardButton(
                text=_("inline-btn-join"),
                callback_data=challenge.challenge_data(secret, kind, lang, user_id, "j"),
            )
        ],
        [
            InlineKeyboardButton(
                text=_("inline-btn-computer"),
                callback_data=challenge.challenge_data(secret, kind, lang, user_id, "a"),
            )
        ],
    ]
    return InlineQueryResultArticle(
        id=f"challenge-{kind}",
        title=_("inline-challenge-title", icon=game.icon, game=title),
        description=_("inline-challenge-about"),
        input_message_content=InputTextMessageContent(message_text=text, parse_mode="HTML"),
        reply_markup=InlineKeyboardMarkup(inline_keyboard=buttons),
    )


async def offer(
    query: InlineQuery,
    bot: Bot,
    tg: Messenger,
    lang: str,
    user_lang: str,
    tables: TableService,
    players: Players,
    _: Translator,
) -> None:
    """`@bot` (any text but a share's): a challenge for each game played in inline mode, and
    with nothing typed, the user's results on today's deals too (what Share posts)."""
    user = player(query.from_user, user_lang)
    await tables.remember_challenger(user)
    secret = challenge.key_of(bot.token)
    words = query.query.lower().split()
    results: list[InlineQueryResultUnion] = [
        _challenge(secret, kind, lang, user.user_id, user.name)
        for kind, game in GAMES.items()
        if game.inline
        and (not words or any(w in kind or w in t(lang, game.title_key).lower() for w in words))
    ]
    if not words:
        results += await todays_shares(user.user_id, players, tg, _)
    await query.answer(results, cache_time=10, is_personal=True)


async def tap(
    query: CallbackQuery,
    cb: MenuCallback,
    bot: Bot,
    lang: str,
    user_lang: str,
    answer: CallbackAnswer,
    tables: TableService,
    _: Translator,
) -> None:
    """A challenge's Join or Play-the-computer button."""
    found = challenge.parse(challenge.key_of(bot.token), cb.action)
    inline = query.inline_message_id
    if found is None or inline is None or found.kind not in GAMES or not GAMES[found.kind].inline:
        await answer(_("error-stale"), alert=True)  # forged, or a game no longer offered
        return
    await tables.challenge(inline, found, player(query.from_user, user_lang), answer, lang)


def make_router() -> Router:
    router = Router(name="inline")
    router.inline_query.register(offer)
    router.callback_query.register(tap, Menu(challenge.PREFIX), F.inline_message_id)
    return router
