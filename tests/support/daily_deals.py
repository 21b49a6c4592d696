"""A year of the deals of the day proved winnable, as committed in `daily_deals.json` beside
this file: for each solitaire that declares `GameSpec.winnable_daily`, in its default variant,
the 365 days from its first such day — which of the day's candidates was chosen, and the length
and digest of the line that proved it won.

Choosing a year of days is minutes of the solver's CPU: `benchmarks/daily_year.py` does it,
checks every day against this table (or writes it, `--write`, after a deliberate change of the
choice) and prints the figures; the suite re-derives a seeded sample of the days
(`tests/bot/stats/test_daily_winnable.py`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from bot.registry import kinds, spec
from bot.stats import daily_winnable
from bot.stats.daily_short import deal_state

TABLE = Path(__file__).with_name("daily_deals.json")
DAYS = 365


@dataclass(frozen=True, slots=True)
class Chosen:
    """A day's deal as chosen: the index of the candidate taken (-1: none was proved
    winnable), the proving line's length and its digest."""

    candidate: int
    moves: int
    digest: str


Year = dict[int, Chosen]  # day number → its deal


def winnable_games() -> list[str]:
    """The solitaires whose deal of the day is proved winnable."""
    return [kind for kind in kinds("solitaire") if spec(kind).winnable_daily is not None]


def days(kind: str) -> range:
    """The year of days the table holds for `kind`."""
    first = daily_winnable.declared(kind).first_day
    return range(first, first + DAYS)


def digest(line: tuple[str, ...]) -> str:
    return hashlib.blake2b(" ".join(line).encode(), digest_size=8).hexdigest()


def chosen(kind: str, day: int) -> Chosen:
    """Day `day`'s deal of `kind` (default variant) as the solver chooses it now."""
    variant = spec(kind).default_variant
    deal = daily_winnable.winnable_seed(kind, variant, day)
    if not deal.line:
        return Chosen(-1, 0, digest(()))
    taken = next(
        i
        for i in range(daily_winnable.declared(kind).candidates)
        if daily_winnable.candidate(kind, variant, day, i) == deal.seed
    )
    return Chosen(taken, len(deal.line), digest(deal.line))


def wins(kind: str, variant: str, seed: int, line: tuple[str, ...]) -> bool:
    """The line, played from the deal's first position by the engine, wins the deal."""
    game = spec(kind).game
    state = deal_state(kind, variant, seed)
    for move in line:
        state = game.apply(state, move, 0)
    return bool(game.status(state).result == "won")


def load() -> dict[str, Year]:
    """The committed table: game → day → its deal."""
    raw = json.loads(TABLE.read_text())
    return {
        kind: {
            int(day): Chosen(int(entry[0]), int(entry[1]), str(entry[2]))
            for day, entry in year.items()
        }
        for kind, year in raw.items()
    }


def dump(table: dict[str, Year]) -> None:
    """Write the table, one day a line (a change of the choice shows day by day in a diff)."""
    lines = ["{"]
    for k, (kind, year) in enumerate(sorted(table.items())):
        lines.append(f"  {json.dumps(kind)}: {{")
        for d, (day, c) in enumerate(sorted(year.items())):
            comma = "," if d < len(year) - 1 else ""
            lines.append(f'    "{day}": {json.dumps([c.candidate, c.moves, c.digest])}{comma}')
        lines.append("  }" + ("," if k < len(table) - 1 else ""))
    lines.append("}")
    TABLE.write_text("\n".join(lines) + "\n")
