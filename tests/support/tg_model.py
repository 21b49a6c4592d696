"""What the fake Telegram (tests.support.recording) holds: the bot's identity, users, chats,
forum topics and messages (`TgUser`, `TgChat`, `TgTopic`, `TgMessage`, each with its Bot API
JSON), the record of a callback query, of an injected error and of a call, how Telegram
shows a text (`shown_text`, `command_entities`), and the ids it hands out."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, cast

from aiogram.types import Chat, Message, User

from tests.support import telegram_spec
from tests.support.tg_errors import ApiError

TOKEN = "123456:TEST-token-for-tests"
BOT_ID = 123456
BOT_USERNAME = "cardgames_test_bot"
BOT_NAME = "Card Games"
TOPIC_ICON_COLOR = 7322096  # one of the six colours Telegram allows for a topic's icon
# the sender Telegram shows for a supergroup's own service messages (and anonymous admins)
GROUP_ANONYMOUS_BOT = {
    "id": 1087968824,
    "is_bot": True,
    "first_name": "Group",
    "username": "GroupAnonymousBot",
}

update_ids = itertools.count(1)
callback_ids = itertools.count(1)
user_ids = itertools.count(1001)
group_ids = itertools.count(1)


@dataclass
class TgUser:
    id: int
    first_name: str
    username: str | None = None
    last_name: str | None = None
    language_code: str | None = "ru"
    is_bot: bool = False
    started: bool = False  # has opened the private chat with the bot (sent anything there)
    blocked: bool = False  # has blocked the bot

    def api(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.last_name:
            out["last_name"] = self.last_name
        if self.username:
            out["username"] = self.username
        if self.language_code:
            out["language_code"] = self.language_code
        return out

    def aiogram(self) -> User:
        return User.model_validate(self.api())


ChatType = Literal["private", "group", "supergroup"]


@dataclass
class TgChat:
    id: int
    type: ChatType
    title: str | None = None
    user: TgUser | None = None  # the other side of a private chat
    members: set[int] = field(default_factory=set)
    admins: set[int] = field(default_factory=set)
    owner: int | None = None
    bot_status: str = "member"  # "member" | "administrator" | "left" | "kicked"
    migrated_to: int | None = None  # a basic group upgraded to this supergroup (see migrate_group)
    migrated_from: int | None = None  # a supergroup made from this basic group
    is_forum: bool = False  # a supergroup with topics (see FakeTelegram.add_topic)
    topics: dict[int, TgTopic] = field(default_factory=dict)  # by message_thread_id

    def api(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.type == "private" and self.user is not None:
            out.update(
                {k: v for k, v in self.user.api().items() if k in {"first_name", "last_name"}}
            )
            if self.user.username:
                out["username"] = self.user.username
        else:
            out["title"] = self.title or f"Group {self.id}"
        if self.is_forum:
            out["is_forum"] = True
        return out

    def aiogram(self) -> Chat:
        return Chat.model_validate(self.api())


@dataclass
class TgTopic:
    """A topic of a forum supergroup. Its id, the message_thread_id of every message in it, is
    the id of the service message that created it. A closed topic takes messages from admins
    only; a deleted one is gone with its messages. The General topic is no TgTopic: its messages
    carry no message_thread_id."""

    chat: TgChat
    id: int
    name: str
    closed: bool = False
    deleted: bool = False


@dataclass
class TgMessage:
    chat: TgChat
    message_id: int
    date: int
    sender: dict[str, Any]  # User JSON
    text: str  # what the user sees (entities parsed)
    raw: str  # as sent (with HTML markup if parse_mode was used)
    parse_mode: str | None = None
    reply_markup: dict[str, Any] | None = None
    entities: list[dict[str, Any]] | None = None
    by_bot: bool = False
    edits: int = 0
    edit_date: int | None = None
    deleted: bool = False
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. new_chat_members
    history: list[str] = field(default_factory=list)  # previous visible texts
    # message_thread_id: a forum topic (then is_topic_message), or in a supergroup without
    # topics the thread of replies the message is in (no is_topic_message)
    thread: int | None = None
    in_topic: bool = False
    # posted through inline mode (`via_bot`); with a keyboard, edited by `inline_message_id`
    inline_message_id: str | None = None
    via_bot: dict[str, Any] | None = None
    # an ephemeral message (Bot API 10.2): seen by `receiver` alone, when `delivered`
    ephemeral_id: int | None = None
    receiver: dict[str, Any] | None = None
    delivered: bool = True
    # an edit Telegram took while the receiver was offline (text, raw, parse_mode, markup): they
    # still see the message as it was; Telegram compares the next edit with this one
    unseen_edit: tuple[str, str, str | None, dict[str, Any] | None] | None = None

    @property
    def chat_id(self) -> int:
        return self.chat.id

    def api(self) -> dict[str, Any]:
        if self.ephemeral_id is not None:  # message_id 0, its own id, its receiver
            out: dict[str, Any] = {"message_id": 0, "ephemeral_message_id": self.ephemeral_id}
            if self.thread is not None:
                out["message_thread_id"] = self.thread
            out.update({"from": self.sender, "receiver_user": self.receiver})
            if self.in_topic:
                out["is_topic_message"] = True
            out.update({"chat": self.chat.api(), "date": self.date, "text": self.text})
            if self.reply_markup is not None:
                out["reply_markup"] = self.reply_markup
            return out
        out = {"message_id": self.message_id}
        if self.thread is not None:
            out["message_thread_id"] = self.thread
        out.update({"from": self.sender, "chat": self.chat.api(), "date": self.date})
        if self.in_topic:
            out["is_topic_message"] = True
        if self.edit_date is not None:
            out["edit_date"] = self.edit_date
        if self.text or not self.extra:
            out["text"] = self.text
        if self.entities:
            out["entities"] = self.entities
        if self.reply_markup is not None:
            out["reply_markup"] = self.reply_markup
        if self.via_bot is not None:
            out["via_bot"] = self.via_bot
        out.update(self.extra)
        return out

    def aiogram(self) -> Message:
        return Message.model_validate(self.api())

    # keyboard helpers ------------------------------------------------------------------------
    def rows(self) -> list[list[dict[str, Any]]]:
        if not self.reply_markup:
            return []
        return cast(list[list[dict[str, Any]]], self.reply_markup.get("inline_keyboard", []))

    def buttons(self) -> list[dict[str, Any]]:
        return [b for row in self.rows() for b in row]

    def button_texts(self) -> list[str]:
        return [str(b["text"]) for b in self.buttons()]

    def disabled(self) -> list[str]:
        """The texts of the buttons shown disabled (Bot API 10.3: a tap does nothing)."""
        return [str(b["text"]) for b in self.buttons() if "disabled" in b]

    def styles(self) -> dict[str, str]:
        """Button text → its style (Bot API 9.4: danger, success, primary), for styled ones."""
        return {str(b["text"]): str(b["style"]) for b in self.buttons() if "style" in b}

    def callback_data(self) -> list[str]:
        return [str(b["callback_data"]) for b in self.buttons() if "callback_data" in b]

    def button(self, text_or_data: str | re.Pattern[str]) -> dict[str, Any]:
        return find_button(self.reply_markup, text_or_data, where=self.describe())

    def has_button(self, text_or_data: str | re.Pattern[str]) -> bool:
        try:
            self.button(text_or_data)
        except LookupError:
            return False
        return True

    def describe(self) -> str:
        kb = " | ".join(" ".join(b["text"] for b in row) for row in self.rows())
        if self.ephemeral_id is not None:
            where = f"ephemeral {self.ephemeral_id} in chat {self.chat.id}"
        elif self.inline_message_id is not None:
            where = f"inline message {self.inline_message_id}"
        else:
            where = f"message {self.message_id} in chat {self.chat.id}"
        return f"{where}: {self.text!r} [{kb}]"


def find_button(
    markup: Any, text_or_data: str | re.Pattern[str], *, where: str = "keyboard"
) -> dict[str, Any]:
    """The inline button whose text or callback_data equals ``text_or_data`` (or, for a compiled
    regex, whose text or data it searches).  Exact text wins over data, then a unique substring of
    the text.  ``markup`` is a JSON dict, an aiogram InlineKeyboardMarkup or a TgMessage."""
    if isinstance(markup, TgMessage):
        markup = markup.reply_markup
    if markup is not None and not isinstance(markup, dict):
        markup = markup.model_dump(exclude_none=True)
    rows = (markup or {}).get("inline_keyboard", [])
    buttons: list[dict[str, Any]] = [b for row in rows for b in row]
    if isinstance(text_or_data, re.Pattern):
        hits = [
            b
            for b in buttons
            if text_or_data.search(b.get("text", ""))
            or text_or_data.search(b.get("callback_data") or "")
        ]
    else:
        hits = [b for b in buttons if b.get("text") == text_or_data]
        if not hits:
            hits = [b for b in buttons if b.get("callback_data") == text_or_data]
        if not hits:
            hits = [b for b in buttons if text_or_data in b.get("text", "")]
            if len(hits) > 1:
                raise LookupError(
                    f"{text_or_data!r} matches several buttons "
                    f"{[b['text'] for b in hits]} of {where}"
                )
    if not hits:
        texts = [b.get("text") for b in buttons]
        raise LookupError(f"no button {text_or_data!r} in {where}; buttons: {texts}")
    return hits[0]


@dataclass
class CallbackRecord:
    id: str
    user_id: int
    chat_id: int | None
    message_id: int | None
    data: str
    created: float
    answered: bool = False
    answer: dict[str, Any] | None = None
    expired: bool = False  # answered too late (see FakeTelegram.callback_answer_timeout)
    inline_message_id: str | None = None  # a tap on an inline message (no chat, no message)


@dataclass
class Injection:
    method: str | None  # None = any method
    error: ApiError
    times: int
    chat_id: int | None = None

    def matches(self, method: str, params: dict[str, Any]) -> bool:
        if self.method is not None and self.method != method:
            return False
        return self.chat_id is None or params.get("chat_id") == self.chat_id


class Call(NamedTuple):
    method: str
    params: dict[str, Any]
    result: Any  # JSON result, or None on error
    error: ApiError | None


_COMMAND_RE = re.compile(r"^/[A-Za-z0-9_]{1,32}(@[A-Za-z0-9_]{3,64})?")


def shown_text(raw: str, parse_mode: Any) -> str:
    """The message text as Telegram stores it: entities parsed, outer whitespace trimmed."""
    return telegram_spec.visible_text(
        raw, parse_mode if isinstance(parse_mode, str) else None
    ).strip()


def command_entities(text: str) -> list[dict[str, Any]] | None:
    m = _COMMAND_RE.match(text)
    if not m:
        return None
    return [{"type": "bot_command", "offset": 0, "length": telegram_spec.text_length(m.group(0))}]
