"""Placeholder for "Play with friends" until the group games' router handles `m:friends`."""

from __future__ import annotations

from aiogram import Router

from bot.filters import Menu
from bot.i18n import Translator
from bot.telegram_io import CallbackAnswer


def make_router() -> Router:
    router = Router(name="friends-placeholder")

    @router.callback_query(Menu("friends"))
    async def friends(_query: object, answer: CallbackAnswer, _: Translator) -> None:
        await answer(_("friends-soon"), alert=True)

    return router
