"""The lean hot-path connection (bot.storage.resp) over a Redis Cluster: one lean connection
per master, each command sent to the master of its key's slot.

The slot table is redis-py's own (the store's RedisCluster client keeps it). A reply that says
the command did not run there — MOVED, ASK (a slot migrating), TRYAGAIN, CLUSTERDOWN — sends
that command again through redis-py, which follows the redirect and refreshes the table; so
the lean path never guesses a topology and never runs a command twice. A lost connection
fails the commands in flight (as on one server) and makes the next command reload the table
first (a failover moves the slots to a new master).
"""

from __future__ import annotations

import asyncio
from typing import Any

import hiredis
from redis.asyncio import RedisCluster
from redis.crc import key_slot
from redis.exceptions import NoScriptError, ResponseError

from bot.storage.resp import LeanRedis, Reply

NOT_RUN = ("MOVED ", "ASK ", "TRYAGAIN", "CLUSTERDOWN")


def command_key(command: tuple[Any, ...]) -> Any:
    """The key a command of the store is routed by (each touches one slot)."""
    name = str(command[0]).upper()
    return command[3] if name in ("EVALSHA", "EVAL") else command[1]


def _not_run(reply: Reply) -> bool:
    return isinstance(reply, hiredis.ReplyError) and str(reply).startswith(NOT_RUN)


class LeanCluster:
    """`execute` / `execute_many` as LeanRedis, routed by slot over a cluster."""

    def __init__(
        self,
        client: RedisCluster,
        username: str | None = None,
        password: str | None = None,
        timeout: float = 1.0,
    ) -> None:
        self.client = client
        self.username, self.password, self.timeout = username, password, timeout
        self.redirected = 0  # commands sent again through redis-py
        self._nodes: dict[str, LeanRedis] = {}
        self._stale = False
        self._sent_by_closed = 0

    @property
    def commands_sent(self) -> int:
        return self._sent_by_closed + sum(n.commands_sent for n in self._nodes.values())

    def _node(self, key: Any) -> LeanRedis:
        node = self.client.nodes_manager.get_node_from_slot(key_slot(_bytes(key)))
        lean = self._nodes.get(node.name)
        if lean is None:
            lean = self._nodes[node.name] = LeanRedis(
                host=node.host,
                port=int(node.port),
                username=self.username,
                password=self.password,
                timeout=self.timeout,
            )
        return lean

    async def _fresh_table(self) -> None:
        if self._stale:
            self._stale = False
            await self.client.nodes_manager.initialize()

    async def _through_redis_py(self, command: tuple[Any, ...]) -> Reply:
        """A command that did not run where the table said: redis-py follows the cluster."""
        self.redirected += 1
        try:
            return await self.client.execute_command(*command)
        except NoScriptError as err:
            return hiredis.ReplyError(f"NOSCRIPT {err}")
        except ResponseError as err:
            return hiredis.ReplyError(str(err))

    async def execute(self, *command: Any) -> Reply:
        await self._fresh_table()
        try:
            reply = await self._node(command_key(command)).execute(*command)
        except ConnectionError:
            self._stale = True
            raise
        return await self._through_redis_py(command) if _not_run(reply) else reply

    async def execute_many(self, commands: list[tuple[Any, ...]]) -> list[Reply]:
        """One pipeline per master, all at once; replies in the order of `commands`."""
        await self._fresh_table()
        groups: dict[LeanRedis, list[int]] = {}
        for i, command in enumerate(commands):
            groups.setdefault(self._node(command_key(command)), []).append(i)
        replies: list[Reply] = [None] * len(commands)
        try:
            answers = await asyncio.gather(
                *(lean.execute_many([commands[i] for i in idx]) for lean, idx in groups.items())
            )
        except ConnectionError:
            self._stale = True
            raise
        for idx, got in zip(groups.values(), answers, strict=True):
            for i, reply in zip(idx, got, strict=True):
                replies[i] = reply
        for i, reply in enumerate(replies):
            if _not_run(reply):
                replies[i] = await self._through_redis_py(commands[i])
        return replies

    async def close(self) -> None:
        nodes, self._nodes = self._nodes, {}
        for node in nodes.values():
            self._sent_by_closed += node.commands_sent
            await node.close()


def _bytes(key: Any) -> bytes:
    return key if isinstance(key, bytes) else str(key).encode()
