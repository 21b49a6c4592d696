"""Every chat's budget (bot.games.budget): a private chat's burst and pace, kept by the process;
a member's commands within their share of a group's minute, the games' writes beside them."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games import budget
from bot.games.budget import TYPED, Budget, BudgetSpent, PrivatePace
from bot.storage.sqlite_store import SQLiteStore
from tests.support.virtual_time import VirtualClock


def test_a_private_chat_takes_a_burst_of_three_then_about_one_a_second() -> None:
    pace = PrivatePace()
    assert [pace.take(7, 100.0) for _ in range(2)] == [0.0, 0.0]
    third = pace.take(7, 100.0)  # a quarter of a write is kept in hand
    assert third == pytest.approx(budget.PRIVATE_SLACK)
    assert pace.take(7, 100.0 + third) == 0.0
    assert pace.take(7, 100.0 + third) == pytest.approx(1.0)  # then one a second
    assert pace.take(8, 100.0) == 0.0  # another chat: its own


def test_a_write_a_second_never_waits() -> None:
    pace = PrivatePace()
    assert all(pace.take(7, 100.0 + n) == 0.0 for n in range(100))


async def test_a_members_commands_spend_their_share_and_the_games_the_rest(
    tmp_path: Path,
) -> None:
    clock = VirtualClock(1000.0)
    store = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    try:
        b = Budget(store, 20, clock=clock, sleep=clock.sleep)
        token = TYPED.set(True)
        try:
            for _ in range(b.typed_per_minute):  # five answers, a second apart
                await b.wait_turn(-100)
                clock.advance(1.0)
            with pytest.raises(BudgetSpent):  # the sixth: the rest is the games'
                await b.wait_turn(-100)
            await b.wait_turn(-200)  # another group's members
            await b.wait_turn(7)  # and private chats are not held to it
        finally:
            TYPED.reset(token)
        assert await b.take(-100) == 0.0  # a game's write still goes
    finally:
        await store.close()


async def test_a_members_command_waits_no_longer_than_the_budgets_spacing(
    tmp_path: Path,
) -> None:
    clock = VirtualClock(1000.0)
    store = await SQLiteStore(str(tmp_path / "db.sqlite3")).open()
    try:
        b = Budget(store, 20, clock=clock, sleep=clock.sleep)
        assert await b.take(-100) == 0.0  # a game's write
        token = TYPED.set(True)
        try:
            await b.wait_turn(-100)  # a second later (the spacing): it goes
            assert clock() == pytest.approx(1001.0)
            for _ in range(18):  # the games spend the rest of the minute
                clock.advance(1.0)
                assert await b.take(-100) == 0.0
            with pytest.raises(BudgetSpent):  # no waiting the minute out: not answered
                await b.wait_turn(-100)
        finally:
            TYPED.reset(token)
        assert clock() == pytest.approx(1019.0)
    finally:
        await store.close()
