"""The Redis store on a real 3-master cluster (what the shared suites cannot show): the
deadline shards spread over slots and masters, concurrent processes lease each timer once,
and the hot path follows a stale slot table (redis-py's MOVED handling)."""

from __future__ import annotations

import asyncio
import uuid

from redis.asyncio import RedisCluster
from redis.crc import key_slot

from bot.storage import GameRecord, SoloMeta, new_id
from bot.storage.leases import deadlines
from bot.storage.redis_store import RedisStore
from bot.storage.shards import SHARDS, shard_of
from tests.support.redis_server import redis_store


async def open_stores(url: str, count: int) -> list[RedisStore]:
    prefix = "cl" + uuid.uuid4().hex[:8]
    return [await redis_store(url, prefix=prefix).open() for _ in range(count)]


async def test_the_deadline_shards_spread_over_slots_and_masters(cluster_url: str) -> None:
    [s] = await open_stores(cluster_url, 1)
    try:
        assert isinstance(s.client, RedisCluster)
        shards = s.deadline_shards()
        slots = {key_slot(k.encode()) for k in shards}
        assert len(shards) == SHARDS and len(slots) == SHARDS
        nodes = {s.client.nodes_manager.get_node_from_slot(slot).name for slot in slots}
        assert len(nodes) == 3  # every master holds some of them
        # a timer's shard is fixed by its key alone (the same in every process)
        assert s.name(deadlines("turn:abc")) == shards[shard_of("turn:abc")]
    finally:
        await s.close()


async def test_concurrent_processes_lease_each_timer_once(cluster_url: str) -> None:
    stores = await open_stores(cluster_url, 4)
    try:
        timers = [f"turn:g{i:03d}" for i in range(120)]
        for i, key in enumerate(timers):
            await stores[i % 4].schedule(key, float(i))
        assert len({shard_of(k) for k in timers}) == SHARDS  # all shards hold some

        async def claimer(s: RedisStore) -> list[str]:
            mine: list[str] = []
            while batch := await s.claim_due(1000.0, lease=60, limit=9):
                mine += [k for k, _ in batch]
            return mine

        claimed = await asyncio.gather(*(claimer(s) for s in stores))
        every = [k for c in claimed for k in c]
        assert sorted(every) == timers  # each leased exactly once
        assert await stores[0].claim_due(1059.0, lease=60) == []  # leases still run
        again = await stores[1].claim_due(1061.0, lease=60, limit=200)  # none was finished
        assert sorted(k for k, _ in again) == timers
        for key, lease in again:
            await stores[2].finish_due(key, lease)
        assert await stores[3].claim_due(5000.0, lease=60) == []
    finally:
        for s in stores:
            await s.close()


async def test_a_stale_slot_table_is_followed_through_redis_py(cluster_url: str) -> None:
    [s] = await open_stores(cluster_url, 1)
    try:
        assert isinstance(s.client, RedisCluster)
        rec = GameRecord(
            id=new_id(),
            kind="kosa",
            chat_id=1,
            state="{}",
            meta=SoloMeta(uid=1, lang="ru", variant="u"),
        )
        assert await s.create(rec)
        slot = key_slot(s._game(rec.id).encode())
        manager = s.client.nodes_manager
        right = manager.get_node_from_slot(slot)
        wrong = next(n for n in manager.startup_nodes.values() if n.name != right.name)
        manager.slots_cache[slot] = [wrong]  # as after a slot moved to another master
        assert await s.save(rec, 0)  # MOVED: sent again by redis-py, and run once
        got = await s.load(rec.id)
        assert got is not None and got.version == 1
        assert not await s.save(GameRecord.from_payload(rec.id, 0, rec.payload()), 0)
    finally:
        await s.close()
