"""Keyed cells: what a backend offers and every other part of the store is written on, once
(bot.storage.base: games' indexes, results, boards, leases, the small parts). A backend
implements them thin and atomic: `RedisCells` (bot.storage.redis_cells), `SQLiteCells`
(bot.storage.sqlite_cells).

- single operations (below): a value, a set's members, a record's fields;
- `run(program)`: the reads and guarded groups of writes of bot.storage.writes, step by step
  (on Redis a round trip a step, a group one script; on SQLite the whole program in one
  transaction).

A key is `Key(tag, part)`: on Redis `<prefix>:{<tag>}:<part>` (the tag is a Redis Cluster hash
tag: the keys of one tag share a slot), on SQLite `<tag>:<part>`; no part, no `:<part>`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, TypeVar

from bot.storage.writes import Key, Program, Read, Step, one_step

__all__ = ["Cells", "Key"]

T = TypeVar("T")


class Cells(ABC):
    """Values (kept, or for `ttl` seconds), sets of members, and fields of a record; programs."""

    @abstractmethod
    async def run(self, program: Program[T]) -> T:
        """Carry out `program` (bot.storage.writes): each step it yields, then its result."""

    async def step(self, items: Step) -> list[Any]:
        """One step's replies (a program of one step)."""
        return await self.run(one_step(items))

    async def read(self, read: Read) -> Any:
        """One read's value."""
        [value] = await self.step([read])
        return value

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
