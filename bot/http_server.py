"""The operations HTTP server (METRICS_PORT): `/metrics` (Prometheus), `/healthz` (liveness: a
handler on the bot's event loop answers, so a blocked loop fails it) and `/readyz` (readiness:
200 when the bot is serving, the store answers and the process is not draining; 503 otherwise).

In webhook mode with METRICS_PORT equal to WEBHOOK_PORT the routes join the webhook's aiohttp
application instead of a server of their own.
"""

from __future__ import annotations

import asyncio
import logging
import socket

from aiohttp import web

from bot import metrics
from bot.storage import Store

log = logging.getLogger(__name__)

PROBE_ID = "readyz-probe"  # a game id that never exists: the probe reads one version


class OpsServer:
    """`starting` until `serving()` (polling or the webhook is up), `draining` once the process
    was told to stop; /readyz also asks the store for one game version (bounded by
    `ping_timeout`), so a store that is down makes the process unready until it is back."""

    def __init__(self, store: Store, *, ping_timeout: float = 2.0) -> None:
        self.store = store
        self.ping_timeout = ping_timeout
        self.started = False
        self.draining = False
        self._runner: web.AppRunner | None = None
        self.port: int | None = None  # the port listened on (port 0 asks for a free one)
        self._count_active = metrics.active_games_hook(store)  # counted at each scrape

    async def serving(self) -> None:
        """The bot takes updates from now on (a dispatcher startup hook in polling mode)."""
        self.started = True

    def drain(self) -> None:
        if not self.draining:
            log.info("event=draining")
        self.draining = True

    def add_routes(self, app: web.Application) -> None:
        metrics.on_scrape(self._count_active)
        app.router.add_get("/metrics", self.metrics)
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/readyz", self.readyz)

    async def metrics(self, request: web.Request) -> web.Response:
        body = await metrics.exposition()
        return web.Response(body=body, headers={"Content-Type": metrics.CONTENT_TYPE})

    async def healthz(self, request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def readyz(self, request: web.Request) -> web.Response:
        reason = await self.not_ready()
        if reason is None:
            return web.Response(text="ready\n")
        return web.Response(status=503, text=f"not ready: {reason}\n")

    async def not_ready(self) -> str | None:
        """Why the process should get no traffic now, or None."""
        if self.draining:
            return "draining"
        if not self.started:
            return "starting"
        try:
            await asyncio.wait_for(self.store.version_of(PROBE_ID), self.ping_timeout)
        except Exception as err:  # StoreUnavailable, a timeout, a closed store: not ready
            return f"store unavailable ({type(err).__name__})"
        return None

    async def start(self, host: str, port: int) -> None:
        app = web.Application()
        self.add_routes(app)
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            sock.close()
            raise
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        await web.SockSite(runner, sock).start()
        self._runner = runner
        self.port = int(sock.getsockname()[1])
        log.info("event=ops_listening host=%s port=%s", host, self.port)

    async def stop(self) -> None:
        metrics.off_scrape(self._count_active)
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
