"""A year of the deals of the day proved winnable (`bot.stats.daily_winnable`): for each
solitaire that declares it, in its default variant, the 365 days from its first such day, each
chosen as every process chooses it (the solver, nothing cached), and checked: a candidate was
proved winnable, `day_seed` is its seed, its line replayed by the engine wins, and the choice is
the one committed in `tests/support/daily_deals.json` (the table the suite samples: see
`tests/support/daily_deals.py`). Prints the CPU seconds to choose a day (p50, p95, max, the
whole year), which candidates were taken, and every day that fails a check (exit status 1).

Usage:
    python benchmarks/daily_year.py                      # every such game, the whole year
    python benchmarks/daily_year.py --games raspad --days 30
    python benchmarks/daily_year.py --write              # after a deliberate change of the choice
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.support, from any directory

from bot.registry import spec
from bot.stats import daily_winnable
from bot.stats.daily import day_date, day_seed
from tests.support import daily_deals
from tests.support.daily_deals import Chosen, Year


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def check_day(kind: str, day: int, committed: Chosen | None) -> tuple[Chosen, float, list[str]]:
    """Day `day`'s deal of `kind` chosen afresh: (its choice, CPU seconds, what is wrong)."""
    variant = spec(kind).default_variant
    daily_winnable.winnable_seed.cache_clear()  # as a new process would
    t0 = time.process_time()
    now = daily_deals.chosen(kind, day)
    cpu = time.process_time() - t0
    deal = daily_winnable.winnable_seed(kind, variant, day)  # (cached by `chosen`)
    wrong = []
    if not deal.line:
        wrong.append("no candidate proved winnable")
    if day_seed(kind, variant, day_date(day)) != deal.seed:
        wrong.append("day_seed differs")
    if deal.line and not daily_deals.wins(kind, variant, deal.seed, deal.line):
        wrong.append("the line does not win")
    if committed is not None and committed != now:
        wrong.append(f"committed {committed}, chosen now {now}")
    return now, cpu, wrong


def year(kind: str, days: range, committed: Year) -> tuple[Year, int]:
    """Check the days of `kind`, print its figures: (the days as chosen now, failures)."""
    chosen: Year = {}
    cpu: list[float] = []
    failed = 0
    for day in days:
        chosen[day], seconds, wrong = check_day(kind, day, committed.get(day))
        cpu.append(seconds)
        for what in wrong:
            failed += 1
            print(f"  {kind} day {day}: {what}")
    taken = Counter(c.candidate for c in chosen.values())
    moves = [c.moves for c in chosen.values() if c.moves]
    slow = sorted(zip(cpu, days, strict=True), reverse=True)[:5]
    print(
        f"{kind}/{spec(kind).default_variant}: {len(days)} days from #{days.start}: "
        f"choose CPU p50 {pct(cpu, 0.5):.3f} s, p95 {pct(cpu, 0.95):.3f} s, "
        f"max {max(cpu):.2f} s, all {sum(cpu):.1f} s; "
        f"candidate taken {dict(sorted(taken.items()))}; "
        f"proving line {min(moves, default=0)}-{max(moves, default=0)} moves; "
        f"slowest days {', '.join(f'#{d} {s:.2f} s' for s, d in slow)}; {failed} failed"
    )
    return chosen, failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--days", type=int, default=daily_deals.DAYS)
    parser.add_argument("--write", action="store_true", help="write the table (the whole year)")
    args = parser.parse_args()
    if args.write and (args.days != daily_deals.DAYS or args.games):
        parser.error("--write chooses the whole year of every game")
    committed = {} if args.write else daily_deals.load()
    table: dict[str, Year] = {}
    failed = 0
    for kind in args.games or daily_deals.winnable_games():
        days = daily_deals.days(kind)[: args.days]
        table[kind], wrong = year(kind, days, committed.get(kind, {}))
        failed += wrong
    if args.write:
        if failed:
            sys.exit(f"{failed} failed: the table is not written")
        daily_deals.dump(table)
        print(f"written: {daily_deals.TABLE}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
