"""The SQLite store's chat → game index: one active game per chat, or per forum topic.

`thread` is the topic's message_thread_id; a chat without topics (and a forum's General topic)
is thread 0 in the table (Telegram's topic ids are positive). A database made before topics
(`chat_games` keyed by the chat alone) is migrated when the store opens, every row kept as its
chat's no-topic game.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from bot.storage.indexes_api import ChatIndex
from bot.storage.sqlite_run import Run, tx

CHAT_INDEX_SCHEMA = """
CREATE TABLE IF NOT EXISTS chat_games (
    chat_id INTEGER NOT NULL, thread INTEGER NOT NULL DEFAULT 0, game_id TEXT NOT NULL,
    expires REAL NOT NULL, PRIMARY KEY (chat_id, thread)
);
"""


def migrate_chat_index(conn: sqlite3.Connection) -> None:
    """Give a `chat_games` table from before topics the `thread` column of its key."""
    columns = [row[1] for row in conn.execute("PRAGMA table_info(chat_games)")]
    if not columns or "thread" in columns:
        return
    with tx(conn):
        conn.execute("ALTER TABLE chat_games RENAME TO chat_games_old")
        conn.execute(CHAT_INDEX_SCHEMA.replace("IF NOT EXISTS ", ""))
        conn.execute(
            "INSERT INTO chat_games (chat_id, thread, game_id, expires)"
            " SELECT chat_id, 0, game_id, expires FROM chat_games_old"
        )
        conn.execute("DROP TABLE chat_games_old")


class SQLiteChatIndex(ChatIndex):
    """The `chat_games` table, through the store's `run`; `clock` is the store's wall clock,
    `idle_ttl` how long a chat's game is kept."""

    def __init__(self, run: Run, clock: Callable[[], float], idle_ttl: int) -> None:
        self._run = run
        self.clock = clock
        self.idle_ttl = idle_ttl

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
            with tx(conn):
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
