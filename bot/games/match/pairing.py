"""Who plays whom, from the people waiting (pure: no I/O, no clock of its own).

Close ratings first: a person is offered those whose rating lies within the window of the
longer waiter of the two, and the window widens with the wait (`window`), so nobody waits for
ever for a perfect opponent. The oldest entry picks first, the closest rating among those that
fit (then the one waiting longest). A table of more seats takes people who all fit one another;
a table short of players starts with computer seats only when everyone at it chose so (`fill`)
and the oldest of them has waited `fill_after` seconds, and never with fewer than two people.
Never a person with themselves, never twice, never with someone either of them blocked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.storage.match_queue import Entry

WINDOW_START = 100.0  # rating points (the shown rating: 1000 for a new player) at once
WINDOW_GROWTH = 10.0  # points more for each second of waiting
MIN_PEOPLE = 2


def window(waited: float) -> float:
    """How far apart two ratings may be after `waited` seconds."""
    return WINDOW_START + WINDOW_GROWTH * max(0.0, waited)


def fits(a: Entry, b: Entry, now: float) -> bool:
    """Whether `a` and `b` may sit at one table now."""
    if a.user == b.user or a.game != b.game or a.seats != b.seats:
        return False
    if a.user in b.blocks or b.user in a.blocks:
        return False
    reach = window(now - min(a.since, b.since))
    return abs(a.rating - b.rating) <= reach


@dataclass(frozen=True, slots=True)
class Table:
    """People to seat together (the oldest first) and how many computer seats fill it."""

    entries: tuple[Entry, ...]
    computers: int = 0

    @property
    def users(self) -> tuple[int, ...]:
        return tuple(e.user for e in self.entries)


def tables(waiting: Iterable[Entry], now: float, fill_after: float) -> list[Table]:
    """The tables to start now from the people `waiting` (each person at one table at most)."""
    pool = _unique(waiting)
    used: set[int] = set()
    out: list[Table] = []
    for first in pool:
        if first.user in used:
            continue
        group = [first]
        others = [e for e in pool if e.user not in used and fits(first, e, now)]
        others.sort(key=lambda e: (abs(e.rating - first.rating), e.since, e.user))
        for other in others:
            if len(group) == first.seats:
                break
            if all(fits(member, other, now) for member in group):
                group.append(other)
        missing = first.seats - len(group)
        if missing and not _fill(group, now, fill_after):
            continue
        used.update(e.user for e in group)
        out.append(Table(tuple(group), missing))
    return out


def _fill(group: Sequence[Entry], now: float, fill_after: float) -> bool:
    """Whether a short table starts with computer seats now."""
    return (
        len(group) >= MIN_PEOPLE
        and all(e.fill for e in group)
        and now - min(e.since for e in group) >= fill_after
    )


def _unique(waiting: Iterable[Entry]) -> list[Entry]:
    """One entry per person (their oldest), the oldest first."""
    best: dict[int, Entry] = {}
    for e in waiting:
        if e.user not in best or (e.since, e.game) < (best[e.user].since, best[e.user].game):
            best[e.user] = e
    return sorted(best.values(), key=lambda e: (e.since, e.user))
