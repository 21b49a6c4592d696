"""A player's month of deals of the day (pure): for each day and tier, played, won, or won at
par or better — on the day itself, or late (an earlier day's deal played later).

Kept in the player's statistics (bot.stats.stats), so a result writes it in the same atomic,
once-only group as everything else it counts: the field `cal:<kind>:<day>` holds six digits,
one a tier (Easy, Medium, Hard; a day with one deal uses Medium's) on the day, then the same
three played late: 0 not played, 1 played, 2 won, 3 won at par or better without a hint. A
result keeps the best of each. Only the month of a result and the month before are kept.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from bot.stats.daily import day_date, day_number
from bot.stats.result import GameResult, PlayerResult

SLOTS = ("e", "m", "h")  # the tiers, in order; a day with one deal is written as "m"
PLAYED, WON, PAR = 1, 2, 3


def key(kind: str, day: int) -> str:
    return f"cal:{kind}:{day}"


def level(result: GameResult, player: PlayerResult) -> int:
    """What a result of a deal of the day shows: played, won, won at par or better (without
    a hint)."""
    if not player.won:
        return PLAYED
    over = result.over_par
    return PAR if over is not None and over <= 0 and not result.used_hint else WON


def cell(text: str | None) -> list[int]:
    """The six digits of a day (zeros for a day not played, or a field not readable)."""
    digits = [int(c) if c in "0123" else 0 for c in (text or "")[:6]]
    return digits + [0] * (6 - len(digits))


def updated(fields: Mapping[str, str], result: GameResult, player: PlayerResult) -> dict[str, str]:
    """The calendar's fields `result` changes (a deal of the day: its day's cell)."""
    if result.daily is None or result.daily < kept_from(day_number(result.date)):
        return {}
    slot = SLOTS.index(result.tier) if result.tier in SLOTS else 1
    if result.late:
        slot += 3
    name = key(result.kind, result.daily)
    digits = cell(fields.get(name))
    if level(result, player) <= digits[slot]:
        return {}
    digits[slot] = level(result, player)
    return {name: "".join(map(str, digits))}


def first_of_month(day: int) -> int:
    """The number of the first day of `day`'s month."""
    d = day_date(day)
    return day_number(date(d.year, d.month, 1))


def month_days(day: int) -> range:
    """The day numbers of `day`'s month."""
    first = day_date(first_of_month(day))
    following = date(first.year + first.month // 12, first.month % 12 + 1, 1)
    return range(day_number(first), day_number(following))


def kept_from(day: int) -> int:
    """The first day the calendar keeps on `day`: the first of the month before."""
    return first_of_month(first_of_month(day) - 1)


def stale(fields: Iterable[str], day: int) -> list[str]:
    """The calendar's fields older than the month before `day`'s (what a result drops)."""
    keep_from = kept_from(day)
    out = []
    for name in fields:
        if name.startswith("cal:"):
            tail = name.rsplit(":", 1)[-1]
            if not tail.isdigit() or int(tail) < keep_from:
                out.append(name)
    return out


@dataclass(frozen=True, slots=True)
class Day:
    """A day of the calendar: its number, and each tier's level on the day and late."""

    number: int
    on_time: tuple[int, int, int]
    late: tuple[int, int, int]

    @property
    def date(self) -> date:
        return day_date(self.number)

    def best(self, tier: int) -> tuple[int, bool]:
        """A tier's level and whether it was late (on the day first)."""
        if self.on_time[tier]:
            return self.on_time[tier], False
        return self.late[tier], bool(self.late[tier])


def month(fields: Mapping[str, str], kind: str, day: int) -> list[Day]:
    """`kind`'s calendar of `day`'s month up to `day`."""
    out = []
    for number in month_days(day):
        if number > day:
            break
        d = cell(fields.get(key(kind, number)))
        out.append(Day(number, (d[0], d[1], d[2]), (d[3], d[4], d[5])))
    return out


def played_on_time(fields: Mapping[str, str], kinds: Iterable[str], day: int) -> bool:
    """A deal of the day of any of `kinds` was played on day `day` itself."""
    return any(any(cell(fields.get(key(k, day)))[:3]) for k in kinds)


def whole_month(fields: Mapping[str, str], kinds: Iterable[str], day: int) -> bool:
    """Every day of `day`'s month had a deal of the day played on the day itself."""
    games = list(kinds)
    return all(played_on_time(fields, games, d) for d in month_days(day))


def all_tiers_won(fields: Mapping[str, str], kind: str, day: int) -> bool:
    """Easy, Medium and Hard of `kind` all won on day `day` itself."""
    return all(level >= WON for level in cell(fields.get(key(kind, day)))[:3])
