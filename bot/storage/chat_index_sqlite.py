"""The SQLite store's chat → game index: one active game per chat, or per forum topic.

`thread` is the topic's message_thread_id; a chat without topics (and a forum's General topic)
is thread 0 in the table (Telegram's topic ids are positive). A database made before topics
(`chat_games` keyed by the chat alone) is migrated when the store opens, every row kept as its
chat's no-topic game.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")

CHAT_INDEX_SCHEMA = """
CREATE TABLE IF NOT EXISTS chat_games (
    chat_id INTEGER NOT NULL, thread INTEGER NOT NULL DEFAULT 0, game_id TEXT NOT NULL,
    expires REAL NOT NULL, PRIMARY KEY (chat_id, thread)
);
"""


@contextmanager
def _tx(conn: sqlite3.Connection) -> Iterator[None]:
    """BEGIN … COMMIT (ROLLBACK on error) on an autocommit connection."""
    conn.execute("BEGIN")
    try:
        yield
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def migrate_chat_index(conn: sqlite3.Connection) -> None:
    """Give a `chat_games` table from before topics the `thread` column of its key."""
    columns = [row[1] for row in conn.execute("PRAGMA table_info(chat_games)")]
    if not columns or "thread" in columns:
        return
    with _tx(conn):
        conn.execute("ALTER TABLE chat_games RENAME TO chat_games_old")
        conn.execute(CHAT_INDEX_SCHEMA.replace("IF NOT EXISTS ", ""))
        conn.execute(
            "INSERT INTO chat_games (chat_id, thread, game_id, expires)"
            " SELECT chat_id, 0, game_id, expires FROM chat_games_old"
        )
        conn.execute("DROP TABLE chat_games_old")


class SQLiteChatIndex:
    """Mixed into SQLiteStore (which provides `_run`, `clock` and `idle_ttl`)."""

    if TYPE_CHECKING:
        idle_ttl: int
        clock: Callable[[], float]

        async def _run(self, fn: Callable[..., T], *args: Any) -> T: ...

    async def get_chat_game(self, chat_id: int, thread: int | None = None) -> str | None:
        def op(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(
                "SELECT game_id FROM chat_games WHERE chat_id = ? AND thread = ? AND expires > ?",
                (chat_id, thread or 0, self.clock()),
            ).fetchone()
            return str(row[0]) if row else None

        return await self._run(op)

    async def set_chat_game(
        self, chat_id: int, game_id: str | None, thread: int | None = None
    ) -> None:
        def op(conn: sqlite3.Connection) -> None:
            if game_id is None:
                conn.execute(
                    "DELETE FROM chat_games WHERE chat_id = ? AND thread = ?",
                    (chat_id, thread or 0),
                )
            else:
                conn.execute(
                    "INSERT OR REPLACE INTO chat_games (chat_id, thread, game_id, expires)"
                    " VALUES (?,?,?,?)",
                    (chat_id, thread or 0, game_id, self.clock() + self.idle_ttl),
                )

        await self._run(op)

    async def claim_chat_game(self, chat_id: int, game_id: str, thread: int | None = None) -> bool:
        def op(conn: sqlite3.Connection) -> bool:
            now = self.clock()
            with _tx(conn):
                conn.execute(
                    "DELETE FROM chat_games WHERE chat_id = ? AND thread = ? AND expires <= ?",
                    (chat_id, thread or 0, now),
                )
                cur = conn.execute(
                    "INSERT OR IGNORE INTO chat_games (chat_id, thread, game_id, expires)"
                    " VALUES (?,?,?,?)",
                    (chat_id, thread or 0, game_id, now + self.idle_ttl),
                )
                return cur.rowcount == 1

        return await self._run(op)

    async def release_chat_game(
        self, chat_id: int, game_id: str, thread: int | None = None
    ) -> bool:
        def op(conn: sqlite3.Connection) -> bool:
            cur = conn.execute(
                "DELETE FROM chat_games"
                " WHERE chat_id = ? AND thread = ? AND game_id = ? AND expires > ?",
                (chat_id, thread or 0, game_id, self.clock()),
            )
            return cur.rowcount == 1

        return await self._run(op)
