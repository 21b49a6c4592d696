"""The three graded deals of the day (`bot.stats.daily_tiers`): for each solitaire that declares
them, over a run of days, per tier the computer player's win rate — on the playouts that graded
the deal and on as many again it never saw — and the par; every tier's deal replayed to a win
along its par's line; the CPU seconds a day's choice takes. It fails (exit 1) unless, for each
game, Easy > Medium > Hard in the unseen playouts' mean win rate and every deal replays won.

Usage:
    python benchmarks/daily_tiers.py                # 30 days from each game's first tier day
    python benchmarks/daily_tiers.py --days 3 --games raspad
    python benchmarks/daily_tiers.py --spares 8     # the graded spares a declaration keeps
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from bot.registry import kinds, spec
from bot.stats import daily_tiers
from bot.stats.daily_short import deal_state


def replays_won(kind: str, variant: str, seed: int, line: tuple[str, ...]) -> bool:
    game = spec(kind).game
    state = deal_state(kind, variant, seed)
    for move in line:
        state = game.apply(state, move, 0)
    return game.status(state).result == "won"


def figures(kind: str, days: range) -> bool:
    variant = spec(kind).default_variant
    tiers = daily_tiers.declared(kind)
    assert tiers is not None
    seen: dict[str, list[float]] = {t: [] for t in daily_tiers.TIERS}
    unseen: dict[str, list[float]] = {t: [] for t in daily_tiers.TIERS}
    pars: dict[str, list[int]] = {t: [] for t in daily_tiers.TIERS}
    cpu, replayed, short = [], 0, 0
    for day in days:
        started = time.process_time()
        found = daily_tiers.chosen(kind, variant, day)
        cpu.append(time.process_time() - started)
        if found is None:
            short += 1
            continue
        cells = []
        for tier, g in found.items():
            fresh = daily_tiers.win_rate(kind, variant, g.deal.seed, first=tiers.playouts)
            seen[tier].append(g.rate)
            unseen[tier].append(fresh)
            pars[tier].append(g.deal.par or 0)
            replayed += replays_won(kind, variant, g.deal.seed, g.deal.line)
            cells.append(f"{tier} {g.rate:.2f}/{fresh:.2f} par {g.deal.par}")
        print(f"  #{day}: " + " | ".join(cells) + f" ({cpu[-1]:.1f} s)", flush=True)
    mean = {t: statistics.mean(v) if v else 0.0 for t, v in unseen.items()}
    print(
        f"{kind}/{variant}: {len(days)} days from #{days.start}, slip {tiers.slip}, "
        f"{tiers.candidates} candidates, {tiers.playouts} playouts; choice CPU p50 "
        f"{statistics.median(cpu):.1f} s, max {max(cpu):.1f} s; days with < 3 proved: {short}"
    )
    for t in daily_tiers.TIERS:
        if seen[t]:
            print(
                f"  {t}: win rate graded {statistics.mean(seen[t]):.3f}, unseen {mean[t]:.3f}; "
                f"par mean {statistics.mean(pars[t]):.0f} (min {min(pars[t])}, max {max(pars[t])})"
            )
    total = 3 * (len(days) - short)
    print(f"  replayed to a win: {replayed} of {total}")
    ordered = mean["e"] > mean["m"] > mean["h"]
    print(f"  Easy > Medium > Hard (unseen playouts): {'yes' if ordered else 'NO'}")
    return ordered and replayed == total


def spares(kind: str, count: int) -> None:
    """The graded deals of `count` days no calendar reaches (-1, -2, …), as a declaration's
    `DailyTiers.spares`."""
    variant = spec(kind).default_variant
    print(f"{kind}/{variant} spares=(")
    for i in range(1, count + 1):
        found = daily_tiers.chosen(kind, variant, -i)
        if found is None:
            continue
        cells = ", ".join(f"({g.deal.seed}, {g.deal.par})" for g in found.values())
        print(f"    ({cells}),")
    print(")")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--games", nargs="*", default=None)
    parser.add_argument("--spares", type=int, default=0)
    args = parser.parse_args()
    ok = True
    for kind in args.games or kinds("solitaire"):
        tiers = daily_tiers.declared(kind)
        if tiers is None:
            continue
        if args.spares:
            spares(kind, args.spares)
        else:
            ok &= figures(kind, range(tiers.first_day, tiers.first_day + args.days))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
