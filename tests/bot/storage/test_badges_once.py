"""A badge is granted exactly once and queued to be announced exactly once (one shared suite:
SQLite, a real redis-server and a cluster): under a replayed finish and counts, two processes,
a crash between a game's end and its counting (the sweep counts it), and a crash after the
counting but before its announcement was made due."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.stats import badges
from bot.storage import Store
from tests.bot.storage.results_support import finish_and_die, new_game, pair, solo, store

__all__ = ["pair", "store"]  # the fixtures

UID = 7
DUE = f"badge:{UID}"


async def due_keys(s: Store) -> list[str]:
    return [key for key, _lease in await s.claim_due(time.time() + 10, 30)]


async def told(*stores: Store) -> list[str]:
    """Every badge taken to be announced, from each process in turn."""
    out: list[str] = []
    for s in stores:
        out += await s.take_badge_news(UID)
    return out


async def test_a_won_game_grants_its_badges_once_and_queues_them_once(store: Store) -> None:
    record = await new_game(store)
    result = solo(record.id, UID, won=True, date="2026-12-14")
    assert await store.finish(record, 0, result)
    fields = (await store.user_stats(UID)).fields
    assert fields[badges.field("first-kosa")] == "2026-12-14"
    assert fields[badges.field("clean")] == "2026-12-14"
    assert DUE in await due_keys(store)  # the announcement is due
    stale = await new_game(store)  # the same update delivered again
    stale.id = record.id
    assert not await store.finish(stale, 0, result)
    await asyncio.gather(*(store.count_result(result) for _ in range(3)))  # late sweepers
    assert sorted(await told(store, store)) == ["clean", "first-kosa"]  # taken once
    assert (await store.user_stats(UID)).fields == fields  # nothing written twice


async def test_a_crash_between_the_end_and_the_counting_grants_once(
    pair: tuple[Store, Store],
) -> None:
    a, b = pair
    record = await new_game(a)
    result = solo(record.id, UID, won=True, date="2026-12-14")
    await finish_and_die(a, record, result)  # kill -9 after the save
    assert badges.field("first-kosa") not in (await b.user_stats(UID)).fields
    assert await told(a, b) == []
    [pending] = await b.pending_results(time.time() + 61, older_than=60)
    await asyncio.gather(b.count_result(pending), a.count_result(pending))  # two sweepers
    assert (await a.user_stats(UID)).fields[badges.field("first-kosa")] == "2026-12-14"
    assert DUE in await due_keys(b)
    assert sorted(await told(a, b, a)) == ["clean", "first-kosa"]


async def test_a_crash_before_the_announcement_was_made_due_is_made_good(store: Store) -> None:
    record = await new_game(store)
    result = solo(record.id, UID, won=True, date="2026-12-14")
    assert await store.finish(record, 0, result)
    await store.cancel(DUE)  # as if the process died after the counting, before the deadline
    assert DUE not in await due_keys(store)
    await store.count_result(result)  # the sweep, or a retry: counted before, made due
    assert DUE in await due_keys(store)
    assert sorted(await told(store)) == ["clean", "first-kosa"]
    await store.count_result(result)  # once taken, a later count queues nothing
    assert await told(store) == []


async def test_a_history_from_before_badges_is_settled_once_and_never_announced(
    pair: tuple[Store, Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = pair
    with monkeypatch.context() as before_badges:  # ten wins counted by the bot before badges
        before_badges.setattr(badges, "earned", lambda *_: ({}, []))
        for _ in range(10):
            record = await new_game(a)
            assert await a.finish(record, 0, solo(record.id, UID, won=True, date="2026-12-01"))
    old = (await a.user_stats(UID)).fields
    assert not [k for k in old if k.startswith("bg")]
    await a.settle_badges(UID, old, "2026-12-14")  # the first look (/stats)
    await b.settle_badges(UID, old, "2026-12-15")  # another replica's, as read: too late
    fields = (await b.user_stats(UID)).fields
    assert fields[badges.field("wins10")] == fields[badges.field("first-kosa")] == "~2026-12-14"
    assert badges.deserved(fields, "2026-12-16") == {}  # looked at: never again
    record = await new_game(b)  # the next game earns only what it earns
    assert await b.finish(record, 0, solo(record.id, UID, won=True, date="2026-12-16"))
    assert await told(a, b) == ["clean"]
