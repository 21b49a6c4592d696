"""What every part of the Redis store sends through (`RedisLink`): redis-py's client, the lean
hot-path connection (bot.storage.resp, over a cluster bot.storage.resp_cluster; None: redis-py
for everything), the key prefix and Redis's clock; several commands in one round trip
(`batch`), a registered script over the lean connection (`run_script`, `eval`).

Scripts sent in a batch go by their sha (EVALSHA, `call`); each `Script` made is kept by its
sha, so a server that lost its script cache (restarted, SCRIPT FLUSH) gets them again as EVAL.
"""

from __future__ import annotations

import hashlib
import time
from typing import Any, ClassVar

import hiredis
from redis.asyncio import Redis, RedisCluster
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError, ResponseError

from bot.storage.redis_scripts import CLAIM_DUE, FINISH_DUE
from bot.storage.redis_scripts import SAVE as _SAVE
from bot.storage.resp import LeanRedis
from bot.storage.resp_cluster import LeanCluster


class Script:
    """A Lua script sent by its sha; every one made is known by its sha (`Script.sources`)."""

    sources: ClassVar[dict[str, str]] = {}

    def __init__(self, source: str) -> None:
        self.source = source
        self.sha = hashlib.sha1(source.encode()).hexdigest()
        Script.sources[self.sha] = source


SAVE = Script(_SAVE)  # the store's own save, with the result as its second key
CLAIM = Script(CLAIM_DUE)  # the deadlines' and the pending results' claims (bot.storage.shards)
UNCLAIM = Script(FINISH_DUE)


def call(script: Script, keys: list[str], args: list[Any]) -> tuple[Any, ...]:
    return ("EVALSHA", script.sha, len(keys), *keys, *args)


def is_error(reply: Any) -> bool:
    return isinstance(reply, hiredis.ReplyError | ResponseError)


def is_noscript(reply: Any) -> bool:
    """The server does not have the script (redis-py names it NoScriptError, hiredis keeps the
    server's 'NOSCRIPT …' text)."""
    return isinstance(reply, NoScriptError) or (
        is_error(reply) and str(reply).startswith("NOSCRIPT")
    )


class RedisLink:
    """The connections of one Redis store, shared by its parts."""

    def __init__(
        self,
        client: Redis | RedisCluster,
        lean: LeanRedis | LeanCluster | None,
        prefix: str,
        timeout: float,
    ) -> None:
        self.client = client
        self.lean = lean  # the hot path (load, save, batches); None → redis-py for those too
        self.prefix = prefix
        self.timeout = timeout
        self.clock_offset_ms = 0.0  # Redis's clock minus ours (measured when opened)

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
        if self.lean is not None:
            replies = list(await self.lean.execute_many(commands))
        else:
            async with self.client.pipeline(transaction=False) as pipe:
                for command in commands:
                    pipe.execute_command(*command)
                replies = list(await pipe.execute(raise_on_error=False))
        lost = [i for i, r in enumerate(replies) if is_noscript(r)]
        if lost:
            again = [("EVAL", Script.sources[commands[i][1]], *commands[i][2:]) for i in lost]
            for i, reply in zip(lost, await self.batch(again), strict=True):
                replies[i] = reply
        for reply in replies:
            if is_error(reply):
                raise ResponseError(str(reply))
        return replies

    async def run_script(self, script: AsyncScript, keys: list[str], *args: Any) -> Any:
        """A registered script on keys of one slot: over the lean connection when there is
        one (bulk replies stay bytes), else through redis-py."""
        if self.lean is None:
            return await script(keys=keys, args=list(args))
        reply = await self.lean.execute("EVALSHA", script.sha, len(keys), *keys, *args)
        if isinstance(reply, hiredis.ReplyError) and str(reply).startswith("NOSCRIPT"):
            reply = await self.lean.execute("EVAL", script.script, len(keys), *keys, *args)
        if isinstance(reply, hiredis.ReplyError):
            raise ResponseError(str(reply))
        return reply

    async def eval(self, script: AsyncScript, key: str, *args: Any) -> Any:
        """EVALSHA over the lean connection (reloading the script if the server lost it)."""
        assert self.lean is not None
        reply = await self.lean.execute("EVALSHA", script.sha, 1, key, *args)
        if isinstance(reply, hiredis.ReplyError) and str(reply).startswith("NOSCRIPT"):
            # the server lost its script cache (restarted, SCRIPT FLUSH): EVAL reloads it
            reply = await self.lean.execute("EVAL", script.script, 1, key, *args)
        if isinstance(reply, hiredis.ReplyError):
            raise ResponseError(str(reply))
        return reply
