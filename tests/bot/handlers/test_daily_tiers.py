"""Three deals a day in /daily, on both stores (issue 46, points 1-2; issue 44, point 5): the
first tap after a fresh start is dealt at once, with no search on its path; each tier is a
ranked attempt of its own, on a board of its own; the month's calendar; a missed day played
late, marked so and never ranked.

Every search here waits for good (a pool busy or just started): what /daily queues ahead waits
in the background, and a tap that searched would never be answered."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from bot.games import searches
from bot.games.solitaire import days_ahead, model
from bot.stats import daily_tiers
from bot.stats.daily import day_number, utc_day
from bot.storage import GameRecord
from tests.support.recording import TgMessage, TgUser
from tests.support.world import World

NOW = 1_796_140_800.0 + 13 * 86400  # 2026-12-14 12:00 UTC
DAY = day_number(utc_day(NOW))  # #713: three deals a day (from #712)
GIVE_UP = re.compile("Give up")
YES = re.compile("Yes, give up")
BOUND = 60.0  # a tap that never returns fails the test instead of hanging it


@pytest.fixture
async def held(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[list[str]]:
    """Every search waits for good; the list names those started. A fresh process: nothing
    of any day remembered."""
    started: list[str] = []

    async def waits(kind: str, seconds: float, work: Callable[..., Any], *a: Any) -> Any:
        started.append(getattr(work, "__name__", "?"))
        await asyncio.Event().wait()

    monkeypatch.setattr(searches, "offload", waits)
    monkeypatch.setattr(searches, "later", waits)
    monkeypatch.setattr(searches, "attempt", waits)
    days_ahead._known.clear()
    yield started
    worker = days_ahead._workers.pop(asyncio.get_running_loop(), None)
    if worker is not None:
        worker.cancel()
    days_ahead._known.clear()


def at(w: World, when: float) -> None:
    w.dp["solitaires"].clock = w.dp["players"].clock = lambda: when


async def tap(w: World, user: TgUser, msg: TgMessage, label: str | re.Pattern[str]) -> TgMessage:
    await asyncio.wait_for(w.tap(user, msg, label), BOUND)
    return w.last(user)


async def daily(w: World, user: TgUser) -> TgMessage:
    await asyncio.wait_for(w.say(user, None, "/daily"), BOUND)
    return w.last(user)


async def game_of(w: World, board: TgMessage) -> GameRecord:
    gid = next(d.split(":")[0] for d in board.callback_data() if not d.startswith("m:"))
    record = await w.store.load(gid)
    assert record is not None
    return record


async def give_up(w: World, user: TgUser) -> TgMessage:
    await tap(w, user, w.last(user), GIVE_UP)
    return await tap(w, user, w.last(user), YES)


def spare(tier: daily_tiers.Tier) -> daily_tiers.Dealt:
    return daily_tiers.fallback("kosa", "u", DAY)[tier]


async def test_the_first_tap_after_a_fresh_start_is_dealt_at_once_without_a_search(
    any_world: World, held: list[str]
) -> None:
    w = any_world
    at(w, NOW)
    page = await daily(w, w.alice)  # the bot has just started: no day chosen yet
    assert f"Deal of the day #{DAY}" in page.text
    assert "🪢 Kosa: three deals to choose from, all winnable" in page.text, page.text
    for name in ("🟢 Easy", "🟡 Medium", "🔴 Hard"):
        assert f"{name}: not played yet" in page.text and page.has_button(f"▶️ {name}")
    board = await tap(w, w.alice, page, "▶️ 🟢 Easy")
    assert f"Deal of the day #{DAY} · 🟢 easy · ranked attempt" in board.text, board.text
    game = await game_of(w, board)
    expected = model.new_record("kosa", "u", w.alice.id, "en", seed=spare("e").seed)
    assert game.state == expected.state and game.solo.par == spare("e").par is not None
    assert game.solo.tier == "e" and game.solo.ranked
    assert held == ["grade"]  # /daily's choice ahead, waiting in the background, off the tap
    # another replica, and a search that ends later: the day is the one dealt, for everyone
    days_ahead._known.clear()
    bobs = await tap(w, w.bob, await daily(w, w.bob), "▶️ 🟢 Easy")
    assert (await game_of(w, bobs)).state == game.state
    page = await daily(w, w.alice)
    assert f"🟢 Easy · ⛳ par {spare('e').par}: your attempt is under way" in page.text
    assert f"🔴 Hard · ⛳ par {spare('h').par}: not played yet" in page.text, page.text


async def test_a_day_with_one_deal_is_dealt_at_once_too(any_world: World, held: list[str]) -> None:
    w = any_world
    at(w, 1_796_745_600.0)  # 2026-12-08: #707, one deal proved winnable, none chosen yet
    page = await daily(w, w.alice)
    board = await tap(w, w.alice, page, "▶️ 🪢 Kosa")
    assert "Deal of the day #707 · ranked attempt" in board.text, board.text
    spare = daily_tiers.one_spare("kosa", "u", 707)  # a graded spare: winnable, with its par
    game = await game_of(w, board)
    assert game.state == model.new_record("kosa", "u", 0, "en", seed=spare.seed).state
    assert game.solo.par == spare.par is not None and game.solo.tier == ""
    assert held == ["day_deal"]  # the choice ahead, waiting in the background
    days_ahead._known.clear()  # another replica: the day is the one dealt
    bobs = await tap(w, w.bob, await daily(w, w.bob), "▶️ 🪢 Kosa")
    assert (await game_of(w, bobs)).state == game.state


async def test_each_tier_is_a_ranked_attempt_of_its_own_on_its_own_board(
    any_world: World, held: list[str]
) -> None:
    w = any_world
    at(w, NOW)
    easy = await game_of(w, await tap(w, w.alice, await daily(w, w.alice), "▶️ 🟢 Easy"))
    end = await give_up(w, w.alice)
    assert "🟢 easy · ranked attempt" in end.text and "🏅 #1 of 1 on the day's board" in end.text
    copy = end.button("📋 Copy")["copy_text"]["text"]
    assert f"?start=daily-kosa-{DAY}-e" in copy and "🟢 easy" in copy, copy
    page = await daily(w, w.alice)
    assert re.search(r"🟢 Easy · ⛳ par \d+: played — ❌ .* · 🏅 #1 of 1", page.text), page.text
    medium = await tap(w, w.alice, page, "▶️ 🟡 Medium")  # the next tier: ranked too
    assert "🟡 medium · ranked attempt" in medium.text
    assert (await game_of(w, medium)).state != easy.state
    await give_up(w, w.alice)
    again = await tap(w, w.alice, await daily(w, w.alice), "🔁 🟢 Easy again")
    assert "🟢 easy · replay: it does not go on the board" in again.text
    # Bob sees each tier's board: Alice on Easy's and Medium's, nobody on Hard's
    boards = await tap(w, w.bob, await daily(w, w.bob), "🏆 The day's boards")
    assert f"#{DAY} · 🟢 easy" in boards.text and "1. Alice" in boards.text, boards.text
    assert boards.has_button("• 🟢 Easy") and boards.has_button("🟡 Medium")
    hard = await tap(w, w.bob, boards, "🔴 Hard")
    assert "🔴 hard" in hard.text and "Alice" not in hard.text
    assert "1. Alice" in (await tap(w, w.bob, hard, "🟡 Medium")).text


async def test_a_missed_day_is_played_late_never_ranked_and_the_month_shows_it(
    any_world: World, held: list[str]
) -> None:
    w = any_world
    at(w, NOW)
    await tap(w, w.alice, await daily(w, w.alice), "▶️ 🟢 Easy")
    await give_up(w, w.alice)  # on the day: played
    at(w, NOW + 2 * 86400)  # two days later; the day between was missed
    page = await daily(w, w.alice)
    assert "🗓 December 2026: 🟢 🟡 🔴 in order" in page.text, page.text
    assert "14 ○··" in page.text and "15 ···" in page.text and "16 ···" in page.text
    assert " 1  ·  " in page.text  # (a day before the tiers: one deal, its mark alone)
    assert all(len(line) <= 30 for line in page.text.splitlines() if "·" in line[:6])
    missed = await tap(w, w.alice, page, "◀️ 15.12")
    assert f"Deal of the day #{DAY + 1}" in missed.text and "⏪ This day is over" in missed.text
    late = await tap(w, w.alice, missed, "▶️ 🔴 Hard")
    assert f"#{DAY + 1} · 🔴 hard · ⏪ played after its day" in late.text, late.text
    game = await game_of(w, late)
    assert game.solo.late and not game.solo.ranked
    hard = daily_tiers.fallback("kosa", "u", DAY + 1)["h"]
    assert game.state == model.new_record("kosa", "u", 0, "en", seed=hard.seed).state
    end = await give_up(w, w.alice)
    assert "⏪ played after its day" in end.text and "🏅" not in end.text
    assert not end.has_button("📋 Copy") and not end.has_button("📤 Share")
    page = await daily(w, w.alice)
    assert "14 ○··" in page.text and "15 ··◦" in page.text, page.text
    # not on that day's board
    bobs = await tap(w, w.bob, await daily(w, w.bob), "◀️ 15.12")
    boards = await tap(w, w.bob, bobs, "🏆 The day's boards")
    assert "Alice" not in (await tap(w, w.bob, boards, "🔴 Hard")).text
    # a day to come, one of the month before, a tier no day has: forged, nothing opens
    for forged in (f"m:dday:kosa:{DAY + 3}", "m:dday:kosa:690", f"m:dplay:kosa:{DAY}:x"):
        games = await w.store.user_games(w.alice.id)
        update = w.session.tap_data(w.alice, page, forged)
        await asyncio.wait_for(w.dp.feed_update(w.bot, update), BOUND)
        await w.settle()
        assert w.session.message(page.chat.id, page.message_id).text == page.text
        assert await w.store.user_games(w.alice.id) == games
