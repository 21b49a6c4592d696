"""Bot throughput: solitaire moves per second through `Dispatcher.feed_update` (recording
session, real Redis) next to an aiogram echo handler measured in the same run.

Prints moves/s and echo updates/s, the cost ratio per update (target ≤ 2×) and the Redis round
trips per move (target ≤ 2: one load, one compare-and-set save; a pipeline is one round trip).

The cost compared is the bot process's CPU time per update (time.process_time): wall-clock time
on a shared machine mostly measures how long the scheduler takes to run redis-server when the
bot waits on it, which the echo path never does; wall-clock figures are printed too, and the
redis-server's own CPU per move (from INFO cpu) is printed beside the bot's.

Both paths run as `python -m bot` runs: on the event loop it picks (uvloop when installed) and
with the start-up heap frozen out of the garbage collector's sight after the warm-up.

Usage:
    python benchmarks/bot_throughput.py                # 2,000 moves per game, 4,000 echoes
    python benchmarks/bot_throughput.py --moves 300    # quicker
    python benchmarks/bot_throughput.py --games raspad
    python benchmarks/bot_throughput.py --loop asyncio --no-freeze   # the standard library's
                                                        # loop, no gc.freeze (both paths)

Both paths go through the same kind of Bot and recording session (requests serialised exactly
as aiogram does, answered by an in-memory fake Telegram; spec validation off, as in production
there is none). A script that prints figures, not a test; the benches are in
throughput_benches.py, the CPU attribution in throughput_probes.py.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(1, str(Path(__file__).resolve().parent))  # the sibling modules, also under -m

from throughput_benches import (
    EchoBench,
    GameBench,
    bench_bare_callback,
    bench_echo,
    bench_floor,
)
from throughput_probes import Breakdown, Overheads, redis_cpu, summary

from bot.storage.redis_store import RedisStore
from tests.support.redis_counting import RoundTrips
from tests.support.redis_server import start_redis


async def main_async(args: argparse.Namespace) -> int:
    server = start_redis()
    store = await RedisStore(server.url, prefix="bench").open()
    trips = RoundTrips(store)  # the commands it sends, counted from outside
    ok = True
    try:
        # warm-up (imports, Lua scripts, caches)
        await bench_echo(200)
        warm = GameBench(store, "raspad", random.Random(0), trips)
        await warm.run(50)
        if args.freeze:  # as `python -m bot` does once started (both paths gain)
            from bot.__main__ import freeze_startup_heap

            freeze_startup_heap()
        loop = type(asyncio.get_running_loop())
        print(
            f"event loop {loop.__module__}.{loop.__name__}, start-up heap "
            f"{'frozen' if args.freeze else 'not frozen'}"
        )

        echo_wall, echo_cpu = await bench_echo(args.echoes)
        echo = summary(echo_wall)
        echo_c = statistics.fmean(echo_cpu) * 1e6
        print(
            f"echo handler : {echo['per_s']:6.0f} updates/s | wall mean {echo['mean_us']:6.0f} µs"
            f" median {echo['median_us']:6.0f} µs | CPU mean {echo_c:6.0f} µs"
        )
        # attribution only, in a separate pass (the echo figures above are measured bare)
        extra = Overheads()
        try:
            await bench_echo(min(args.echoes, 2000))
        finally:
            extra.restore()
        n_echo = min(args.echoes, 2000)
        print(
            f"echo   of the CPU per update: fake Telegram (test double) "
            f"{extra.fake / n_echo * 1e6:.0f} µs, "
            f"garbage collector {extra.gc / n_echo * 1e6:.0f} µs"
        )
        for kind in args.games:
            # the headline pass, uninstrumented; echo blocks run between blocks of moves, so
            # both paths are measured under the same load of this (shared) machine
            bench = GameBench(store, kind, random.Random(args.seed), trips)
            paired = EchoBench()
            cpu0 = await redis_cpu(store)
            await bench.run(args.moves, between=functools.partial(paired.run, 50), every=100)
            redis_us = (await redis_cpu(store) - cpu0) / len(bench.move_times) * 1e6
            s = summary(bench.move_times)
            move_c = statistics.fmean(bench.move_cpu) * 1e6
            echo_c = statistics.fmean(paired.cpu) * 1e6
            echo_median = statistics.median(paired.times) * 1e6
            rts = statistics.fmean(bench.move_round_trips)
            worst_rt = max(bench.move_round_trips)
            usual_rt = statistics.median(bench.move_round_trips)
            # each block of 100 moves against the 50 echoes right after it: the median of
            # those ratios is robust to the machine slowing down for a while
            blocks = [
                statistics.fmean(bench.move_cpu[100 * k : 100 * k + 100])
                / statistics.fmean(paired.cpu[50 * k : 50 * k + 50])
                for k in range(len(paired.cpu) // 50)
            ]
            ratio_cpu = statistics.median(blocks) if blocks else move_c / echo_c
            ratio_wall = s["median_us"] / echo_median
            print(
                f"{kind:<6} moves : {s['per_s']:6.0f} moves/s   | "
                f"wall mean {s['mean_us']:6.0f} µs"
                f" median {s['median_us']:6.0f} µs | CPU mean {move_c:6.0f} µs"
                f" (+ redis-server {redis_us:4.0f} µs) | echo alongside: CPU mean "
                f"{echo_c:4.0f} µs ({len(paired.cpu)} updates in blocks between the moves)"
            )
            print(
                f"{kind:<6} ratio : {ratio_cpu:4.2f}× echo CPU per update (target ≤ 2×; median "
                f"of {len(blocks)} blocks, the means give {move_c / echo_c:4.2f}×), "
                f"{ratio_wall:4.2f}× echo wall median | Redis round trips per move "
                f"{rts:.2f} (median {usual_rt:g}, max {worst_rt}: a game's end; target ≤ 2) | "
                f"{len(bench.move_times)} moves, "
                f"{bench.games} games, {bench.ui_updates} menu/pick taps"
            )
            bare, echo_then = await bench_bare_callback(bench, min(args.echoes, 1000))
            print(
                f"{kind:<6} baseline: a bare aiogram callback handler (answer only) for a tap on "
                f"this board costs {bare:.0f} µs CPU = {bare / echo_then:.2f}× echo"
            )
            for lean_requests, how in (
                (False, "aiogram's shortcuts"),
                (True, "the bot's lean requests"),
            ):
                floor, echo_then = await bench_floor(bench, min(args.echoes, 1000), lean_requests)
                print(
                    f"{kind:<6} floor ({how}): a bare handler that answers, edits this board "
                    f"and makes one Redis round trip costs {floor:.0f} µs CPU = "
                    f"{floor / echo_then:.2f}× echo"
                )
            # attribution, in a second pass (the wrappers cost a little CPU themselves)
            probe = GameBench(store, kind, random.Random(args.seed), trips)
            parts = Breakdown(store)
            probe.parts = parts
            extra = Overheads()
            try:
                await probe.run(min(args.moves, 1000))
            finally:
                extra.restore()
                parts.restore()
            n_updates = len(probe.move_times) + probe.ui_updates
            n_moves = len(probe.move_times)
            probe_c = statistics.fmean(probe.move_cpu) * 1e6
            print(
                f"{kind:<6} where a move's CPU goes (µs per move, instrumented pass): "
                + ", ".join(
                    f"{label} {total / n_moves * 1e6:.0f}"
                    for label, total in probe.move_parts.items()
                )
                + f"; the rest (aiogram dispatch, middlewares, handler) "
                f"{probe_c - sum(probe.move_parts.values()) / n_moves * 1e6:.0f}"
            )
            print(
                f"{kind:<6} of the CPU per update: fake Telegram (test double, inside the "
                f"requests above) {extra.fake / n_updates * 1e6:.0f} µs, garbage collector "
                f"{extra.gc / n_updates * 1e6:.0f} µs"
            )
            ok = ok and ratio_cpu <= 2.0 and rts <= 2.0
    finally:
        await store.close()
        server.stop()
    print("targets met" if ok else "targets NOT met")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--echoes", type=int, default=4000)
    parser.add_argument(
        "--games", nargs="+", default=["raspad", "kosa"], choices=["raspad", "kosa"]
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-freeze",
        dest="freeze",
        action="store_false",
        help="skip the gc.freeze() that `python -m bot` does after start-up",
    )
    parser.add_argument(
        "--loop",
        choices=["auto", "uvloop", "asyncio"],
        default="auto",
        help="event loop, chosen as EVENT_LOOP chooses it (default auto)",
    )
    args = parser.parse_args()
    from bot.__main__ import loop_factory

    with asyncio.Runner(loop_factory=loop_factory(args.loop)) as runner:
        raise SystemExit(runner.run(main_async(args)))


if __name__ == "__main__":
    main()
