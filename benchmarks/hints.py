"""💡 Hint's search as the bot runs it (`bot.games.solitaire.hints`, its budgets): how long a
hint takes and what it answers, and how long a walk back from a proved lost position takes.

Hints: from a mid-game position of each seed 1000-1039 (the computer player's moves, one in
four random, as in benchmarks/solver.py), `advise` with HINT_BUDGET: p50 / p95 / max seconds
and the shares of won / lost / undecided (target: p95 ≤ 1 s).

Walks: for each seed, the computer player plays on (one in four moves random) until a hint
says "lost" (at most `--depth` moves), then `walk_back` over the last `--reach` moves (the
bot's undo depth, 20 by default) with WALK_BUDGET: p50 / p95 / max seconds, and how often it
found a winnable position (and how far back).

Where (`--where thread pool`): the same hints asked as the bot asked them before (a worker
thread, `asyncio.to_thread`) and as it asks them now (the pool of search workers,
`bot.games.searches`), from an event loop that meanwhile wakes every millisecond: seconds per
hint there and back, and how late the loop's wake-ups came (what every other player's tap waits
while a hint searches). Answers are the same either way (the verdict shares are printed).

Usage:
    python benchmarks/hints.py                       # both games, a few minutes
    python benchmarks/hints.py --games raspad --seeds 10
    python benchmarks/hints.py --budget kosa=3000 walk-kosa=9000   # other budgets
    python benchmarks/hints.py --where thread pool --no-walks --seeds 20
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules
from bot.games.solitaire import hints
from rules.rng import Rng

FIRST_SEED = 1000


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def step(game: str, state: Any, rng: Rng) -> Any:
    g = rules.GAMES[game]
    moves = g.legal_moves(state)
    move = moves[rng.below(len(moves))] if rng.below(4) == 0 else g.suggest(state)
    return move, g.apply(state, move)


def mid_game(game: str, seed: int) -> Any:
    """A position some way into a deal (as benchmarks/solver.py makes them)."""
    g = rules.GAMES[game]
    rng = Rng(seed)
    state = g.new_game(None, seed=seed)
    for _ in range(rng.below(25 if game == "raspad" else 250)):
        _move, nxt = step(game, state, rng)
        if g.status(nxt).over:
            break
        state = nxt
    return state


def hint_figures(game: str, seeds: range) -> None:
    times: list[float] = []
    got = dict.fromkeys((hints.WON, hints.LOST, hints.UNDECIDED), 0)
    for seed in seeds:
        state = mid_game(game, seed)
        t0 = time.perf_counter()
        advice = hints.advise(game, state)
        times.append(time.perf_counter() - t0)
        got[advice.verdict] += 1
    n = len(times)
    shares = ", ".join(f"{v} {100 * c / n:.0f} %" for v, c in got.items())
    print(
        f"{game}: hints from {n} mid-game positions, budget {hints.HINT_BUDGET[game]} "
        f"positions: p50 {pct(times, 0.5):.3f} s, p95 {pct(times, 0.95):.3f} s, "
        f"max {max(times):.3f} s; {shares}",
        flush=True,
    )


def lost_position(game: str, seed: int, depth: int) -> tuple[str, list[str]] | None:
    """(s0, moves) of a deal played until a hint proves it lost, or None."""
    g = rules.GAMES[game]
    rng = Rng(seed)
    start = g.new_game(None, seed=seed)
    state, moves = start, []
    for _ in range(depth):
        move, nxt = step(game, state, rng)
        if g.status(nxt).over:
            return None
        state = nxt
        moves.append(move)
        if hints.advise(game, state).verdict == hints.LOST:
            return g.to_json(start), moves
    return None


def walk_figures(game: str, seeds: range, depth: int, reach: int) -> None:
    times: list[float] = []
    backs: list[int] = []
    for seed in seeds:
        found = lost_position(game, seed, depth)
        if found is None:
            continue
        s0, moves = found
        t0 = time.perf_counter()
        back, _line = hints.walk_back(game, s0, moves, reach)
        times.append(time.perf_counter() - t0)
        backs.append(back)
    if not times:
        print(f"{game}: no lost position within {depth} moves")
        return
    hits = [b for b in backs if b]
    far = f", median {statistics.median(hits):g} moves back, max {max(hits)}" if hits else ""
    print(
        f"{game}: walks back from {len(times)} lost positions (reach {reach}, budget "
        f"{hints.WALK_BUDGET[game]} positions): p50 {pct(times, 0.5):.3f} s, "
        f"p95 {pct(times, 0.95):.3f} s, max {max(times):.3f} s; "
        f"a winnable position found {len(hits)} times{far}",
        flush=True,
    )


async def where_figures(game: str, seeds: range, where: str) -> None:
    """Hints asked from an event loop, in a thread or in the pool; the loop's lateness."""
    from bot.games import searches

    states = [mid_game(game, seed) for seed in seeds]
    loop = asyncio.get_running_loop()
    late: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        while not done.is_set():
            start = loop.time()
            await asyncio.sleep(0.001)
            late.append(loop.time() - start - 0.001)

    if where == "pool":  # (started, and its first search done, before the figures)
        await searches.attempt(game, 600.0, hints.advise, game, states[0])
    ticking = asyncio.create_task(ticker())
    times: list[float] = []
    got = dict.fromkeys((hints.WON, hints.LOST, hints.UNDECIDED), 0)
    for state in states:
        t0 = time.perf_counter()
        if where == "pool":
            advice = await searches.attempt(game, 600.0, hints.advise, game, state)
        else:
            advice = await asyncio.to_thread(hints.advise, game, state)
        times.append(time.perf_counter() - t0)
        got[advice.verdict] += 1
    done.set()
    await ticking
    await searches.stop()
    shares = ", ".join(f"{v} {c}" for v, c in got.items())
    print(
        f"{game} in a {where}: {len(times)} hints, p50 {pct(times, 0.5):.3f} s, "
        f"p95 {pct(times, 0.95):.3f} s; the loop late p50 {1000 * pct(late, 0.5):.1f} ms, "
        f"p95 {1000 * pct(late, 0.95):.1f} ms, max {1000 * max(late):.1f} ms; {shares}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--games", nargs="+", default=["raspad", "kosa"])
    parser.add_argument("--depth", type=int, default=120, help="moves played to find a loss")
    parser.add_argument("--reach", type=int, default=20, help="the undo depth")
    parser.add_argument("--no-walks", action="store_true")
    parser.add_argument("--where", nargs="*", default=[], choices=["thread", "pool"])
    parser.add_argument(
        "--budget", nargs="*", default=[], help="try other budgets: kosa=3000 walk-kosa=9000"
    )
    args = parser.parse_args()
    for item in args.budget:
        name, _, value = item.partition("=")
        table = hints.WALK_BUDGET if name.startswith("walk-") else hints.HINT_BUDGET
        table[name.removeprefix("walk-")] = int(value)
    seeds = range(FIRST_SEED, FIRST_SEED + args.seeds)
    for game in args.games:
        if args.where:
            for where in args.where:
                asyncio.run(where_figures(game, seeds, where))
        else:
            hint_figures(game, seeds)
    if not args.no_walks:
        for game in args.games:
            walk_figures(game, seeds, args.depth, args.reach)


if __name__ == "__main__":
    main()
