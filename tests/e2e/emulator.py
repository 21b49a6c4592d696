"""An in-test Telegram Bot API emulator (aiohttp) for end-to-end tests.

It runs inside the test's event loop on a free 127.0.0.1 port and serves ``GET/POST
/bot<token>/<method>`` (JSON, form-urlencoded and multipart bodies, as aiogram sends them).
Every request is validated against the Bot API 10.3 schema (tests/support/telegram_spec.py); a
violation is recorded in ``emu.violations`` and answered with 400 like Telegram would (the
``emulator`` fixture fails the test at teardown if any were recorded). The Telegram state
(chats, messages, callback answers, members) is ``tests.support.recording.FakeTelegram`` in
strict mode: a private chat needs the user to have started the bot (else 403), unknown chats are
400, "message is not modified" is 400, edits without reply_markup drop the keyboard.

Test-side API (see tests/README.md)::

    async with Emulator() as emu:                      # or the `emulator` fixture
        alice = emu.user("Alice")                      # a user (private chat id = user id)
        group = emu.group("Friends", owner=alice, members=[bob])   # supergroup, id -100...
        alice.send("/start")                           # private chat; updates are queued
        alice.send(group, "/newgame")                  # group (privacy mode: commands only)
        menu = await emu.wait_message(alice, contains="Kosa")
        cq = alice.tap(menu, "Kosa")                   # by button text or callback_data
        await emu.wait_answer(cq)
        alice.follow(lobby, "Join")                    # URL button: t.me/<bot>?start=... deep link
        alice.add_bot_to_group(group, payload="abc")   # ?startgroup=abc
        emu.inject_retry_after("editMessageText", seconds=2, times=1)
        emu.edits_in_window(group.id, 60)              # flood-control checks

Waiting is always bounded (``timeout``); a timeout raises AssertionError with the recent requests.

The server (HTTP, updates, getUpdates, holds) is `tests.e2e.emu_server.EmulatorServer`, the
users `tests.e2e.emu_user.EmuUser`; this module adds the test-side API above.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import time
from collections.abc import Callable
from typing import Any, TypeVar

from tests.e2e.emu_server import TOKEN, EmulatorServer, RequestLog
from tests.e2e.emu_user import EmuUser
from tests.support.recording import ApiError, TgChat, TgMessage, TgTopic, TgUser

__all__ = ["DEFAULT_TIMEOUT", "TIMEOUT_FACTOR", "TOKEN", "EmuUser", "Emulator", "RequestLog"]

# every default wait scales with E2E_TIMEOUT_FACTOR (e.g. 3 on a very slow machine)
TIMEOUT_FACTOR = float(os.environ.get("E2E_TIMEOUT_FACTOR") or 1.0)
DEFAULT_TIMEOUT = 15.0

T = TypeVar("T")


class Emulator(EmulatorServer):
    """Bot API emulator; ``async with Emulator() as emu`` or ``await emu.start()/stop()``."""

    # ------------------------------------------------------------------ people and chats
    def user(
        self,
        first_name: str = "",
        *,
        username: str | None = None,
        language_code: str | None = "ru",
        started: bool = False,
        id: int | None = None,
    ) -> EmuUser:
        """A new user; ``started=True`` if they have already opened the bot's private chat
        (otherwise the bot gets 403 when writing to them first)."""
        u = self.tg.add_user(
            first_name, id=id, username=username, language_code=language_code, started=started
        )
        return EmuUser(self, u)

    def group(
        self,
        title: str = "",
        *,
        owner: EmuUser | None = None,
        members: list[EmuUser] | tuple[EmuUser, ...] = (),
        admins: list[EmuUser] | tuple[EmuUser, ...] = (),
        bot_member: bool = True,
        bot_admin: bool = False,
        id: int | None = None,
        forum: bool = False,
    ) -> TgChat:
        """A supergroup (id -100...).  With bot_member=False the bot is not in it yet (use
        ``user.add_bot_to_group`` or a startgroup link).  ``forum``: with topics (``topic``)."""
        status = "administrator" if bot_admin else ("member" if bot_member else "left")
        return self.tg.add_group(
            title,
            id=id,
            owner=owner.tg_user if owner else None,
            members=[m.tg_user for m in members],
            admins=[a.tg_user for a in admins],
            bot_status=status,
            forum=forum,
        )

    def topic(self, forum: TgChat, name: str) -> TgTopic:
        """A new topic of a forum group (its owner creates it; the bot, in privacy mode, is not
        told).  ``user.send(forum, text, topic=...)`` writes in it."""
        return self.tg.add_topic(forum, name)

    def _chat(self, chat: TgChat | EmuUser | TgUser | int) -> TgChat:
        if isinstance(chat, EmuUser):
            return self.tg.private_chat(chat.tg_user)
        return self.tg.chat(chat)

    def _chat_id(self, chat: TgChat | EmuUser | TgUser | int) -> int:
        if isinstance(chat, int):
            return chat
        return chat.id

    def _group_visible(self, text: str) -> bool:
        if not self.privacy_mode:
            return True
        m = re.match(r"^/[A-Za-z0-9_]+(?:@([A-Za-z0-9_]+))?", text)
        if not m:
            return False
        target = m.group(1)
        return target is None or target.lower() == self.bot_username.lower()

    # ------------------------------------------------------------------ reading state
    def messages(
        self, chat: TgChat | EmuUser | TgUser | int, *, by_bot: bool | None = True
    ) -> list[TgMessage]:
        """Messages in a chat (the bot's by default), oldest first, deleted ones left out."""
        return self.tg.messages_in(self._chat_id(chat), by_bot=by_bot)

    def last_message(self, chat: TgChat | EmuUser | TgUser | int) -> TgMessage | None:
        return self.tg.last_message(self._chat_id(chat))

    def message(self, chat: TgChat | EmuUser | TgUser | int, message_id: int) -> TgMessage:
        return self.tg.message(self._chat_id(chat), message_id)

    def alerts(self, user: EmuUser | TgUser | int, *, show_alert: bool | None = None) -> list[str]:
        uid = user if isinstance(user, int) else user.id
        return self.tg.alerts(uid, show_alert=show_alert)

    def answer(self, callback_id: str) -> dict[str, Any] | None:
        """The bot's answerCallbackQuery params for a tap (None while unanswered)."""
        cb = self.tg.callbacks.get(callback_id)
        return cb.answer if cb is not None and cb.answered else None

    def calls(self, method: str | None = None) -> list[dict[str, Any]]:
        """Params of the successful requests (of one method)."""
        return [
            r.params
            for r in self.requests
            if r.status == 200 and (method is None or r.method == method)
        ]

    def errors(self, method: str | None = None) -> list[RequestLog]:
        """Requests answered with an error (e.g. 'message is not modified', 403)."""
        return [
            r for r in self.requests if r.status != 200 and (method is None or r.method == method)
        ]

    def edits_in_window(self, chat: TgChat | EmuUser | int, window: float = 60.0) -> int:
        """The largest number of message edits in a chat within any ``window`` seconds."""
        return self.tg.edits_in_window(self._chat_id(chat), window)

    def edits_last_minute(self, chat: TgChat | EmuUser | int) -> int:
        return self.tg.edits_last_minute(self._chat_id(chat))

    def writes_in_window(self, chat: TgChat | EmuUser | int, window: float = 60.0) -> int:
        """The largest number of messages sent or edited by the bot in a chat within any
        ``window`` seconds (Telegram allows about 20 a minute in a group)."""
        return self.tg.writes_in_window(self._chat_id(chat), window)

    def pending_updates(self) -> int:
        return len(self.updates)

    def recent(self, n: int = 25) -> str:
        """The last requests, one a line (for failure messages)."""
        return "\n".join(r.line() for r in self.requests[-n:])

    # ------------------------------------------------------------------ error injection
    def inject_retry_after(
        self,
        method: str | None = None,
        seconds: int = 1,
        *,
        times: int = 1,
        chat: TgChat | EmuUser | int | None = None,
    ) -> None:
        """The next ``times`` matching calls get 429 Too Many Requests (retry_after=seconds)."""
        chat_id = None if chat is None else self._chat_id(chat)
        self.tg.inject_retry_after(method, seconds, times=times, chat_id=chat_id)

    def inject_error(
        self, method: str | None, code: int, description: str, *, times: int = 1
    ) -> None:
        self.tg.inject(ApiError(code, description), method, times=times)

    # ------------------------------------------------------------------ waiting (bounded)
    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = DEFAULT_TIMEOUT,
        what: str = "",
    ) -> T:
        """Wait until ``predicate()`` is truthy (re-checked on every request/update) and return its
        value.  AssertionError after ``timeout`` seconds (times E2E_TIMEOUT_FACTOR), with the
        recent requests."""
        loop = asyncio.get_running_loop()
        timeout *= TIMEOUT_FACTOR
        deadline = loop.time() + timeout
        while True:
            event = self._event
            value = predicate()
            if value:
                return value
            for guard in list(self.guards):
                guard()  # e.g. a bot process that died: fail now, with its log
            remaining = deadline - loop.time()
            if remaining <= 0:
                label = what or getattr(predicate, "__name__", "condition")
                raise AssertionError(
                    f"timed out after {timeout:g}s waiting for {label}\n"
                    f"recent Bot API requests:\n{self.recent()}"
                )
            with contextlib.suppress(TimeoutError):
                # re-check at least every 0.25 s (conditions may depend on the clock)
                await asyncio.wait_for(event.wait(), min(remaining, 0.25))

    async def wait_message(
        self,
        chat: TgChat | EmuUser | TgUser | int,
        contains: str | None = None,
        *,
        predicate: Callable[[TgMessage], bool] | None = None,
        newer_than: TgMessage | int | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> TgMessage:
        """The newest bot message in ``chat`` whose visible text contains ``contains`` (and that
        satisfies ``predicate``); edits count, so it also waits for a message to change.
        ``newer_than`` (a message or message id) only accepts messages sent after it."""
        chat_id = self._chat_id(chat)
        floor = newer_than.message_id if isinstance(newer_than, TgMessage) else newer_than or 0

        def find() -> TgMessage | None:
            for msg in reversed(self.tg.messages_in(chat_id)):
                if msg.message_id <= floor:
                    break
                if contains is not None and contains not in msg.text:
                    continue
                if predicate is not None and not predicate(msg):
                    continue
                return msg
            return None

        what = f"a bot message in chat {chat_id}" + (
            f" containing {contains!r}" if contains else ""
        )
        return await self.wait_for(find, timeout, what)

    async def wait_answer(
        self, callback_id: str, timeout: float = DEFAULT_TIMEOUT
    ) -> dict[str, Any]:
        """The bot's answer to a tap (answerCallbackQuery params, {} for a bare answer)."""

        def answered() -> dict[str, Any] | None:
            cb = self.tg.callbacks.get(callback_id)
            if cb is not None and cb.answered:
                return cb.answer or {"answered": True}
            return None

        return await self.wait_for(answered, timeout, f"an answer to callback {callback_id}")

    async def wait_inline_answer(
        self, query_id: str, timeout: float = DEFAULT_TIMEOUT
    ) -> list[dict[str, Any]]:
        """The results the bot answered an inline query with (its latest answer; [] too)."""

        def answered() -> tuple[list[dict[str, Any]]] | None:
            results = self.tg.inline_results.get(query_id)
            return (results,) if results is not None else None

        what = f"an answer to inline query {query_id}"
        return (await self.wait_for(answered, timeout, what))[0]

    async def wait_all_answered(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Wait until the bot has answered every tap so far (Telegram shows a spinner until it
        does); the AssertionError names the unanswered ones."""

        def done() -> bool:
            return not self.tg.unanswered_callbacks()

        try:
            await self.wait_for(done, timeout, "answers to every callback query")
        except AssertionError as e:
            left = [(cb.id, cb.data) for cb in self.tg.unanswered_callbacks()]
            raise AssertionError(f"unanswered callback queries {left}\n{e}") from None

    async def wait_polled(self, after: int | None = None, timeout: float = DEFAULT_TIMEOUT) -> int:
        """Wait until the bot calls getUpdates (more than ``after`` times in total; default: one
        more call than now).  Returns the poll count."""
        floor = self.poll_count if after is None else after
        return await self.wait_for(
            lambda: self.poll_count if self.poll_count > floor else None,
            timeout,
            "the bot to poll getUpdates",
        )

    async def wait_delivered(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Wait until every queued update has been fetched by the bot."""
        await self.wait_for(
            lambda: not self.updates or None, timeout, "the bot to fetch every queued update"
        )

    async def wait_idle(self, quiet: float = 0.5, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Wait until all updates are fetched and no request other than getUpdates arrived for
        ``quiet`` seconds (use before asserting that *nothing* happens)."""

        def idle() -> bool:
            if self.updates:
                return False
            last = max((r.at for r in self.requests if r.method != "getUpdates"), default=0.0)
            return time.time() - last >= quiet

        await self.wait_for(idle, timeout, f"the bot to go quiet for {quiet}s")

    def assert_clean(self) -> None:
        """No spec violations (unanswered callbacks are listed too)."""
        problems = list(self.violations)
        if problems:
            raise AssertionError("Bot API violations:\n" + "\n".join(problems))
