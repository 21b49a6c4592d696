"""Keyed cells on Redis (bot.storage.cells): strings, sets and hashes, one command each; a
program's steps each one pipeline (bot.storage.redis_apply: a read is its command, a group one
APPLY call or, for one unconditional write, that write's command)."""

from __future__ import annotations

from typing import Any, TypeVar

from bot.storage.cells import Cells, Key
from bot.storage.redis_apply import APPLY, Encoder, applied, command, value
from bot.storage.redis_link import RedisLink, call
from bot.storage.writes import Applied, Group, Program, Step

T = TypeVar("T")

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
"""


class RedisCells(Cells):
    def __init__(self, link: RedisLink) -> None:
        self.link = link
        self.client = link.client
        self.prefix = link.prefix
        self._apply = link.script(APPLY)
        self._release = link.script(RELEASE)

    def name(self, key: Key) -> str:
        name = f"{self.prefix}:{{{key.tag}}}"
        return f"{name}:{key.part}" if key.part else name

    # programs
    async def run(self, program: Program[T]) -> T:
        try:
            step = next(program)
            while True:
                step = program.send(await self.step(step))
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]

    async def step(self, items: Step) -> list[Any]:
        if not items:
            return []
        encoder = Encoder(self.name, self.link.deadline_ms())
        commands: list[tuple[Any, ...]] = []
        scripted: list[bool] = []
        for item in items:
            plain = self._plain(item)
            if plain is None:
                assert isinstance(item, Group)
                keys, args = encoder.group(item)
                plain = call(self._apply, keys, args)
            commands.append(plain)
            scripted.append(plain[0] == "EVALSHA")
        replies = await self.link.batch(commands)
        out: list[Any] = []
        for item, reply, by_script in zip(items, replies, scripted, strict=True):
            if not isinstance(item, Group):
                out.append(value(item, reply))
            else:
                out.append(applied(item, reply) if by_script else Applied(0))
        return out

    def _plain(self, item: Any) -> tuple[Any, ...] | None:
        """A read's command, or a group's when it is one unconditional write."""
        if not isinstance(item, Group):
            return command(item, self.name)
        if item.reads or item.guards or len(item.writes) != 1:
            return None
        return command(item.writes[0], self.name)

    # single operations
    async def get(self, key: Key) -> str | None:
        value = await self.client.get(self.name(key))
        return None if value is None else str(value)

    async def put(self, key: Key, value: str, ttl: float | None = None) -> None:
        px = None if ttl is None else int(ttl * 1000)
        await self.client.set(self.name(key), value, px=px)

    async def put_new(self, key: Key, value: str, ttl: float) -> bool:
        return bool(await self.client.set(self.name(key), value, nx=True, px=int(ttl * 1000)))

    async def drop(self, key: Key, only: str | None = None) -> bool:
        if only is None:
            return bool(await self.client.delete(self.name(key)))
        return bool(await self._release(keys=[self.name(key)], args=[only]))

    async def members(self, key: Key) -> list[str]:
        return sorted(str(m) for m in await self.client.smembers(self.name(key)))

    async def add_member(self, key: Key, member: str, ttl: float) -> None:
        name = self.name(key)
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.sadd(name, member)
            pipe.expire(name, int(ttl))
            await pipe.execute()

    async def drop_member(self, key: Key, member: str) -> None:
        await self.client.srem(self.name(key), member)

    async def field(self, key: Key, name: str) -> str | None:
        value = await self.client.hget(self.name(key), name)
        return None if value is None else str(value)

    async def put_field(self, key: Key, name: str, value: str) -> None:
        await self.client.hset(self.name(key), name, value)
