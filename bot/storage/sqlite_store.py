"""Embedded backend (no server): the standard library's sqlite3 on one worker thread.

Same semantics as the Redis backend: compare-and-set saves, TTLs (checked on read and purged
periodically), atomic claims. Games survive a restart of the process (WAL journal on disk).

The games, the edit budget and the deadlines are here; a game's end and what it counted are the
store's base classes SQLiteResults (results_sqlite) and SQLiteResultViews (results_sqlite_views);
the small parts are SQLiteCells (sqlite_cells); all run their work through the store's `_run`.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from bot.registry import GAMES
from bot.storage.base import SWEEP_AFTER
from bot.storage.record import GameRecord
from bot.storage.results_sqlite import RESULTS_SCHEMA
from bot.storage.results_sqlite_views import SQLiteResultViews
from bot.storage.sqlite_cells import CELLS_SCHEMA, SQLiteCells, migrate_to_cells
from bot.storage.sqlite_run import cas_update, tx

T = TypeVar("T")
SENDS_KEPT = 3600.0  # seconds: longer than any budget's window (bot.games.budget)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, version INTEGER NOT NULL, payload TEXT NOT NULL, expires REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS deadlines (key TEXT PRIMARY KEY, due REAL NOT NULL);
CREATE TABLE IF NOT EXISTS sends (chat INTEGER NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS sends_chat ON sends (chat, at);
CREATE INDEX IF NOT EXISTS deadlines_due ON deadlines (due);
"""


class SQLiteStore(SQLiteResultViews):
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
        super().__init__(game_ttl, idle_ttl, cells=SQLiteCells(self._run, clock))

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
        self._conn.executescript(_SCHEMA + CELLS_SCHEMA + RESULTS_SCHEMA)
        migrate_to_cells(self._conn)
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
            for table in ("games", "cells", "members", "boards"):
                conn.execute(f"DELETE FROM {table} WHERE expires <= ?", (self.clock(),))

    async def sweep_results(
        self, now: float, older_than: float = SWEEP_AFTER, limit: int = 50
    ) -> int:
        """Nothing is left uncounted here (`finish` is one transaction): drop what expired,
        once a minute as on opening."""
        await self._run(self._purge)
        return 0

    # games
    async def create(self, record: GameRecord) -> bool:
        def op(conn: sqlite3.Connection) -> bool:
            now = self.clock()
            with tx(conn):
                conn.execute("DELETE FROM games WHERE id = ? AND expires <= ?", (record.id, now))
                cur = conn.execute(
                    "INSERT OR IGNORE INTO games (id, version, payload, expires) VALUES (?,?,?,?)",
                    (record.id, record.version, record.payload(), now + self.ttl_for(record)),
                )
                return cur.rowcount == 1

        return await self._run(op)

    async def load(self, game_id: str) -> GameRecord | None:
        def op(conn: sqlite3.Connection) -> tuple[int, str] | None:
            row = conn.execute(
                "SELECT version, payload FROM games WHERE id = ? AND expires > ?",
                (game_id, self.clock()),
            ).fetchone()
            return (int(row[0]), str(row[1])) if row else None

        row = await self._run(op)
        return GameRecord.from_payload(game_id, row[0], row[1]) if row else None

    async def version_of(self, game_id: str) -> int | None:
        def op(conn: sqlite3.Connection) -> int | None:
            row = conn.execute(
                "SELECT version FROM games WHERE id = ? AND expires > ?", (game_id, self.clock())
            ).fetchone()
            return None if row is None else int(row[0])

        return await self._run(op)

    async def save(self, record: GameRecord, expected_version: int) -> bool:
        payload = record.payload()

        def op(conn: sqlite3.Connection) -> bool:
            ttl = self.ttl_for(record)
            return cas_update(conn, record.id, expected_version, payload, self.clock(), ttl)

        ok = await self._run(op)
        if ok:
            record.version = expected_version + 1
        return ok

    async def delete(self, game_id: str) -> None:
        await self._run(lambda conn: conn.execute("DELETE FROM games WHERE id = ?", (game_id,)))

    async def active_games(self, now: float | None = None) -> dict[str, int]:
        def op(conn: sqlite3.Connection) -> dict[str, int]:
            at = self.clock() if now is None else now
            rows = conn.execute(
                "SELECT json_extract(payload, '$.k'), COUNT(*) FROM games "
                "WHERE expires > ? AND NOT json_extract(payload, '$.f') GROUP BY 1",
                (at,),
            ).fetchall()
            counts = dict.fromkeys(GAMES, 0)
            counts.update({str(kind): int(n) for kind, n in rows})
            return counts

        return await self._run(op)

    async def game_ttl_left(self, game_id: str) -> float | None:
        def op(conn: sqlite3.Connection) -> float | None:
            now = self.clock()
            row = conn.execute(
                "SELECT expires FROM games WHERE id = ? AND expires > ?", (game_id, now)
            ).fetchone()
            return float(row[0]) - now if row else None

        return await self._run(op)

    # the shared edit budget
    async def take_send(
        self, chat_id: int, now: float, window: float, limit: int, min_gap: float
    ) -> float:
        def op(conn: sqlite3.Connection) -> float:
            with tx(conn, immediate=True):
                # this budget's old writes, and every budget's older than any window
                conn.execute(
                    "DELETE FROM sends WHERE chat = ? AND at <= ?", (chat_id, now - window)
                )
                conn.execute("DELETE FROM sends WHERE at <= ?", (now - SENDS_KEPT,))
                times = [
                    float(r[0])
                    for r in conn.execute(
                        "SELECT at FROM sends WHERE chat = ? ORDER BY at", (chat_id,)
                    )
                ]
                wait = 0.0
                if times:
                    wait = max(wait, times[-1] + min_gap - now)
                    if len(times) >= limit:
                        wait = max(wait, times[len(times) - limit] + window - now)
                if wait > 0:
                    return wait
                conn.execute("INSERT INTO sends (chat, at) VALUES (?, ?)", (chat_id, now))
                return 0.0

        return await self._run(op)

    # deadlines
    async def schedule(self, key: str, due: float) -> None:
        await self._run(
            lambda conn: conn.execute(
                "INSERT OR REPLACE INTO deadlines (key, due) VALUES (?, ?)", (key, due)
            )
        )

    async def cancel(self, key: str) -> None:
        await self._run(lambda conn: conn.execute("DELETE FROM deadlines WHERE key = ?", (key,)))

    async def claim_due(self, now: float, lease: float, limit: int = 50) -> list[tuple[str, float]]:
        until = now + lease

        def op(conn: sqlite3.Connection) -> list[tuple[str, float]]:
            with tx(conn, immediate=True):
                rows = conn.execute(
                    "SELECT key FROM deadlines WHERE due <= ? ORDER BY due, key LIMIT ?",
                    (now, limit),
                ).fetchall()
                keys = [str(r[0]) for r in rows]
                conn.executemany(
                    "UPDATE deadlines SET due = ? WHERE key = ?", [(until, k) for k in keys]
                )
                return [(k, until) for k in keys]

        return await self._run(op)

    async def finish_due(self, key: str, lease: float) -> None:
        await self._run(
            lambda conn: conn.execute(
                "DELETE FROM deadlines WHERE key = ? AND due = ?", (key, lease)
            )
        )

    async def close(self) -> None:
        def op(conn: sqlite3.Connection) -> None:
            conn.close()

        if self._conn is not None:
            await self._run(op)
            self._conn = None
        self._executor.shutdown(wait=True)
