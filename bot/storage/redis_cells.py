"""Keyed cells on Redis (bot.storage.cells): strings, sets and hashes, one command each; a
program's steps each one round trip (bot.storage.redis_apply: a read is its command, a group one
APPLY call or, for one unconditional write, that write's command)."""

from __future__ import annotations

from typing import Any, TypeVar

from bot.storage.cells import Cells, Key
from bot.storage.redis_apply import APPLY, Encoder, applied, command, value
from bot.storage.redis_link import RedisLink, call
from bot.storage.writes import Applied, Group, Item, Program, Step

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
        if len(items) == 1:  # alone: one command, without a pipeline's set-up
            return [await self._one(items[0])]
        if not items:
            return []
        encoder = Encoder(self.name, self.link.deadline_ms())
        commands: list[tuple[Any, ...]] = []
        for item in items:
            plain = self._plain(item)
            if plain is None:
                assert isinstance(item, Group)
                plain = call(self._apply, *encoder.group(item))
            commands.append(plain)
        replies = await self.link.batch(commands)
        return [self._reply(i, c, r) for i, c, r in zip(items, commands, replies, strict=True)]

    async def _one(self, item: Item) -> Any:
        plain = self._plain(item)
        if plain is not None:
            return self._reply(item, plain, await self.client.execute_command(*plain))
        assert isinstance(item, Group)
        keys, args = Encoder(self.name, self.link.deadline_ms()).group(item)
        return applied(item, await self.link.run_script(self._apply, keys, args))

    @staticmethod
    def _reply(item: Item, command: tuple[Any, ...], reply: Any) -> Any:
        if not isinstance(item, Group):
            return value(item, reply)
        return applied(item, reply) if command[0] == "EVALSHA" else Applied(0)

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
        return bool(await self.link.run_script(self._release, [self.name(key)], [only]))

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
