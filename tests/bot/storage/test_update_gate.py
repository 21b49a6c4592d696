"""The update gate: each update handled at most once, one chat's updates one at a time across
processes (gates of two stores on one real Redis, or on the 3-master cluster, stand for two
replicas), a crashed holder's retry handled once its lease runs out."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from bot.storage.redis_store import RedisStore
from bot.storage.update_gate import LocalGate, RedisGate, UpdateGate, order_key
from tests.support.redis_server import redis_store
from tests.support.waiting import until

Factory = Callable[..., UpdateGate]


@pytest.fixture
async def replicas(any_redis_url: str) -> AsyncIterator[Factory]:
    """The gates of two processes' stores on one Redis deployment (a fresh key prefix per
    test): what `python -m bot` builds in webhook mode."""
    prefix = f"t{secrets.token_hex(3)}"
    stores = [await redis_store(any_redis_url, prefix=prefix).open() for _ in range(2)]
    made: list[UpdateGate] = []

    def make(**kw: Any) -> UpdateGate:
        gate = stores[len(made) % 2].update_gate(**kw)
        assert isinstance(gate, RedisGate)
        made.append(gate)
        return gate

    yield make
    for store in stores:
        await store.close()


@pytest.fixture(params=["local", "redis"])
async def gate(request: pytest.FixtureRequest, redis_url: str) -> AsyncIterator[UpdateGate]:
    if request.param == "local":
        yield LocalGate()
        return
    store = await RedisStore(redis_url, prefix=f"t{secrets.token_hex(3)}").open()
    yield store.update_gate()
    await store.close()


def test_order_key_is_the_chat_or_the_user() -> None:
    group = {"id": -1001, "type": "supergroup"}
    message = {"message_id": 5, "chat": group, "from": {"id": 7}}
    assert order_key({"update_id": 1, "message": message}) == "c-1001"
    tap = {"id": "q", "from": {"id": 7}, "message": message, "data": "x"}
    assert order_key({"update_id": 2, "callback_query": tap}) == "c-1001"
    inline_tap = {"id": "q", "from": {"id": 7}, "inline_message_id": "i", "data": "x"}
    assert order_key({"update_id": 3, "callback_query": inline_tap}) == "p7"
    query = {"id": "q", "from": {"id": 8}, "query": "daily", "offset": ""}
    assert order_key({"update_id": 4, "inline_query": query}) == "p8"
    member = {"chat": group, "from": {"id": 7}, "date": 0}
    assert order_key({"update_id": 5, "my_chat_member": member}) == "c-1001"


async def test_a_repeated_update_is_handled_once(gate: UpdateGate) -> None:
    handled: list[int] = []

    async def handle() -> None:
        handled.append(1)

    assert await gate.run("c1", 101, handle) == "handled"
    assert await gate.run("c1", 101, handle) == "duplicate"
    assert await gate.run("c1", 102, handle) == "handled"
    assert len(handled) == 2
    assert gate.duplicates == 1


async def test_the_same_update_on_two_replicas_at_once_is_handled_once(
    replicas: Factory,
) -> None:
    a, b = replicas(), replicas()
    release = asyncio.Event()
    calls: list[str] = []

    async def slow() -> None:
        calls.append("a")
        await release.wait()

    async def fast() -> None:
        calls.append("b")

    first = asyncio.create_task(a.run("c9", 500, slow))
    await until(lambda: calls == ["a"], "the first replica to start the update")
    second = asyncio.create_task(b.run("c9", 500, fast))  # Telegram's retry, other replica
    await asyncio.sleep(0.1)
    assert not second.done()  # waits for the chat
    release.set()
    assert await first == "handled"
    assert await second == "duplicate"
    assert calls == ["a"]


async def test_one_chat_in_order_across_replicas_other_chats_meanwhile(
    replicas: Factory,
) -> None:
    a, b = replicas(), replicas()
    release = asyncio.Event()
    log: list[str] = []

    async def first() -> None:
        log.append("1 starts")
        await release.wait()
        log.append("1 ends")

    async def second() -> None:
        log.append("2")

    async def elsewhere() -> None:
        log.append("other chat")

    one = asyncio.create_task(a.run("c5", 1, first))
    await until(lambda: log == ["1 starts"], "the first update to start")
    two = asyncio.create_task(b.run("c5", 2, second))
    assert await b.run("c6", 3, elsewhere) == "handled"  # not held up by chat c5
    await asyncio.sleep(0.1)
    assert log == ["1 starts", "other chat"]
    release.set()
    await asyncio.gather(one, two)
    assert log == ["1 starts", "other chat", "1 ends", "2"]
    assert b.waits > 0


async def test_a_crashed_replicas_update_is_handled_by_the_retry(replicas: Factory) -> None:
    dead = replicas(lease=0.3)
    assert await dead.begin("c3", 77, f"{dead.process}:77") == "go"  # then killed (-9)
    handled: list[int] = []

    async def handle() -> None:
        handled.append(77)

    live = replicas(lease=0.3)
    assert await live.run("c3", 77, handle) == "handled"  # after the lease ran out
    assert handled == [77]
    assert await live.run("c3", 77, handle) == "duplicate"


async def test_a_slow_handler_keeps_its_chat(replicas: Factory) -> None:
    a, b = replicas(lease=0.3), replicas(lease=0.3)
    log: list[str] = []
    renewals = [0]
    renew = a.renew

    async def counted_renew(chat: str, owner: str) -> bool:
        renewals[0] += 1
        return await renew(chat, owner)

    a.renew = counted_renew  # type: ignore[method-assign]

    async def slow() -> None:
        log.append("slow starts")
        # renewed every third of the lease: four renewals outlast the lease it started with
        await until(lambda: renewals[0] >= 4, "the slow handler's lease to be renewed 4 times")
        log.append("slow ends")

    async def next_one() -> None:
        log.append("next")

    one = asyncio.create_task(a.run("c4", 10, slow))
    await until(lambda: log == ["slow starts"], "the slow update to start")
    await b.run("c4", 11, next_one)
    await one
    assert log == ["slow starts", "slow ends", "next"]


async def test_a_handler_that_failed_is_tried_again(gate: UpdateGate) -> None:
    attempts: list[int] = []

    async def flaky() -> None:
        attempts.append(1)
        if len(attempts) == 1:
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        await gate.run("c2", 42, flaky)
    assert await gate.run("c2", 42, flaky) == "handled"
    assert len(attempts) == 2


async def test_without_redis_updates_are_still_handled() -> None:
    store = RedisStore("redis://127.0.0.1:1/0", timeout=0.2)  # nothing listens there
    gate = store.update_gate()
    handled: list[int] = []

    async def handle() -> None:
        handled.append(1)

    assert await gate.run("c1", 1, handle) == "handled"
    assert handled == [1]
    await store.close()
