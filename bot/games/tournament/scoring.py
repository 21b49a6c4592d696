"""Points, streaks and the standings' order (pure).

A table of n scores by placing: 2 × (n − position) points, people tied sharing their positions'
points (a game for two: a win 2, a draw 1, a loss 0). In an arena two wins in a row start a
streak (🔥) in which a win counts double, until a game is not won. A bye is worth a win at a
full table.

The standings: points, then an arena's performance (the mean, over one's games, of the others'
rating ± 400 for the result) or a Swiss's Buchholz (the points of everyone one met, each time
one met them), then the rating; people equal on all of them share a rank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.games.tournament.model import Entrant

PERFORMANCE_SPREAD = 400.0  # rating points a whole win (or loss) is worth in a performance


def table_points(places: Mapping[int, int]) -> dict[int, int]:
    """Each person's points from their place at the table (1 = first; equal places are ties,
    numbered densely as `bot.stats.result.places` numbers them)."""
    n = len(places)
    out: dict[int, int] = {}
    position = 1
    for place in sorted(set(places.values())):
        tied = [u for u, p in places.items() if p == place]
        k = len(tied)
        # positions position … position+k−1 share 2(n−q) points each: their mean is whole
        share = 2 * n - (2 * position + k - 1)
        for u in tied:
            out[u] = share
        position += k
    return out


def win_points(size: int) -> int:
    """A win at a table of `size` (a bye is worth one at a full table)."""
    return 2 * (size - 1)


def result_of(points: int, size: int) -> float:
    """A result from −1 (last) to 1 (first alone), from the points of a table of `size`."""
    return (points - (size - 1)) / (size - 1) if size > 1 else 0.0


@dataclass(frozen=True, slots=True)
class Scored:
    """What one table gives each of its people: points (streak counted), won alone."""

    points: int
    won: bool


def score_table(
    entrants: Mapping[int, Entrant], places: Mapping[int, int], streaks: bool
) -> dict[int, Scored]:
    """Each person's score for a table, and the standings changed by it (`entrants` by user:
    their points, games, wins, run, people met, performance)."""
    raw = table_points(places)
    size = len(raw)
    best = win_points(size)
    out: dict[int, Scored] = {}
    for user, points in raw.items():
        e = entrants[user]
        others = [u for u in raw if u != user]
        won = points == best and size > 1
        doubled = streaks and won and e.on_fire
        gained = points * 2 if doubled else points
        e.points += gained
        e.games += 1
        e.wins += int(won)
        e.run = e.run + 1 if won else 0
        e.met.extend(others)
        e.last = others
        rated = [entrants[u].rating for u in others if u in entrants]
        mean = sum(rated) / len(rated) if rated else e.rating
        e.perf += mean + PERFORMANCE_SPREAD * result_of(points, size)
        e.busy = ""
        out[user] = Scored(gained, won)
    return out


def buchholz(entrant: Entrant, points: Mapping[int, int]) -> int:
    return sum(points.get(u, 0) for u in entrant.met)


@dataclass(frozen=True, slots=True)
class Row:
    rank: int
    entrant: Entrant
    tiebreak: float  # performance (an arena) or Buchholz (a Swiss)


def standings(entrants: Sequence[Entrant], arena: bool) -> list[Row]:
    """Everyone, best first, ranked (equal on points, tie-break and rating: one rank)."""
    points = {e.user: e.points for e in entrants}

    def tiebreak(e: Entrant) -> float:
        return round(e.performance, 6) if arena else float(buchholz(e, points))

    keyed = [((-e.points, -tiebreak(e), -e.rating), i, e) for i, e in enumerate(entrants)]
    keyed.sort(key=lambda k: (k[0], k[1]))
    rows: list[Row] = []
    for position, (key, _, e) in enumerate(keyed):
        tied = rows and keyed[position - 1][0] == key
        rows.append(Row(rows[-1].rank if tied else position + 1, e, -key[1]))
    return rows
