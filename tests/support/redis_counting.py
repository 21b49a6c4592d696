"""Counting what a RedisStore sends, from outside it (tests, benchmarks): `RoundTrips(store)`
wraps the sending methods of that one store's redis-py client (its commands, its pipelines, its
link's batches) and counts, until the store is closed:

- `commands`: the commands sent. Each is one round trip when sent alone; a pipeline's commands
  count one each, a MULTI/EXEC transaction as one. What the benchmarks print as "round trips
  per move" (a load is 1, a save is 1).
- `trips`: the round trips: a command sent alone is one, a pipeline (whatever it holds) one.
- `batches`: the store's pipelines (`RedisLink.batch`, one round trip each: a game's end, a
  claim of deadlines), NOSCRIPT's resend as EVAL counted as another.

Nothing of the store's own changes: the same commands go out, in the same round trips.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.storage.redis_store import RedisStore


class RoundTrips:
    def __init__(self, store: RedisStore) -> None:
        self.commands = 0
        self.trips = 0
        self.batches = 0
        link = store.link
        client: Any = link.client
        client.execute_command = self._counted(client.execute_command)
        client.pipeline = self._counted_pipelines(client.pipeline)
        batch = link.batch

        async def counted_batch(commands: list[tuple[Any, ...]]) -> list[Any]:
            self.batches += 1
            return await batch(commands)

        link.batch = counted_batch  # type: ignore[method-assign]

    def _counted(self, send: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        """`send` (one command), counted."""

        async def counted(*args: Any, **options: Any) -> Any:
            self.commands += 1
            self.trips += 1
            return await send(*args, **options)

        return counted

    def _counted_pipelines(self, pipeline: Callable[..., Any]) -> Callable[..., Any]:
        """The client's `pipeline`, whose pipelines count their commands when executed."""

        def counted_pipeline(transaction: bool, shard_hint: str | None = None) -> Any:
            pipe = pipeline(transaction=transaction, shard_hint=shard_hint)
            execute = pipe.execute

            async def counted_execute(*args: Any, **options: Any) -> Any:
                self.commands += 1 if transaction else len(pipe)
                self.trips += 1
                return await execute(*args, **options)

            pipe.execute = counted_execute
            return pipe

        return counted_pipeline
