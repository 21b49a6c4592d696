"""Rules benchmark: speed of the engines and strength of the `suggest` players.

Prints, for each game:
- median µs per `legal_moves` + `apply` step over seeded random playouts;
- median µs per JSON round trip (`to_json` + `from_json`);
- `suggest` latency per decision (median, p95, max wall-clock ms; and the most CPU time one
  decision took, which a busy machine does not inflate);
- solitaires: the win rate of `suggest` over N seeded deals (default 1,000);
- group games: a match table of `suggest` against a uniformly random player over seeded games
  (default 400 per row; seats alternate; a shared win counts as a share);
- levels (`rules.ai.LEVELS`; Parquet 2 players, Ryadki 2 and 4 players with 1 deal): for each
  level its score against uniformly random players and against the strong level (the other
  seats), over the same seeded games as the match table, and the median and most CPU ms of
  one of its decisions.

Usage:
    python benchmarks/rules_speed.py                 # everything (takes several minutes)
    python benchmarks/rules_speed.py --quick         # small counts, for a smoke run
    python benchmarks/rules_speed.py --games kosa --deals 200 --jobs 2
    python benchmarks/rules_speed.py --levels only   # the level table alone

A script that prints figures, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import rules
from rules.ai import LEVELS

MAX_STEPS = 5000


def _median_us(samples_ns: list[int]) -> float:
    return statistics.median(samples_ns) / 1000 if samples_ns else float("nan")


def _pct(samples: list[float], q: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _seated(game: str, state: Any) -> int:
    """Seats of a state (from the public view of seat 0)."""
    return len(rules.GAMES[game].status(state).scores) or 1


def _mover(game: str, state: Any, seats: int) -> int | None:
    g = rules.GAMES[game]
    for p in range(seats):
        if g.legal_moves(state, p):
            return p
    return None


def speed(game: str, options: dict[str, Any], games: int) -> tuple[float, float, int]:
    """(median µs per step, median µs per JSON round trip, steps measured)."""
    g = rules.GAMES[game]
    step_ns: list[int] = []
    trip_ns: list[int] = []
    clock = time.perf_counter_ns
    for seed in range(games):
        rnd = random.Random(seed)
        state = g.new_game(dict(options), seed=seed)
        seats = _seated(game, state)
        for _ in range(MAX_STEPS):
            if g.status(state).over:
                break
            t0 = clock()
            mover, moves = None, []
            for p in range(seats):
                moves = g.legal_moves(state, p)
                if moves:
                    mover = p
                    break
            if mover is None:
                break
            move = moves[rnd.randrange(len(moves))]
            state = g.apply(state, move, mover)
            step_ns.append(clock() - t0)
            if len(step_ns) % 7 == 0:
                t0 = clock()
                g.from_json(g.to_json(state))
                trip_ns.append(clock() - t0)
    return _median_us(step_ns), _median_us(trip_ns), len(step_ns)


Latency = tuple[list[float], float]  # wall-clock ms per decision, the most CPU ms of one


def _timed_suggest(
    game: str, state: Any, player: int, seed: int, lat: list[float]
) -> tuple[str, float]:
    """`suggest`'s move and the CPU ms it took; its wall-clock ms is appended to `lat`."""
    t0, c0 = time.perf_counter(), time.thread_time()
    move = rules.GAMES[game].suggest(state, player, seed)
    c1, t1 = time.thread_time(), time.perf_counter()
    lat.append((t1 - t0) * 1000)
    return move, (c1 - c0) * 1000


def _solitaire_deal(args: tuple[str, dict[str, Any], int]) -> tuple[bool, Latency]:
    game, options, seed = args
    g = rules.GAMES[game]
    state = g.new_game(dict(options), seed=seed)
    lat: list[float] = []
    cpu = 0.0
    for _ in range(MAX_STEPS):
        if g.status(state).over:
            break
        move, ms = _timed_suggest(game, state, 0, seed, lat)
        cpu = max(cpu, ms)
        state = g.apply(state, move, 0)
    return g.status(state).result == "won", (lat, cpu)


def _match_game(args: tuple[str, dict[str, Any], int, int]) -> tuple[float, Latency]:
    """One game: `suggest` in seat `ai`, uniform random elsewhere. Returns the AI's win share."""
    game, options, seed, ai = args
    g = rules.GAMES[game]
    rnd = random.Random(seed * 7919 + ai)
    state = g.new_game(dict(options), seed=seed)
    seats = _seated(game, state)
    lat: list[float] = []
    cpu = 0.0
    for _ in range(MAX_STEPS):
        if g.status(state).over:
            break
        mover = _mover(game, state, seats)
        if mover is None:
            break
        if mover == ai:
            move, ms = _timed_suggest(game, state, mover, seed, lat)
            cpu = max(cpu, ms)
        else:
            moves = g.legal_moves(state, mover)
            move = moves[rnd.randrange(len(moves))]
        state = g.apply(state, move, mover)
    winners = g.status(state).winners
    share = 1 / len(winners) if ai in winners else 0.0
    return share, (lat, cpu)


def _run(fn: Callable[[Any], Any], jobs: Iterable[Any], workers: int) -> list[Any]:
    if workers <= 1:
        return [fn(j) for j in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(fn, jobs, chunksize=4))


def _latencies(results: list[tuple[Any, Latency]]) -> tuple[list[float], float]:
    """Every decision's wall-clock ms, and the most CPU ms one decision took."""
    lat = [x for _, (ls, _) in results for x in ls]
    return lat, max((cpu for _, (_, cpu) in results), default=0.0)


def _latency_line(lat: list[float], cpu: float) -> str:
    return (
        f"suggest ms/decision: median {statistics.median(lat):.2f}, "
        f"p95 {_pct(lat, 0.95):.2f}, max {max(lat):.2f} ({len(lat)} decisions); "
        f"most CPU ms of one decision {cpu:.2f}"
        if lat
        else "suggest: no decisions"
    )


LEVEL_ROWS: list[tuple[str, str, dict[str, Any]]] = [
    ("parquet", "Parquet 2p", {}),
    ("ryadki", "Ryadki 2p 1 deal", {"players": 2, "deals": 1}),
    ("ryadki", "Ryadki 4p 1 deal", {"players": 4, "deals": 1}),
]


def _level_game(args: tuple[str, dict[str, Any], int, int, str, str]) -> tuple[float, list[float]]:
    """One game: `suggest` at `level` in seat `ai`, the other seats `rival` ("random" or
    "strong"). Returns the seat's win share and the CPU ms of each of its decisions."""
    game, options, seed, ai, level, rival = args
    g = rules.GAMES[game]
    importlib.import_module(f"rules.ai.{game}")  # loaded before the clock, not in a decision
    rnd = random.Random(seed * 7919 + ai)
    state = g.new_game(dict(options), seed=seed)
    seats = _seated(game, state)
    cpu: list[float] = []
    for _ in range(MAX_STEPS):
        if g.status(state).over:
            break
        mover = _mover(game, state, seats)
        if mover is None:
            break
        ai_seed = seed * 1009 + len(cpu)  # a new seed a decision, as the bot gives
        if mover == ai:
            c0 = time.thread_time()
            move = g.suggest(state, mover, ai_seed, level=level)
            cpu.append((time.thread_time() - c0) * 1000)
        elif rival == "strong":
            move = g.suggest(state, mover, ai_seed + 500_000, level="strong")
        else:
            moves = g.legal_moves(state, mover)
            move = moves[rnd.randrange(len(moves))]
        state = g.apply(state, move, mover)
    winners = g.status(state).winners
    return (1 / len(winners) if ai in winners else 0.0), cpu


def levels_table(matches: int, seed0: int, workers: int, games: list[str]) -> None:
    """Print the level table (see the module docstring)."""
    seeds = range(seed0, seed0 + matches)
    print(
        f"\n== levels: score of one seat at each level, {matches} seeded games a cell "
        f"(seeds {seed0}..{seed0 + matches - 1}, seats alternate, a shared win counts as a share)"
    )
    print(
        f"  {'game':<18} {'level':<7} {'vs random':>9} {'vs strong':>9} "
        f"{'fair':>5} {'CPU ms/decision: median':>24} {'max':>7}"
    )
    for game, label, opts in LEVEL_ROWS:
        if game not in games:
            continue
        seats = int(opts.get("players", 2))
        for level in LEVELS:
            score: dict[str, float] = {}
            cpu: list[float] = []
            t0 = time.perf_counter()
            for rival in ("random", "strong"):
                jobs = [(game, opts, s, s % seats, level, rival) for s in seeds]
                results = _run(_level_game, jobs, workers)
                score[rival] = sum(share for share, _ in results) / len(results)
                cpu += [ms for _, ms in results for ms in ms]
            print(
                f"  {label:<18} {level:<7} {100 * score['random']:8.1f}% "
                f"{100 * score['strong']:8.1f}% {100 / seats:4.0f}% "
                f"{statistics.median(cpu) if cpu else 0:24.2f} {max(cpu, default=0):7.2f}"
                f"   ({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", default="raspad,kosa,ryadki,parquet")
    ap.add_argument("--deals", type=int, default=1000, help="solitaire deals for the win rate")
    ap.add_argument("--matches", type=int, default=400, help="games per match-table row")
    ap.add_argument("--speed-games", type=int, default=40, help="random playouts for speed")
    ap.add_argument("--seed0", type=int, default=0, help="first seed of the match-table games")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--quick", action="store_true", help="small counts (smoke run)")
    ap.add_argument(
        "--levels",
        choices=("on", "off", "only"),
        default="on",
        help="the level table after the games (on), not at all (off), or alone (only)",
    )
    args = ap.parse_args()
    if args.quick:
        args.deals, args.matches, args.speed_games = 40, 20, 10

    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, jobs={args.jobs}")
    games = args.games.split(",")
    for game in games if args.levels != "only" else []:
        print(f"\n== {game}")
        base: dict[str, Any] = {}
        variants = [base]
        if game == "ryadki":
            variants = [{"players": n} for n in (2, 3, 6)]
        for opts in variants:
            step, trip, n = speed(game, opts, args.speed_games)
            label = f" {opts}" if opts else ""
            print(
                f"speed{label}: {step:.1f} µs/step (median of {n}), {trip:.1f} µs/JSON round trip"
            )
        if game in rules.SOLITAIRES:
            t0 = time.perf_counter()
            results = _run(_solitaire_deal, [(game, base, s) for s in range(args.deals)], args.jobs)
            wins = sum(1 for won, _ in results if won)
            lat, cpu = _latencies(results)
            print(
                f"suggest wins {wins}/{args.deals} = {100 * wins / args.deals:.1f} % "
                f"(seeds 0..{args.deals - 1}, {time.perf_counter() - t0:.0f} s)"
            )
            print(_latency_line(lat, cpu))
        else:
            rows: list[tuple[str, dict[str, Any]]] = []
            if game == "ryadki":
                rows = [
                    (f"{n} players, {d} deal{'s' if d > 1 else ''}", {"players": n, "deals": d})
                    for n in (2, 3, 6)
                    for d in (1, 7)
                ]
            else:
                rows = [("2 players", {})]
            print(
                f"match table: suggest vs uniform random, {args.matches} seeded games a row "
                f"(seeds {args.seed0}..{args.seed0 + args.matches - 1})"
            )
            for label, opts in rows:
                seats = int(opts.get("players", 2))
                seeds = range(args.seed0, args.seed0 + args.matches)
                jobs = [(game, opts, s, s % seats) for s in seeds]
                t0 = time.perf_counter()
                results = _run(_match_game, jobs, args.jobs)
                score = sum(share for share, _ in results) / len(results)
                lat, cpu = _latencies(results)
                print(
                    f"  {label:<22} suggest scores {100 * score:5.1f} % "
                    f"(fair share {100 / seats:.0f} %), "
                    f"median {statistics.median(lat) if lat else 0:.2f} ms, "
                    f"max {max(lat) if lat else 0:.2f} ms/decision "
                    f"(CPU {cpu:.2f}), {time.perf_counter() - t0:.0f} s"
                )

    if args.levels != "off":
        levels_table(args.matches, args.seed0, args.jobs, games)


if __name__ == "__main__":
    main()
