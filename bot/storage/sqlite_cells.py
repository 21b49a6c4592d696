"""Keyed cells on the embedded SQLite store (bot.storage.cells): values, set members and record
fields in three tables, each row alive until its `expires` (NULL: kept); expired rows are
skipped on read and purged by the store. A program runs in one IMMEDIATE transaction on the
store's worker thread (its steps: bot.storage.sqlite_apply).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any, TypeVar

from bot.storage.cells import Cells, Key
from bot.storage.sqlite_apply import Interpreter
from bot.storage.sqlite_run import Run, tx
from bot.storage.writes import Group, Program, Step

T = TypeVar("T")

CELLS_SCHEMA = """
CREATE TABLE IF NOT EXISTS cells (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires REAL);
CREATE TABLE IF NOT EXISTS members (
    key TEXT NOT NULL, member TEXT NOT NULL, expires REAL NOT NULL, PRIMARY KEY (key, member)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS fields (
    key TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (key, name)
) WITHOUT ROWID;
"""


class SQLiteCells(Cells):
    """The `cells`, `members` and `fields` tables, through the store's `run`; `clock` is the
    store's wall clock."""

    def __init__(self, run: Run, clock: Callable[[], float]) -> None:
        self._run = run
        self.clock = clock

    async def run(self, program: Program[T]) -> T:
        def op(conn: sqlite3.Connection) -> T:
            with tx(conn, immediate=True):
                return drive(Interpreter(conn, self.clock()), program)

        return await self._run(op)

    async def step(self, items: Step) -> list[Any]:
        if any(isinstance(item, Group) for item in items):
            return await super().step(items)

        def op(conn: sqlite3.Connection) -> list[Any]:
            with tx(conn):  # reads only: no write lock
                on = Interpreter(conn, self.clock())
                return [on.item(item) for item in items]

        return await self._run(op)

    def _expires(self, ttl: float | None) -> float | None:
        return None if ttl is None else self.clock() + ttl

    async def get(self, key: Key) -> str | None:
        def op(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(
                "SELECT value FROM cells WHERE key = ? AND (expires IS NULL OR expires > ?)",
                (key.text(), self.clock()),
            ).fetchone()
            return None if row is None else str(row[0])

        return await self._run(op)

    async def put(self, key: Key, value: str, ttl: float | None = None) -> None:
        row = (key.text(), value, self._expires(ttl))
        await self._run(
            lambda conn: conn.execute("INSERT OR REPLACE INTO cells VALUES (?,?,?)", row)
        )

    async def put_new(self, key: Key, value: str, ttl: float) -> bool:
        def op(conn: sqlite3.Connection) -> bool:
            now = self.clock()
            with tx(conn, immediate=True):
                conn.execute("DELETE FROM cells WHERE key = ? AND expires <= ?", (key.text(), now))
                cur = conn.execute(
                    "INSERT OR IGNORE INTO cells VALUES (?, ?, ?)", (key.text(), value, now + ttl)
                )
                return cur.rowcount == 1

        return await self._run(op)

    async def drop(self, key: Key, only: str | None = None) -> bool:
        def op(conn: sqlite3.Connection) -> bool:
            with tx(conn, immediate=True):
                row = conn.execute(
                    "SELECT value FROM cells WHERE key = ? AND (expires IS NULL OR expires > ?)",
                    (key.text(), self.clock()),
                ).fetchone()
                if row is not None and only is not None and row[0] != only:
                    return False
                conn.execute("DELETE FROM cells WHERE key = ?", (key.text(),))
                return row is not None

        return await self._run(op)

    async def members(self, key: Key) -> list[str]:
        def op(conn: sqlite3.Connection) -> list[str]:
            rows = conn.execute(
                "SELECT member FROM members WHERE key = ? AND expires > ? ORDER BY member",
                (key.text(), self.clock()),
            )
            return [str(r[0]) for r in rows]

        return await self._run(op)

    async def add_member(self, key: Key, member: str, ttl: float) -> None:
        def op(conn: sqlite3.Connection) -> None:
            expires = self.clock() + ttl
            with tx(conn):  # the whole set lives on, as a Redis key does
                conn.execute("UPDATE members SET expires = ? WHERE key = ?", (expires, key.text()))
                conn.execute(
                    "INSERT OR REPLACE INTO members VALUES (?, ?, ?)", (key.text(), member, expires)
                )

        await self._run(op)

    async def drop_member(self, key: Key, member: str) -> None:
        row = (key.text(), member)
        await self._run(
            lambda conn: conn.execute("DELETE FROM members WHERE key = ? AND member = ?", row)
        )

    async def field(self, key: Key, name: str) -> str | None:
        def op(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(
                "SELECT value FROM fields WHERE key = ? AND name = ?", (key.text(), name)
            ).fetchone()
            return None if row is None else str(row[0])

        return await self._run(op)

    async def put_field(self, key: Key, name: str, value: str) -> None:
        row = (key.text(), name, value)
        await self._run(
            lambda conn: conn.execute("INSERT OR REPLACE INTO fields VALUES (?,?,?)", row)
        )


def drive(on: Interpreter, program: Program[T]) -> T:
    """Carry out `program` step by step on `on`'s connection (inside its transaction)."""
    try:
        step = next(program)
        while True:
            replies: list[Any] = [on.item(item) for item in step]
            step = program.send(replies)
    except StopIteration as stop:
        return stop.value  # type: ignore[no-any-return]
