"""/daily in handler tests: a game's page of deals of the day (the game last played so opens;
another one is a button away)."""

from __future__ import annotations

from bot.i18n import t
from bot.registry import spec
from tests.support.recording import TgMessage, TgUser
from tests.support.world import World


def game_button(kind: str, lang: str = "en") -> str:
    """A game's button on /daily's page of another game (its icon and name)."""
    return f"{spec(kind).icon} " + t(lang, spec(kind).title_key)


async def daily_page(w: World, user: TgUser, kind: str, lang: str = "en") -> TgMessage:
    """/daily, on `kind`'s page."""
    await w.say(user, None, "/daily")
    page = w.last(user)
    if page.has_button(game_button(kind, lang)):  # another game's page: switch
        await w.tap(user, page, game_button(kind, lang))
        page = w.session.message(page.chat.id, page.message_id)
    return page
