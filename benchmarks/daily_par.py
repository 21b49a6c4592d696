"""The deals of the day proved winnable (`bot.stats.daily_winnable`): for each solitaire and
variant, over a run of days, the CPU seconds to choose a day's deal (the solver proving a
candidate won) and to find its par, which candidate was taken, and the par against the
computer player's own winning line on the same deal (when the computer wins it).

Usage:
    python benchmarks/daily_par.py              # 30 days from the first winnable day
    python benchmarks/daily_par.py --days 10 --games raspad
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.registry import kinds, spec
from bot.stats import daily_winnable
from bot.stats.daily_short import computer_line, deal_state


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def figures(kind: str, variant: str, first: int, days: int) -> None:
    choose, par_time, ratios, taken = [], [], [], []
    no_par = 0
    for day in range(first, first + days):
        t0 = time.process_time()
        proof = daily_winnable.winnable_seed(kind, variant, day)
        t1 = time.process_time()
        deal = daily_winnable.winnable_deal(kind, variant, day)
        t2 = time.process_time()
        choose.append(t1 - t0)
        par_time.append(t2 - t1)
        taken.append(
            next(
                i
                for i in range(spec(kind).winnable_daily.candidates)  # type: ignore[union-attr]
                if daily_winnable.candidate(kind, variant, day, i) == proof.seed
            )
            if proof.line
            else -1
        )
        line = computer_line(kind, deal_state(kind, variant, deal.seed), 3000)
        computer = len(line) if line else None
        if deal.par is None:
            no_par += 1
        elif computer:
            ratios.append(deal.par / computer)
    print(
        f"{kind}/{variant}: {days} days from #{first}: choose p50 {pct(choose, 0.5):.3f} s, "
        f"max {max(choose):.3f} s; par p50 {pct(par_time, 0.5):.2f} s, max {max(par_time):.2f} s; "
        f"candidate taken {dict(sorted((i, taken.count(i)) for i in set(taken)))}; no par {no_par}"
        + (
            f"; par / computer's line mean {statistics.mean(ratios):.3f} "
            f"(min {min(ratios):.3f}, max {max(ratios):.3f}, {len(ratios)} deals it wins)"
            if ratios
            else ""
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--games", nargs="*", default=None)
    args = parser.parse_args()
    for kind in args.games or kinds("solitaire"):
        winnable = spec(kind).winnable_daily
        if winnable is None:
            continue
        for variant in spec(kind).variants:
            figures(kind, variant, winnable.first_day, args.days)


if __name__ == "__main__":
    main()
