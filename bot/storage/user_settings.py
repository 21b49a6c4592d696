"""A user's settings beyond the language (turn pings on or off, …), on both stores.

`get_setting(user_id, name)` / `set_setting(user_id, name, value)`: short text values, kept
until changed (Redis: one hash per user, in the user's hash-tag slot; SQLite: a table).
"""

from __future__ import annotations

import sqlite3
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the interface is imported without either backend
    from bot.storage.redis_link import RedisLink
    from bot.storage.sqlite_run import Run

SETTINGS_SCHEMA = """
CREATE TABLE IF NOT EXISTS user_settings (
    user_id INTEGER NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (user_id, name)
);
"""


class UserSettings(ABC):
    """The settings part of `Store` (one shared test suite for both backends)."""

    @abstractmethod
    async def get_setting(self, user_id: int, name: str) -> str | None: ...

    @abstractmethod
    async def set_setting(self, user_id: int, name: str, value: str) -> None: ...


class RedisSettings(UserSettings):
    """One hash per user (`{u:<uid>}:set`), through redis-py."""

    def __init__(self, link: RedisLink) -> None:
        self.client = link.client
        self.prefix = link.prefix

    def _settings(self, user_id: int) -> str:
        return f"{self.prefix}:{{u:{user_id}}}:set"

    async def get_setting(self, user_id: int, name: str) -> str | None:
        value = await self.client.hget(self._settings(user_id), name)
        return None if value is None else str(value)

    async def set_setting(self, user_id: int, name: str, value: str) -> None:
        await self.client.hset(self._settings(user_id), name, value)


class SQLiteSettings(UserSettings):
    """The `user_settings` table, through the store's `run`."""

    def __init__(self, run: Run) -> None:
        self._run = run

    async def get_setting(self, user_id: int, name: str) -> str | None:
        def op(conn: sqlite3.Connection) -> str | None:
            row = conn.execute(
                "SELECT value FROM user_settings WHERE user_id = ? AND name = ?", (user_id, name)
            ).fetchone()
            return None if row is None else str(row[0])

        return await self._run(op)

    async def set_setting(self, user_id: int, name: str, value: str) -> None:
        def op(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT OR REPLACE INTO user_settings (user_id, name, value) VALUES (?, ?, ?)",
                (user_id, name, value),
            )

        await self._run(op)
