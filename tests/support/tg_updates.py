"""Updates for handler tests: `update_of` (an aiogram Update from its Bot API JSON) and the
stand-alone builders that need no fake Telegram (`make_user`, `make_message_update`,
`make_callback_update`)."""

from __future__ import annotations

import itertools
import time
from typing import Any

from aiogram import Bot
from aiogram.types import Chat, Message, Update, User

from tests.support.tg_model import (
    TgChat,
    TgMessage,
    TgUser,
    callback_ids,
    command_entities,
    update_ids,
)


def update_of(bot: Bot | None = None, **payload: Any) -> Update:
    """An Update from its Bot API JSON; bound to `bot` (as aiogram's polling and webhook
    binding do) when given."""
    data = {"update_id": next(update_ids), **payload}
    if bot is None:
        return Update.model_validate(data)
    return Update.model_validate(data, context={"bot": bot})


# ---------------------------------------------------------------------------------------------
# Stand-alone update builders (no FakeTelegram state needed)


def make_user(
    user_id: int = 1001,
    first_name: str = "Alice",
    *,
    language_code: str | None = "ru",
    username: str | None = None,
) -> User:
    return User(
        id=user_id,
        is_bot=False,
        first_name=first_name,
        language_code=language_code,
        username=username,
    )


def _user_json(user: User | TgUser) -> dict[str, Any]:
    if isinstance(user, TgUser):
        return user.api()
    return user.model_dump(mode="json", exclude_none=True, by_alias=True)


def _chat_json(chat: Chat | TgChat | int | None, user: User | TgUser) -> dict[str, Any]:
    if chat is None or (isinstance(chat, int) and chat == user.id):
        return {"id": user.id, "type": "private", "first_name": user.first_name}
    if isinstance(chat, TgChat):
        return chat.api()
    if isinstance(chat, int):
        if chat > 0:
            return {"id": chat, "type": "private", "first_name": f"User{chat}"}
        return {"id": chat, "type": "supergroup", "title": f"Group {-chat}"}
    return chat.model_dump(mode="json", exclude_none=True, by_alias=True)


_loose_message_ids = itertools.count(10_000)


def make_message_update(
    user: User | TgUser,
    chat: Chat | TgChat | int | None,
    text: str,
    *,
    message_id: int | None = None,
) -> Update:
    """An Update with a text message (commands get their bot_command entity).  ``chat`` None or
    the user's id = the private chat; a negative int = a supergroup."""
    msg: dict[str, Any] = {
        "message_id": message_id if message_id is not None else next(_loose_message_ids),
        "from": _user_json(user),
        "chat": _chat_json(chat, user),
        "date": int(time.time()),
        "text": text,
    }
    if entities := command_entities(text):
        msg["entities"] = entities
    return update_of(message=msg)


def make_callback_update(
    user: User | TgUser, message: Message | TgMessage | dict[str, Any], data: str
) -> Update:
    """An Update with a callback query carrying ``data`` on ``message``."""
    if isinstance(message, TgMessage):
        msg_json = message.api()
    elif isinstance(message, Message):
        msg_json = message.model_dump(mode="json", exclude_none=True, by_alias=True)
    else:
        msg_json = message
    return update_of(
        callback_query={
            "id": f"{next(callback_ids)}{user.id}",
            "from": _user_json(user),
            "message": msg_json,
            "chat_instance": f"ci{abs(int(msg_json['chat']['id']))}",
            "data": data,
        }
    )
