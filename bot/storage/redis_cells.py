"""Keyed cells on Redis (bot.storage.cells): strings, sets and hashes, one command each."""

from __future__ import annotations

from bot.storage.cells import Cells, Key
from bot.storage.redis_link import RedisLink
from bot.storage.redis_scripts import RELEASE


class RedisCells(Cells):
    def __init__(self, link: RedisLink) -> None:
        self.client = link.client
        self.prefix = link.prefix
        self._release = link.script(RELEASE)

    def _key(self, key: Key) -> str:
        name = f"{self.prefix}:{{{key.tag}}}"
        return f"{name}:{key.part}" if key.part else name

    async def get(self, key: Key) -> str | None:
        value = await self.client.get(self._key(key))
        return None if value is None else str(value)

    async def put(self, key: Key, value: str, ttl: float | None = None) -> None:
        px = None if ttl is None else int(ttl * 1000)
        await self.client.set(self._key(key), value, px=px)

    async def put_new(self, key: Key, value: str, ttl: float) -> bool:
        return bool(await self.client.set(self._key(key), value, nx=True, px=int(ttl * 1000)))

    async def drop(self, key: Key, only: str | None = None) -> bool:
        if only is None:
            return bool(await self.client.delete(self._key(key)))
        return bool(await self._release(keys=[self._key(key)], args=[only]))

    async def members(self, key: Key) -> list[str]:
        return sorted(str(m) for m in await self.client.smembers(self._key(key)))

    async def add_member(self, key: Key, member: str, ttl: float) -> None:
        name = self._key(key)
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.sadd(name, member)
            pipe.expire(name, int(ttl))
            await pipe.execute()

    async def drop_member(self, key: Key, member: str) -> None:
        await self.client.srem(self._key(key), member)

    async def field(self, key: Key, name: str) -> str | None:
        value = await self.client.hget(self._key(key), name)
        return None if value is None else str(value)

    async def put_field(self, key: Key, name: str, value: str) -> None:
        await self.client.hset(self._key(key), name, value)
