"""The `Answer` of bot.games.ports over aiogram: a tap answered exactly once and never raising
(`CallbackAnswer`, handler data `answer`), or what a command says back in its chat
(`ChatAnswer`)."""

from __future__ import annotations

import logging

from aiogram.exceptions import TelegramAPIError
from aiogram.methods import AnswerCallbackQuery
from aiogram.types import CallbackQuery

from bot.games.ports import Messenger

log = logging.getLogger(__name__)


class CallbackAnswer:
    """Answers one callback query at most once.

    A handler calls `await answer("text", alert=True)` when it has something to say; the
    middleware answers silently afterwards when the handler did not. A query too old to answer
    is logged, never raised.
    """

    def __init__(self, query: CallbackQuery) -> None:
        self.query = query
        self.answered = False

    async def __call__(self, text: str | None = None, alert: bool = False) -> None:
        if self.answered:
            log.debug("event=answer_again query=%s", self.query.id)
            return
        self.answered = True
        method = AnswerCallbackQuery(
            callback_query_id=self.query.id, text=text, show_alert=alert or None
        )
        try:
            await self.query.bot(method)  # type: ignore[misc]  # updates fed to a dispatcher are bound
        except TelegramAPIError as err:
            log.info("event=answer_failed query=%s error=%s", self.query.id, err)

    async def open_url(self, url: str) -> bool:
        if self.answered:
            return False
        self.answered = True
        try:
            await self.query.answer(url=url)
        except TelegramAPIError:
            self.answered = False
            return False
        return True


class ChatAnswer:
    """What a command (no tap to answer) says back: a short message in its chat, once."""

    def __init__(self, tg: Messenger, chat_id: int) -> None:
        self.tg, self.chat_id = tg, chat_id
        self.answered = False

    async def __call__(self, text: str | None = None, alert: bool = False) -> None:
        if text and not self.answered:
            self.answered = True
            await self.tg.send(self.chat_id, text)

    async def open_url(self, url: str) -> bool:
        return False
