"""The world of the fake Telegram (tests.support.recording): its users, chats, forum topics and
messages, and what users do there (send a message, tap a button). `FakeTelegram` adds the Bot
API on top (tests.support.tg_info_api, tests.support.fake_telegram)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from tests.support.tg_errors import CHAT_NOT_FOUND, ApiError
from tests.support.tg_limits import Limits
from tests.support.tg_model import (
    BOT_ID,
    BOT_NAME,
    BOT_USERNAME,
    GROUP_ANONYMOUS_BOT,
    TOPIC_ICON_COLOR,
    Call,
    CallbackRecord,
    ChatType,
    Injection,
    TgChat,
    TgMessage,
    TgTopic,
    TgUser,
    callback_ids,
    command_entities,
    group_ids,
    user_ids,
)


class TelegramWorld:
    """The state of a pretend Telegram (see `FakeTelegram`, which answers the bot's calls)."""

    def __init__(
        self,
        *,
        bot_id: int = BOT_ID,
        bot_username: str = BOT_USERNAME,
        strict: bool = False,
        clock: Callable[[], float] = time.time,
        flood_limit_per_minute: int | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.bot = TgUser(
            id=bot_id, first_name=BOT_NAME, username=bot_username, language_code=None, is_bot=True
        )
        # BotFather's /setinline: off, as for a new bot (getMe's supports_inline_queries)
        self.inline_mode = False
        self.strict = strict
        self.clock = clock
        # Telegram's flood limits (tests.support.tg_limits), on unless a test turns them off
        self.limits = limits if limits is not None else Limits()
        if flood_limit_per_minute is not None:
            self.limits.group_per_minute = flood_limit_per_minute
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
        uid = id if id is not None else next(user_ids)
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
            n = next(group_ids)
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
        new_id = -1001000000000 - next(group_ids)
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
        if "disabled" in btn:  # Bot API 10.3: shown, but a tap sends nothing
            raise LookupError(f"button {btn.get('text')!r} is disabled: a tap does nothing")
        if "callback_data" not in btn:
            raise LookupError(f"button {btn.get('text')!r} has no callback_data: {btn}")
        return self.callback_query_raw(user, message, str(btn["callback_data"]))

    def callback_query_raw(self, user: TgUser, message: TgMessage, data: str) -> dict[str, Any]:
        """A CallbackQuery with arbitrary data (forged/stale taps)."""
        cq_id = f"{next(callback_ids)}{user.id}"
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

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()
