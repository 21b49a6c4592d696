"""A group races on the deal of the day without a table game: whoever has been seen in the group
(a command, a tap, a seat at its table) and played the day's deal is on the group's day board,
placed among the group's people (1, 2, … however the whole day's board ranks them), and the one
who asks, when beyond the lines shown, reads their own place among how many. On both stores."""

from __future__ import annotations

import re

from bot.stats.daily import utc_day
from bot.storage import Store
from tests.bot.handlers.test_daily_honest import DAY, NOW, give_up, open_daily, today
from tests.bot.storage.results_support import new_game, solo
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
