"""Last router: private-chat text nobody handled gets a hint towards /start.

(Unhandled callback queries are answered by CallbackMiddleware with a short alert.)"""

from __future__ import annotations

from aiogram import F, Router
from aiogram.types import Message

from bot.games.ports import Messenger
from bot.i18n import Translator


async def unknown(message: Message, tg: Messenger, _: Translator) -> None:
    await tg.send(message.chat.id, _("unknown-command"))


def make_router() -> Router:
    router = Router(name="fallback")
    router.message.register(unknown, F.chat.type == "private")
    return router
