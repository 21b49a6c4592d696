"""Keyed cells on the embedded SQLite store (bot.storage.cells): three tables, each row alive
until its `expires` (NULL: kept); expired rows are skipped on read and purged by the store.

A database from before the cells kept the same data in a table per part (`chat_games`,
`user_games`, `langs`, `invites`, `marks`, `user_settings`, `daily_claims`, `results`):
`migrate_to_cells` moves every row into the cells under the key the part now uses, when the
store opens.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from bot.storage.cells import Cells, Key
from bot.storage.sqlite_run import Run, tx

CELLS_SCHEMA = """
CREATE TABLE IF NOT EXISTS cells (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires REAL);
CREATE TABLE IF NOT EXISTS members (
    key TEXT NOT NULL, member TEXT NOT NULL, expires REAL NOT NULL, PRIMARY KEY (key, member)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS fields (
    key TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (key, name)
) WITHOUT ROWID;
"""

# the tables of before, each as what it moves into the cells
_MOVES = {
    "chat_games": "INSERT OR REPLACE INTO cells SELECT 'c:' || chat_id || CASE WHEN {thread} = 0 "
    "THEN '' ELSE ':' || {thread} END, game_id, expires FROM chat_games",
    "user_games": "INSERT OR REPLACE INTO members "
    "SELECT 'u:' || user_id || ':games', game_id, expires FROM user_games",
    "langs": "INSERT OR REPLACE INTO cells "
    "SELECT 'u:' || user_id || ':lang', lang, NULL FROM langs",
    "invites": "INSERT OR REPLACE INTO cells SELECT 'i:' || code, data, expires FROM invites",
    "marks": "INSERT OR REPLACE INTO cells SELECT 'm:' || key, '1', expires FROM marks",
    "user_settings": "INSERT OR REPLACE INTO fields "
    "SELECT 'u:' || user_id || ':set', name, value FROM user_settings",
    "daily_claims": "INSERT OR REPLACE INTO cells SELECT 'u:' || substr(key, 1, "
    "instr(key, ':') - 1) || ':dy:' || substr(key, instr(key, ':') + 1), game_id, expires "
    "FROM daily_claims",
    "results": "INSERT OR IGNORE INTO cells SELECT 'g:' || game_id || ':r', data, expires "
    "FROM results",
}
_PUT = "INSERT OR REPLACE INTO cells VALUES (?, ?, ?)"
_PUT_FIELD = "INSERT OR REPLACE INTO fields VALUES (?, ?, ?)"


def migrate_to_cells(conn: sqlite3.Connection) -> None:
    """Move the rows of the tables of before into the cells (schema: CELLS_SCHEMA)."""
    tables = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    with tx(conn, immediate=True):
        for table, move in _MOVES.items():
            if table in tables:
                columns = [str(r[1]) for r in conn.execute(f"PRAGMA table_info({table})")]
                conn.execute(move.format(thread="thread" if "thread" in columns else "0"))
                conn.execute(f"DROP TABLE {table}")


class SQLiteCells(Cells):
    """The `cells`, `members` and `fields` tables, through the store's `run`; `clock` is the
    store's wall clock."""

    def __init__(self, run: Run, clock: Callable[[], float]) -> None:
        self._run = run
        self.clock = clock

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
