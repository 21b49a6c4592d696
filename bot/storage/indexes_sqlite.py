"""The small parts of the SQLite store beside the games: each user's games (one time to live
for the whole set, as the Redis key has), languages, invites and marks."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable

from bot.storage.indexes_api import Indexes, Invite
from bot.storage.sqlite_run import Run, tx


class SQLiteIndexes(Indexes):
    """The `user_games`, `langs`, `invites` and `marks` tables (schema: sqlite_store), through
    the store's `run`; `clock` is the store's wall clock, `idle_ttl` a user's games' lifetime."""

    def __init__(self, run: Run, clock: Callable[[], float], idle_ttl: int) -> None:
        self._run = run
        self.clock = clock
        self.idle_ttl = idle_ttl

    # user index
    async def user_games(self, user_id: int) -> list[str]:
        def op(conn: sqlite3.Connection) -> list[str]:
            rows = conn.execute(
                "SELECT game_id FROM user_games WHERE user_id = ? AND expires > ? ORDER BY game_id",
                (user_id, self.clock()),
            ).fetchall()
            return [str(r[0]) for r in rows]

        return await self._run(op)

    async def add_user_game(self, user_id: int, game_id: str) -> None:
        def op(conn: sqlite3.Connection) -> None:
            with tx(conn):
                expires = self.clock() + self.idle_ttl
                conn.execute(
                    "INSERT OR REPLACE INTO user_games (user_id, game_id, expires) VALUES (?,?,?)",
                    (user_id, game_id, expires),
                )
                # one TTL for the whole set, as the Redis key has
                conn.execute(
                    "UPDATE user_games SET expires = ? WHERE user_id = ?", (expires, user_id)
                )

        await self._run(op)

    async def remove_user_game(self, user_id: int, game_id: str) -> None:
        await self._run(
            lambda conn: conn.execute(
                "DELETE FROM user_games WHERE user_id = ? AND game_id = ?", (user_id, game_id)
            )
        )

    # prefs
    async def get_lang(self, user_id: int) -> str | None:
        def op(conn: sqlite3.Connection) -> str | None:
            row = conn.execute("SELECT lang FROM langs WHERE user_id = ?", (user_id,)).fetchone()
            return str(row[0]) if row else None

        return await self._run(op)

    async def set_lang(self, user_id: int, lang: str) -> None:
        await self._run(
            lambda conn: conn.execute(
                "INSERT OR REPLACE INTO langs (user_id, lang) VALUES (?, ?)", (user_id, lang)
            )
        )

    # invites
    async def put_invite(self, code: str, data: Invite, ttl: int) -> None:
        text = json.dumps(data, separators=(",", ":"))
        await self._run(
            lambda conn: conn.execute(
                "INSERT OR REPLACE INTO invites (code, data, expires) VALUES (?,?,?)",
                (code, text, self.clock() + ttl),
            )
        )

    async def get_invite(self, code: str) -> Invite | None:
        def op(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(
                "SELECT data FROM invites WHERE code = ? AND expires > ?", (code, self.clock())
            ).fetchone()
            return str(row[0]) if row else None

        raw = await self._run(op)
        if raw is None:
            return None
        data = json.loads(raw)
        return data if isinstance(data, dict) else None

    async def delete_invite(self, code: str) -> None:
        await self._run(lambda conn: conn.execute("DELETE FROM invites WHERE code = ?", (code,)))

    # marks
    async def mark(self, key: str, ttl: float) -> bool:
        def op(conn: sqlite3.Connection) -> bool:
            now = self.clock()
            with tx(conn, immediate=True):
                conn.execute("DELETE FROM marks WHERE key = ? AND expires <= ?", (key, now))
                cur = conn.execute(
                    "INSERT OR IGNORE INTO marks (key, expires) VALUES (?, ?)", (key, now + ttl)
                )
                return cur.rowcount == 1

        return await self._run(op)

    async def unmark(self, key: str) -> bool:
        def op(conn: sqlite3.Connection) -> bool:
            cur = conn.execute(
                "DELETE FROM marks WHERE key = ? AND expires > ?", (key, self.clock())
            )
            return cur.rowcount == 1

        return await self._run(op)
