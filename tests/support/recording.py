"""A fake Telegram for handler tests: records and validates every Bot API request.

Two layers:

``FakeTelegram``   the state of a pretend Telegram (users, chats, messages with their current text
                   and keyboard, callback answers, per-chat edit log, error injection).  It answers
                   Bot API calls as JSON (``handle(method, params)``) or raises ``ApiError`` with
                   Telegram's own error text.  The e2e emulator (tests/e2e/emulator.py) serves the
                   same engine over HTTP.
``RecordingSession``  an aiogram ``BaseSession`` that serialises each request exactly as aiogram's
                   sessions do (``BaseSession.prepare_value``: defaults resolved, objects dumped,
                   ``None`` dropped), validates it against the Bot API 10.1 spec
                   (tests/telegram_spec.py; an error raises ``AssertionError`` and is kept in
                   ``session.violations``), then lets ``FakeTelegram`` answer.

Quick use in a handler test::

    from tests.support.recording import bot_session  # noqa: F401  (the fixture)

    async def test_start(bot_session):
        bot, session = bot_session
        dp = build_dispatcher(bot, ...)
        alice = session.tg.add_user(first_name="Alice")
        await dp.feed_update(bot, session.user_message(alice, alice, "/start"))
        msg = session.last_message(alice.id)
        assert "Kosa" in msg.button_texts()
        await dp.feed_update(bot, session.tap(alice, msg, "Kosa"))
"""

from __future__ import annotations

import itertools
import json
import re
import time
from collections.abc import AsyncGenerator, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, cast

import pytest
from aiogram import Bot
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.base import BaseSession
from aiogram.methods import TelegramMethod
from aiogram.methods.base import TelegramType
from aiogram.types import Chat, Message, Update, User

from tests.support import telegram_spec

TOKEN = "123456:TEST-token-for-tests"
BOT_ID = 123456
BOT_USERNAME = "cardgames_test_bot"
BOT_NAME = "Card Games"

NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup are "
    "exactly the same as a current content and reply markup of the message"
)
EDIT_NOT_FOUND = "Bad Request: message to edit not found"
DELETE_NOT_FOUND = "Bad Request: message to delete not found"
CANT_EDIT = "Bad Request: message can't be edited"
CANT_DELETE = "Bad Request: message can't be deleted"
CHAT_NOT_FOUND = "Bad Request: chat not found"
CANT_INITIATE = "Forbidden: bot can't initiate conversation with a user"
BLOCKED = "Forbidden: bot was blocked by the user"
NOT_MEMBER = "Forbidden: bot is not a member of the supergroup chat"
QUERY_INVALID = "Bad Request: query is too old and response timeout expired or query ID is invalid"
USER_NOT_FOUND = "Bad Request: user not found"
MIGRATED = "Bad Request: group chat was upgraded to a supergroup chat"
THREAD_NOT_FOUND = "Bad Request: message thread not found"
TOPIC_CLOSED = "Bad Request: TOPIC_CLOSED"
TOPIC_ICON_COLOR = 7322096  # one of the six colours Telegram allows for a topic's icon
# the sender Telegram shows for a supergroup's own service messages (and anonymous admins)
GROUP_ANONYMOUS_BOT = {
    "id": 1087968824,
    "is_bot": True,
    "first_name": "Group",
    "username": "GroupAnonymousBot",
}

_update_ids = itertools.count(1)
_callback_ids = itertools.count(1)
_user_ids = itertools.count(1001)
_group_ids = itertools.count(1)


class ApiError(Exception):
    """A Bot API error response (HTTP status = error_code)."""

    def __init__(
        self,
        code: int,
        description: str,
        retry_after: int | None = None,
        migrate_to_chat_id: int | None = None,
    ) -> None:
        super().__init__(f"{code} {description}")
        self.code = code
        self.description = description
        self.retry_after = retry_after
        self.migrate_to_chat_id = migrate_to_chat_id

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ok": False,
            "error_code": self.code,
            "description": self.description,
        }
        parameters: dict[str, Any] = {}
        if self.retry_after is not None:
            parameters["retry_after"] = self.retry_after
        if self.migrate_to_chat_id is not None:
            parameters["migrate_to_chat_id"] = self.migrate_to_chat_id
        if parameters:
            out["parameters"] = parameters
        return out


def migrated_error(new_chat_id: int) -> ApiError:
    """What Telegram answers any request to a basic group that became a supergroup."""
    return ApiError(400, MIGRATED, migrate_to_chat_id=new_chat_id)


def retry_after_error(seconds: int) -> ApiError:
    return ApiError(429, f"Too Many Requests: retry after {seconds}", retry_after=seconds)


# ---------------------------------------------------------------------------------------------
# State


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

    @property
    def chat_id(self) -> int:
        return self.chat.id

    def api(self) -> dict[str, Any]:
        out: dict[str, Any] = {"message_id": self.message_id}
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
        return f"message {self.message_id} in chat {self.chat.id}: {self.text!r} [{kb}]"


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


def _max_in_window(stamps: list[float], window: float) -> int:
    times = sorted(stamps)
    best = 0
    lo = 0
    for hi, t in enumerate(times):
        while t - times[lo] >= window:
            lo += 1
        best = max(best, hi - lo + 1)
    return best


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


class FakeTelegram:
    """The pretend Telegram behind both the recording session and the HTTP emulator.

    strict=False (handler tests): unknown chats are created on first use; any private chat may be
    written to.  strict=True (emulator): unknown chat → 400 "chat not found"; a private chat needs
    the user to have started the bot (else 403), a blocked bot gets 403, a group needs the bot as a
    member.
    """

    def __init__(
        self,
        *,
        bot_id: int = BOT_ID,
        bot_username: str = BOT_USERNAME,
        strict: bool = False,
        clock: Callable[[], float] = time.time,
        flood_limit_per_minute: int | None = None,
    ) -> None:
        self.bot = TgUser(
            id=bot_id, first_name=BOT_NAME, username=bot_username, language_code=None, is_bot=True
        )
        self.strict = strict
        self.clock = clock
        self.flood_limit_per_minute = flood_limit_per_minute
        self.users: dict[int, TgUser] = {}
        self.chats: dict[int, TgChat] = {}
        self.messages: dict[int, dict[int, TgMessage]] = {}
        self._next_message_id: dict[int, int] = {}
        self.calls: list[Call] = []
        self.callbacks: dict[str, CallbackRecord] = {}
        self.inline_answers: list[dict[str, Any]] = []  # answerInlineQuery params, in order
        self.edit_log: dict[int, list[float]] = {}  # edits per chat (timestamps)
        self.write_log: dict[int, list[float]] = {}  # sends and edits per chat
        self.injections: list[Injection] = []
        self.commands: dict[str, list[dict[str, Any]]] = {}
        self.chat_actions: list[tuple[int, str]] = []
        self.listeners: list[Callable[[], None]] = []
        # seconds after which answering a callback query fails like Telegram's "query is too
        # old" (Telegram: about 15 s); None = never
        self.callback_answer_timeout: float | None = None
        self.webhook: dict[str, Any] | None = None  # setWebhook params while a webhook is set

    # ------------------------------------------------------------------ users and chats
    def add_user(
        self,
        first_name: str = "",
        *,
        id: int | None = None,
        username: str | None = None,
        language_code: str | None = "ru",
        started: bool | None = None,
    ) -> TgUser:
        uid = id if id is not None else next(_user_ids)
        user = TgUser(
            id=uid,
            first_name=first_name or f"User{uid}",
            username=username,
            language_code=language_code,
            started=bool(started) if started is not None else not self.strict,
        )
        self.users[uid] = user
        self.private_chat(user)
        return user

    def private_chat(self, user: TgUser | int) -> TgChat:
        u = user if isinstance(user, TgUser) else self.users[user]
        chat = self.chats.get(u.id)
        if chat is None:
            chat = TgChat(id=u.id, type="private", user=u, members={u.id})
            self.chats[u.id] = chat
        return chat

    def add_group(
        self,
        title: str = "",
        *,
        id: int | None = None,
        members: list[TgUser] | tuple[TgUser, ...] = (),
        owner: TgUser | None = None,
        admins: list[TgUser] | tuple[TgUser, ...] = (),
        bot_status: str = "member",
        type: ChatType = "supergroup",
        forum: bool = False,
    ) -> TgChat:
        """A group chat (supergroup ids look like -100xxxxxxxxxx).  The owner is a member and an
        admin; the bot is a member unless bot_status says otherwise. `forum`: a supergroup with
        topics (add them with add_topic)."""
        if forum and type != "supergroup":
            raise ValueError("only a supergroup can be a forum")
        if id is None:
            n = next(_group_ids)
            id = -1001000000000 - n if type == "supergroup" else -1000 - n
        chat = TgChat(id=id, type=type, title=title or f"Group {-id}", bot_status=bot_status)
        chat.is_forum = forum
        for u in members:
            chat.members.add(u.id)
        if owner is not None:
            chat.owner = owner.id
            chat.members.add(owner.id)
            chat.admins.add(owner.id)
        for u in admins:
            chat.members.add(u.id)
            chat.admins.add(u.id)
        self.chats[id] = chat
        return chat

    def migrate_group(self, old: TgChat, by: TgUser | None = None) -> TgChat:
        """Upgrade a basic group to a supergroup, as Telegram does when e.g. an admin makes the
        history visible to new members: a new chat (new -100… id, same title, members and their
        statuses, the bot's status) replaces the old one, whose every later request fails with
        400 "group chat was upgraded to a supergroup chat" and `parameters.migrate_to_chat_id`
        (aiogram: TelegramMigrateToChat). Two service messages are stored, each delivered to the
        bot in its own update (see `migration_messages`): in the old group one from `by` (the
        owner by default) with `migrate_to_chat_id`, then the new supergroup's first message,
        sent by GroupAnonymousBot on behalf of the supergroup, with `migrate_from_chat_id`."""
        if old.type != "group" or old.migrated_to is not None:
            raise ValueError(f"chat {old.id} is not a basic group that can be upgraded")
        new_id = -1001000000000 - next(_group_ids)
        new = TgChat(
            id=new_id,
            type="supergroup",
            title=old.title,
            members=set(old.members),
            admins=set(old.admins),
            owner=old.owner,
            bot_status=old.bot_status,
            migrated_from=old.id,
        )
        self.chats[new_id] = new
        sender = by if by is not None else self.users.get(old.owner or 0)
        self.store(
            TgMessage(
                chat=old,
                message_id=self.new_message_id(old.id),
                date=int(self.clock()),
                sender=sender.api() if sender is not None else dict(GROUP_ANONYMOUS_BOT),
                text="",
                raw="",
                extra={"migrate_to_chat_id": new_id},
            )
        )
        old.migrated_to = new_id  # after the message above: from now on the old chat refuses
        self.store(
            TgMessage(
                chat=new,
                message_id=self.new_message_id(new_id),
                date=int(self.clock()),
                sender=dict(GROUP_ANONYMOUS_BOT),
                text="",
                raw="",
                extra={"sender_chat": new.api(), "migrate_from_chat_id": old.id},
            )
        )
        return new

    def add_topic(self, chat: TgChat, name: str, by: TgUser | None = None) -> TgTopic:
        """A new topic in a forum, as a member (the owner by default) creates it: a
        forum_topic_created service message, whose id becomes the topic's id."""
        if not chat.is_forum:
            raise ValueError(f"chat {chat.id} is not a forum")
        sender = by if by is not None else self.users.get(chat.owner or 0)
        message_id = self.new_message_id(chat.id)
        created = {"name": name, "icon_color": TOPIC_ICON_COLOR}
        self.store(
            TgMessage(
                chat=chat,
                message_id=message_id,
                date=int(self.clock()),
                sender=sender.api() if sender is not None else dict(GROUP_ANONYMOUS_BOT),
                text="",
                raw="",
                extra={"forum_topic_created": created},
                thread=message_id,
                in_topic=True,
            )
        )
        topic = TgTopic(chat=chat, id=message_id, name=name)
        chat.topics[topic.id] = topic
        return topic

    def close_topic(self, topic: TgTopic, closed: bool = True) -> None:
        """Close (or reopen) a topic: then only admins (the bot too, if it is one) post there."""
        topic.closed = closed

    def delete_topic(self, topic: TgTopic) -> None:
        """Delete a topic with every message in it."""
        topic.deleted = True
        for msg in self.messages.get(topic.chat.id, {}).values():
            if msg.thread == topic.id and msg.in_topic:
                msg.deleted = True
        self._changed()

    def topic_messages(
        self, chat_id: int, thread: int | None, *, by_bot: bool | None = True
    ) -> list[TgMessage]:
        """The messages of one forum topic (`thread` None: the General topic)."""
        return [
            m
            for m in self.messages_in(chat_id, by_bot=by_bot)
            if (m.thread if m.in_topic else None) == thread
        ]

    def _send_thread(self, chat: TgChat, thread: Any) -> tuple[int | None, bool]:
        """Where a sendMessage with this message_thread_id goes, as Telegram decides: (thread,
        is it a topic). In a forum the topic must exist and be open (an admin bot may post in a
        closed one); elsewhere only a supergroup's existing thread of replies is one."""
        if thread is None:
            return None, False
        if not isinstance(thread, int):
            raise ApiError(400, THREAD_NOT_FOUND)
        if chat.is_forum:
            topic = chat.topics.get(thread)
            if topic is None or topic.deleted:
                raise ApiError(400, THREAD_NOT_FOUND)
            if topic.closed and chat.bot_status != "administrator":
                raise ApiError(400, TOPIC_CLOSED)
            return thread, True
        if chat.type == "supergroup" and thread in self.messages.get(chat.id, {}):
            return thread, False
        raise ApiError(400, THREAD_NOT_FOUND)

    def migration_messages(self, old: TgChat) -> tuple[TgMessage, TgMessage]:
        """The two service messages of an upgrade: (in the old group, in the new supergroup)."""
        if old.migrated_to is None:
            raise LookupError(f"chat {old.id} was not upgraded")
        to_msg = next(
            m for m in self.messages_in(old.id, by_bot=False) if "migrate_to_chat_id" in m.extra
        )
        from_msg = next(
            m
            for m in self.messages_in(old.migrated_to, by_bot=False)
            if "migrate_from_chat_id" in m.extra
        )
        return to_msg, from_msg

    def chat(self, chat: TgChat | TgUser | int) -> TgChat:
        if isinstance(chat, TgChat):
            return chat
        if isinstance(chat, TgUser):
            return self.private_chat(chat)
        found = self.chats.get(chat)
        if found is None:
            if self.strict:
                raise ApiError(400, CHAT_NOT_FOUND)
            if chat > 0:
                return self.private_chat(self.users.get(chat) or self.add_user(id=chat))
            return self.add_group(id=chat)
        return found

    # ------------------------------------------------------------------ message access
    def new_message_id(self, chat_id: int) -> int:
        n = self._next_message_id.get(chat_id, 1)
        self._next_message_id[chat_id] = n + 1
        return n

    def forget_history(self) -> None:
        """Drop the logs that only grow (calls made, earlier texts, write and edit times),
        keeping every chat and message as they are now: for long benchmark runs."""
        self.calls.clear()
        self.edit_log.clear()
        self.write_log.clear()
        for chat_messages in self.messages.values():
            for msg in chat_messages.values():
                msg.history.clear()

    def store(self, msg: TgMessage) -> TgMessage:
        self.messages.setdefault(msg.chat.id, {})[msg.message_id] = msg
        self._changed()
        return msg

    def message(self, chat_id: int, message_id: int) -> TgMessage:
        try:
            return self.messages[chat_id][message_id]
        except KeyError:
            raise LookupError(f"no message {message_id} in chat {chat_id}") from None

    def messages_in(
        self, chat_id: int, *, by_bot: bool | None = True, include_deleted: bool = False
    ) -> list[TgMessage]:
        msgs = self.messages.get(chat_id, {}).values()
        return [
            m
            for m in sorted(msgs, key=lambda m: m.message_id)
            if (by_bot is None or m.by_bot == by_bot) and (include_deleted or not m.deleted)
        ]

    def last_message(self, chat_id: int, *, by_bot: bool | None = True) -> TgMessage | None:
        msgs = self.messages_in(chat_id, by_bot=by_bot)
        return msgs[-1] if msgs else None

    def alerts(self, user_id: int, *, show_alert: bool | None = None) -> list[str]:
        """Texts of callback answers shown to a user (toasts and alerts; show_alert filters)."""
        out = []
        for cb in self.callbacks.values():
            if cb.user_id != user_id or not cb.answer or not cb.answer.get("text"):
                continue
            if show_alert is not None and bool(cb.answer.get("show_alert")) != show_alert:
                continue
            out.append(str(cb.answer["text"]))
        return out

    def unanswered_callbacks(self) -> list[CallbackRecord]:
        """Taps the bot never answered (an answer that came too late still counts as tried)."""
        return [cb for cb in self.callbacks.values() if not cb.answered and not cb.expired]

    def edits_in_window(self, chat_id: int, window: float = 60.0) -> int:
        """The largest number of message edits in this chat within any ``window`` seconds."""
        return _max_in_window(self.edit_log.get(chat_id, []), window)

    def writes_in_window(self, chat_id: int, window: float = 60.0) -> int:
        """The largest number of messages sent or edited by the bot in this chat within any
        ``window`` seconds."""
        return _max_in_window(self.write_log.get(chat_id, []), window)

    def edits_last_minute(self, chat_id: int) -> int:
        now = self.clock()
        return sum(1 for t in self.edit_log.get(chat_id, []) if now - t < 60.0)

    # ------------------------------------------------------------------ error injection
    def inject(
        self,
        error: ApiError,
        method: str | None = None,
        *,
        times: int = 1,
        chat_id: int | None = None,
    ) -> Injection:
        inj = Injection(method=method, error=error, times=times, chat_id=chat_id)
        self.injections.append(inj)
        return inj

    def inject_retry_after(
        self,
        method: str | None = None,
        seconds: int = 1,
        *,
        times: int = 1,
        chat_id: int | None = None,
    ) -> Injection:
        return self.inject(retry_after_error(seconds), method, times=times, chat_id=chat_id)

    def inject_not_modified(
        self, method: str = "editMessageText", *, times: int = 1, chat_id: int | None = None
    ) -> Injection:
        return self.inject(ApiError(400, NOT_MODIFIED), method, times=times, chat_id=chat_id)

    def _take_injection(self, method: str, params: dict[str, Any]) -> ApiError | None:
        for inj in self.injections:
            if inj.times > 0 and inj.matches(method, params):
                inj.times -= 1
                if inj.times == 0:
                    self.injections.remove(inj)
                return inj.error
        return None

    # ------------------------------------------------------------------ user side
    def user_message(
        self,
        user: TgUser,
        chat: TgChat | TgUser | int,
        text: str,
        *,
        topic: TgTopic | None = None,
        reply_to: TgMessage | None = None,
        **extra: Any,
    ) -> TgMessage:
        """Store a text message a user sends; returns it (wrap with ``update(...)``).

        `topic`: in that topic of a forum (message_thread_id + is_topic_message; a message that
        answers nothing in particular is, as Telegram has it, a reply to the topic's service
        message). `reply_to`: a reply to that message; in a supergroup without topics it then
        carries the thread of replies as message_thread_id, with no is_topic_message."""
        c = self.chat(chat)
        if c.migrated_to is not None:
            raise LookupError(f"chat {c.id} was upgraded to {c.migrated_to}: it takes no messages")
        if c.type == "private":
            user.started = True
            user.blocked = False
        else:
            c.members.add(user.id)
        thread, in_topic = None, False
        if topic is not None:
            if topic.chat.id != c.id or topic.deleted:
                raise LookupError(f"no topic {topic.id} in chat {c.id}")
            if topic.closed and user.id not in c.admins:
                raise LookupError(f"topic {topic.id} is closed: only admins post there")
            thread, in_topic = topic.id, True
            if reply_to is None:
                reply_to = self.message(c.id, topic.id)
        elif reply_to is not None and c.type == "supergroup" and not c.is_forum:
            thread = reply_to.thread if reply_to.thread is not None else reply_to.message_id
        if reply_to is not None:
            replied = {k: v for k, v in reply_to.api().items() if k != "reply_to_message"}
            extra = {**extra, "reply_to_message": replied}
        msg = TgMessage(
            chat=c,
            message_id=self.new_message_id(c.id),
            date=int(self.clock()),
            sender=user.api(),
            text=text,
            raw=text,
            entities=command_entities(text),
            extra=extra,
            thread=thread,
            in_topic=in_topic,
        )
        return self.store(msg)

    def callback_query(
        self, user: TgUser, message: TgMessage, text_or_data: str | re.Pattern[str]
    ) -> dict[str, Any]:
        """A CallbackQuery JSON for a tap on a button of the message's *current* keyboard."""
        if message.deleted:
            raise LookupError(f"message {message.message_id} in chat {message.chat.id} is deleted")
        btn = message.button(text_or_data)
        if "callback_data" not in btn:
            raise LookupError(f"button {btn.get('text')!r} has no callback_data: {btn}")
        return self.callback_query_raw(user, message, str(btn["callback_data"]))

    def callback_query_raw(self, user: TgUser, message: TgMessage, data: str) -> dict[str, Any]:
        """A CallbackQuery with arbitrary data (forged/stale taps)."""
        cq_id = f"{next(_callback_ids)}{user.id}"
        self.callbacks[cq_id] = CallbackRecord(
            id=cq_id,
            user_id=user.id,
            chat_id=message.chat.id,
            message_id=message.message_id,
            data=data,
            created=self.clock(),
        )
        return {
            "id": cq_id,
            "from": user.api(),
            "message": message.api(),
            "chat_instance": f"ci{abs(message.chat.id)}",
            "data": data,
        }

    # ------------------------------------------------------------------ bot side: the API
    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def handle(self, method: str, params: dict[str, Any]) -> Any:
        """Answer one Bot API call with its JSON result, or raise ApiError."""
        try:
            error = self._take_injection(method, params)
            if error is not None:
                raise error
            self._check_migrated(params)
            handler = getattr(self, f"_api_{method}", None)
            if handler is None:
                raise ApiError(404, f"Not Found: method {method} is not emulated by FakeTelegram")
            result = handler(params)
        except ApiError as e:
            self.calls.append(Call(method, params, None, e))
            self._changed()
            raise
        self.calls.append(Call(method, params, result, None))
        self._changed()
        return result

    def _check_migrated(self, params: dict[str, Any]) -> None:
        chat_id = params.get("chat_id")
        chat = self.chats.get(chat_id) if isinstance(chat_id, int) else None
        if chat is not None and chat.migrated_to is not None:
            raise migrated_error(chat.migrated_to)

    def _writable_chat(self, chat_id: Any) -> TgChat:
        if not isinstance(chat_id, int):
            raise ApiError(400, CHAT_NOT_FOUND)
        chat = self.chat(chat_id)
        if self.strict:
            if chat.type == "private":
                assert chat.user is not None
                if chat.user.blocked:
                    raise ApiError(403, BLOCKED)
                if not chat.user.started:
                    raise ApiError(403, CANT_INITIATE)
            elif chat.bot_status in {"left", "kicked"}:
                raise ApiError(403, NOT_MEMBER)
        return chat

    def _flood_check(self, chat: TgChat) -> None:
        limit = self.flood_limit_per_minute
        if (
            limit is not None
            and chat.type != "private"
            and self.edits_last_minute(chat.id) >= limit
        ):
            raise retry_after_error(5)

    def _api_getMe(self, params: dict[str, Any]) -> dict[str, Any]:
        me = self.bot.api()
        me.update(
            can_join_groups=True,
            can_read_all_group_messages=False,
            supports_inline_queries=False,
            can_connect_to_business=False,
            has_main_web_app=False,
        )
        return me

    def _api_sendMessage(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self._writable_chat(params.get("chat_id"))
        thread, in_topic = self._send_thread(chat, params.get("message_thread_id"))
        raw = str(params.get("text", ""))
        parse_mode = params.get("parse_mode")
        markup = params.get("reply_markup")
        msg = TgMessage(
            chat=chat,
            message_id=self.new_message_id(chat.id),
            date=int(self.clock()),
            sender=self.bot.api(),
            text=shown_text(raw, parse_mode),
            raw=raw,
            parse_mode=parse_mode,
            reply_markup=markup
            if isinstance(markup, dict) and "inline_keyboard" in markup
            else None,
            by_bot=True,
            thread=thread,
            in_topic=in_topic,
        )
        self.write_log.setdefault(chat.id, []).append(self.clock())
        self.store(msg)
        return msg.api()

    def _edit_target(self, params: dict[str, Any]) -> TgMessage | None:
        if params.get("inline_message_id"):
            return None
        chat = self.chat(params.get("chat_id", 0))
        if self.strict and chat.user is not None and chat.user.blocked:
            raise ApiError(403, BLOCKED)
        msg = self.messages.get(chat.id, {}).get(params.get("message_id", 0))
        if msg is None or msg.deleted:
            raise ApiError(400, EDIT_NOT_FOUND)
        if not msg.by_bot:
            raise ApiError(400, CANT_EDIT)
        return msg

    def _apply_edit(
        self, msg: TgMessage, text: str, raw: str, parse_mode: Any, markup: Any
    ) -> dict[str, Any]:
        new_markup = markup if isinstance(markup, dict) and markup.get("inline_keyboard") else None
        if text == msg.text and raw == msg.raw and new_markup == msg.reply_markup:
            raise ApiError(400, NOT_MODIFIED)
        self._flood_check(msg.chat)
        if text != msg.text:
            msg.history.append(msg.text)
        msg.text, msg.raw, msg.parse_mode, msg.reply_markup = text, raw, parse_mode, new_markup
        msg.edits += 1
        msg.edit_date = int(self.clock())
        self.edit_log.setdefault(msg.chat.id, []).append(self.clock())
        self.write_log.setdefault(msg.chat.id, []).append(self.clock())
        return msg.api()

    def _api_editMessageText(self, params: dict[str, Any]) -> dict[str, Any] | bool:
        msg = self._edit_target(params)
        if msg is None:
            return True
        raw = str(params.get("text", ""))
        pm = params.get("parse_mode")
        # like Telegram: an edit without reply_markup removes the inline keyboard
        return self._apply_edit(msg, shown_text(raw, pm), raw, pm, params.get("reply_markup"))

    def _api_editMessageReplyMarkup(self, params: dict[str, Any]) -> dict[str, Any] | bool:
        msg = self._edit_target(params)
        if msg is None:
            return True
        return self._apply_edit(msg, msg.text, msg.raw, msg.parse_mode, params.get("reply_markup"))

    def _api_deleteMessage(self, params: dict[str, Any]) -> bool:
        chat = self.chat(params.get("chat_id", 0))
        msg = self.messages.get(chat.id, {}).get(params.get("message_id", 0))
        if msg is None or msg.deleted:
            raise ApiError(400, DELETE_NOT_FOUND)
        if not msg.by_bot and chat.type != "private" and chat.bot_status != "administrator":
            # only an admin bot may delete other people's messages in a group
            raise ApiError(400, CANT_DELETE)
        msg.deleted = True
        self._changed()
        return True

    def _api_answerInlineQuery(self, params: dict[str, Any]) -> bool:
        self.inline_answers.append(params)
        return True

    def _api_answerCallbackQuery(self, params: dict[str, Any]) -> bool:
        cb = self.callbacks.get(str(params.get("callback_query_id")))
        if cb is None or cb.answered:
            raise ApiError(400, QUERY_INVALID)
        limit = self.callback_answer_timeout
        if limit is not None and self.clock() - cb.created > limit:
            cb.expired = True
            raise ApiError(400, QUERY_INVALID)
        cb.answered = True
        cb.answer = {k: v for k, v in params.items() if k != "callback_query_id"}
        return True

    def _member_json(self, chat: TgChat, user_id: int) -> dict[str, Any]:
        if user_id == self.bot.id:
            user_json = self._api_getMe({})
            status = chat.bot_status if chat.type != "private" else "member"
        else:
            user = self.users.get(user_id)
            if user is None:
                if self.strict:
                    raise ApiError(400, USER_NOT_FOUND)
                user = self.add_user(id=user_id)
            user_json = user.api()
            if chat.type == "private":
                status = "member"
            elif user_id == chat.owner:
                status = "creator"
            elif user_id in chat.admins:
                status = "administrator"
            elif user_id in chat.members:
                status = "member"
            else:
                status = "left"
        if status == "creator":
            return {"status": "creator", "user": user_json, "is_anonymous": False}
        if status == "administrator":
            rights = dict.fromkeys(
                (
                    "can_manage_chat",
                    "can_delete_messages",
                    "can_manage_video_chats",
                    "can_restrict_members",
                    "can_change_info",
                    "can_invite_users",
                    "can_post_stories",
                    "can_edit_stories",
                    "can_delete_stories",
                    "can_pin_messages",
                    "can_manage_topics",
                ),
                True,
            )
            return {
                "status": "administrator",
                "user": user_json,
                "can_be_edited": False,
                "is_anonymous": False,
                "can_promote_members": False,
                "can_send_welcome_messages": False,
                **rights,
            }
        if status == "kicked":
            return {"status": "kicked", "user": user_json, "until_date": 0}
        return {"status": status, "user": user_json}

    def _api_getChatMember(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self.chat(params.get("chat_id", 0))
        return self._member_json(chat, int(params.get("user_id", 0)))

    def _api_getChatAdministrators(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        chat = self.chat(params.get("chat_id", 0))
        ids = ([chat.owner] if chat.owner is not None else []) + sorted(chat.admins - {chat.owner})
        out = [self._member_json(chat, uid) for uid in ids if uid is not None]
        if chat.bot_status == "administrator":
            out.append(self._member_json(chat, self.bot.id))
        return out

    def _api_getChat(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self.chat(params.get("chat_id", 0))
        return {
            **chat.api(),
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": {
                "unlimited_gifts": False,
                "limited_gifts": False,
                "unique_gifts": False,
                "premium_subscription": False,
                "gifts_from_channels": False,
            },
        }

    def _api_getChatMemberCount(self, params: dict[str, Any]) -> int:
        chat = self.chat(params.get("chat_id", 0))
        return len(chat.members) + (1 if chat.bot_status in {"member", "administrator"} else 0)

    def _api_sendChatAction(self, params: dict[str, Any]) -> bool:
        chat = self._writable_chat(params.get("chat_id"))
        self.chat_actions.append((chat.id, str(params.get("action"))))
        return True

    def _api_setMyCommands(self, params: dict[str, Any]) -> bool:
        scope = params.get("scope") or {"type": "default"}
        key = json.dumps([scope, params.get("language_code", "")], sort_keys=True)
        self.commands[key] = list(params.get("commands", []))
        return True

    def _api_deleteMyCommands(self, params: dict[str, Any]) -> bool:
        return True

    def _api_setMyDescription(self, params: dict[str, Any]) -> bool:
        return True

    def _api_setMyShortDescription(self, params: dict[str, Any]) -> bool:
        return True

    def _api_setChatMenuButton(self, params: dict[str, Any]) -> bool:
        return True

    def _api_deleteWebhook(self, params: dict[str, Any]) -> bool:
        self.webhook = None
        return True

    def _api_setWebhook(self, params: dict[str, Any]) -> bool:
        self.webhook = dict(params)
        return True

    def _api_getWebhookInfo(self, params: dict[str, Any]) -> dict[str, Any]:
        hook = self.webhook or {}
        return {
            "url": hook.get("url", ""),
            "has_custom_certificate": False,
            "pending_update_count": 0,
        }

    def _api_close(self, params: dict[str, Any]) -> bool:
        return True

    def _api_logOut(self, params: dict[str, Any]) -> bool:
        return True


# ---------------------------------------------------------------------------------------------
# aiogram session


# parameters whose value is a JSON-serialised object or array in a form-encoded request
JSON_FIELDS = frozenset(
    {
        "reply_markup",
        "link_preview_options",
        "reply_parameters",
        "entities",
        "caption_entities",
        "commands",
        "scope",
        "media",
        "results",
    }
)


def serialize(session: BaseSession, bot: Bot, method: TelegramMethod[Any]) -> dict[str, Any]:
    """The params of a request as a JSON body would carry them, produced by aiogram's own
    ``BaseSession.prepare_value`` (defaults such as parse_mode resolved, objects dumped, None
    dropped).  Over the wire aiogram form-encodes each top-level value with the same function."""
    files: dict[str, Any] = {}
    out: dict[str, Any] = {}
    normal = True  # every value is already exactly what JSON would carry
    for key, value in method.model_dump(warnings=False).items():
        prepared = session.prepare_value(value, bot=bot, files=files, _dumps_json=False)
        if isinstance(prepared, str) and key in JSON_FIELDS:
            # a field sent as its JSON text (the bot's lean requests do): Telegram decodes it
            prepared = json.loads(prepared)
        elif prepared is not None and type(prepared) not in _JSON_SCALARS:
            normal = False
        if prepared is not None:
            out[key] = prepared
    if normal:
        return out
    # normalise to exactly what JSON would carry (tuples → lists, etc.)
    return cast(dict[str, Any], json.loads(session.json_dumps(out)))


_JSON_SCALARS = frozenset({str, int, bool, float})


class RecordingSession(BaseSession):
    """Records, validates and answers every request (no network).

    ``validate``: True = validate every request (AssertionError on a spec error, also kept in
    ``violations``; skips the test when the spec is absent); None (default) = validate when the
    spec file exists (under CI=true it must exist); False = never (e.g. benchmarks).
    """

    def __init__(
        self,
        tg: FakeTelegram | None = None,
        *,
        validate: bool | None = None,
        raise_on_violation: bool = True,
    ) -> None:
        super().__init__()
        self.tg = tg if tg is not None else FakeTelegram()
        if validate is None:
            # validate when the spec exists; without it run unvalidated, except in CI (fail)
            validate = telegram_spec.load_spec() is not None or telegram_spec.in_ci()
        if validate:
            telegram_spec.require_spec()
        self.validate = validate
        self.raise_on_violation = raise_on_violation
        # set by make_bot: updates built here are bound to it, as polling and webhooks bind
        # theirs (an unbound update makes feed_update dump and re-validate it every time)
        self.bot: Bot | None = None
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self.violations: list[str] = []
        self.warnings: list[str] = []

    async def close(self) -> None:
        return None

    async def stream_content(
        self,
        url: str,
        headers: dict[str, Any] | None = None,
        timeout: int = 30,
        chunk_size: int = 65536,
        raise_for_status: bool = True,
    ) -> AsyncGenerator[bytes, None]:
        raise NotImplementedError("RecordingSession does not download files")
        yield b""  # pragma: no cover

    async def make_request(
        self, bot: Bot, method: TelegramMethod[TelegramType], timeout: int | None = None
    ) -> TelegramType:
        name = method.__api_method__
        params = serialize(self, bot, method)
        self.requests.append((name, params))
        if self.validate:
            report = telegram_spec.check(name, params)
            self.warnings.extend(report.warnings)
            if report.errors:
                self.violations.extend(report.errors)
                if self.raise_on_violation:
                    raise AssertionError(
                        f"invalid Bot API request {name}:\n  " + "\n  ".join(report.errors)
                    )
        try:
            result = self.tg.handle(name, params)
        except ApiError as e:
            if e.code == 404:
                self.violations.append(f"{name}: {e.description}")
            status, content = e.code, json.dumps(e.payload())
        else:
            status, content = 200, json.dumps({"ok": True, "result": result})
        response = self.check_response(bot=bot, method=method, status_code=status, content=content)
        return cast(TelegramType, response.result)

    # ---------------------------------------------------------------- reading what was sent
    def calls(self, method: str | None = None) -> list[dict[str, Any]]:
        """Params of every recorded request (of one method)."""
        return [p for m, p in self.requests if method is None or m == method]

    def methods(self) -> list[str]:
        return [m for m, _ in self.requests]

    def last_call(self, method: str) -> dict[str, Any]:
        calls = self.calls(method)
        if not calls:
            raise LookupError(f"no {method} request was made; requests: {self.methods()}")
        return calls[-1]

    def clear(self, history: bool = False) -> None:
        """Forget the recorded requests (and, with `history`, the fake's growing logs)."""
        self.requests.clear()
        if history:
            self.tg.forget_history()

    def message(self, chat_id: int, message_id: int) -> TgMessage:
        """The current state of a message (text as the user sees it, keyboard)."""
        return self.tg.message(chat_id, message_id)

    def last_message(self, chat: TgChat | TgUser | int) -> TgMessage:
        chat_id = chat if isinstance(chat, int) else chat.id
        msg = self.tg.last_message(chat_id)
        if msg is None:
            raise LookupError(f"the bot sent nothing to chat {chat_id}")
        return msg

    def messages(self, chat: TgChat | TgUser | int) -> list[TgMessage]:
        chat_id = chat if isinstance(chat, int) else chat.id
        return self.tg.messages_in(chat_id)

    def answers(self) -> list[dict[str, Any]]:
        return self.calls("answerCallbackQuery")

    def alerts(self, user: TgUser | int) -> list[str]:
        return self.tg.alerts(user if isinstance(user, int) else user.id)

    # ---------------------------------------------------------------- error injection
    def inject_retry_after(self, method: str | None = None, seconds: int = 1, **kw: Any) -> None:
        """The next matching call fails with 429 Too Many Requests (TelegramRetryAfter)."""
        self.tg.inject_retry_after(method, seconds, **kw)

    def inject_not_modified(self, method: str = "editMessageText", **kw: Any) -> None:
        """The next matching call fails with 400 'message is not modified'."""
        self.tg.inject_not_modified(method, **kw)

    def inject_error(self, method: str | None, code: int, description: str, **kw: Any) -> None:
        self.tg.inject(ApiError(code, description), method, **kw)

    def migrate_group(self, old: TgChat, by: TgUser | None = None) -> Migration:
        """Upgrade a basic group to a supergroup (FakeTelegram.migrate_group): the new chat and
        the two service-message updates Telegram sends about it (not fed to the bot)."""
        new = self.tg.migrate_group(old, by)
        to_msg, from_msg = self.tg.migration_messages(old)
        return Migration(
            new,
            update_of(message=to_msg.api(), bot=self.bot),
            update_of(message=from_msg.api(), bot=self.bot),
        )

    # ---------------------------------------------------------------- building updates
    def user_message(
        self,
        user: TgUser,
        chat: TgChat | TgUser | int | None,
        text: str,
        *,
        topic: TgTopic | None = None,
        reply_to: TgMessage | None = None,
    ) -> Update:
        """An Update with a text message from ``user`` in ``chat`` (None = the private chat;
        `topic`: in that forum topic; `reply_to`: answering that message); the message is
        stored, so message ids stay consistent with the bot's."""
        where = chat if chat is not None else user
        msg = self.tg.user_message(user, where, text, topic=topic, reply_to=reply_to)
        return update_of(message=msg.api(), bot=self.bot)

    def tap(
        self,
        user: TgUser,
        message: TgMessage | Message | tuple[int, int],
        text_or_data: str | re.Pattern[str],
    ) -> Update:
        """An Update with a callback query: ``user`` taps the button (by text or callback_data)
        of the *current* keyboard of a message the bot sent."""
        msg = self._resolve(message)
        return update_of(
            callback_query=self.tg.callback_query(user, msg, text_or_data), bot=self.bot
        )

    def inline_query(self, user: TgUser, query: str) -> Update:
        """An Update with an inline query `user` types (e.g. from a switch_inline_query button)."""
        payload = {"id": f"iq{next(_update_ids)}", "from": user.api(), "query": query, "offset": ""}
        return update_of(inline_query=payload, bot=self.bot)

    def tap_data(
        self, user: TgUser, message: TgMessage | Message | tuple[int, int], data: str
    ) -> Update:
        """A callback query with arbitrary data on a message (stale or forged taps)."""
        return update_of(
            callback_query=self.tg.callback_query_raw(user, self._resolve(message), data),
            bot=self.bot,
        )

    def _resolve(self, message: TgMessage | Message | tuple[int, int]) -> TgMessage:
        if isinstance(message, TgMessage):
            return message
        if isinstance(message, Message):
            return self.tg.message(message.chat.id, message.message_id)
        return self.tg.message(*message)


class Migration(NamedTuple):
    """A basic group upgraded to a supergroup: the new chat and the two service messages."""

    chat: TgChat
    to_update: Update  # in the old group: migrate_to_chat_id
    from_update: Update  # in the new supergroup: migrate_from_chat_id


def update_of(bot: Bot | None = None, **payload: Any) -> Update:
    """An Update from its Bot API JSON; bound to `bot` (as aiogram's polling and webhook
    binding do) when given."""
    data = {"update_id": next(_update_ids), **payload}
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
            "id": f"{next(_callback_ids)}{user.id}",
            "from": _user_json(user),
            "message": msg_json,
            "chat_instance": f"ci{abs(int(msg_json['chat']['id']))}",
            "data": data,
        }
    )


# ---------------------------------------------------------------------------------------------
# Fixtures / factory


class BotSession(NamedTuple):
    bot: Bot
    session: RecordingSession


def make_bot(
    session: RecordingSession | None = None,
    *,
    parse_mode: str | None = "HTML",
    token: str = TOKEN,
) -> BotSession:
    """A Bot wired to a RecordingSession (validation on when the spec exists)."""
    session = session if session is not None else RecordingSession()
    bot = Bot(token=token, session=session, default=DefaultBotProperties(parse_mode=parse_mode))
    session.bot = bot
    return BotSession(bot, session)


@pytest.fixture
def bot_session() -> Iterator[BotSession]:
    """(bot, session) for Dispatcher.feed_update tests.  Skips without the spec (fails in CI);
    at teardown fails if any request violated the spec, even if a handler swallowed the error."""
    telegram_spec.require_spec()
    pair = make_bot(RecordingSession(validate=True))
    yield pair
    assert not pair.session.violations, "Bot API violations:\n" + "\n".join(pair.session.violations)
