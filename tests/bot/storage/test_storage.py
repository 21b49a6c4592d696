"""One suite, three backends: the embedded SQLite store, Redis (a real redis-server) and a real
3-master Redis Cluster."""

from __future__ import annotations

import asyncio
import inspect
import sqlite3
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.asyncio import RedisCluster

from bot.storage import GameRecord, Player, Store, TableMeta, new_id
from bot.storage.base import DAILY_CLAIM_TTL
from bot.storage.games import Games
from bot.storage.leases import Leases
from bot.storage.people import People
from bot.storage.redis_store import RedisStore
from bot.storage.results import Results
from bot.storage.sqlite_store import SQLiteStore
from bot.storage.standings import Standings
from tests.bot.storage.conftest import BACKENDS, url_of
from tests.support.redis_counting import RoundTrips
from tests.support.redis_server import redis_store

GAME_TTL = 3600
IDLE_TTL = 7200


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, tmp_path) -> AsyncIterator[Store]:  # type: ignore[no-untyped-def]
    if request.param == "sqlite":
        s: Store = await SQLiteStore(
            str(tmp_path / "db.sqlite3"), game_ttl=GAME_TTL, idle_ttl=IDLE_TTL
        ).open()
    else:
        url = url_of(request, request.param)
        prefix = "t" + uuid.uuid4().hex[:8]  # isolate tests sharing one server
        s = await redis_store(url, game_ttl=GAME_TTL, idle_ttl=IDLE_TTL, prefix=prefix).open()
    try:
        yield s
    finally:
        await s.close()


def record(**kw: object) -> GameRecord:
    base: dict[str, object] = {
        "id": new_id(),
        "kind": "ryadki",
        "chat_id": 42,
        "state": '{"a":[1,2,"Привет"]}',
        "meta": TableMeta(creator=42, players=[Player(42, "Анна", "ru")], hands={0: (42, 7)}),
    }
    base.update(kw)
    return GameRecord(**base)  # type: ignore[arg-type]


def test_new_id_is_short_and_unguessable() -> None:
    ids = {new_id() for _ in range(1000)}
    assert len(ids) == 1000
    assert all(len(i) == 10 and i.isalnum() and i.isascii() for i in ids)


async def test_create_load_roundtrip(store: Store) -> None:
    rec = record()
    assert await store.create(rec)
    got = await store.load(rec.id)
    assert got == rec
    assert await store.load("nosuchgame") is None


async def test_create_refuses_a_taken_id(store: Store) -> None:
    rec = record()
    assert await store.create(rec)
    assert not await store.create(record(id=rec.id, kind="parquet"))
    got = await store.load(rec.id)
    assert got is not None and got.kind == "ryadki"


async def test_save_is_compare_and_set(store: Store) -> None:
    rec = record()
    await store.create(rec)
    rec.state = "s1"
    assert await store.save(rec, 0)
    assert rec.version == 1
    stale = record(id=rec.id, state="stale")
    assert not await store.save(stale, 0)  # someone saved version 1 meanwhile
    assert stale.version == 0
    got = await store.load(rec.id)
    assert got is not None and got.state == "s1" and got.version == 1


async def test_save_of_an_unknown_game_fails(store: Store) -> None:
    assert not await store.save(record(), 0)


async def test_concurrent_saves_exactly_one_wins(store: Store) -> None:
    rec = record()
    await store.create(rec)
    contenders = [record(id=rec.id, state=f"move{i}") for i in range(10)]
    results = await asyncio.gather(*(store.save(c, 0) for c in contenders))
    assert sum(results) == 1
    winner = contenders[results.index(True)]
    got = await store.load(rec.id)
    assert got is not None and got.state == winner.state and got.version == 1


async def test_ttl_finished_vs_idle(store: Store) -> None:
    rec = record()
    await store.create(rec)
    left = await store.game_ttl_left(rec.id)
    assert left is not None and IDLE_TTL - 5 < left <= IDLE_TTL
    rec.finished = True
    assert await store.save(rec, rec.version)
    left = await store.game_ttl_left(rec.id)
    assert left is not None and GAME_TTL - 5 < left <= GAME_TTL
    assert await store.game_ttl_left("unknown") is None


async def test_delete(store: Store) -> None:
    rec = record()
    await store.create(rec)
    await store.delete(rec.id)
    assert await store.load(rec.id) is None


async def test_chat_index_and_claim(store: Store) -> None:
    assert await store.get_chat_game(-100) is None
    assert await store.claim_chat_game(-100, "g1")
    assert not await store.claim_chat_game(-100, "g2")
    assert await store.get_chat_game(-100) == "g1"
    assert not await store.release_chat_game(-100, "g2")
    assert await store.get_chat_game(-100) == "g1"
    assert await store.release_chat_game(-100, "g1")
    assert await store.get_chat_game(-100) is None
    await store.set_chat_game(7, "solo")
    assert await store.get_chat_game(7) == "solo"
    await store.set_chat_game(7, None)
    assert await store.get_chat_game(7) is None


async def test_concurrent_claims_exactly_one_wins(store: Store) -> None:
    results = await asyncio.gather(*(store.claim_chat_game(-5, f"g{i}") for i in range(8)))
    assert sum(results) == 1
    assert await store.get_chat_game(-5) == f"g{results.index(True)}"


async def test_user_games(store: Store) -> None:
    assert await store.user_games(1) == []
    await store.add_user_game(1, "b")
    await store.add_user_game(1, "a")
    await store.add_user_game(1, "a")
    await store.add_user_game(2, "c")
    assert await store.user_games(1) == ["a", "b"]
    await store.remove_user_game(1, "b")
    assert await store.user_games(1) == ["a"]
    assert await store.user_games(2) == ["c"]


async def test_lang(store: Store) -> None:
    assert await store.get_lang(5) is None
    await store.set_lang(5, "en")
    assert await store.get_lang(5) == "en"
    await store.set_lang(5, "ru")
    assert await store.get_lang(5) == "ru"


async def test_invites(store: Store) -> None:
    await store.put_invite("abc", {"game": "g1", "n": 2, "name": "Иван"}, ttl=60)
    assert await store.get_invite("abc") == {"game": "g1", "n": 2, "name": "Иван"}
    assert await store.get_invite("nope") is None
    await store.delete_invite("abc")
    assert await store.get_invite("abc") is None


async def every_key(s: RedisStore) -> list[str]:
    """The store's keys on every node (a cluster's KEYS answers for one node)."""
    if isinstance(s.client, RedisCluster):
        found: Any = await s.client.keys(f"{s.prefix}:*", target_nodes=RedisCluster.ALL_NODES)
        return [str(k) for k in found]
    return [str(k) for k in await s.client.keys(f"{s.prefix}:*")]


def keys(claimed: list[tuple[str, float]]) -> list[str]:
    return [k for k, _ in claimed]


async def test_deadlines(store: Store) -> None:
    await store.schedule("turn:g1", 100.0)
    await store.schedule("lobby:g2", 50.0)
    await store.schedule("turn:g3", 500.0)
    assert await store.claim_due(10.0, lease=30) == []
    claimed = await store.claim_due(200.0, lease=30)
    assert sorted(claimed) == [("lobby:g2", 230.0), ("turn:g1", 230.0)]
    assert await store.claim_due(200.0, lease=30) == []  # claimed once, while the lease runs
    await store.finish_due("lobby:g2", 230.0)  # handled
    await store.schedule("turn:g3", 150.0)  # rescheduling moves the deadline
    await store.cancel("turn:g1")
    assert keys(await store.claim_due(200.0, lease=30)) == ["turn:g3"]


async def test_a_claimed_deadline_nobody_finished_fires_again(store: Store) -> None:
    await store.schedule("turn:g1", 100.0)
    (key, lease), *_ = await store.claim_due(100.0, lease=30)  # then the claimer died
    assert (key, lease) == ("turn:g1", 130.0)
    assert await store.claim_due(129.0, lease=30) == []
    again = await store.claim_due(131.0, lease=30)  # the lease ran out: another process
    assert again == [("turn:g1", 161.0)]
    await store.finish_due("turn:g1", 130.0)  # the first claimer's late finish: not its lease
    assert keys(await store.claim_due(170.0, lease=30)) == ["turn:g1"]


async def test_a_deadline_scheduled_anew_while_claimed_survives_its_finish(store: Store) -> None:
    await store.schedule("turn:g1", 100.0)
    [(_, lease)] = await store.claim_due(100.0, lease=30)
    await store.schedule("turn:g1", 190.0)  # the handler saved the next turn's deadline
    await store.finish_due("turn:g1", lease)
    assert await store.claim_due(189.0, lease=30) == []
    assert keys(await store.claim_due(190.0, lease=30)) == ["turn:g1"]


async def test_deadlines_claimed_by_exactly_one_caller(store: Store) -> None:
    for i in range(30):
        await store.schedule(f"k{i:02d}", float(i))
    batches = await asyncio.gather(*(store.claim_due(1000.0, lease=30, limit=7) for _ in range(8)))
    claimed = [k for b in batches for k in keys(b)]
    assert sorted(claimed) == [f"k{i:02d}" for i in range(30)]


async def test_sqlite_expiry_and_restart(tmp_path) -> None:  # type: ignore[no-untyped-def]
    clock = FakeClock()
    path = str(tmp_path / "db.sqlite3")
    s = await SQLiteStore(path, game_ttl=GAME_TTL, idle_ttl=IDLE_TTL, clock=clock).open()
    rec = record()
    await s.create(rec)
    await s.put_invite("inv", {"x": 1}, ttl=10)
    await s.claim_chat_game(-1, rec.id)
    await s.close()
    # a new process opens the same file: the game is still there
    s = await SQLiteStore(path, game_ttl=GAME_TTL, idle_ttl=IDLE_TTL, clock=clock).open()
    assert await s.load(rec.id) == rec
    clock.now += 11
    assert await s.get_invite("inv") is None
    clock.now += IDLE_TTL
    assert await s.load(rec.id) is None
    assert await s.get_chat_game(-1) is None
    assert await s.claim_chat_game(-1, "other")  # an expired claim does not block
    assert not await s.save(rec, 0)
    assert await s.create(record(id=rec.id))  # an expired id may be reused
    await s.close()


TABLES = ("games", "cells", "members", "scores")


async def test_sqlite_minute_sweep_deletes_what_expired(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Reads skip an expired row; the timer loop's sweep (once a minute) deletes it from the
    file, as opening the store does: an expired game, cell, set member and board line."""
    clock = FakeClock()
    path = str(tmp_path / "db.sqlite3")
    s = await SQLiteStore(path, game_ttl=GAME_TTL, idle_ttl=IDLE_TTL, clock=clock).open()
    live = record(id="live0000001")
    await s.create(record())
    await s.put_invite("inv", {"x": 1}, ttl=10)
    await s.add_user_game(5, "g1")
    await s.claim_daily(5, "kosa", "u", 1, "g1")
    await s.take_send(-100, clock.now, 60.0, 20, 1.0)  # a chat's sends: a sorted set
    clock.now += DAILY_CLAIM_TTL + 1  # the longest of them
    await s.create(live)
    await s.sweep_results(clock.now)
    await s.close()
    conn = sqlite3.connect(path)
    try:
        rows = {t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES}
    finally:
        conn.close()
    assert rows == {"games": 1, "cells": 0, "members": 0, "scores": 0}


async def test_redis_round_trips(any_redis_url: str) -> None:
    s = await redis_store(any_redis_url, prefix="rt" + uuid.uuid4().hex[:6]).open()
    sent = RoundTrips(s)
    rec = record()
    await s.create(rec)
    before = sent.commands
    got = await s.load(rec.id)
    assert got is not None
    assert sent.commands - before == 1
    before = sent.commands
    assert await s.save(got, got.version)
    assert sent.commands - before == 1
    keys = {k for k in await every_key(s) if "{active:" not in k}  # less the active-games index
    assert keys == {f"{s.prefix}:{{g:{rec.id}}}"}  # hash-tagged, one key per game
    before = sent.commands
    await s.add_user_game(42, rec.id)  # the set and its time to live: one MULTI/EXEC
    assert sent.commands - before == 1
    await s.close()


async def test_marks_are_set_once_and_taken_once(store: Store) -> None:
    assert await store.mark("resign:g1:7", ttl=15)
    assert not await store.mark("resign:g1:7", ttl=15)  # another process: already asked
    assert await store.unmark("resign:g1:7")  # the confirming tap takes it
    assert not await store.unmark("resign:g1:7")  # a duplicate of that tap finds nothing
    assert await store.mark("resign:g1:7", ttl=0.05)
    await asyncio.sleep(0.1)
    assert not await store.unmark("resign:g1:7")  # expired
    assert await store.mark("resign:g1:7", ttl=15)


async def test_the_edit_budget_is_shared_by_every_caller(store: Store) -> None:
    chat, window, limit, gap = -100, 60.0, 3, 1.0
    assert await store.take_send(chat, 1000.0, window, limit, gap) == 0
    assert await store.take_send(chat, 1000.5, window, limit, gap) == pytest.approx(0.5)
    assert await store.take_send(chat, 1001.0, window, limit, gap) == 0
    assert await store.take_send(chat, 1002.0, window, limit, gap) == 0
    # three sends in the window: the next waits until the first leaves it
    assert await store.take_send(chat, 1003.0, window, limit, gap) == pytest.approx(57.0)
    assert await store.take_send(-200, 1003.0, window, limit, gap) == 0  # another chat
    assert await store.take_send(chat, 1060.5, window, limit, gap) == 0


async def test_a_short_budget_leaves_a_longer_ones_writes_counted(store: Store) -> None:
    """Budgets of other windows side by side (a group's minute, a member's command's seconds):
    one's old writes are dropped, never another's."""
    assert await store.take_send(-100, 1000.0, 61.0, 1, 1.0) == 0
    assert await store.take_send(1 << 62, 1030.0, 5.0, 1, 0.0) == 0
    assert await store.take_send(-100, 1040.0, 61.0, 1, 1.0) == pytest.approx(21.0)


async def test_user_settings_are_kept_per_user_and_name(store: Store) -> None:
    assert await store.get_setting(7, "pings") is None
    await store.set_setting(7, "pings", "off")
    await store.set_setting(8, "pings", "on")
    assert await store.get_setting(7, "pings") == "off"
    assert await store.get_setting(8, "pings") == "on"
    await store.set_setting(7, "pings", "on")  # changed, not added
    assert await store.get_setting(7, "pings") == "on"
    assert await store.get_setting(7, "other") is None


ROLES = (Games, Results, Standings, Leases, People)


async def test_every_redis_store_call_goes_through_its_health(redis_url: str) -> None:
    """An outage must become StoreUnavailable (a clear answer), never a raw Redis error: every
    public coroutine of every role is the store's by its name, wrapped by `guard` on Redis."""
    s = RedisStore(redis_url)
    try:
        names = [
            n
            for role in ROLES
            for n, _ in inspect.getmembers(role, inspect.iscoroutinefunction)
            if not n.startswith("_")
        ]
        assert len(names) > 40
        unguarded = [n for n in names if not hasattr(getattr(s, n), "__wrapped__")]
        assert not unguarded, unguarded
    finally:
        await s.close()


async def test_the_people_seen_in_a_group_are_kept_per_group_and_week(store: Store) -> None:
    await store.add_seen_in_group(-100, 202649, 7)
    await store.add_seen_in_group(-100, 202649, 8)
    await store.add_seen_in_group(-100, 202649, 7)  # a set: once
    await store.add_seen_in_group(-100, 202650, 9)
    await store.add_seen_in_group(-200, 202649, 10)
    assert sorted(await store.seen_in_group(-100, 202649)) == [7, 8]
    assert await store.seen_in_group(-100, 202650) == [9]
    assert await store.seen_in_group(-200, 202649) == [10]
    assert await store.seen_in_group(-300, 202649) == []
