"""An in-test Telegram Bot API emulator (aiohttp) for end-to-end tests.

It runs inside the test's event loop on a free 127.0.0.1 port and serves
``GET/POST /bot<token>/<method>`` (JSON, form-urlencoded and multipart bodies, as aiogram sends
them).  Every request is validated against the Bot API 10.1 spec (tests/telegram_spec.py); a
violation is recorded in ``emu.violations`` and answered with 400 like Telegram would (the
``emulator`` fixture fails the test at teardown if any were recorded).  The Telegram state (chats,
messages, callback answers, members) is ``tests.support.recording.FakeTelegram`` in strict mode: a
private chat needs the user to have started the bot (else 403), unknown chats are 400, "message is
not modified" is 400, edits without reply_markup drop the keyboard.

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
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlparse

from aiohttp import web

from tests.support import telegram_spec
from tests.support.recording import (
    BOT_ID,
    BOT_USERNAME,
    ApiError,
    FakeTelegram,
    TgChat,
    TgMessage,
    TgTopic,
    TgUser,
)

TOKEN = f"{BOT_ID}:TEST-emulator-token"
# every default wait scales with E2E_TIMEOUT_FACTOR (e.g. 3 on a very slow machine)
TIMEOUT_FACTOR = float(os.environ.get("E2E_TIMEOUT_FACTOR") or 1.0)
DEFAULT_TIMEOUT = 15.0
_DEFAULT_UPDATE_TYPES = frozenset(
    {
        "message",
        "edited_message",
        "channel_post",
        "edited_channel_post",
        "business_connection",
        "business_message",
        "edited_business_message",
        "deleted_business_messages",
        "inline_query",
        "chosen_inline_result",
        "callback_query",
        "shipping_query",
        "pre_checkout_query",
        "purchased_paid_media",
        "poll",
        "poll_answer",
        "my_chat_member",
        "chat_join_request",
        "chat_boost",
        "removed_chat_boost",
    }
)
CONFLICT = (
    "Conflict: terminated by other getUpdates request; make sure that only one bot instance "
    "is running"
)

T = TypeVar("T")


@dataclass
class RequestLog:
    at: float
    method: str
    params: dict[str, Any]
    status: int
    description: str = ""

    def line(self) -> str:
        shown = json.dumps(self.params, ensure_ascii=False, default=str)
        if len(shown) > 300:
            shown = shown[:300] + "..."
        tail = f" -> {self.status} {self.description}" if self.status != 200 else ""
        return f"{self.method} {shown}{tail}"


class EmuUser:
    """A Telegram user driven by the test.  Actions queue updates for the bot and return at once;
    use the emulator's wait helpers to see the bot's reaction."""

    def __init__(self, emu: Emulator, user: TgUser) -> None:
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
        returns the callback query id (see ``emu.wait_answer``)."""
        cq = self.emu.tg.callback_query(self.tg_user, message, text_or_data)
        self.emu.push_update(callback_query=cq)
        return str(cq["id"])

    def tap_data(self, message: TgMessage, data: str) -> str:
        """A callback query with arbitrary data (a stale or forged button)."""
        cq = self.emu.tg.callback_query_raw(self.tg_user, message, data)
        self.emu.push_update(callback_query=cq)
        return str(cq["id"])

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


class Emulator:
    """Bot API emulator; ``async with Emulator() as emu`` or ``await emu.start()/stop()``."""

    def __init__(
        self,
        *,
        token: str = TOKEN,
        bot_username: str = BOT_USERNAME,
        flood_limit_per_minute: int | None = None,
        privacy_mode: bool = True,
        validate: bool = True,
    ) -> None:
        bot_id = int(token.split(":", 1)[0])
        self.token = token
        self.bot_username = bot_username
        self.tg = FakeTelegram(
            bot_id=bot_id,
            bot_username=bot_username,
            strict=True,
            flood_limit_per_minute=flood_limit_per_minute,
        )
        self.tg.listeners.append(self._notify)
        self.privacy_mode = privacy_mode
        self.validate = validate
        if validate:
            telegram_spec.require_spec()
        self.updates: list[dict[str, Any]] = []
        self._next_update_id = 1
        self.delivered: list[dict[str, Any]] = []
        self.allowed_updates: frozenset[str] = _DEFAULT_UPDATE_TYPES
        self.requests: list[RequestLog] = []
        self.violations: list[str] = []
        self.warnings: list[str] = []
        self.poll_count = 0
        self.conflicts = 0
        self.dropped_updates = 0  # by deleteWebhook(drop_pending_updates=True)
        # called on every wait_for iteration; raise to abort the wait (BotProcess registers one)
        self.guards: list[Callable[[], None]] = []
        self._holds: list[tuple[str, float, asyncio.Event]] = []
        self._poll_generation = 0
        self._event = asyncio.Event()
        self._closing = False
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ------------------------------------------------------------------ lifecycle
    @property
    def url(self) -> str:
        """Base URL for TELEGRAM_API_URL / TelegramAPIServer.from_base."""
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> Emulator:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = int(sock.getsockname()[1])
        site = web.SockSite(self._runner, sock)
        await site.start()
        return self

    async def stop(self) -> None:
        self._closing = True
        self._notify()
        if self._runner is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._runner.cleanup(), timeout=5.0)
            self._runner = None

    async def __aenter__(self) -> Emulator:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

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

    # ------------------------------------------------------------------ updates
    def push_update(self, **payload: Any) -> dict[str, Any]:
        """Queue an update (one key: message, callback_query, my_chat_member, ...)."""
        update = {"update_id": self._next_update_id, **payload}
        self._next_update_id += 1
        self.updates.append(update)
        self._notify()
        return update

    def _notify(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    async def _wait_change(self, timeout: float) -> None:
        if timeout <= 0:
            return
        event = self._event
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    def _allowed(self, update: dict[str, Any]) -> bool:
        kind = next(k for k in update if k != "update_id")
        return kind in self.allowed_updates

    async def _get_updates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        if self.tg.webhook is not None:
            raise ApiError(409, "Conflict: can't use getUpdates method while webhook is active")
        self.poll_count += 1
        self._poll_generation += 1
        generation = self._poll_generation
        self._notify()  # wakes (and thereby terminates) an older pending getUpdates
        allowed = params.get("allowed_updates")
        if isinstance(allowed, list):
            self.allowed_updates = frozenset(allowed) if allowed else _DEFAULT_UPDATE_TYPES
        offset = params.get("offset")
        if isinstance(offset, int) and offset != 0:
            if offset > 0:
                self.updates = [u for u in self.updates if u["update_id"] >= offset]
            else:
                self.updates = self.updates[offset:]
        limit = params.get("limit") or 100
        timeout = float(params.get("timeout") or 0)
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            # updates of types the bot did not ask for are never delivered (Telegram drops them)
            self.updates = [u for u in self.updates if self._allowed(u)]
            batch = self.updates[:limit]
            if batch or self._closing:
                self.delivered.extend(u for u in batch if u not in self.delivered)
                return batch
            if generation != self._poll_generation:
                self.conflicts += 1
                raise ApiError(409, CONFLICT)
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                return []
            await self._wait_change(remaining)

    # ------------------------------------------------------------------ HTTP
    async def _read_params(self, request: web.Request, method: str) -> dict[str, Any]:
        if request.method == "GET":
            form = dict(request.query.items())
            return telegram_spec.decode_form(method, form)
        ctype = request.content_type
        if ctype == "application/json":
            raw = await request.read()
            body = json.loads(raw) if raw.strip() else {}
            if not isinstance(body, dict):
                raise ApiError(400, "Bad Request: request body must be a JSON object")
            return body
        data = await request.post()
        form = {}
        for key, value in data.items():
            form[key] = value if isinstance(value, str) else f"<file {key}>"
        params = telegram_spec.decode_form(method, form)
        params.update({k: v for k, v in request.query.items() if k not in params})
        return params

    async def _handle(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        method_raw = request.match_info["method"]
        if token != self.token:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        method = self._canonical(method_raw)
        try:
            params = await self._read_params(request, method)
        except ApiError as e:
            return self._respond(method, {}, e)
        except ValueError as e:
            return self._respond(method, {}, ApiError(400, f"Bad Request: {e}"))
        if self.validate:
            report = telegram_spec.check(method, params)
            self.warnings.extend(report.warnings)
            if report.errors:
                self.violations.extend(report.errors)
                code = 404 if method not in self._spec_methods() else 400
                desc = "Not Found" if code == 404 else f"Bad Request: {report.errors[0]}"
                return self._respond(method, params, ApiError(code, desc))
        if not await self._hold(method, request):
            return self._respond(method, params, ApiError(500, "the caller went away"))
        try:
            if method == "getUpdates":
                result: Any = await self._get_updates(params)
            elif method == "deleteWebhook" and params.get("drop_pending_updates"):
                self.dropped_updates += len(self.updates)
                self.updates.clear()
                result = self.tg.handle(method, params)
            else:
                result = self.tg.handle(method, params)
        except ApiError as e:
            if e.code == 404:
                self.violations.append(f"{method}: not emulated ({e.description})")
            return self._respond(method, params, e)
        return self._respond(method, params, None, result)

    def _spec_methods(self) -> set[str]:
        spec = telegram_spec.load_spec()
        return set(spec["methods"]) if spec else set()

    def _canonical(self, method: str) -> str:
        for name in self._spec_methods():
            if name.lower() == method.lower():
                return name
        return method

    def _respond(
        self, method: str, params: dict[str, Any], error: ApiError | None, result: Any = None
    ) -> web.Response:
        if error is not None:
            self.requests.append(
                RequestLog(time.time(), method, params, error.code, error.description)
            )
            self._notify()
            return web.json_response(error.payload(), status=error.code)
        if method != "getUpdates" or result:
            self.requests.append(RequestLog(time.time(), method, params, 200))
        self._notify()
        return web.json_response({"ok": True, "result": result})

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

    def hold(self, method: str, seconds: float) -> asyncio.Event:
        """The next call of ``method`` waits ``seconds`` before Telegram takes it, and is
        dropped if the caller went away meanwhile (as if the bot died before sending it); the
        returned event is set the moment that call arrives (the bot is mid-update)."""
        arrived = asyncio.Event()
        self._holds.append((method, seconds, arrived))
        return arrived

    async def _hold(self, method: str, request: web.Request) -> bool:
        """False: the held call's caller is gone, the call is not carried out."""
        for hold in self._holds:
            if hold[0] == method:
                self._holds.remove(hold)
                hold[2].set()
                await asyncio.sleep(hold[1])
                transport = request.transport
                return transport is not None and not transport.is_closing()
        return True

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
