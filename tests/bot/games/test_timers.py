"""Turn timers: suggest for the absent player, removal after three timeouts in a row, and
deadlines that fire exactly once even with two processes claiming them."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import rules
from bot.games.state import public_view
from bot.games.state import turn as turn_of
from bot.games.table.lobby import Lobby
from bot.games.table.moves import TIMEOUT_LIMIT, play, start, time_out
from bot.games.timers import TimerLoop, turn_key
from bot.storage import GameRecord, Player, Store, TableMeta
from rules.parquet_view import parquet_view
from rules.ryadki_view import ryadki_view

NAMES = ["Ann", "Ben", "Cid"]


def started(kind: str, n: int, seed: int = 7, deals: int = 1) -> GameRecord:
    meta = TableMeta(creator=1)
    lobby = Lobby(kind, meta)
    for i in range(n):
        lobby.join(Player(i + 1, NAMES[i]))
    if kind == "ryadki":
        lobby.meta.settings["deals"] = deals
    record = GameRecord(id="abcdefghij", kind=kind, chat_id=-100, state="", meta=meta)
    start(record, lobby, now=0.0, turn_timeout=90, seed=seed)
    return record


def step_others(record: GameRecord, absent: int, now: float) -> int | None:
    """Let everybody but `absent` play the computer's move until it is `absent`'s turn."""
    mod = rules.GAMES[record.kind]
    for _ in range(500):
        turn = turn_of(record)
        if turn is None or turn == absent:
            return turn
        move = mod.suggest(mod.from_json(record.state), turn, 1)
        play(record, turn, move, now, 90)
    raise AssertionError("no turn came back to the absent player")


def test_timeout_plays_a_legal_move_for_the_absent_player_and_says_so() -> None:
    record = started("ryadki", 3)
    view = ryadki_view(public_view(record))
    turn = turn_of(record)
    assert turn is not None
    before = view["hands"][turn]
    event = time_out(record, now=90.0, turn_timeout=90)
    assert event is not None and event["e"] == "timeout" and event["seat"] == turn
    assert event["k"] == 1 and event["max"] == TIMEOUT_LIMIT
    after = ryadki_view(public_view(record))
    assert after["moves"] == view["moves"] + 1
    assert after["hands"][turn] <= before  # the card left their hand (maybe refilled)
    assert record.table.events[0] == event  # the table shows it
    assert record.table.due == 180.0


def test_a_move_of_their_own_resets_the_count() -> None:
    record = started("ryadki", 3)
    absent = turn_of(record)
    assert absent is not None
    time_out(record, 90.0, 90)
    if step_others(record, absent, 100.0) is None:
        pytest.skip("the deal ended before the turn came back")
    mod = rules.GAMES["ryadki"]
    play(record, absent, mod.suggest(mod.from_json(record.state), absent, 1), 110.0, 90)
    assert record.table.timeouts[absent] == 0


def test_ryadki_removes_a_player_after_three_timeouts_and_goes_on() -> None:
    record = started("ryadki", 3, seed=11, deals=3)
    absent = turn_of(record)
    assert absent is not None
    kinds = []
    for _ in range(TIMEOUT_LIMIT):
        assert step_others(record, absent, 50.0) == absent
        event = time_out(record, 100.0, 90)
        assert event is not None
        kinds.append(event["e"])
    assert kinds == ["timeout", "timeout", "removed"]
    view = ryadki_view(public_view(record))
    assert view["active"][absent] is False
    assert not view["status"]["over"]  # two players remain: the game goes on
    assert step_others(record, absent, 200.0) is None  # ...to its end, without the absent one
    assert absent not in ryadki_view(public_view(record))["status"]["winners"]
    assert record.finished and record.phase == "over"


def test_parquet_ends_after_three_timeouts_and_the_absent_player_loses() -> None:
    record = started("parquet", 2, seed=3)
    absent = turn_of(record)
    assert absent is not None
    for k in range(1, TIMEOUT_LIMIT + 1):
        assert step_others(record, absent, 50.0) == absent
        event = time_out(record, 100.0, 90)
        assert event is not None
        assert event["e"] == ("removed" if k == TIMEOUT_LIMIT else "timeout")
    view = parquet_view(public_view(record))
    assert view["status"]["over"]
    assert view["status"]["winners"] == [1 - absent]
    assert record.table.why == "timeout"
    assert record.finished
    assert time_out(record, 300.0, 90) is None  # nothing to time any more


@pytest.fixture(params=["sqlite", "redis"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    if request.param == "sqlite":
        from bot.storage.sqlite_store import SQLiteStore

        s: Store = await SQLiteStore(str(tmp_path / "t.sqlite3")).open()
    else:
        from bot.storage.redis_store import RedisStore

        url = request.getfixturevalue("redis_url")
        s = await RedisStore(url).open()
    try:
        yield s
    finally:
        await s.close()


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def test_a_deadline_fires_exactly_once_with_two_processes(store: Store) -> None:
    clock = Clock()
    fired: list[tuple[str, str]] = []

    def loop(name: str) -> TimerLoop:
        timers = TimerLoop(store, clock=clock)

        async def handler(key: str, now: float) -> None:
            fired.append((name, key))

        timers.on("turn", handler)
        return timers

    one, two = loop("one"), loop("two")
    keys = [turn_key(f"g{i:09d}") for i in range(30)]
    for i, key in enumerate(keys):
        await store.schedule(key, clock.now + 10 + i % 3)
    await asyncio.gather(one.tick_once(), two.tick_once())
    assert fired == []  # nothing is due yet
    clock.now += 60
    await asyncio.gather(one.tick_once(), two.tick_once(), one.tick_once(), two.tick_once())
    assert sorted(k for _, k in fired) == sorted(keys)  # each exactly once


async def test_a_rescheduled_deadline_moves_and_a_cancelled_one_never_fires(store: Store) -> None:
    clock = Clock()
    fired: list[str] = []
    timers = TimerLoop(store, clock=clock)

    async def handler(key: str, now: float) -> None:
        fired.append(key)

    timers.on("turn", handler)
    await store.schedule("turn:aaaaaaaaaa", clock.now + 5)
    await store.schedule("turn:aaaaaaaaaa", clock.now + 50)  # a move set a new deadline
    await store.schedule("turn:bbbbbbbbbb", clock.now + 5)
    await store.cancel("turn:bbbbbbbbbb")  # the game ended
    clock.now += 10
    await timers.tick_once()
    assert fired == []
    clock.now += 50
    await timers.tick_once()
    assert fired == ["turn:aaaaaaaaaa"]


async def test_a_failing_handler_does_not_stop_the_loop(store: Store) -> None:
    clock = Clock()
    fired: list[str] = []
    timers = TimerLoop(store, clock=clock)

    async def handler(key: str, now: float) -> None:
        fired.append(key)
        if key.endswith("1"):
            raise RuntimeError("boom")

    timers.on("lobby", handler)
    await store.schedule("lobby:x1", clock.now)
    await store.schedule("lobby:x2", clock.now)
    await timers.tick_once()
    assert sorted(fired) == ["lobby:x1", "lobby:x2"]


def test_quick_changes_keep_each_others_event_lines() -> None:
    record = started("ryadki", 3)
    mod = rules.GAMES["ryadki"]
    turn = turn_of(record)
    assert turn is not None
    play(record, turn, mod.suggest(mod.from_json(record.state), turn, 1), 10.0, 90)
    first = list(record.table.events)
    turn = turn_of(record)
    assert turn is not None
    play(record, turn, mod.suggest(mod.from_json(record.state), turn, 1), 11.0, 90)
    assert record.table.events[: len(first)] == first  # 1 s apart: both moves' lines stay
    turn = turn_of(record)
    assert turn is not None
    play(record, turn, mod.suggest(mod.from_json(record.state), turn, 1), 30.0, 90)
    assert record.table.events == public_view(record)["events"]  # later: only the new lines


async def test_a_stopping_process_finishes_its_deadline_and_hands_over_the_rest(
    store: Store,
) -> None:
    """SIGTERM mid-batch: the deadline being handled is finished, the other claimed ones are
    due again at once for another process (not after the lease), and each fires once."""
    clock = Clock()
    fired: list[tuple[str, str]] = []
    entered, release = asyncio.Event(), asyncio.Event()
    draining = TimerLoop(store, clock=clock, tick=0.01)

    async def slow(key: str, now: float) -> None:
        fired.append(("draining", key))
        entered.set()
        await release.wait()

    draining.on("turn", slow)
    keys = [turn_key(f"h{i:09d}") for i in range(5)]
    for key in keys:
        await store.schedule(key, clock.now - 1)
    draining.start()
    await asyncio.wait_for(entered.wait(), 5)
    stopping = asyncio.create_task(draining.stop())
    await asyncio.sleep(0.05)
    assert not stopping.done()  # the deadline in hand is finished first
    release.set()
    await asyncio.wait_for(stopping, 5)
    other = TimerLoop(store, clock=clock)

    async def quick(key: str, now: float) -> None:
        fired.append(("other", key))

    other.on("turn", quick)
    assert await other.tick_once() == 4  # the lease (30 s) has not run out: handed over
    assert sorted(k for _, k in fired) == sorted(keys)
    assert [who for who, _ in fired].count("draining") == 1
