"""CPU per move of the Redis store's client (redis-py with hiredis) on one server and on a
cluster, side by side in one run (the hand-written client it had until issue 32 is gone: run
this script of an older commit beside this one to compare).

A move is the hot path: a game load (HMGET, nothing remembered: `remembered=0`) and its
compare-and-set save (EVALSHA), one game played at a time, on a real redis-server and on a
real 3-master cluster this script starts (loopback). The deployments alternate in rounds, so
both see the same load of a shared machine; the figures are the medians over the rounds.
It prints µs of this process's CPU per move (time.process_time) and moves/s (wall clock).

Usage:
    python benchmarks/store_clients.py                 # 3000 moves × 5 rounds per client
    python benchmarks/store_clients.py --moves 1000 --rounds 3
A script that prints figures, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.storage import GameRecord, SoloMeta, new_id
from bot.storage.redis_store import RedisStore
from tests.support.redis_server import start_cluster, start_redis

STATE = '{"s":"' + "x" * 1500 + '"}'  # about a Raspad game's payload


async def one_round(url: str, moves: int) -> tuple[float, float]:
    """(µs CPU per move, moves per second) of `moves` load + save pairs."""
    s = await RedisStore(url, prefix="bc" + uuid.uuid4().hex[:6], remembered=0).open()
    try:
        meta = SoloMeta(uid=1, lang="ru", variant="u")
        record = GameRecord(id=new_id(), kind="raspad", chat_id=1, state=STATE, meta=meta)
        assert await s.create(record)
        for _ in range(200):  # warm up (connections, caches)
            got = await s.load(record.id)
            assert got is not None and await s.save(got, got.version)
        cpu, wall = time.process_time(), time.perf_counter()
        for _ in range(moves):
            got = await s.load(record.id)
            assert got is not None and await s.save(got, got.version)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        await s.delete(record.id)
        return cpu / moves * 1e6, moves / wall
    finally:
        await s.close()


async def measure(urls: dict[str, str], moves: int, rounds: int) -> None:
    rows: dict[str, list[tuple[float, float]]] = {}
    for _ in range(rounds):
        for name, url in urls.items():
            rows.setdefault(name, []).append(await one_round(url, moves))
    print(f"{'deployment':<10} {'CPU µs/move':>12} {'moves/s':>9}")
    for name in urls:
        cpu = statistics.median(c for c, _ in rows[name])
        rate = statistics.median(r for _, r in rows[name])
        print(f"{name:<10} {cpu:>12.0f} {rate:>9.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--loop", choices=("uvloop", "asyncio"), default="uvloop")
    args = parser.parse_args()
    server, cluster = start_redis(), None
    try:
        cluster = start_cluster()
        urls = {"server": server.url, "cluster": cluster.url}
        run = measure(urls, args.moves, args.rounds)
        if args.loop == "uvloop":
            import uvloop

            uvloop.run(run)
        else:
            asyncio.run(run)
    finally:
        server.stop()
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
