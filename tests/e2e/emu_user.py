"""`EmuUser`, a Telegram user of the Bot API emulator (tests.e2e.emulator) driven by the test:
sends messages, taps buttons, follows deep links, adds the bot to groups and removes it."""

from __future__ import annotations

import re
import time
from typing import Any, Protocol
from urllib.parse import parse_qs, urlparse

from tests.support import telegram_spec
from tests.support.recording import FakeTelegram, TgChat, TgMessage, TgTopic, TgUser


class UsersEmulator(Protocol):
    """What an `EmuUser` needs of its emulator (`tests.e2e.emulator.Emulator`)."""

    tg: FakeTelegram
    bot_username: str

    def push_update(self, **payload: Any) -> dict[str, Any]: ...

    def _chat(self, chat: TgChat | EmuUser | TgUser | int) -> TgChat: ...

    def _group_visible(self, text: str) -> bool: ...

    def alerts(
        self, user: EmuUser | TgUser | int, *, show_alert: bool | None = None
    ) -> list[str]: ...


class EmuUser:
    """A Telegram user driven by the test.  Actions queue updates for the bot and return at once;
    use the emulator's wait helpers to see the bot's reaction."""

    def __init__(self, emu: UsersEmulator, user: TgUser) -> None:
        self.emu = emu
        self.tg_user = user

    @property
    def id(self) -> int:
        return self.tg_user.id

    @property
    def name(self) -> str:
        return self.tg_user.first_name

    def __repr__(self) -> str:
        return f"EmuUser({self.name!r}, id={self.id})"

    def send(
        self,
        chat_or_text: TgChat | EmuUser | int | str,
        text: str | None = None,
        *,
        topic: TgTopic | None = None,
    ) -> TgMessage:
        """Send a text message: ``send("/start")`` in the private chat with the bot, or
        ``send(group, "/newgame")`` (``topic=``: in that topic of a forum).  Commands get a
        bot_command entity.  In groups the bot runs in privacy mode: only commands (for this bot
        or without @suffix) reach it."""
        if text is None:
            if not isinstance(chat_or_text, str):
                raise TypeError("send(chat, text) or send(text)")
            chat: TgChat = self.emu.tg.private_chat(self.tg_user)
            text = chat_or_text
        else:
            if isinstance(chat_or_text, str):
                raise TypeError("send(chat, text): chat must be a chat, a user or a chat id")
            chat = self.emu._chat(chat_or_text)
        msg = self.emu.tg.user_message(self.tg_user, chat, text, topic=topic)
        if chat.type == "private" or self.emu._group_visible(text):
            self.emu.push_update(message=msg.api())
        return msg

    def start(self, payload: str | None = None) -> TgMessage:
        """/start (with a deep-link payload) in the private chat, as the Start button sends it."""
        return self.send(f"/start {payload}" if payload else "/start")

    def tap(self, message: TgMessage, text_or_data: str | re.Pattern[str]) -> str:
        """Tap an inline button (by text or callback_data) of the message's *current* keyboard;
        returns the callback query id (see ``emu.wait_answer``). An inline message's tap carries
        its inline_message_id (no message); an ephemeral message answers its receiver alone."""
        cq = self.emu.tg.callback_query(self.tg_user, message, text_or_data)
        self.emu.push_update(callback_query=cq)
        return str(cq["id"])

    def tap_data(self, message: TgMessage, data: str) -> str:
        """A callback query with arbitrary data (a stale or forged button)."""
        cq = self.emu.tg.callback_query_raw(self.tg_user, message, data)
        self.emu.push_update(callback_query=cq)
        return str(cq["id"])

    def inline(self, query: str = "", chat_type: str = "private") -> str:
        """Type `@bot <query>` in a chat: an inline query; returns its id (see
        ``emu.wait_inline_answer``)."""
        payload = self.emu.tg.inline_query(self.tg_user, query, chat_type)
        self.emu.push_update(inline_query=payload)
        return str(payload["id"])

    def choose(
        self, chat: TgChat | EmuUser | int, result_id: str, query_id: str | None = None
    ) -> TgMessage:
        """Pick a result of the bot's answer to an inline query: the client posts it into
        `chat` (a message via the bot; with buttons, an inline message)."""
        return self.emu.tg.choose_inline_result(
            self.tg_user, self.emu._chat(chat), result_id, query_id
        )

    def ephemeral(self, chat: TgChat | int) -> list[TgMessage]:
        """The ephemeral messages this user sees in `chat` (Bot API 10.2), oldest first."""
        return self.emu.tg.ephemeral_messages(chat, self.tg_user)

    def follow(
        self, message: TgMessage, text: str | re.Pattern[str], *, group: TgChat | None = None
    ) -> TgMessage | None:
        """Tap a URL button: a deep link to the bot is followed like the Telegram app does."""
        btn = message.button(text)
        url = btn.get("url")
        if not url:
            raise LookupError(f"button {btn.get('text')!r} is not a URL button: {btn}")
        return self.open_link(str(url), group=group)

    def open_link(self, url: str, *, group: TgChat | None = None) -> TgMessage | None:
        """Open a t.me deep link: ``?start=<p>`` sends "/start <p>" in the private chat;
        ``?startgroup=<p>`` adds the bot to ``group`` (if needed) and sends
        "/start@<bot> <p>" there."""
        parsed = urlparse(url)
        query = {k: v[0] for k, v in parse_qs(parsed.query, keep_blank_values=True).items()}
        if parsed.scheme == "tg":
            username = query.get("domain", "")
        else:
            if parsed.netloc not in {"t.me", "telegram.me", "www.t.me"}:
                raise ValueError(f"not a Telegram link: {url}")
            username = parsed.path.strip("/")
        if username.lower() != self.emu.bot_username.lower():
            raise ValueError(f"link {url} points to @{username}, not to the bot")

        def valid(payload: str | None) -> str | None:
            # the Telegram app drops a payload that is not 1-64 of [A-Za-z0-9_-]
            ok = payload is not None and telegram_spec.DEEP_LINK_PAYLOAD_RE.fullmatch(payload)
            return payload if ok else None

        if "startgroup" in query:
            if group is None:
                raise ValueError(f"{url} is a startgroup link: pass group=...")
            payload = valid(query["startgroup"])
            if group.bot_status in {"left", "kicked"}:
                return self.add_bot_to_group(group, payload=payload)
            return self.send(group, f"/start@{self.emu.bot_username} {payload or ''}".rstrip())
        return self.start(valid(query.get("start")))

    def add_bot_to_group(self, group: TgChat, *, payload: str | None = None) -> TgMessage | None:
        """Add the bot to a group: my_chat_member + a new_chat_members service message, then
        (with a startgroup payload) "/start@<bot> <payload>" from this user, as Telegram does."""
        emu = self.emu
        old = group.bot_status
        group.bot_status = "member"
        group.members.add(self.id)
        bot_json = emu.tg.bot.api()
        now = int(time.time())
        emu.push_update(
            my_chat_member={
                "chat": group.api(),
                "from": self.tg_user.api(),
                "date": now,
                "old_chat_member": {"status": old if old != "kicked" else "left", "user": bot_json},
                "new_chat_member": {"status": "member", "user": bot_json},
            }
        )
        service = emu.tg.user_message(self.tg_user, group, "", new_chat_members=[bot_json])
        emu.push_update(message=service.api())
        if payload:
            return self.send(group, f"/start@{emu.bot_username} {payload}")
        return None

    def remove_bot_from_group(self, group: TgChat) -> None:
        group.bot_status = "left"
        bot_json = self.emu.tg.bot.api()
        self.emu.push_update(
            my_chat_member={
                "chat": group.api(),
                "from": self.tg_user.api(),
                "date": int(time.time()),
                "old_chat_member": {"status": "member", "user": bot_json},
                "new_chat_member": {"status": "left", "user": bot_json},
            }
        )

    def block_bot(self) -> None:
        self.tg_user.blocked = True

    def alerts(self) -> list[str]:
        return self.emu.alerts(self)
