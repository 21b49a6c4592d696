"""The HTTP side of the Bot API emulator (tests.e2e.emulator): `EmulatorServer` serves
``GET/POST /bot<token>/<method>`` on a free 127.0.0.1 port, validates each request against the
Bot API spec, queues updates and answers getUpdates (long polling, conflicts, allowed updates),
holds calls on request, and lets the strict `FakeTelegram` answer everything else. `Emulator`
adds the test-side API (users, groups, reading state, waiting)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Self

from aiohttp import web

from tests.support import telegram_spec
from tests.support.recording import BOT_ID, BOT_USERNAME, ApiError, FakeTelegram

TOKEN = f"{BOT_ID}:TEST-emulator-token"
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


class EmulatorServer:
    """The emulator's server and its state (see `tests.e2e.emulator.Emulator`)."""

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

    async def start(self) -> Self:
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

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

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

    # ------------------------------------------------------------------ holding calls
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
