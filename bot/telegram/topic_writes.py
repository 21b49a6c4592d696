"""A forum topic created by the bot (`createForumTopic`: a tournament's own topic), a part of
the Messenger (bot.telegram.messenger) kept in a module of its own."""

from __future__ import annotations

import logging
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramRetryAfter
from aiogram.methods import CreateForumTopic

log = logging.getLogger(__name__)


class TopicWrites:
    bot: Bot

    async def _call(self, request: Any, retry: bool = True) -> Any: ...  # TelegramMessenger's

    async def create_topic(self, chat_id: int, name: str) -> int | None:
        """A new topic of forum `chat_id` (the bot needs the right to manage topics): its
        message_thread_id, or None when Telegram refuses (not a forum, no right, …)."""
        try:
            topic = await self._call(CreateForumTopic(chat_id=chat_id, name=name[:128]))
        except (TelegramAPIError, TelegramRetryAfter) as err:
            log.info("event=topic_not_created chat=%s error=%s", chat_id, err)
            return None
        return int(topic.message_thread_id)
