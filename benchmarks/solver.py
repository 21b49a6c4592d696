"""The solitaire solvers (`rules.solve`) on random deals: how many they decide within a
wall-clock cap, how long their lines ("par") are against the computer player's own winning
line, and how fast a hint (the first move of a winning line) comes from mid-game positions.

For each game (default options) and each seed of a fixed range: the solver runs through
`rules.solve.timed.solve_for` with a cap of `--seconds` (default 10; one process, one core),
deciding first, then shortening its line with the time left; the computer player
(`rules.GAMES[g].suggest`, seed None) plays the same deal out. Figures: the share decided
(won or proved lost), won / lost / undecided, median and p95 seconds and positions to the
verdict, and on deals both win the par against the computer player's line: the mean ratio
for Kosa (target ≤ 0.85), the largest for Raspad (target ≤ 1: never longer). Then hints from
`--hints` positions reached by a seeded mix of the computer player's moves and random legal
moves, each with the budget `HINT_BUDGET` (positions, sized for about a second here): p50 and
p95 seconds (target p95 ≤ 1 s).

Usage:
    python benchmarks/solver.py                      # 40 deals a game, about 15 minutes
    python benchmarks/solver.py --deals 5 --seconds 2 --games raspad
    python benchmarks/solver.py --clock cpu          # the cap in CPU seconds (a busy machine)
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import rules
from rules.rng import Rng
from rules.solve import hint
from rules.solve.timed import solve_for

FIRST_SEED = 1000
HINT_BUDGET = {"raspad": 20_000, "kosa": 1_500}  # positions: about a second at the most
AI_CAP = 3000  # moves: the Kosa computer player may shift cards for ever in a lost position


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def ai_line(game: str, state: Any) -> tuple[bool, int]:
    """(won, moves) of the computer player's own line."""
    g = rules.GAMES[game]
    n = 0
    while not g.status(state).over and n < AI_CAP:
        state = g.apply(state, g.suggest(state))
        n += 1
    return g.status(state).result == "won", n


def deals(game: str, n: int, seconds: float, clock: Callable[[], float]) -> None:
    g = rules.GAMES[game]
    verdicts: dict[str, int] = {"won": 0, "lost": 0, "undecided": 0}
    dec_s: list[float] = []
    dec_n: list[float] = []
    ratios: list[float] = []
    longer = 0
    minimal = 0
    for seed in range(FIRST_SEED, FIRST_SEED + n):
        state = g.new_game(None, seed=seed)
        got = solve_for(game, state, seconds, clock=clock)
        sol = got.solution
        verdicts[sol.verdict] += 1
        minimal += sol.minimal
        if sol.verdict != "undecided":
            dec_s.append(got.decided_seconds)
            dec_n.append(got.decided_nodes)
        ai_won, ai_len = ai_line(game, state)
        note = ""
        if sol.verdict == "won" and ai_won:
            ratios.append(len(sol.moves) / ai_len)
            longer += len(sol.moves) > ai_len
            note = f"par {len(sol.moves)} / computer {ai_len} = {ratios[-1]:.3f}"
        print(
            f"  {game} seed {seed}: {sol.verdict:9} decided in {got.decided_seconds:.2f} s "
            f"({got.decided_nodes} positions), {got.seconds:.1f} s in all; "
            f"computer {'won' if ai_won else 'lost'}; {note}",
            flush=True,
        )
    decided = verdicts["won"] + verdicts["lost"]
    print(f"{game}: {n} deals, cap {seconds:g} s a deal")
    print(
        f"  decided {100 * decided / n:.1f} %: won {100 * verdicts['won'] / n:.1f} %, "
        f"lost {100 * verdicts['lost'] / n:.1f} %, "
        f"undecided {100 * verdicts['undecided'] / n:.1f} %"
    )
    print(
        f"  to the verdict: median {statistics.median(dec_s or [0]):.3f} s, "
        f"p95 {pct(dec_s, 0.95):.3f} s; median {statistics.median(dec_n or [0]):.0f} positions, "
        f"p95 {pct(dec_n, 0.95):.0f}"
    )
    if ratios:
        print(
            f"  par / computer player's line on {len(ratios)} deals both won: "
            f"mean {statistics.mean(ratios):.3f}, max {max(ratios):.3f}, min {min(ratios):.3f}; "
            f"longer on {longer}; proved shortest on {minimal}"
        )


def mid_game(game: str, seed: int) -> Any:
    """A position some way into a deal: computer player's moves, one in four random."""
    g = rules.GAMES[game]
    rng = Rng(seed)
    state = g.new_game(None, seed=seed)
    depth = rng.below(25 if game == "raspad" else 250)
    for _ in range(depth):
        if g.status(state).over:
            break
        moves = g.legal_moves(state)
        m = moves[rng.below(len(moves))] if rng.below(4) == 0 else g.suggest(state)
        nxt = g.apply(state, m)
        if g.status(nxt).over:
            break
        state = nxt
    return state


def hints(game: str, n: int) -> None:
    times: list[float] = []
    got: dict[str, int] = {"won": 0, "lost": 0, "undecided": 0}
    for seed in range(FIRST_SEED, FIRST_SEED + n):
        state = mid_game(game, seed)
        t0 = time.perf_counter()
        h = hint(game, state, HINT_BUDGET[game])
        times.append(time.perf_counter() - t0)
        got[h.verdict] += 1
    print(
        f"  hints ({n} positions, budget {HINT_BUDGET[game]} positions): p50 "
        f"{pct(times, 0.5):.3f} s, p95 {pct(times, 0.95):.3f} s, max {max(times):.3f} s; "
        f"won {got['won']}, lost {got['lost']}, undecided {got['undecided']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--hints", type=int, default=20)
    parser.add_argument("--games", nargs="+", default=["raspad", "kosa"])
    parser.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="the cap's clock: wall time, or this process's CPU time (a loaded machine)",
    )
    args = parser.parse_args()
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    print(f"cap: {args.seconds:g} s of {args.clock} time a deal")
    for game in args.games:
        deals(game, args.deals, args.seconds, clock)
        hints(game, args.hints)


if __name__ == "__main__":
    main()
