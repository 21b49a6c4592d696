"""A group races on the deal of the day without a table game: whoever has been seen in the group
(a command, a tap, a seat at its table) and played the day's deal is on the group's day board,
placed among the group's people (1, 2, … however the whole day's board ranks them), and the one
who asks, when beyond the lines shown, reads their own place among how many; one hidden from the
global boards is on the group's day board still; and a member seen there who won a solitaire is
among the group's solitaire wins, on a rating board or not (issue 44, point 11); on a day dealt
in tiers, each of its deals has its race (issue 46). On both stores."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.stats.daily import day_number, utc_day
from bot.stats.result import GameResult
from bot.storage import Store
from tests.bot.handlers.test_daily_honest import DAY, NOW, give_up, open_daily, today
from tests.bot.storage.results_support import new_game, solo
from tests.support.daily_pages import daily_page
from tests.support.recording import TgUser
from tests.support.world import World, start_ryadki


async def a_day_result(store: Store, user: TgUser, left: int) -> None:
    """`user`'s ranked attempt at today's Raspad, lost with `left` cards left."""
    record = await new_game(store, "raspad", user.id)
    result = solo(
        record.id,
        user.id,
        won=False,
        kind="raspad",
        variant="52",
        score=left,
        daily=DAY,
        rounds=1,
        name=user.first_name,
        date=utc_day(NOW),
    )
    assert await store.finish(record, 0, result)


def race(w: World) -> str:
    text = w.board().text
    assert "Today's deal in this group" in text, text
    return text.split("Today's deal in this group")[1]


async def test_people_seen_in_a_group_race_on_today_s_deal_without_a_table_game(
    any_world: World,
) -> None:
    w = any_world
    today(w)
    await w.say(w.alice, w.group, "/rules")  # seen here: a command
    await w.say(w.bob, w.group, "/help")
    for user in (w.alice, w.bob):
        await open_daily(w, user)
        await give_up(w, user)
    await a_day_result(w.store, w.carol, left=3)  # the day's best, never seen in this group
    await w.say(w.alice, w.group, "/top")
    text = w.board().text
    assert "No rated game" not in text  # the group has something to show
    shown = race(w)
    assert "Alice" in shown and "Bob" in shown and "Carol" not in shown
    # second on the whole day's board (Carol is first), first among the group's people
    assert re.search(r"\n1\. (Alice|Bob) — ❌ 52 cards left\n1\. (Alice|Bob)", shown), shown


async def test_who_asks_beyond_the_top_lines_reads_their_place_among_how_many(
    any_world: World,
) -> None:
    w = any_world
    today(w)
    others = [w.tg.add_user(f"P{i}", language_code="en") for i in range(1, 12)]
    for i, user in enumerate(others, 1):
        await w.say(user, w.group, "/rules")
        await a_day_result(w.store, user, left=i)  # P1 best … P11
    await w.say(w.dave, w.group, "/help")
    await open_daily(w, w.dave)
    await give_up(w, w.dave)  # 52 cards left: last of the twelve
    # a minute later: twelve commands spent the members' share of the group's minute
    w.clock.advance(60)
    await w.say(w.dave, w.group, "/top")
    shown = race(w)
    assert "1. P1 — ❌ 1 card left" in shown and "10. P10" in shown and "P11" not in shown
    assert "Dave: #12 of 12 — ❌ 52 cards left" in shown, shown
    w.clock.advance(60)
    await w.say(w.alice, w.group, "/top")  # Alice played no deal today: no line of hers
    assert "Alice" not in race(w)


async def test_a_seat_at_the_group_s_table_counts_as_seen_there(any_world: World) -> None:
    """Bob and Carol join by the invite link in their private chats and only ever tap there:
    their seats at the group's table put them on its day board."""
    w = any_world
    today(w)
    w.clock.advance(NOW - w.clock())  # the table's day is the deal's day
    await start_ryadki(w, [w.alice, w.bob, w.carol])
    await open_daily(w, w.carol)
    await give_up(w, w.carol)
    await w.say(w.alice, w.group, "/top")
    assert "1. Carol — ❌ 52 cards left" in race(w)


async def a_win(store: Store, user: TgUser, kind: str = "raspad") -> None:
    """A ranked win of `user`'s at `kind` (not today's deal)."""
    record = await new_game(store, kind, user.id)
    result = solo(record.id, user.id, won=True, kind=kind, variant="52", score=0)
    assert await store.finish(record, 0, solo_named(result, user))


def solo_named(result: GameResult, user: TgUser) -> GameResult:
    player = replace(result.players[0], name=user.first_name)
    return replace(result, players=(player,))


async def test_a_member_seen_here_who_won_a_solitaire_is_among_its_solitaire_wins(
    any_world: World,
) -> None:
    """Bob is on no rating board of the group (no game was played at its table): a command
    there is enough for his solitaire wins to count among the group's players'."""
    w = any_world
    today(w)
    await w.say(w.bob, w.group, "/help")
    await a_win(w.store, w.bob)
    await a_win(w.store, w.bob)
    await a_win(w.store, w.dave)  # never seen here
    w.clock.advance(60)
    await w.say(w.alice, w.group, "/top")
    text = w.board().text
    assert "Solitaires of this group's players (wins):" in text, text
    solo_part = text.split("Solitaires of this group's players (wins):")[1]
    assert "1. Bob — 2" in solo_part and "Dave" not in solo_part, solo_part


async def test_a_member_hidden_from_the_global_boards_races_on_the_group_s_day_board(
    any_world: World,
) -> None:
    """Carol keeps herself off the global boards; her group still sees her day's deal."""
    w = any_world
    today(w)
    for user in (w.bob, w.carol):
        await w.say(user, w.group, "/rules")
    await w.store.set_hidden(w.carol.id, True)
    await a_day_result(w.store, w.bob, left=5)
    await a_day_result(w.store, w.carol, left=3)
    page = await daily_page(w, w.alice, "raspad")  # /daily, on Raspad's page
    await w.tap(w.alice, page, re.compile("Raspad: the day's board"))
    assert "Carol" not in w.last(w.alice).text  # the whole day's board: she is hidden there
    w.clock.advance(60)
    await w.say(w.alice, w.group, "/top")
    shown = race(w)
    assert re.search(r"1\. Carol — ❌ 3 cards left\n2\. Bob — ❌ 5 cards left", shown), shown


TIER_NOW = NOW + 13 * 86400  # 2026-12-14 12:00 UTC: Kosa's day is dealt in tiers (#713)


async def a_tier_result(store: Store, user: TgUser, tier: str, home: int) -> None:
    """`user`'s ranked attempt at `tier`'s deal of Kosa's day, lost with `home` cards home."""
    record = await new_game(store, "kosa", user.id)
    day = day_number(utc_day(TIER_NOW))
    result = solo(record.id, user.id, won=False, score=home, daily=day, date=utc_day(TIER_NOW))
    assert await store.finish(record, 0, replace(solo_named(result, user), tier=tier))


async def test_a_day_dealt_in_tiers_races_on_each_deal_the_hidden_member_too(
    any_world: World,
) -> None:
    """Each of the day's three deals has its race among the group's people; Carol, hidden
    from the global boards, is placed on each deal she played by her result."""
    w = any_world
    w.dp["solitaires"].clock = w.dp["players"].clock = lambda: TIER_NOW
    for user in (w.bob, w.carol):
        await w.say(user, w.group, "/rules")
    await w.store.set_hidden(w.carol.id, True)
    await a_tier_result(w.store, w.bob, "e", home=40)
    await a_tier_result(w.store, w.carol, "e", home=60)
    await a_tier_result(w.store, w.carol, "h", home=10)
    await w.say(w.alice, w.group, "/top")
    easy, hard = "#713 · 🟢 easy\n", "#713 · 🔴 hard\n"
    shown = race(w)
    assert easy in shown and hard in shown and "🟡 medium" not in shown, shown  # none played it
    assert "1. Carol — ❌ 60 of 104 home\n2. Bob — ❌ 40 of 104 home" in shown.split(easy)[1]
    assert shown.split(hard)[1].strip() == "1. Carol — ❌ 10 of 104 home"
