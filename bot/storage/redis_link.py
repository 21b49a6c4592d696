"""What every part of the Redis store sends through (`RedisLink`): redis-py's client (one
server, a cluster or Sentinel's master), the key prefix and Redis's clock; the store's Lua
scripts as redis-py script objects (`script`), several commands in one round trip (`batch`).

A script called alone is redis-py's script object (EVALSHA; a server that lost its script cache
— restarted, SCRIPT FLUSH — gets it loaded again). In a batch a script goes by its sha
(`call`) and a lost one is sent again as EVAL: redis-py's own pipelines would ask SCRIPT EXISTS
first, one more round trip on every batch.
"""

from __future__ import annotations

import time
from typing import Any

from redis.asyncio import Redis, RedisCluster
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError, ResponseError


def call(script: AsyncScript, keys: list[str], args: list[Any]) -> tuple[Any, ...]:
    """A script's call as one command of a batch."""
    return ("EVALSHA", script.sha, len(keys), *keys, *args)


class RedisLink:
    """The client of one Redis store, shared by its parts."""

    def __init__(self, client: Redis | RedisCluster, prefix: str, timeout: float) -> None:
        self.client = client
        self.prefix = prefix
        self.timeout = timeout
        self.clock_offset_ms = 0.0  # Redis's clock minus ours (measured when opened)
        self.scripts: dict[str, AsyncScript] = {}  # by sha: every script of the store's parts

    def script(self, source: str) -> AsyncScript:
        """The store's script of `source` (made once; preloaded by `load_scripts`)."""
        script = self.client.register_script(source)
        return self.scripts.setdefault(script.sha, script)

    async def run_script(self, script: AsyncScript, keys: list[str], args: list[Any]) -> Any:
        """One call of `script` (EVALSHA; a server that lost its script cache gets it again
        as EVAL), through the client's own command path: what redis-py's script objects do,
        without their per-call checks for pipelines."""
        try:
            return await self.client.execute_command("EVALSHA", script.sha, len(keys), *keys, *args)
        except NoScriptError:
            return await self.client.execute_command("EVAL", script.script, len(keys), *keys, *args)

    async def load_scripts(self) -> None:
        """Every script in the server's cache, so each later call is one EVALSHA."""
        for script in self.scripts.values():
            await self.client.script_load(script.script)

    # the keys more than one part writes
    def game(self, game_id: str) -> str:
        return f"{self.prefix}:{{g:{game_id}}}"

    def active(self, kind: str) -> str:
        return f"{self.prefix}:{{active:{kind}}}"

    # Redis's clock
    def deadline_ms(self) -> int:
        """The moment (on Redis's clock) after which a save must not happen: a little before
        this process stops waiting for it."""
        return int((time.time() + self.timeout * 0.9) * 1000 + self.clock_offset_ms)

    async def measure_clock(self) -> None:
        """How far Redis's clock is from ours (the middle of a TIME round trip)."""
        before = time.time()
        seconds, micros = await self.client.time()
        after = time.time()
        self.clock_offset_ms = seconds * 1000 + micros / 1000 - (before + after) * 500

    # sending
    async def batch(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        """Commands in one round trip (a pipeline); error replies raise, except NOSCRIPT: the
        server lost its script cache, so those scripts go again as EVAL."""
        async with self.client.pipeline(transaction=False) as pipe:
            for command in commands:
                pipe.execute_command(*command)
            replies = list(await pipe.execute(raise_on_error=False))
        lost = [i for i, r in enumerate(replies) if isinstance(r, NoScriptError)]
        if lost:
            again = [("EVAL", self.scripts[commands[i][1]].script, *commands[i][2:]) for i in lost]
            for i, reply in zip(lost, await self.batch(again), strict=True):
                replies[i] = reply
        for reply in replies:
            if isinstance(reply, ResponseError):
                raise reply
        return replies
