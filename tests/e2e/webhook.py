"""Telegram's side of a webhook, for the emulator: once the bot has called setWebhook, every
queued update is POSTed to the webhook URL (with the secret header) until it is answered with
a 2xx; a failed or unanswered request is sent again, as Telegram does. Optionally every n-th
update is sent twice (a retry after an answer that got lost on the way).

    hook = WebhookDelivery(emu, duplicate_every=10)
    await hook.start()
    ...
    await hook.stop()
    hook.sent, hook.acked, hook.failures, hook.duplicates

An update stays in ``emu.updates`` until acknowledged (so ``emu.wait_delivered`` waits for the
acknowledgements) and is appended to ``emu.delivered`` then.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import aiohttp

from tests.e2e.emulator import Emulator

RETRY_DELAY = 0.2  # Telegram waits longer; a test wants the retry soon
REQUEST_TIMEOUT = 30.0


class WebhookDelivery:
    def __init__(self, emu: Emulator, *, duplicate_every: int = 0, connections: int = 8) -> None:
        self.emu = emu
        self.duplicate_every = duplicate_every
        self.connections = asyncio.Semaphore(connections)
        self.sent = 0  # requests made
        self.acked = 0  # updates acknowledged
        self.failures = 0  # requests not answered with a 2xx (refused, reset, timed out)
        self.duplicates = 0  # acknowledged updates sent once more
        self.statuses: dict[int, int] = {}
        self._in_flight: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._runner: asyncio.Task[None] | None = None
        self._session: aiohttp.ClientSession | None = None
        self._stopping = False

    async def start(self) -> WebhookDelivery:
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=REQUEST_TIMEOUT))
        self._runner = asyncio.create_task(self._run())
        return self

    async def stop(self) -> None:
        self._stopping = True
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._session is not None:
            await self._session.close()

    def _hook(self) -> dict[str, Any] | None:
        return self.emu.tg.webhook

    async def _run(self) -> None:
        while not self._stopping:
            hook = self._hook()
            if hook is not None:
                allowed = hook.get("allowed_updates")
                for update in list(self.emu.updates):
                    kind = next(k for k in update if k != "update_id")
                    if isinstance(allowed, list) and allowed and kind not in allowed:
                        self.emu.updates.remove(update)  # Telegram drops what is not asked for
                        continue
                    if update["update_id"] not in self._in_flight:
                        self._in_flight.add(update["update_id"])
                        task = asyncio.create_task(self._deliver(update))
                        self._tasks.add(task)
                        task.add_done_callback(self._tasks.discard)
            await self.emu._wait_change(0.2)

    async def _post(self, update: dict[str, Any]) -> bool:
        hook = self._hook()
        if hook is None or self._session is None:
            return False
        headers = {}
        if hook.get("secret_token"):
            headers["X-Telegram-Bot-Api-Secret-Token"] = str(hook["secret_token"])
        self.sent += 1
        try:
            async with (
                self.connections,
                self._session.post(str(hook["url"]), json=update, headers=headers) as reply,
            ):
                await reply.read()
                self.statuses[reply.status] = self.statuses.get(reply.status, 0) + 1
                ok = 200 <= reply.status < 300
        except (aiohttp.ClientError, TimeoutError):
            ok = False
        if not ok:
            self.failures += 1
        return ok

    async def _deliver(self, update: dict[str, Any]) -> None:
        while not await self._post(update):
            await asyncio.sleep(RETRY_DELAY)
        self.acked += 1
        if update in self.emu.updates:
            self.emu.updates.remove(update)
        self.emu.delivered.append(update)
        self.emu._notify()
        if self.duplicate_every and update["update_id"] % self.duplicate_every == 0:
            self.duplicates += 1
            while not await self._post(update):  # the same update again, until answered
                await asyncio.sleep(RETRY_DELAY)
