"""Replicas: solitaire moves per second through nginx to one and to two webhook replicas
(`python -m bot` processes sharing one redis-server), same machine, same run; then the CPU
cost of the update gate (dedupe by update_id + the chat's lease) per update.

Every player is a user of the Bot API emulator (tests/e2e) who plays Raspad by its hints (a
move is a 💡 tap and a ⭐ tap, sometimes a confirmation); the emulator POSTs each update to the
webhook URL through nginx as Telegram does, waiting for each answer. Everything (emulator,
nginx, Redis, the replicas) shares this machine's CPUs, so the figures say how the replicas
share one machine's work, not how they scale over machines.

Usage:
    python benchmarks/replicas.py                   # 16 players, 20 s per setup
    python benchmarks/replicas.py --players 32 --seconds 30
    python benchmarks/replicas.py --gate-only       # only the gate's CPU per update

Needs redis-server and nginx (apt). A script that prints figures, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.storage.redis_store import RedisStore
from tests.e2e.balancer import Balancer, nginx_binary
from tests.e2e.botproc import BotProcess
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.solo_player import finished, hinted_move, new_raspad
from tests.e2e.webhook import WebhookDelivery
from tests.support.redis_counting import RoundTrips
from tests.support.redis_server import free_port, start_redis


def cpu_seconds(pid: int | None) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def player(emu: Emulator, user: EmuUser, until: float, moves: list[int]) -> None:
    board = await new_raspad(emu, user)
    while time.monotonic() < until:
        if finished(emu.message(user, board.message_id)):
            board = await new_raspad(emu, user)
            continue
        try:
            await hinted_move(emu, user, board)
        except AssertionError:  # no ⭐ to follow (the hint is a 52-card redeal, ...): anew
            board = await new_raspad(emu, user)
            continue
        moves[0] += 1


async def run_setup(replicas: int, players: int, seconds: float, redis_url: str) -> None:
    workdir = Path(tempfile.mkdtemp(prefix="cardbot-replicas-"))
    emu = Emulator(validate=False)
    await emu.start()
    ports = [free_port() for _ in range(replicas)]
    lb = Balancer(ports, workdir=workdir / "nginx").start()
    hook = await WebhookDelivery(emu, connections=64).start()
    procs = [
        BotProcess(
            emu,
            redis_url=redis_url,
            log_path=workdir / f"replica{i}.log",
            language="en",
            env={
                "WEBHOOK_URL": lb.url,
                "WEBHOOK_HOST": "127.0.0.1",
                "WEBHOOK_PORT": str(port),
                "METRICS_PORT": str(port),
                "LOG_LEVEL": "WARNING",
            },
        )
        for i, port in enumerate(ports)
    ]
    try:
        for proc in procs:
            await proc.start()
        users = [emu.user(f"P{i}", language_code="en") for i in range(players)]
        moves = [0]
        warm = time.monotonic() + 3.0
        await asyncio.gather(*(player(emu, u, warm, [0]) for u in users))  # warm-up
        sent = hook.acked
        bots = [cpu_seconds(p.pid) for p in procs]
        here = time.process_time()
        started = time.monotonic()
        await asyncio.gather(*(player(emu, u, started + seconds, moves) for u in users))
        elapsed = time.monotonic() - started
        updates = hook.acked - sent
        bots = [cpu_seconds(p.pid) - b for p, b in zip(procs, bots, strict=True)]
        here = time.process_time() - here
        print(
            f"{replicas} replica{'s' if replicas > 1 else ''}: {moves[0] / elapsed:6.1f} moves/s "
            f"{updates / elapsed:6.1f} updates/s ({players} players, {elapsed:.0f} s); "
            f"bot CPU {sum(bots) / updates * 1000:.2f} ms/update "
            f"({', '.join(f'{b / elapsed:.0%}' for b in bots)} of a CPU), "
            f"emulator + players {here / elapsed:.0%} of a CPU"
        )
    finally:
        await hook.stop()
        for proc in procs:
            await proc.stop()
        lb.stop()
        await emu.stop()


async def gate_cost(redis_url: str, updates: int = 5000) -> None:
    """CPU per update of the gate around a handler that does nothing, on a real Redis."""
    store = RedisStore(redis_url, prefix=f"bench{secrets.token_hex(2)}")
    gate = store.update_gate()

    async def nothing() -> None:
        return None

    for i in range(200):  # warm-up: scripts loaded, connection open
        await gate.run(f"c{i % 50}", i, nothing)
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(updates):
        await gate.run(f"c{i % 50}", 10_000 + i, nothing)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    sent = RoundTrips(store)  # counted from outside the store
    await gate.run("c1", 99_999_999, nothing)
    trips = sent.commands
    print(
        f"update gate: {cpu / updates * 1e6:.0f} µs CPU, {wall / updates * 1e6:.0f} µs wall "
        f"per update ({updates} updates, begin + end = {trips or 2} Redis round trips)"
    )
    await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--gate-only", action="store_true")
    args = parser.parse_args()
    if nginx_binary() is None and not args.gate_only:
        raise SystemExit("nginx is not installed (apt-get install nginx-light)")
    server = start_redis()
    try:
        await gate_cost(server.url)
        if not args.gate_only:
            for replicas in (1, 2):
                with contextlib.suppress(KeyboardInterrupt):
                    await run_setup(replicas, args.players, args.seconds, server.url)
    finally:
        server.stop()


if __name__ == "__main__":
    from bot.__main__ import run_loop

    run_loop(main())  # uvloop when installed, as `python -m bot` runs
