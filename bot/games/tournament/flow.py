"""What a join, a withdrawal, the start, a result and the clock do to a tournament (pure: each
changes a `Tournament` in place; the service saves it by compare-and-set and runs a function
again on the state as stored when another process saved first).

Join until the start (an arena: until half its time); withdraw any time (an arena: a pause,
and back with Join). At the start, fewer than `model.min_players` and it is cancelled. An arena
deals the free people at once and stops dealing at its end; the games then being played
count, and it is over when the last ends. A Swiss deals a round when the last one's games are
all over; after its last round (or when no round is left without two people meeting again) it
is over."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.games.tournament import pairing
from bot.games.tournament.model import (
    MAX_PLAYERS,
    Entrant,
    Table,
    Tournament,
    min_players,
    seats,
)
from bot.games.tournament.scoring import Scored, score_table, win_points

REMIND_BEFORE = 60.0  # seconds before a start at a time that the group is reminded
OPEN_FOR = 3 * 3600.0  # seconds a tournament started by its creator's tap waits for it
TICK = 5.0  # seconds between a running tournament's looks at its games (and its pairings)

NewId = Callable[[], str]


def join(t: Tournament, person: Entrant, now: float) -> str | None:
    """`person` joins (or comes back): None, or the refusal's locale key."""
    if t.phase in ("over", "cancelled"):
        return "tour-gone"
    known = t.entrant(person.user)
    if known is not None:  # once more: back from a pause (an arena), or again before the start
        if known.status == "in":
            return "tour-already"
        if known.status == "out" and t.phase == "running":
            return "tour-started"
        known.status, known.freed, known.name = "in", now, person.name or known.name
        return None
    if t.phase == "running" and not t.arena:
        return "tour-started"
    if t.phase == "running" and t.started is not None and now >= t.started + t.length * 30:
        return "tour-late"  # an arena takes newcomers until half its time
    if len(t.players) >= MAX_PLAYERS:
        return "tour-full"
    person.freed = now
    t.entrants.append(person)
    return None


def leave(t: Tournament, user: int) -> str | None:
    """`user` withdraws: before the start they are off the list; an arena pauses them; a
    Swiss plays on without them. None, or the refusal's locale key."""
    known = t.entrant(user)
    if known is None or known.status != "in" or t.phase in ("over", "cancelled"):
        return "tour-not-in"
    if t.phase == "open":
        t.entrants.remove(known)
    else:
        known.status = "paused" if t.arena else "out"
    return None


def drop(t: Tournament, user: int) -> bool:
    """A join undone (the bot may not write to them: their games could not reach them): off the
    list when they have played nothing, else withdrawn as `leave` does."""
    known = t.entrant(user)
    if known is None:
        return False
    if not known.games and not known.byes and not known.busy:
        t.entrants.remove(known)
        return True
    return leave(t, user) is None


def start(t: Tournament, now: float, new_id: NewId) -> list[Table]:
    """Start it now (too few: cancelled); the first tables dealt."""
    if t.phase != "open":
        return []
    if len(t.players) < min_players(t.kind):
        t.phase, t.closed = "cancelled", "few"
        return []
    t.phase, t.started = "running", now
    if t.arena:
        t.ends = now + t.length * 60
    for e in t.entrants:
        e.freed = now
    return deal(t, now, new_id)


def cancel(t: Tournament, why: str) -> bool:
    """Cancelled before its start (`why`: the locale key's last word)."""
    if t.phase != "open":
        return False
    t.phase, t.closed = "cancelled", why
    return True


def _seed(e: Entrant) -> pairing.Seed:
    return pairing.Seed(
        e.user, e.points, e.rating, frozenset(e.met), frozenset(e.last), e.byes, e.freed
    )


def deal(t: Tournament, now: float, new_id: NewId) -> list[Table]:
    """The tables to deal now (decided: each person marked at theirs)."""
    if t.phase != "running":
        return []
    low, high = seats(t.kind)
    if t.arena:
        if t.ends is not None and now >= t.ends:
            return []
        playing = any(e.busy for e in t.entrants)
        free = [_seed(e) for e in t.entrants if e.free]
        groups = list(pairing.arena(free, low, high, now, others_playing=playing))
        byes: tuple[int, ...] = ()
    else:
        if any(t.live()) or t.round >= t.length:
            return []
        found = pairing.swiss([_seed(e) for e in t.entrants if e.status == "in"], low, high)
        if found is None:
            t.length = t.round  # no round left without two people meeting again: it ends
            return []
        t.round += 1
        groups, byes = list(found.tables), found.byes
    for user in byes:
        _bye(t, user, high)
    new = []
    for users in groups:
        number = t.round if not t.arena else len(t.tables) + 1
        table = Table(new_id(), list(users), number, at=now)
        for user in users:
            entrant = t.entrant(user)
            assert entrant is not None
            entrant.busy = table.gid
        t.tables.append(table)
        new.append(table)
    return new


def _bye(t: Tournament, user: int, size: int) -> None:
    entrant = t.entrant(user)
    if entrant is not None:
        entrant.points += win_points(size)
        entrant.byes += 1


def dealt(t: Tournament, gid: str) -> bool:
    """A decided table's game was dealt."""
    table = t.table(gid)
    if table is None or table.status != "deal":
        return False
    table.status = "play"
    return True


def record(
    t: Tournament, gid: str, places: Mapping[int, int], now: float
) -> dict[int, Scored] | None:
    """A table's game ended with `places` (user → place, 1 first): scored, once (None: not
    one of its tables being played, or scored already)."""
    table = t.table(gid)
    if table is None or table.status not in ("deal", "play"):
        return None
    people = {u: e for u in table.users if (e := t.entrant(u)) is not None}
    known = {u: p for u, p in places.items() if u in people}
    scored = score_table(people, known, streaks=t.arena)
    table.status, table.points = "done", {u: s.points for u, s in scored.items()}
    for e in people.values():
        e.busy, e.freed = "", now
    return scored


def void(t: Tournament, gid: str, unreachable: set[int], now: float) -> bool:
    """A decided table that could not be dealt: those the bot may not write to are withdrawn
    (they blocked it), the others are free again (in a Swiss, with a bye for the round)."""
    table = t.table(gid)
    if table is None or table.status != "deal":
        return False
    table.status = "void"
    for user in table.users:
        e = t.entrant(user)
        if e is None:
            continue
        e.busy, e.freed = "", now
        if user in unreachable:
            e.status = "out"
        elif not t.arena:
            _bye(t, user, seats(t.kind)[1])
    return True


def settle(t: Tournament, now: float) -> bool:
    """Over when its time (an arena) or its rounds (a Swiss) are done and no game is being
    played, or when too few are left to seat a table: True when this call ended it."""
    if t.phase != "running" or any(t.live()):
        return False
    low = seats(t.kind)[0]
    active = [e for e in t.entrants if e.status == "in"]
    done = (t.ends is not None and now >= t.ends) if t.arena else t.round >= t.length
    if done or (not t.arena and len(active) < low):
        t.phase = "over"
        return True
    return False


def next_due(t: Tournament, now: float) -> float | None:
    """When the tournament's clock must look at it next (None: never again)."""
    if t.phase == "open":
        if t.starts is None:
            return t.created + OPEN_FOR
        if not t.reminded and t.starts - REMIND_BEFORE > t.created:
            return t.starts - REMIND_BEFORE
        return t.starts
    if t.phase == "running":
        tick = now + TICK
        return min(tick, t.ends) if t.ends is not None and t.ends > now else tick
    if t.phase == "over" and not t.podium:
        return now
    return None
