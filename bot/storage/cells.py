"""Keyed cells: the few primitives the small parts of a store are written on, once, in
`bot.storage.base.Store` (which game a chat plays, a user's games, language and settings,
invites, short-lived marks). A backend implements them thin and atomic: `RedisCells`
(bot.storage.redis_cells), `SQLiteCells` (bot.storage.sqlite_cells).

A key is `Key(tag, part)`: on Redis `<prefix>:{<tag>}:<part>` (the tag is a Redis Cluster hash
tag: the keys of one tag share a slot), on SQLite `<tag>:<part>`; no part, no `:<part>`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import NamedTuple


class Key(NamedTuple):
    tag: str
    part: str = ""

    def text(self) -> str:
        return f"{self.tag}:{self.part}" if self.part else self.tag


class Cells(ABC):
    """Values (kept, or for `ttl` seconds), sets of members, and fields of a record."""

    @abstractmethod
    async def get(self, key: Key) -> str | None: ...

    @abstractmethod
    async def put(self, key: Key, value: str, ttl: float | None = None) -> None:
        """Store `value` (for `ttl` seconds; None: kept until changed)."""

    @abstractmethod
    async def put_new(self, key: Key, value: str, ttl: float) -> bool:
        """Store `value` for `ttl` seconds unless the key holds one: True when it was stored."""

    @abstractmethod
    async def drop(self, key: Key, only: str | None = None) -> bool:
        """Delete the key's value (only if it is `only`, when given): True when one was."""

    @abstractmethod
    async def members(self, key: Key) -> list[str]:
        """The set's members, sorted."""

    @abstractmethod
    async def add_member(self, key: Key, member: str, ttl: float) -> None:
        """Add `member`; the whole set is kept `ttl` seconds from now."""

    @abstractmethod
    async def drop_member(self, key: Key, member: str) -> None: ...

    @abstractmethod
    async def field(self, key: Key, name: str) -> str | None: ...

    @abstractmethod
    async def put_field(self, key: Key, name: str, value: str) -> None: ...
