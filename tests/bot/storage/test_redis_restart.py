"""Redis restarted between two uses of the store: the pooled connections the restart closed
do not turn the next calls into "briefly unavailable" answers."""

from __future__ import annotations

import asyncio

from bot.storage.redis_store import RedisStore
from tests.support.needs import require
from tests.support.redis_server import redis_binary, start_redis


async def test_the_calls_after_a_restart_go_through() -> None:
    require(redis_binary() is not None, "redis-server")
    server = start_redis(persistent=True)
    store = await RedisStore(server.url).open()
    try:
        # several pooled connections, as a busy process has them
        await asyncio.gather(*(store.set_lang(i, "en") for i in range(8)))
        await asyncio.gather(*(store.mark(f"k{i}", 60) for i in range(8)))
        server.restart()  # every one of those connections is closed by the old server
        langs = await asyncio.gather(*(store.get_lang(i) for i in range(8)))
        assert langs == ["en"] * 8  # the data came back, and no call failed
        assert not store.health.down
    finally:
        await store.close()
        server.stop()
