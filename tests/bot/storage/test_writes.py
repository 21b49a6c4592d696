"""The writes every part of the store is written on (bot.storage.writes) mean the same on every
backend (SQLite, a redis-server, the 3-master cluster): a group whose guard fails writes nothing
and says which guard; the keep rules; a write skipped for a member of a set; a lease; and on
Redis a group never spans two slots."""

from __future__ import annotations

import pytest

from bot.storage import Store
from bot.storage.redis_apply import Encoder
from bot.storage.writes import (
    Absent,
    AddMember,
    Applied,
    FieldIs,
    Fields,
    Group,
    Key,
    Lease,
    Range,
    Rank,
    SetFields,
    Span,
    Unless,
    Write,
)
from tests.bot.storage.results_support import store

__all__ = ["store"]  # the fixture

BOARD, DONE, ST, HID = Key("t:1", "b"), Key("t:1", "done"), Key("t:1", "st"), Key("t:1", "hid")


async def test_a_group_stops_at_its_first_failing_guard_and_writes_nothing(store: Store) -> None:
    first = Group(
        guards=(Absent(DONE, "g1"), FieldIs(ST, "v", None)),
        writes=(SetFields(ST, (("v", "1"), ("w", "5"))), Rank(DONE, "g1", 10.0)),
    )
    [applied] = await store.cells.step([first])
    assert applied == Applied(0)
    [again] = await store.cells.step([first])  # the marker is there now
    assert again.failed == 1
    stale = Group(guards=(Absent(DONE, "g2"), FieldIs(ST, "v", None)), writes=first.writes)
    [moved] = await store.cells.step([stale])  # the version moved since it was read
    assert moved.failed == 2
    assert await store.cells.read(Fields(ST)) == {"v": "1", "w": "5"}


async def test_keep_rules_and_a_write_skipped_for_a_member(store: Store) -> None:
    hidden = Unless(HID, "9")
    writes: list[Write] = [
        Rank(BOARD, "1", 5.0, "max"),
        Rank(BOARD, "1", 3.0, "max"),  # a lower count does not replace a higher one
        Rank(BOARD, "2", 4.0, "first"),
        Rank(BOARD, "2", 8.0, "first"),  # the first result stays
        Rank(BOARD, "3", 9.0),
        Rank(BOARD, "3", 1.0),  # the latest
        AddMember(HID, "9"),
        Rank(BOARD, "9", 7.0, unless=hidden),  # hidden: not written
    ]
    await store.cells.step([Group(writes=tuple(writes))])
    rows = await store.cells.read(Range(BOARD, desc=True))
    assert rows == [("1", 5.0), ("2", 4.0), ("3", 1.0)]


async def test_a_lease_takes_the_due_members_once(store: Store) -> None:
    await store.cells.step(
        [Group(writes=tuple(Rank(BOARD, m, s) for m, s in [("a", 1), ("b", 2), ("c", 9)]))]
    )
    lease = Group(writes=(Lease(BOARD, 5.0, 10, 100.0),))
    [taken] = await store.cells.step([lease])
    assert taken.values == [["a", "b"]]
    [again] = await store.cells.step([lease])
    assert again.values == [[]]
    assert await store.cells.read(Range(BOARD, Span.above(99.0))) == [("a", 100.0), ("b", 100.0)]


def test_a_redis_group_never_spans_two_slots() -> None:
    group = Group(writes=(Rank(Key("u:1", "w"), "x", 1.0), Rank(Key("u:2", "w"), "x", 1.0)))
    with pytest.raises(ValueError, match="one slot"):
        Encoder(str, 0).group(group)
