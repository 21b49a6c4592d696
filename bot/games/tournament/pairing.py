"""Who plays whom in a tournament (pure: no I/O, no clock of its own).

Tables seat `low` to `high` people (two for a game for two, 3–4 for a game for more); `split`
seats as many as it can, as evenly as it can.

- An arena pairs the free people at once: the longest free first, each with the free people
  closest to them in points, then rating. Never with someone of their last table while another
  free person would do; with them only when nobody else is playing (nobody else can come free)
  or both have waited `REMATCH_WAIT` seconds.
- A Swiss round seats everyone still in: by points, then rating, the best together, no two
  people who have met before at one table (a search: the nearest in the standings first). The
  people left over (an odd one at tables of two) sit out with a bye, those with the fewest
  byes lowest in the standings first. When no round without two people meeting again exists,
  a game for two has no round (the Swiss ends); a game for more seats the round in order.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

REMATCH_WAIT = 30.0  # seconds two free people of one table wait for another before a rematch
NODES = 50_000  # tables tried at most by one Swiss round's search


@dataclass(frozen=True, slots=True)
class Seed:
    """A person as pairing sees them."""

    user: int
    points: int = 0
    rating: float = 1000.0
    met: frozenset[int] = frozenset()
    last: frozenset[int] = frozenset()
    byes: int = 0
    freed: float = 0.0


@dataclass(frozen=True, slots=True)
class Round:
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()


def split(n: int, low: int, high: int) -> list[int]:
    """The sizes of the tables that seat the most of `n` people, as even as can be (largest
    first); the rest sit out."""
    if low < 1 or high < low:
        raise ValueError(f"bad table sizes {low}–{high}")
    count = n // low
    seated = min(n, count * high)
    if count == 0:
        return []
    base, extra = divmod(seated, count)
    return [base + 1] * extra + [base] * (count - extra)


def _rank(seed: Seed) -> tuple[float, float, int]:
    return (-seed.points, -seed.rating, seed.user)


def _met(a: Seed, b: Seed) -> bool:
    return b.user in a.met or a.user in b.met


def _closeness(first: Seed, other: Seed) -> tuple[float, float, int]:
    return (abs(first.points - other.points), abs(first.rating - other.rating), other.user)


def arena(
    free: Sequence[Seed],
    low: int,
    high: int,
    now: float,
    *,
    others_playing: bool = True,
    wait: float = REMATCH_WAIT,
) -> list[tuple[int, ...]]:
    """The tables to deal now from the free people (each at one table at most)."""
    pool = sorted(_unique(free), key=lambda s: (s.freed, _rank(s)))
    out: list[tuple[int, ...]] = []
    seated: set[int] = set()
    for first in pool:
        if first.user in seated:
            continue
        left = [s for s in pool if s.user not in seated]
        sizes = split(len(left), low, high)
        if not sizes:
            break
        size = sizes[0]
        others = sorted(
            (s for s in left if s.user != first.user), key=lambda o: _closeness(first, o)
        )
        table = [first]
        for rematch in (False, True):  # people who did not sit together last time first
            for other in others:
                fits = all(_fits(m, other, rematch, others_playing, now, wait) for m in table)
                if len(table) < size and other not in table and fits:
                    table.append(other)
        if len(table) < size:
            continue
        seated.update(m.user for m in table)
        out.append(tuple(m.user for m in table))
    return out


def _fits(a: Seed, b: Seed, rematch: bool, others_playing: bool, now: float, wait: float) -> bool:
    """`b` may sit with `a`: not at their last table, or (`rematch`) when nobody else can
    come free or both have waited."""
    if not _again(a, b):
        return True
    return rematch and (not others_playing or _may_rematch(a, b, now, wait))


def _again(a: Seed, b: Seed) -> bool:
    """They sat at one table last time (either's last table)."""
    return b.user in a.last or a.user in b.last


def _may_rematch(a: Seed, b: Seed, now: float, wait: float) -> bool:
    return now - max(a.freed, b.freed) >= wait


def swiss(players: Sequence[Seed], low: int, high: int, nodes: int = NODES) -> Round | None:
    """The next round of a Swiss, or None when a game for two has none without a pair
    meeting twice (or nobody can be seated)."""
    order = sorted(_unique(players), key=_rank)
    sizes = split(len(order), low, high)
    if not sizes:
        return None
    out = len(order) - sum(sizes)
    budget = [nodes]
    first_byes: tuple[Seed, ...] | None = None
    for byes in _bye_sets(order, out):
        first_byes = byes if first_byes is None else first_byes
        rest = [s for s in order if s not in byes]
        tables = _search(rest, sizes, budget)
        if tables is not None:
            return Round(tables, tuple(s.user for s in byes))
        if budget[0] <= 0:
            break
    if high <= 2 or first_byes is None:
        return None
    rest = [s for s in order if s not in first_byes]
    seated: list[tuple[int, ...]] = []
    at = 0
    for size in sizes:  # in order: people meet again, as few as the order allows
        seated.append(tuple(s.user for s in rest[at : at + size]))
        at += size
    return Round(tuple(seated), tuple(s.user for s in first_byes))


def _bye_sets(order: Sequence[Seed], out: int) -> Iterator[tuple[Seed, ...]]:
    """Who sits out, in the order tried: the fewest byes, the lowest in the standings."""
    if out == 0:
        yield ()
        return
    lowest = sorted(range(len(order)), key=lambda i: (order[i].byes, -i))
    yield from itertools.combinations([order[i] for i in lowest], out)


def _search(
    rest: Sequence[Seed], sizes: Sequence[int], budget: list[int]
) -> tuple[tuple[int, ...], ...] | None:
    """Tables of `sizes` for `rest` (in standings order) where nobody meets again: the best
    free person's table first, with the nearest below them that fit."""
    if not sizes:
        return ()
    first, others = rest[0], rest[1:]
    for combo in itertools.combinations(range(len(others)), sizes[0] - 1):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        members = [first, *(others[i] for i in combo)]
        if any(_met(a, b) for a, b in itertools.combinations(members, 2)):
            continue
        chosen = set(combo)
        left = [o for i, o in enumerate(others) if i not in chosen]
        tail = _search(left, sizes[1:], budget)
        if tail is not None:
            return (tuple(m.user for m in members), *tail)
        if budget[0] < 0:
            return None
    return None


def _unique(seeds: Sequence[Seed]) -> list[Seed]:
    seen: dict[int, Seed] = {}
    for s in seeds:
        seen.setdefault(s.user, s)
    return list(seen.values())
