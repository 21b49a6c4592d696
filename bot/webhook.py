"""Webhook mode: Telegram POSTs each update to WEBHOOK_PATH; several replicas may take them.

An update is answered (HTTP 200) only after it was handled, so a process killed mid-update
leaves Telegram without an answer and Telegram sends the update again. The update gate
(bot.storage.update_gate) makes that retry, or any duplicate, harmless: each update is handled
at most once, and one chat's updates one at a time, across all replicas sharing the Redis.

Draining (SIGTERM): readiness goes down, new updates are refused with 503 (the load balancer
sends them to another replica, or Telegram retries them), the updates in flight are finished,
then the process stops.

Every replica calls setWebhook with the same URL, secret and update types: the call is
idempotent, so which replica calls it last does not matter and none needs to be elected.
Pending updates are never dropped and the webhook is never deleted on shutdown.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import time

from aiogram import Bot, Dispatcher
from aiogram.methods import TelegramMethod
from aiogram.types import Update
from aiohttp import web
from pydantic import ValidationError

from bot import metrics
from bot.storage.update_gate import UpdateGate, order_key

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


class WebhookReceiver:
    """The aiohttp handler of WEBHOOK_PATH (register it with `add_routes`)."""

    def __init__(
        self, bot: Bot, dp: Dispatcher, gate: UpdateGate, *, secret: str | None = None
    ) -> None:
        self.bot = bot
        self.dp = dp
        self.gate = gate
        self.secret = secret
        self.draining = False
        self.inflight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def add_routes(self, app: web.Application, path: str) -> None:
        app.router.add_post(path, self.handle)

    async def handle(self, request: web.Request) -> web.Response:
        if self.secret is not None and not hmac.compare_digest(
            request.headers.get(SECRET_HEADER, ""), self.secret
        ):
            return web.Response(status=401, text="unauthorized")
        if self.draining:
            return web.Response(status=503, text="draining", headers={"Retry-After": "1"})
        try:
            data = json.loads(await request.read())
        except (ValueError, UnicodeDecodeError):
            return web.Response(status=400, text="not JSON")
        update_id = data.get("update_id") if isinstance(data, dict) else None
        if not isinstance(update_id, int):
            return web.Response(status=400, text="not an update")
        try:
            update = Update.model_validate(data, context={"bot": self.bot})
        except ValidationError:
            # Telegram would resend it forever; nothing the bot can do with it
            log.warning("event=update_unreadable update_id=%s", update_id)
            return web.Response(text="ok")
        self.inflight += 1
        self._idle.clear()
        try:
            outcome = await self.gate.run(order_key(data), update_id, lambda: self._feed(update))
        finally:
            self.inflight -= 1
            if self.inflight == 0:
                self._idle.set()
        if outcome == "duplicate":
            metrics.update_duplicate()
        return web.Response(text="ok")

    async def _feed(self, update: Update) -> None:
        result: object = await self.dp.feed_update(self.bot, update)
        if isinstance(result, TelegramMethod):  # a handler's answer as a method: send it
            await self.bot(result)

    async def drain(self, timeout: float) -> bool:
        """Refuse new updates and wait (at most `timeout` s) until those in flight are done;
        False if some were still running."""
        self.draining = True
        started = time.monotonic()
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            log.warning("event=drain_timeout inflight=%s", self.inflight)
            return False
        log.info("event=drained seconds=%.2f", time.monotonic() - started)
        return True
