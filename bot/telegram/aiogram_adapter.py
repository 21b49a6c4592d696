"""Every reach into aiogram beyond its public surface (``aiogram``, ``aiogram.types``,
``aiogram.exceptions``, ``aiogram.filters``, ``aiogram.enums``, ``aiogram.utils``) lives here, so
an aiogram release that changes one of them breaks one module, and
tests/bot/telegram/test_aiogram_adapter.py says what changed.

What each piece relies on:

``LeanEdit`` / ``LeanSend`` / ``LeanEphemeralEdit`` (the requests of bot.telegram.messenger)
    ``aiogram.methods.base.TelegramMethod`` subclasses. They rely on a session serialising a
    method as its pydantic fields (``model_dump``, ``None`` dropped, strings sent as they are),
    posting them to ``__api_method__``, and parsing the answer as ``Response[__returning__]``
    (``Any`` here: the answer stays a dict).
``hold_response_types``
    aiogram parses each answer as ``aiogram.methods.base.Response[method.__returning__]``, a
    pydantic generic model; holding the parametrisations keeps pydantic's weak cache of them.
``BaseRequestMiddleware``, ``NextRequestMiddlewareType``, ``TelegramType``, ``TelegramMethod``,
``Response``
    the base and call signature of a session's request middleware
    (``aiogram.client.session.middlewares.base``): ``__call__(make_request, bot, method)``
    returning ``Response[TelegramType]``.
``UNHANDLED``
    the sentinel (``aiogram.dispatcher.event.bases``) an event observer returns when no handler
    took the event.
"""

from __future__ import annotations

from typing import Any, cast

from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.dispatcher.event.bases import UNHANDLED
from aiogram.methods.base import Response, TelegramMethod, TelegramType

__all__ = [
    "UNHANDLED",
    "BaseRequestMiddleware",
    "LeanEdit",
    "LeanEphemeralEdit",
    "LeanSend",
    "NextRequestMiddlewareType",
    "Response",
    "TelegramMethod",
    "TelegramType",
    "hold_response_types",
]

# link previews off, as the bot's default properties set for aiogram's own methods
NO_PREVIEW = '{"is_disabled":true}'


class LeanEdit(TelegramMethod[Any]):
    """editMessageText carrying the keyboard as its JSON text (see bot.wire.keyboard), whose
    answer (the whole edited Message, keyboard included; True for an inline message) is not
    parsed into objects: nobody reads it. A chat's message is named by `chat_id` and
    `message_id`, an inline message (inline mode) by the `inline_message_id` alone.
    The request on the wire is what aiogram's EditMessageText sends with the bot's defaults, less
    disable_web_page_preview (the deprecated twin of link_preview_options aiogram adds too);
    errors raise the same."""

    __returning__ = Any
    __api_method__ = "editMessageText"

    chat_id: int | None = None
    message_id: int | None = None
    inline_message_id: str | None = None
    text: str
    parse_mode: str | None = "HTML"
    reply_markup: str | None = None
    link_preview_options: str | None = NO_PREVIEW


class LeanSend(TelegramMethod[Any]):
    """sendMessage, lean like LeanEdit (aiogram's SendMessage also adds the bot's parse mode as
    reply_parameters.quote_parse_mode, for a quote the bot never sends); its answer is read only
    for the new message's id."""

    __returning__ = Any
    __api_method__ = "sendMessage"

    chat_id: int
    text: str
    parse_mode: str | None = "HTML"
    reply_markup: str | None = None
    link_preview_options: str | None = NO_PREVIEW
    reply_parameters: str | None = None  # JSON: the message this one answers
    message_thread_id: int | None = None  # a forum topic (None: no topic, or a forum's General)
    # JSON: an ephemeral message, shown in the group to one user alone (Bot API 10.3's form:
    # `receiver_user_id` and the tap it answers, `callback_query_id`, go in here)
    ephemeral_message_parameters: str | None = None


class LeanEphemeralEdit(TelegramMethod[Any]):
    """editEphemeralMessageText (Bot API 10.2), lean like LeanEdit; Telegram answers True."""

    __returning__ = Any
    __api_method__ = "editEphemeralMessageText"

    chat_id: int
    receiver_user_id: int
    ephemeral_message_id: int
    text: str
    parse_mode: str | None = "HTML"
    reply_markup: str | None = None
    link_preview_options: str | None = NO_PREVIEW


def hold_response_types(*methods: type[TelegramMethod[Any]]) -> tuple[type[Any], ...]:
    """The ``Response[m.__returning__]`` models aiogram parses these methods' answers with.

    pydantic caches generic parametrisations only weakly: whenever the garbage collector runs,
    the next request rebuilds the model class (a schema built again). The caller keeps the
    returned tuple alive to keep them cached."""
    return tuple(cast(Any, Response)[m.__returning__] for m in methods)
