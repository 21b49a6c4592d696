"""A user's settings beyond the language (turn pings on or off, …), on both stores.

`get_setting(user_id, name)` / `set_setting(user_id, name, value)`: short text values, kept
until changed (Redis: one hash per user, in the user's hash-tag slot; SQLite: a table).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from bot.storage.health import guarded

T = TypeVar("T")

SETTINGS_SCHEMA = """
CREATE TABLE IF NOT EXISTS user_settings (
    user_id INTEGER NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL,
    PRIMARY KEY (user_id, name)
);
"""


class UserSettings:
    """The settings part of `Store` (one shared test suite for both backends)."""

    async def get_setting(self, user_id: int, name: str) -> str | None:
        raise NotImplementedError

    async def set_setting(self, user_id: int, name: str, value: str) -> None:
        raise NotImplementedError


class RedisSettings(UserSettings):
    """Mixed into RedisStore (which provides `client` and `prefix`)."""

    if TYPE_CHECKING:
        client: Any
        prefix: str

    def _settings(self, user_id: int) -> str:
        return f"{self.prefix}:{{u:{user_id}}}:set"

    async def get_setting(self, user_id: int, name: str) -> str | None:
        value = await self.client.hget(self._settings(user_id), name)
        return None if value is None else str(value)

    async def set_setting(self, user_id: int, name: str, value: str) -> None:
        await self.client.hset(self._settings(user_id), name, value)


# every call goes through the store's Health (outages become StoreUnavailable, fail-fast)
for _name in ("get_setting", "set_setting"):
    setattr(
        RedisSettings, _name, guarded(lambda store: store.health)(getattr(RedisSettings, _name))
    )


class SQLiteSettings(UserSettings):
    """Mixed into SQLiteStore (which provides `_run`)."""

    if TYPE_CHECKING:

        async def _run(self, fn: Callable[..., T], *args: Any) -> T: ...

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
