"""The end of a game on Redis: round trips, CPU and memory of `Store.finish` (the whole path:
building the GameResult, the compare-and-set save with the result, statistics, history,
ratings, leaderboards, the pending set).

Against a real redis-server it starts (or `--redis-url`), for each game kind it creates games
(not measured), then finishes them one at a time and prints per finished game:
- round trips (a pipeline or a command sent alone: one each) and commands sent, next to
  today's save of a finished game (1 and 1), and the commands Redis ran (INFO commandstats: the
  scripts' own calls included);
- CPU µs of this process (time.process_time) for the whole end path, next to the plain save;
- Redis memory (MEMORY USAGE … SAMPLES 0): per recorded result (its key), per user (statistics
  hash, history at its cap of 100, markers), per leaderboard line and per rating.

Usage:
    python benchmarks/game_end.py                 # 400 games per kind
    python benchmarks/game_end.py --games 100     # quicker
A script that prints figures, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.stats.daily import utc_day
from bot.stats.result import GameResult, Outcome, PlayerResult
from bot.storage import GameRecord, Player, SoloMeta, TableMeta, new_id
from bot.storage.redis_store import RedisStore
from bot.storage.result_writes import result_key, user
from bot.storage.result_writes import scope as scope_key
from tests.support.redis_counting import RoundTrips
from tests.support.redis_server import RedisServer, start_redis

SOLO_USERS = 4  # so each has more than the 100 results history keeps
TABLE_USERS = 24
GROUPS = 3


def kosa(game_id: str, i: int) -> GameResult:
    uid = 1000 + i % SOLO_USERS
    won = i % 3 == 0
    outcome: Outcome = "won" if won else "lost"
    now = time.time()
    return GameResult(
        game_id=game_id,
        kind="kosa",
        variant="u",
        players=(PlayerResult(uid, 0, f"Player {uid}", outcome, 104 if won else 60 + i % 40),),
        moves=250 + i % 97,
        duration=600 + i % 300,
        finished_at=now,
        date=utc_day(now),
        used_undo=i % 5 == 0,
        daily=60 + i // SOLO_USERS if i % 2 == 0 else None,  # some are the day's deal
        rounds=1 + i % 3,
    )


def table_game(kind: str, seats: int) -> Callable[[str, int], GameResult]:
    def make(game_id: str, i: int) -> GameResult:
        uids = [2000 + (i * 7 + 5 * k) % TABLE_USERS for k in range(seats)]
        order = [(i + k) % seats for k in range(seats)]
        players = tuple(
            PlayerResult(
                uid,
                seat,
                f"Player {uid}",
                "won" if order[seat] == 0 else ("resigned" if order[seat] == 3 else "lost"),
                40 - 10 * order[seat],
            )
            for seat, uid in enumerate(uids)
        )
        now = time.time()
        return GameResult(
            game_id=game_id,
            kind=kind,
            variant="",
            players=players,
            moves=60 + i % 30,
            duration=900,
            finished_at=now,
            date=utc_day(now),
            chat_id=-1000 - i % GROUPS,
        )

    return make


KINDS: dict[str, tuple[Callable[[str, int], GameResult], int]] = {
    "kosa (1 player)": (kosa, 1),
    "ryadki (4 players, rated)": (table_game("ryadki", 4), 4),
    "parquet (2 players, rated)": (table_game("parquet", 2), 2),
}


def record_for(kind: str) -> GameRecord:
    if kind == "kosa":
        meta: SoloMeta | TableMeta = SoloMeta(uid=1, lang="ru", variant="u", moves=300)
    else:
        meta = TableMeta(creator=1, players=[Player(2000 + k, f"P{k}") for k in range(4)])
    state = '{"board":"' + "x" * 600 + '"}'  # a finished game's state, roughly its size
    return GameRecord(id=new_id(), kind=kind, chat_id=-1, state=state, meta=meta)


async def commandstats(store: RedisStore) -> dict[str, int]:
    info = await store.client.info("commandstats")
    return {k.removeprefix("cmdstat_"): int(v["calls"]) for k, v in info.items()}


def delta(after: dict[str, int], before: dict[str, int]) -> dict[str, int]:
    return {k: v - before.get(k, 0) for k, v in after.items() if v - before.get(k, 0)}


async def memory(store: RedisStore, key: str) -> int:
    return int(await store.client.execute_command("MEMORY", "USAGE", key, "SAMPLES", "0") or 0)


async def finish_all(
    store: RedisStore, trips: RoundTrips, label: str, games: int
) -> dict[str, Any]:
    make, _ = KINDS[label]
    kind = label.split(maxsplit=1)[0]
    records = []
    for _ in range(games):
        record = record_for(kind)
        assert await store.create(record)
        record.finished = True
        records.append(record)
    before = await commandstats(store)
    trips0, sent0 = trips.trips, trips.commands
    cpu: list[float] = []
    gc.collect()
    for i, record in enumerate(records):
        t0 = time.process_time()
        result = make(record.id, i)
        assert await store.finish(record, record.version, result)
        cpu.append(time.process_time() - t0)
    sent = trips.commands - sent0
    commands = delta(await commandstats(store), before)
    commands.pop("info", None)
    return {
        "trips": (trips.trips - trips0) / games,
        "sent": sent / games,
        "commands": sum(commands.values()) / games,
        "by_command": {k: round(v / games, 2) for k, v in sorted(commands.items())},
        "cpu_us": statistics.median(cpu) * 1e6,
        "cpu_mean_us": statistics.fmean(cpu) * 1e6,
        "ids": [r.id for r in records],
    }


async def plain_saves(store: RedisStore, games: int) -> tuple[float, float]:
    """Today's save of a finished game: CPU µs (median) and commands per save."""
    records = []
    for _ in range(games):
        record = record_for("kosa")
        assert await store.create(record)
        record.finished = True
        records.append(record)
    before = await commandstats(store)
    cpu = []
    gc.collect()
    for record in records:
        t0 = time.process_time()
        assert await store.save(record, record.version)
        cpu.append(time.process_time() - t0)
    commands = delta(await commandstats(store), before)
    commands.pop("info", None)
    return statistics.median(cpu) * 1e6, sum(commands.values()) / games


async def report_memory(store: RedisStore, kosa_ids: list[str]) -> None:
    results = [await memory(store, store.name(result_key(gid))) for gid in kosa_ids[:50]]
    print(f"\nmemory per recorded result (kosa, its key): {statistics.fmean(results):.0f} B")
    for uid, label in ((1000, "solitaire player"), (2000, "group player")):
        st = await memory(store, store.name(user(uid, "st")))
        history = await memory(store, store.name(user(uid, "h")))
        n_hist = await store.client.llen(store.name(user(uid, "h")))
        done = await memory(store, store.name(user(uid, "done")))
        n_done = await store.client.zcard(store.name(user(uid, "done")))
        print(
            f"memory per {label} {uid}: statistics {st} B, history {history} B "
            f"({n_hist} results), markers {done} B ({n_done} games, trimmed after "
            f"{store.results.marker_window // 3600} h): {st + history + done} B"
        )
    for scope, name, what in (
        ("kosa", "w", "wins board line"),
        ("kosa", "s", "streak board line"),
        ("ryadki", "r", "rating board line"),
        ("ryadki", "rt", "rating"),
        ("ryadki:-1000", "rt", "group rating"),
    ):
        key = store.name(scope_key(scope, name))
        size = await memory(store, key)
        kind = await store.client.type(key)
        count = await (store.client.hlen(key) if kind == "hash" else store.client.zcard(key))
        print(f"memory per {what}: {size / max(count, 1):.0f} B ({count} users, {size} B)")
    daily = [str(k) for k in await store.client.keys(store.name(scope_key("kosa", "d:*")))]
    if daily:
        size = await memory(store, daily[0])
        count = await store.client.zcard(daily[0])
        print(f"memory per daily board line: {size / max(count, 1):.0f} B ({count} users)")


async def main(args: argparse.Namespace) -> None:
    server: RedisServer | None = None
    url = args.redis_url
    if url is None:
        server = start_redis()
        url = server.url
    store = await RedisStore(url, prefix=f"bench{time.time_ns()}").open()
    trips = RoundTrips(store)  # what the store sends, counted from outside
    try:
        for label in KINDS:  # warm up: scripts into Redis's cache, code paths once
            await finish_all(store, trips, label, 5)
        save_cpu, save_commands = await plain_saves(store, args.games)
        print(
            f"today's save of a finished game: 1 round trip, 1 command sent "
            f"({save_commands:.0f} run by Redis, the script's own included), "
            f"{save_cpu:.0f} µs CPU (median)\n"
        )
        kosa_ids: list[str] = []
        for label in KINDS:
            got = await finish_all(store, trips, label, args.games)
            kosa_ids = kosa_ids or got["ids"]
            print(
                f"{label}: {got['trips']:.2f} round trips ({got['trips'] - 1:.2f} more than "
                f"the save), {got['sent']:.2f} commands sent ({got['commands']:.1f} run by "
                f"Redis), CPU {got['cpu_us']:.0f} µs median ({got['cpu_mean_us']:.0f} µs mean; "
                f"the save alone {save_cpu:.0f})"
            )
            if args.verbose:
                print(f"  run by Redis per game: {got['by_command']}")
        await report_memory(store, kosa_ids)
    finally:
        await store.close()
        if server is not None:
            server.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--redis-url", default=None)
    parser.add_argument("--loop", choices=("uvloop", "asyncio"), default="uvloop")
    parser.add_argument("--verbose", action="store_true", help="Redis's commands by name")
    options = parser.parse_args()
    if options.loop == "uvloop":
        import uvloop

        uvloop.run(main(options))
    else:
        asyncio.run(main(options))
