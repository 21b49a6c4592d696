"""How long the day's Kosa is: the moves the project's hint player (`rules.GAMES["kosa"].suggest`)
takes to win the deal of the day, and how short the shortest of K candidate deals of the same
day would be (the design question of issue 22 point 4: a daily Kosa for a coffee break).

A move here is what the game counts as one (a card to a foundation or a spot, a draw, a redeal,
a fill): what a player taps. 104 cards must each reach a foundation and the 71-card stock must
be drawn at least once, so no deal takes fewer than about 175 moves.

Usage:
    python benchmarks/daily_kosa.py               # 20 days from day 700, 20 candidates each
    python benchmarks/daily_kosa.py --days 5 --candidates 50
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time

import rules
from bot.stats.daily import day_date, day_seed

GAME = rules.GAMES["kosa"]
OPTIONS = {"max_passes": None}


def hint_moves(seed: int, cap: int = 3000) -> tuple[bool, int]:
    """(won, moves) of the hint player on the deal of `seed`."""
    state = GAME.new_game(OPTIONS, seed=seed)
    moves = 0
    while not GAME.status(state).over and moves < cap:
        state = GAME.apply(state, GAME.suggest(state, 0, moves), 0)
        moves += 1
    return GAME.status(state).result == "won", moves


def candidate(day: int, i: int) -> int:
    text = f"cardbot:daily:kosa-candidate:{day}:{i}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--first", type=int, default=700)
    parser.add_argument("--days", type=int, default=20)
    parser.add_argument("--candidates", type=int, default=20)
    args = parser.parse_args()
    today, best, per_game = [], [], []
    print("day  today's deal (won, moves)   shortest of candidates (moves)")
    for day in range(args.first, args.first + args.days):
        t0 = time.perf_counter()
        won, moves = hint_moves(day_seed("kosa", "u", day_date(day)))
        per_game.append(time.perf_counter() - t0)
        runs = [hint_moves(candidate(day, i)) for i in range(args.candidates)]
        wins = [m for w, m in runs if w]
        today.append(moves)
        best.append(min(wins) if wins else moves)
        print(f"{day}  {won!s:5} {moves:4}                {best[-1]:4}  ({len(wins)} won)")
    print(f"today's deal: median {statistics.median(today)} moves, min {min(today)}")
    print(f"shortest of {args.candidates}: median {statistics.median(best)} moves, min {min(best)}")
    print(f"hint player: {statistics.mean(per_game) * 1000:.0f} ms a game on this machine")


if __name__ == "__main__":
    main()
