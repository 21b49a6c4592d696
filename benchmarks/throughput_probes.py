"""Where the CPU goes, for benchmarks/bot_throughput.py: `Breakdown` wraps the main parts of the
game path and sums their CPU time, `Overheads` the fake Telegram's and the garbage collector's;
`redis_cpu` reads the redis-server's own CPU, `summary` sums up a list of timings."""

from __future__ import annotations

import asyncio
import gc
import statistics
import time
from typing import Any

from bot.storage.redis_store import RedisStore
from tests.support.recording import FakeTelegram


class Breakdown:
    """CPU time spent in the main parts of the game path (wrapped while a game bench runs)."""

    PARTS = (
        ("bot.games.solitaire.service", "board", "render board + keyboard"),
        ("bot.telegram.messenger", "TelegramMessenger.edit", "editMessageText request"),
        ("bot.telegram.answers", "CallbackAnswer.__call__", "answerCallbackQuery request"),
        ("bot.games.solitaire.model", "apply_move", "rules apply + undo/events"),
    )

    def __init__(self, store: RedisStore) -> None:
        import importlib

        self.totals: dict[str, float] = {}
        self.undo: list[tuple[Any, str, Any]] = []
        for module_name, attr, label in self.PARTS:
            owner: Any = importlib.import_module(module_name)
            *path, name = attr.split(".")  # a module's function, or a class's method
            for part in path:
                owner = getattr(owner, part)
            self._wrap(owner, name, label)
        self._wrap(store, "load", "Redis load (client side)")
        self._wrap(store, "save", "Redis CAS save (client side)")

    def _wrap(self, owner: Any, attr: str, label: str) -> None:
        original = getattr(owner, attr)
        totals = self.totals
        totals[label] = 0.0
        if asyncio.iscoroutinefunction(original):

            async def wrapper(*a: Any, **k: Any) -> Any:
                c0 = time.process_time()
                try:
                    return await original(*a, **k)
                finally:
                    totals[label] += time.process_time() - c0
        else:

            def wrapper(*a: Any, **k: Any) -> Any:  # type: ignore[misc]
                c0 = time.process_time()
                try:
                    return original(*a, **k)
                finally:
                    totals[label] += time.process_time() - c0

        setattr(owner, attr, wrapper)
        self.undo.append((owner, attr, original))

    def restore(self) -> None:
        for owner, attr, original in reversed(self.undo):
            setattr(owner, attr, original)


class Overheads:
    """CPU spent outside the bot's own work, for reading the ratio: the fake Telegram answering
    requests (a test double standing in for the network; production pays aiohttp and the
    socket instead) and the garbage collector (every allocation anywhere in the process)."""

    def __init__(self) -> None:
        self.fake = 0.0
        self.gc = 0.0
        self._gc_start = 0.0
        original = FakeTelegram.handle

        def handle(self_: FakeTelegram, method: str, params: dict[str, Any]) -> Any:
            c0 = time.process_time()
            try:
                return original(self_, method, params)
            finally:
                self.fake += time.process_time() - c0

        self._original = original
        setattr(FakeTelegram, "handle", handle)  # noqa: B010  (a method swapped for the run)
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start = time.process_time()
        else:
            self.gc += time.process_time() - self._gc_start

    def restore(self) -> None:
        setattr(FakeTelegram, "handle", self._original)  # noqa: B010
        gc.callbacks.remove(self._on_gc)


async def redis_cpu(store: RedisStore) -> float:
    info = await store.client.info("cpu")
    return float(info["used_cpu_sys"]) + float(info["used_cpu_user"])


def summary(times: list[float]) -> dict[str, float]:
    return {
        "mean_us": statistics.fmean(times) * 1e6,
        "median_us": statistics.median(times) * 1e6,
        "p95_us": sorted(times)[int(len(times) * 0.95)] * 1e6,
        "per_s": len(times) / sum(times),
    }
