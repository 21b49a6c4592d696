"""An honest deal of the day, on both stores: a hint in the ranked attempt is asked first and
makes it unranked, every daily board says ranked, replay or unranked, the finished ranked
attempt shows its place and a card to post (copied, or shared when the bot's inline mode is
on), a replay offers no card, and a card's link opens the same deal for anyone."""

from __future__ import annotations

import re

import rules
from bot.stats.daily import day_date, day_number, day_seed, utc_day
from bot.storage import GameRecord
from tests.support.daily_pages import daily_page
from tests.support.recording import TgMessage, TgUser
from tests.support.world import World

NOW = 1_796_140_800.0  # 2026-12-01 12:00 UTC
DAY = day_number(utc_day(NOW))
GIVE_UP = re.compile("Give up")
YES = re.compile("Yes, give up")


def today(w: World) -> None:
    w.dp["solitaires"].clock = w.dp["players"].clock = lambda: NOW


async def open_daily(w: World, user: TgUser, game: str = "Raspad") -> TgMessage:
    page = await daily_page(w, user, game.lower())
    await w.tap(user, page, f"▶️ {'💥' if game == 'Raspad' else '🪢'} {game}")
    return w.last(user)


async def game_of(w: World, board: TgMessage) -> GameRecord | None:
    gid = next(d.split(":")[0] for d in board.callback_data() if not d.startswith("m:"))
    return await w.store.load(gid)


async def give_up(w: World, user: TgUser) -> TgMessage:
    await w.tap(user, w.last(user), GIVE_UP)
    await w.tap(user, w.last(user), YES)
    return w.last(user)


async def test_a_hint_in_the_ranked_attempt_is_asked_first_and_makes_it_unranked(
    any_world: World,
) -> None:
    w = any_world
    today(w)
    board = await open_daily(w, w.alice)
    assert f"Deal of the day #{DAY} · ranked attempt" in board.text
    await w.tap(w.alice, board, re.compile("Hint"))
    ask = w.last(w.alice)
    assert "makes this attempt unranked" in ask.text and ask.has_button("💡 Use a hint")
    await w.tap(w.alice, ask, re.compile("Cancel"))  # changed their mind: still ranked
    back = w.last(w.alice)
    assert "ranked attempt" in back.text and "unranked" not in back.text
    gid = next(d.split(":")[0] for d in back.callback_data() if not d.startswith("m:"))
    game = await w.store.load(gid)
    assert game is not None and game.solo.hints == 0
    await w.tap(w.alice, back, re.compile("Hint"))
    await w.tap(w.alice, w.last(w.alice), "💡 Use a hint")
    hinted = w.last(w.alice)
    assert "unranked: a hint was used" in hinted.text
    end = await give_up(w, w.alice)
    assert "unranked: a hint was used" in end.text
    assert not end.has_button("📋 Copy") and not end.has_button("📤 Share")  # nothing to post
    assert end.has_button("🔁 Replay this deal") and end.has_button("🆕 New deal")
    page = await daily_page(w, w.alice, "raspad")  # /daily says why the board does not show it
    assert "unranked (a hint): not on the board" in page.text
    await w.tap(w.bob, await daily_page(w, w.bob, "raspad"), re.compile("Raspad: the day's board"))
    assert "Alice" not in w.last(w.bob).text  # an unranked attempt is not on the board


async def test_a_replay_says_so_and_offers_no_card(any_world: World) -> None:
    w = any_world
    today(w)
    await open_daily(w, w.alice)
    first = await give_up(w, w.alice)
    assert first.has_button("📋 Copy") and "🏅 #1 of 1 on the day's board" in first.text
    await w.tap(w.alice, first, "🔁 Replay this deal")  # the same deal again: a replay
    replay = w.last(w.alice)
    assert "replay: it does not go on the board" in replay.text
    end = await give_up(w, w.alice)
    assert "replay" in end.text and not end.has_button("📋 Copy")
    assert not end.has_button("📤 Share") and "🏅" not in end.text
    replay_id = (await w.store.history(w.alice.id))[0].game_id  # the newest: the replay
    await w.dp.feed_update(w.bot, w.session.inline_query(w.alice, f"daily {replay_id}"))
    assert w.tg.inline_answers[-1]["results"] == []  # a replay is no result of the day
    await w.tap(w.alice, end, "🆕 New deal")  # an ordinary deal: no word of the day
    assert "Deal of the day" not in w.last(w.alice).text


async def test_with_inline_mode_on_the_card_is_shared_with_the_place(any_world: World) -> None:
    w = any_world
    w.tg.inline_mode = True  # BotFather's /setinline
    today(w)
    await open_daily(w, w.bob)
    await give_up(w, w.bob)
    await open_daily(w, w.alice)
    end = await give_up(w, w.alice)
    assert end.has_button("📤 Share") and not end.has_button("📋 Copy")
    query = end.button("📤 Share")["switch_inline_query_chosen_chat"]["query"]
    await w.dp.feed_update(w.bot, w.session.inline_query(w.alice, query))
    card = w.tg.inline_answers[-1]["results"][0]["input_message_content"]["message_text"]
    assert re.search(rf"Raspad · deal of the day #{DAY} · #[12] of 2", card), card
    assert re.search(r"❌ \d+ cards? left", card) and "home" not in card
    assert f"?start=daily-raspad-{DAY}" in card
    await w.dp.feed_update(w.bot, w.session.inline_query(w.alice, ""))  # just `@bot`
    offered = w.tg.inline_answers[-1]["results"]
    titles = [r["title"] for r in offered]
    assert titles == ["🧩 Parquet — challenge", f"My result: deal of the day #{DAY}"], titles
    assert offered[1]["input_message_content"]["message_text"] == card


async def test_a_card_s_link_opens_the_same_deal_for_anyone(any_world: World) -> None:
    w = any_world
    today(w)
    board = await open_daily(w, w.alice)
    alice = await game_of(w, board)
    await w.say(w.carol, None, f"/start daily-raspad-{DAY}")
    opened = w.last(w.carol)
    assert "ranked attempt" in opened.text  # Carol's first attempt at today's deal
    carol = await game_of(w, opened)
    assert alice is not None and carol is not None
    assert carol.state == alice.state and carol.solo.ranked
    # an earlier day's deal: a replay of that day's
    await w.say(w.carol, None, f"/start daily-kosa-{DAY - 3}")
    old = w.last(w.carol)
    assert f"Deal of the day #{DAY - 3} · ⏪ played after its day" in old.text
    game = await game_of(w, old)
    seed = day_seed("kosa", "u", day_date(DAY - 3))
    expected = rules.GAMES["kosa"].new_game({"max_passes": None}, seed=seed)
    assert game is not None and game.state == rules.GAMES["kosa"].to_json(expected)


async def test_a_link_to_no_deal_gets_a_word_and_today_s_deals(any_world: World) -> None:
    w = any_world
    today(w)
    for payload in (f"daily-raspad-{DAY + 1}", "daily-chess-3", "daily-raspad-0", "daily-kosa-x"):
        await w.say(w.carol, None, f"/start {payload}")
        screen = w.last(w.carol)
        assert f"Deal of the day #{DAY}" in screen.text, payload  # /daily, to play today's
        assert screen.has_button("▶️ 🪢 Kosa") and screen.has_button("💥 Raspad")
    assert await w.store.user_games(w.carol.id) == []  # nothing was created


async def test_the_day_streak_counts_any_deal_and_a_missed_day_resets_it(
    any_world: World,
) -> None:
    w = any_world
    for offset, game in ((0, "Raspad"), (1, "Kosa"), (2, "Raspad")):  # a deal a day, any game
        w.dp["solitaires"].clock = w.dp["players"].clock = lambda o=offset: NOW + o * 86400
        await open_daily(w, w.alice, game)
        await give_up(w, w.alice)
    await w.say(w.alice, None, "/stats")
    assert "Deal of the day: 3 days in a row, best run 3" in w.last(w.alice).text
    # a replay does not count, and two days later the run is over; the best is kept
    w.dp["solitaires"].clock = w.dp["players"].clock = lambda: NOW + 4 * 86400
    await w.say(w.alice, None, "/daily")
    assert "Deal of the day: 0 days in a row, best run 3" in w.last(w.alice).text
    await w.say(w.alice, None, "/stats")
    assert "0 days in a row, best run 3" in w.last(w.alice).text
    await open_daily(w, w.alice)
    await give_up(w, w.alice)
    await w.say(w.alice, None, "/stats")
    assert "Deal of the day: 1 day in a row, best run 3" in w.last(w.alice).text


async def test_a_group_races_on_today_s_deal_and_an_empty_board_shows_the_way(
    any_world: World,
) -> None:
    from tests.bot.handlers.test_stats import play_parquet

    w = any_world
    today(w)
    await w.say(w.alice, w.group, "/top")
    empty = w.board()
    assert "start one with /newgame" in empty.text
    link = empty.button("📅 Play today's deal")["url"]
    assert link == f"https://t.me/{w.tg.bot.username}?start=daily"
    await play_parquet(w)  # Alice and Bob are this group's players now
    for user in (w.alice, w.bob, w.carol):  # Carol plays too, but not in this group
        await open_daily(w, user)
        await give_up(w, user)
    await w.say(w.alice, w.group, "/top")
    text = w.board().text
    assert "Today's deal in this group" in text
    race = text.split("Today's deal in this group")[1]
    assert "Alice" in race and "Bob" in race and "Carol" not in race
    assert re.search(r"1\. (Alice|Bob) — ❌ 52 cards left", race), race  # tied: one rank
    assert re.search(r"1\. (Alice|Bob) — ❌ 52 cards left\n1\. ", race), race


async def test_top_shows_this_week_or_all_time(any_world: World) -> None:
    w = any_world
    today(w)
    await open_daily(w, w.alice)  # a ranked Raspad this week, given up: no win
    await give_up(w, w.alice)
    await w.say(w.alice, None, "/stats")
    await w.tap(w.alice, w.last(w.alice), re.compile("Leaders"))
    picker = w.last(w.alice)
    await w.tap(w.alice, picker, "💥 Raspad · wins")
    board = w.last(w.alice)
    assert "wins" in board.text and "this week" not in board.text
    assert "Alice" not in board.text  # no win: not on the board
    await w.tap(w.alice, board, "🗓 This week")
    week = w.last(w.alice)
    assert "Raspad — wins · this week" in week.text and week.has_button("• 🗓 This week")
    await w.tap(w.alice, week, "♾ All time")
    assert "this week" not in w.last(w.alice).text
    before = w.last(w.alice).text
    await w.tap_data(w.alice, w.last(w.alice), "m:top:raspad:streak:wk")  # forged: no such
    assert w.last(w.alice).text == before
