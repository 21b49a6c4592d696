"""The operations endpoints over real HTTP on a free port, with real stores: /healthz answers
from the event loop, /readyz follows the store (SQLite; Redis up, stopped, back) and the
process's state (starting, serving, draining), /metrics shows what was counted."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import aiohttp
import pytest

from bot import metrics
from bot.http_server import OpsServer
from bot.storage import Store
from bot.storage.redis_store import RedisStore
from bot.storage.sqlite_store import SQLiteStore
from tests.deploy.scrape import value
from tests.support.redis_server import start_redis

Get = Callable[[str], Awaitable[tuple[int, str]]]


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as session:
        yield session


async def serve(store: Store, http: aiohttp.ClientSession) -> tuple[OpsServer, Get]:
    ops = OpsServer(store, ping_timeout=2.0)
    await ops.start("127.0.0.1", 0)
    assert ops.port

    async def get(path: str) -> tuple[int, str]:
        async with http.get(f"http://127.0.0.1:{ops.port}{path}") as response:
            return response.status, await response.text()

    return ops, get


async def until(get: Get, path: str, status: int, timeout: float = 10.0) -> tuple[int, str]:
    """GET `path` until it answers `status` (bounded); the last answer."""
    deadline = time.monotonic() + timeout
    answer = await get(path)
    while answer[0] != status and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
        answer = await get(path)
    return answer


async def test_sqlite_store_ready_only_while_serving(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    store = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    ops, get = await serve(store, http)
    try:
        assert await get("/healthz") == (200, "ok\n")
        status, text = await get("/readyz")
        assert (status, text) == (503, "not ready: starting\n")
        await ops.serving()
        assert await get("/readyz") == (200, "ready\n")
        ops.drain()
        assert await get("/readyz") == (503, "not ready: draining\n")
        assert (await get("/healthz"))[0] == 200, "a draining process is still alive"
        assert (await get("/nothing"))[0] == 404
    finally:
        await ops.stop()
        await store.close()


async def test_redis_store_ready_and_its_calls_measured(
    redis_url: str, http: aiohttp.ClientSession
) -> None:
    store = await RedisStore(redis_url).open()
    ops, get = await serve(store, http)
    try:
        await ops.serving()
        before = (await get("/metrics"))[1]
        assert await get("/readyz") == (200, "ready\n")
        assert await get("/readyz") == (200, "ready\n")
        after = (await get("/metrics"))[1]
        name = "cardbot_redis_call_seconds_count"
        assert value(after, name, op="version_of") == value(before, name, op="version_of") + 2
    finally:
        await ops.stop()
        await store.close()


async def test_redis_stopped_means_not_ready_until_it_is_back(
    http: aiohttp.ClientSession,
) -> None:
    server = start_redis()
    store = await RedisStore(server.url).open()
    ops, get = await serve(store, http)
    try:
        await ops.serving()
        assert await get("/readyz") == (200, "ready\n")
        before = (await get("/metrics"))[1]
        server.proc.terminate()
        server.proc.wait(timeout=10)
        status, text = await get("/readyz")
        assert status == 503 and text.startswith("not ready: store unavailable"), text
        assert (await get("/healthz"))[0] == 200, "the loop is fine: alive, only not ready"
        assert (await get("/readyz"))[0] == 503
        failed = (await get("/metrics"))[1]
        errors = sum(
            value(failed, "cardbot_redis_errors_total", kind=k)
            - value(before, "cardbot_redis_errors_total", kind=k)
            for k in ("connection", "timeout", "unavailable")
        )
        assert errors >= 2

        server.restart()
        assert await until(get, "/readyz", 200) == (200, "ready\n")
    finally:
        await ops.stop()
        await store.close()
        server.stop()


async def test_metrics_show_the_counters_after_calls(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    store = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    ops, get = await serve(store, http)
    counted: list[int] = []

    async def count_active() -> None:  # as a game service would: counted at each scrape
        counted.append(1)
        metrics.set_active_games("parquet", 3 + len(counted))

    metrics.on_scrape(count_active)
    try:
        status, before = await get("/metrics")
        assert status == 200
        metrics.move("raspad")
        metrics.move("raspad")
        metrics.move("kosa")
        metrics.game_started("ryadki")
        metrics.game_finished("ryadki", "over")
        metrics.game_finished("raspad", "won")
        metrics.timer_fired("turn")
        metrics.update("message", 0.003)
        metrics.telegram_error("429", "editMessageText")
        status, after = await get("/metrics")
        assert status == 200

        def grew(name: str, **labels: str) -> float:
            return value(after, name, **labels) - value(before, name, **labels)

        assert grew("cardbot_moves_total", game="raspad") == 2
        assert grew("cardbot_moves_total", game="kosa") == 1
        assert grew("cardbot_games_started_total", game="ryadki") == 1
        assert grew("cardbot_games_finished_total", game="ryadki", outcome="over") == 1
        assert grew("cardbot_games_finished_total", game="raspad", outcome="won") == 1
        assert grew("cardbot_timers_fired_total", kind="turn") == 1
        assert grew("cardbot_updates_total", type="message") == 1
        assert grew("cardbot_update_seconds_bucket", type="message", le="0.005") == 1
        assert grew("cardbot_update_seconds_bucket", type="message", le="0.0025") == 0
        assert grew("cardbot_telegram_errors_total", kind="429", method="editMessageText") == 1
        assert value(after, "cardbot_active_games", game="parquet") == 3 + len(counted)
        assert len(counted) == 2, "the hook ran at each scrape"
        assert "process_resident_memory_bytes" in after
    finally:
        metrics.off_scrape(count_active)
        await ops.stop()
        await store.close()


async def test_a_failing_scrape_hook_leaves_metrics_answering(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    store = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    ops, get = await serve(store, http)

    async def broken() -> None:
        raise RuntimeError("the count failed")

    metrics.on_scrape(broken)
    try:
        status, text = await get("/metrics")
        assert status == 200 and "cardbot_moves_total" in text
    finally:
        metrics.off_scrape(broken)
        await ops.stop()
        await store.close()


async def test_webhook_mode_can_share_its_port_with_the_ops_routes(tmp_path: Path) -> None:
    """METRICS_PORT == WEBHOOK_PORT: one aiohttp application answers the webhook path and the
    ops routes (what serve_webhook builds)."""
    from aiohttp.test_utils import TestClient, TestServer

    from bot.__main__ import shares_webhook_port, webhook_app
    from bot.app import build_dispatcher
    from tests.support.recording import RecordingSession, make_bot
    from tests.support.solitaire_driver import settings

    cfg = settings(webhook_url="https://example.org", metrics_port=8080, webhook_port=8080)
    assert shares_webhook_port(cfg)
    assert not shares_webhook_port(settings(webhook_url="https://example.org", metrics_port=9100))
    assert not shares_webhook_port(settings(metrics_port=8080))  # polling: its own server
    bot, _ = make_bot(RecordingSession())
    store = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    try:
        ops = OpsServer(store)
        app, _ = webhook_app(bot, build_dispatcher(bot, store, cfg), cfg)
        ops.add_routes(app)
        async with TestClient(TestServer(app)) as client:
            assert (await client.get("/healthz")).status == 200
            assert (await client.get("/readyz")).status == 503  # not serving yet
            await ops.serving()
            assert (await client.get("/readyz")).status == 200
            assert (await client.post(cfg.webhook_path, json={})).status != 404
    finally:
        await store.close()


def test_histogram_buckets_are_inclusive_and_cumulative() -> None:
    hist = metrics.LoopHistogram("cardbot_test_seconds", "a test", ["op"], (0.01, 0.1, 1.0))
    for seconds in (0.01, 0.05, 0.1, 0.5, 7.0):
        hist.child("x").observe(seconds)
    [series] = [s for s in hist.family().samples if s.name.endswith("_bucket")][:1]
    buckets = {s.labels["le"]: s.value for s in hist.family().samples if s.name.endswith("_bucket")}
    assert series.labels == {"op": "x", "le": "0.01"}
    assert buckets == {"0.01": 1, "0.1": 3, "1.0": 4, "+Inf": 5}
    totals = {s.name: s.value for s in hist.family().samples if not s.name.endswith("_bucket")}
    assert totals == {
        "cardbot_test_seconds_count": 5,
        "cardbot_test_seconds_sum": pytest.approx(7.66),
    }
