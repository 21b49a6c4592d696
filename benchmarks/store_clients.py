"""CPU per move of the Redis store with its lean hot-path client (bot.storage.resp, and
resp_cluster over a cluster) against redis-py's own clients, side by side in one run.

A move is the hot path: a game load (HMGET, nothing remembered: `remembered=0`) and its
compare-and-set save (EVALSHA), one game played at a time, on a real redis-server and on a
real 3-master cluster this script starts (loopback). The clients alternate in rounds, so both
see the same load of a shared machine; the figures are the medians over the rounds.
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


async def one_round(url: str, lean: bool, moves: int) -> tuple[float, float]:
    """(µs CPU per move, moves per second) of `moves` load + save pairs."""
    s = await RedisStore(url, prefix="bc" + uuid.uuid4().hex[:6], remembered=0).open()
    if not lean and s.lean is not None:
        await s.lean.close()
        s.lean = None
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
    rows: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for _ in range(rounds):
        for name, url in urls.items():
            for client in ("lean", "redis-py"):
                rows.setdefault((name, client), []).append(
                    await one_round(url, client == "lean", moves)
                )
    print(f"{'deployment':<10} {'client':<9} {'CPU µs/move':>12} {'moves/s':>9}")
    for name in urls:
        lean = statistics.median(c for c, _ in rows[(name, "lean")])
        for client in ("lean", "redis-py"):
            cpu = statistics.median(c for c, _ in rows[(name, client)])
            rate = statistics.median(r for _, r in rows[(name, client)])
            print(f"{name:<10} {client:<9} {cpu:>12.0f} {rate:>9.0f}")
        plain = statistics.median(c for c, _ in rows[(name, "redis-py")])
        print(f"{name:<10} the lean client saves {100 * (1 - lean / plain):.0f} % CPU per move")


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
