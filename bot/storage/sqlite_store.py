"""Embedded backend (no server): the roles of bot.storage.base over the standard library's
sqlite3 on one worker thread.

Same semantics as the Redis backend: compare-and-set saves, TTLs (checked on read and purged
periodically), atomic claims. Games survive a restart of the process (WAL journal on disk).
The game records are SQLiteGames (sqlite_games); everything else goes through SQLiteCells
(sqlite_cells: single operations, and programs, each one transaction: sqlite_apply). A
database from before opens with its data (sqlite_migrate).
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from bot.storage.base import SWEEP_AFTER, Store
from bot.storage.sqlite_apply import SCHEMA as STRUCTURES_SCHEMA
from bot.storage.sqlite_cells import CELLS_SCHEMA, SQLiteCells
from bot.storage.sqlite_games import SCHEMA as GAMES_SCHEMA
from bot.storage.sqlite_games import SQLiteGames
from bot.storage.sqlite_migrate import migrate
from bot.storage.sqlite_run import tx

T = TypeVar("T")


class SQLiteStore(Store):
    def __init__(
        self,
        path: str,
        game_ttl: int = 86400,
        idle_ttl: int = 14 * 86400,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = path
        self.clock = clock
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-store")
        self._conn: sqlite3.Connection | None = None
        cells = SQLiteCells(self._run, clock)
        super().__init__(cells, SQLiteGames(self._run, clock, cells, game_ttl, idle_ttl))
        self._sweep_pending = self.results.sweep_results
        self.sweep_results = self._sweep

    async def open(self) -> SQLiteStore:
        await asyncio.get_running_loop().run_in_executor(self._executor, self._open_sync)
        return self

    def _open_sync(self) -> None:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._conn.execute("PRAGMA busy_timeout=5000")
        self._conn.executescript(GAMES_SCHEMA + CELLS_SCHEMA + STRUCTURES_SCHEMA)
        migrate(self._conn)
        self._purge(self._conn)

    async def _run(self, fn: Callable[..., T], *args: object) -> T:
        """`fn(conn, *args)` on the store's one worker thread (each part's `run`)."""
        loop = asyncio.get_running_loop()

        def call() -> T:
            assert self._conn is not None, "SQLiteStore.open() was not awaited"
            return fn(self._conn, *args)

        return await loop.run_in_executor(self._executor, call)

    def _purge(self, conn: sqlite3.Connection) -> None:
        """Delete every row whose `expires` has passed (reads skip them already)."""
        with tx(conn, immediate=True):
            for table in ("games", "cells", "members", "scores"):
                conn.execute(f"DELETE FROM {table} WHERE expires <= ?", (self.clock(),))

    async def _sweep(self, now: float, older_than: float = SWEEP_AFTER, limit: int = 50) -> int:
        """The minute sweep: drop what expired (as on opening), and count what a count that
        failed left pending."""
        await self._run(self._purge)
        return await self._sweep_pending(now, older_than, limit)

    async def close(self) -> None:
        def op(conn: sqlite3.Connection) -> None:
            conn.close()

        if self._conn is not None:
            await self._run(op)
            self._conn = None
        self._executor.shutdown(wait=True)
