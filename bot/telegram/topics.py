"""Forum topics: the topic a message was sent in, so that the bot answers in that topic."""

from __future__ import annotations

from aiogram.types import InaccessibleMessage, Message


def topic_of(message: Message | InaccessibleMessage | None) -> int | None:
    """The forum topic a message is in (its message_thread_id); None outside forums and in a
    forum's General topic (whose messages carry no thread id, and to which one sends none).
    A reply in a group without topics has a message_thread_id too: only is_topic_message
    makes one a topic."""
    if not isinstance(message, Message) or not message.is_topic_message:
        return None
    return message.message_thread_id
