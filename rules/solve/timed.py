"""A wall-clock cap for the command line and the benchmark (the library itself counts
positions, never time): `solve_for(game, state, seconds)` calls `rules.solve.solve` with
growing budgets, first to decide the position (doubling), then to shorten its line: a small
call measures the positions per second, the next is sized to the time left; none is made
that would not be bigger than the one before. A call still running at the
deadline is stopped there (the solver's `stop` hook, asked every few hundred positions) and
gives what it has."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.solve import solve
from rules.solve.common import UNDECIDED, WON, Solution

FIRST = 1_000  # positions of the first call
GROWTH = 2
SAFETY = 0.8  # the share of the time left a call is sized for
CALIBRATE = 8


@dataclass(frozen=True, slots=True)
class Timed:
    """The best answer found within the time (`nodes` counts every call's positions); when
    the verdict was first known (`decided_*`: the calls up to the first one that decided)."""

    solution: Solution
    nodes: int
    seconds: float
    decided_nodes: int = 0
    decided_seconds: float = 0.0


def solve_for(
    game: str,
    state: Any,
    seconds: float,
    *,
    shortest: bool = True,
    clock: Callable[[], float] = time.perf_counter,
) -> Timed:
    start = clock()
    deadline = start + seconds

    def late() -> bool:
        return clock() > deadline

    total = 0
    budget = FIRST
    rate = 0.0  # seconds per position, measured by the last call
    sol = Solution(UNDECIDED)
    best: Solution | None = None
    deciding = True
    decided = (0, 0.0)
    while True:
        t0 = clock()
        got = solve(game, state, budget, shortest=not deciding, stop=late)
        spent = clock() - t0
        total += got.nodes
        if got.nodes:
            rate = spent / got.nodes
        if deciding:
            sol = got
            if got.verdict != UNDECIDED:
                deciding = False
                decided = (total, clock() - start)
                best = got
                if not shortest or got.verdict != WON or got.minimal:
                    break
                # the first shortening call measures the rate: mostly the shortening's own
                # positions (it plays the deciding line again first)
                budget = max(FIRST, CALIBRATE * got.nodes)
                continue
        else:
            if best is None or len(got.moves) < len(best.moves) or got.minimal:
                best = got
            if got.minimal:
                break  # proved shortest
        room = int((deadline - clock()) * SAFETY / rate) if rate > 0 else budget * GROWTH
        if room <= budget:
            break  # no bigger call fits in the time left
        # deciding: double; shortening: the first call measures the rate, the next takes
        # all the time left (a bigger search gives a shorter line; a search cut by the
        # deadline gives what it has, which for Kosa's beam may be nothing new)
        budget = min(budget * GROWTH, room) if deciding else room
    return Timed(best or sol, total, clock() - start, *decided)
