"""The `Answer` of bot.games.ports over aiogram: a tap answered exactly once and never raising
(`CallbackAnswer`, handler data `answer`), or what a command says back in its chat
(`ChatAnswer`).

A tap is answered at once, always: while its handler runs, `TAPPED` holds its answer, so that
nothing the handler writes holds the button's spinner — a write that must wait for its chat's
budget (or a 429) answers the tap first (`answer_before_waiting`), and an edit of the tapped
message in a private chat goes through the chat's coalescer instead of waiting
(bot.telegram.messenger)."""

from __future__ import annotations

import asyncio
import contextvars
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
    is logged, never raised. `where`: the tapped message (chat, message id), None for an
    inline message's; `task`: the task that handles the tap.
    """

    def __init__(self, query: CallbackQuery) -> None:
        self.query = query
        self.answered = False
        self.task = asyncio.current_task()

    @property
    def where(self) -> tuple[int, int] | None:
        message = self.query.message
        return None if message is None else (message.chat.id, message.message_id)

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


# the tap being handled (set by bot.telegram.middlewares.CallbackMiddleware around its handler)
TAPPED: contextvars.ContextVar[CallbackAnswer | None] = contextvars.ContextVar(
    "tapped", default=None
)


def tapped_message() -> tuple[int, int] | None:
    """The (chat, message id) of the message whose button is being handled, if any."""
    tap = TAPPED.get()
    return None if tap is None else tap.where


async def answer_before_waiting() -> None:
    """A write is about to wait (its chat's budget, a 429): the tap its handler is handling is
    answered first, silently, if it has not been (a toast decided later is not said; the
    spinner stops now). Work the tap started in the background (its task is another) does
    not answer for it."""
    tap = TAPPED.get()
    if tap is not None and not tap.answered and tap.task is asyncio.current_task():
        await tap()


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
