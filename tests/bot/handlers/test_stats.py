"""Statistics, leaderboards, the deal of the day and settings through Dispatcher.feed_update on
both stores: a game counts once (a replayed update, two processes), /stats, /top in a group and
from the menu, /daily with one ranked attempt and its share card, hiding from global boards."""

from __future__ import annotations

import re

from aiogram import Dispatcher

import rules
from bot.games.solitaire import days_ahead
from bot.stats.daily import day_number, utc_day
from tests.support import parquet_taps
from tests.support.recording import TgMessage, TgUser
from tests.support.world import World, open_lobby

GIVE_UP = re.compile("Give up")
YES = re.compile("Yes, give up")


async def give_up_solitaire(w: World, user: TgUser, button: str | re.Pattern[str]) -> TgMessage:
    """From the menu: open a game by `button` (then the variant, if asked), give it up."""
    await w.say(user, None, "/start")
    await w.tap(user, w.last(user), button)
    board = w.last(user)
    if board.has_button(re.compile("52")):
        await w.tap(user, board, re.compile("52"))
    await w.tap(user, w.last(user), GIVE_UP)
    await w.tap(user, w.last(user), YES)
    return w.last(user)


async def stats_text(w: World, user: TgUser) -> str:
    await w.say(user, None, "/stats")
    return w.last(user).text


async def test_two_raspad_games_are_on_stats_and_a_replayed_update_counts_once(
    any_world: World,
) -> None:
    w = any_world
    assert "No finished game yet" in await stats_text(w, w.alice)
    await give_up_solitaire(w, w.alice, re.compile("Raspad"))
    board = await give_up_solitaire(w, w.alice, re.compile("Raspad"))
    text = await stats_text(w, w.alice)
    assert "Raspad: 2 games · 0 won (0 %)" in text, text
    assert "Kosa: not played yet" in text
    # the same final tap delivered again (Telegram retries a webhook update): nothing more
    gid = (await w.store.history(w.alice.id))[0].game_id
    game = await w.store.load(gid)
    assert game is not None and game.finished
    await w.tap_data(w.alice, board, f"{gid}:{game.version - 1}:resign")
    assert "Raspad: 2 games" in await stats_text(w, w.alice)
    await w.tap(w.alice, w.last(w.alice), re.compile("Raspad"))  # the game's details
    detail = w.last(w.alice).text
    assert detail.count("🏳 resigned") == 2 and "Last games" in detail


async def test_a_finish_raced_by_two_processes_counts_once(
    replicas: tuple[World, Dispatcher],
) -> None:
    w, other = replicas
    await w.say(w.bob, None, "/start")
    await w.tap(w.bob, w.last(w.bob), re.compile("Raspad"))
    await w.tap(w.bob, w.last(w.bob), re.compile("52"))
    await w.tap(w.bob, w.last(w.bob), GIVE_UP)
    confirm = w.last(w.bob)
    yes = confirm.button(YES)["callback_data"]
    first = w.session.tap_data(w.bob, confirm, yes)
    second = w.session.tap_data(w.bob, confirm, yes)
    import asyncio

    await asyncio.gather(w.dp.feed_update(w.bot, first), other.feed_update(w.bot, second))
    stats = await w.store.user_stats(w.bob.id)
    assert stats.of("raspad").played == 1


async def play_parquet(w: World) -> str:
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    mod = rules.GAMES["parquet"]
    users = {w.alice.id: w.alice, w.bob.id: w.bob}
    gid = ""
    for _ in range(400):
        board = w.board()
        gid = next(d.split(":")[0] for d in board.callback_data() if not d.startswith("m:"))
        game = await w.store.load(gid)
        assert game is not None
        state = mod.from_json(game.state)
        if mod.status(state).over:
            break
        seat = mod.turn(state)
        assert seat is not None
        user = users[game.table.players[seat].user_id]
        move = mod.suggest(state, seat, 1)
        for data in parquet_taps.taps(gid, game.version, move):
            await w.tap_data(user, board, data)
    return gid


async def test_a_parquet_game_in_a_group_is_rated_on_top_and_stats(any_world: World) -> None:
    w = any_world
    gid = await play_parquet(w)
    result = await w.store.load_result(gid)
    assert result is not None and result.chat_id == w.group.id and result.ranked
    w.clock.advance(60)  # (right after a quick game, a member's command may find no room)
    await w.say(w.alice, w.group, "/top")
    top = w.board().text
    assert "Leaders of “Card Club”" in top and "Parquet" in top
    assert "1. " in top and "Alice" in top and "Bob" in top
    text = await stats_text(w, w.alice)
    assert re.search(r"Parquet: 1 game · [01] won · rating \d+ \(#[12]\)", text), text
    await w.say(w.carol, w.group, "/stats")  # in a group /stats is the group's table too
    assert "Leaders of “Card Club”" in w.board().text
    # Alice hides from the global boards: the group's board keeps her
    await w.say(w.alice, None, "/settings")
    await w.tap(w.alice, w.last(w.alice), re.compile("Hide me"))
    assert "Hidden from the global leaderboards" in w.last(w.alice).text
    await w.say(w.bob, None, "/top")
    await w.tap(w.bob, w.last(w.bob), re.compile("Parquet"))
    board = w.last(w.bob).text
    assert "Bob" in board and "Alice" not in board
    await w.say(w.bob, w.group, "/top")
    assert "Alice" in w.board().text


async def test_parquet_history_counts_the_moves_played(any_world: World) -> None:
    """The history line of a Parquet game gives the moves both players made (it said 0)."""
    w = any_world
    gid = await play_parquet(w)
    game = await w.store.load(gid)
    assert game is not None
    plies = rules.GAMES["parquet"].from_json(game.state).plies
    assert plies > 0
    await stats_text(w, w.alice)
    await w.tap(w.alice, w.last(w.alice), re.compile("Parquet"))
    detail = w.last(w.alice).text
    assert re.search(rf"· {plies} moves", detail), detail


async def test_deal_of_the_day_one_ranked_attempt_a_board_and_a_share_card(
    any_world: World,
) -> None:
    w = any_world
    now = 1_796_140_800.0  # 2026-12-01 12:00 UTC: the day both services see
    w.dp["solitaires"].clock = w.dp["players"].clock = lambda: now
    await w.say(w.alice, None, "/daily")
    daily = w.last(w.alice)
    day = day_number(utc_day(now))
    assert day == 700
    assert f"Deal of the day #{day}" in daily.text and "Kosa: not played yet" in daily.text
    await w.tap(w.alice, daily, "▶️ 🪢 Kosa")
    board = w.last(w.alice)
    gid = next(d.split(":")[0] for d in board.callback_data() if not d.startswith("m:"))
    game = await w.store.load(gid)
    assert game is not None and game.solo.daily == day and game.solo.ranked
    kept = await days_ahead.peek(w.store, "kosa", "u", day)  # the day's deal, kept at the tap
    assert kept is not None  # (chosen ahead, or the day's spare when the tap came first)
    expected = rules.GAMES["kosa"].new_game({"max_passes": None}, seed=kept[0])
    assert game.state == rules.GAMES["kosa"].to_json(expected)  # the day's deal, for everyone
    assert not board.has_button(re.compile("Undo"))
    await w.tap(w.alice, board, GIVE_UP)
    await w.tap(w.alice, w.last(w.alice), YES)
    end = w.last(w.alice)
    assert "ranked attempt" in end.text and "#1 of 1 on the day's board" in end.text
    assert not end.has_button("📤 Share")  # the bot's inline mode is off (getMe): copy it
    copy = end.button("📋 Copy")["copy_text"]["text"]
    assert f"#{day} · #1 of 1" in copy and re.search(r"❌ \d+ of 104 cards home", copy), copy
    assert f"https://t.me/{w.tg.bot.username}?start=daily-kosa-{day}" in copy
    assert not re.search(r"[♠♥♦♣]", copy)  # names no card: spoils nothing
    # a second attempt is a replay, off the board
    await w.say(w.alice, None, "/daily")
    assert re.search(r"Kosa: played — ❌ \d+ of 104 cards home", w.last(w.alice).text)
    await w.tap(w.alice, w.last(w.alice), re.compile("Kosa again"))
    replay = w.last(w.alice)
    rid = next(d.split(":")[0] for d in replay.callback_data() if not d.startswith("m:"))
    again = await w.store.load(rid)
    assert again is not None and again.solo.daily == day and not again.solo.ranked
    await w.say(w.bob, None, "/daily")
    await w.tap(w.bob, w.last(w.bob), re.compile("Kosa: the day's board"))
    board_text = w.last(w.bob).text
    assert "1. Alice" in board_text and "You are not on this board" in board_text
