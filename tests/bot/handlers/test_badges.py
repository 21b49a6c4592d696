"""Badges as a player meets them, on both stores and in both languages (issue 46, point 3): a
won deal of the day earns its badges, each announced once in the player's chat with the way to
share it; /stats lists them with their day; the badges screen states every rule; the card
posts through inline mode (a badge the player holds only) or is copied."""

from __future__ import annotations

from datetime import date

import pytest

from bot.games.solitaire import days_ahead
from bot.stats import daily_winnable
from bot.wire.callbacks import game_data
from tests.support.daily_pages import daily_page
from tests.support.recording import TgUser
from tests.support.world import World

NOW = 1_796_745_600.0  # 2026-12-08 12:00 UTC: deal of the day #707, proved winnable
DAY = 707


@pytest.fixture
async def w(any_world: World) -> World:
    """The services' day is DAY, its deal chosen ahead (as the bot does when it starts)."""
    any_world.dp["solitaires"].clock = any_world.dp["players"].clock = lambda: NOW
    await days_ahead.decided(any_world.store, "raspad", "52", DAY)
    return any_world


async def win_the_day(w: World, user: TgUser, play: str, lang: str = "en") -> None:
    """The day's Raspad from /daily, won along the solver's line (no hint, no undo, at once)."""
    page = await daily_page(w, user, "raspad", lang)
    await w.tap(user, page, play)
    board = w.session.last_message(user)
    gid = next(d.split(":")[0] for d in board.callback_data() if not d.startswith("m:"))
    for move in daily_winnable.winnable_seed("raspad", "52", DAY).line:
        record = await w.store.load(gid)
        assert record is not None and not record.finished
        now = w.session.message(board.chat.id, board.message_id)
        await w.tap_data(user, now, game_data(record.id, record.version, move))


async def test_a_win_s_badges_are_announced_once_listed_and_copied(w: World) -> None:
    await win_the_day(w, w.alice, "▶️ 💥 Raspad")
    before = len(w.tg.messages_in(w.alice.id))
    await w.svc.timers.tick_once()  # the announcement's deadline
    told = w.tg.messages_in(w.alice.id)[before:]
    names = ["🥇 First win: 💥 Raspad", "🧼 Clean win", "⚡ Lightning"]
    assert [m.text.splitlines()[1] for m in told] == names, [m.text for m in told]
    first = told[0]
    assert (
        first.text.startswith("🏅 New badge!") and "Win your first game: 💥 Raspad." in first.text
    )
    card = first.button("📋 Copy")["copy_text"]["text"]  # (the bot's inline mode is off)
    day = (await w.store.user_stats(w.alice.id)).fields["bg:first-raspad"]  # the day it ended
    shown = date.fromisoformat(day).strftime("%d.%m.%Y")
    assert "🏅 My badge: 🥇 First win: 💥 Raspad" in card and shown in card
    assert f"https://t.me/{w.tg.bot.username}" in card
    await w.svc.timers.tick_once()  # fired again, or by another replica: nothing more
    await w.say(w.alice, None, "/stats")
    stats = w.last(w.alice)
    assert len(w.tg.messages_in(w.alice.id)) == before + 3 + 1
    assert "🏅 Badges: 3 of 20" in stats.text and f"⚡ Lightning · {shown}" in stats.text
    await w.tap(w.alice, stats, "🏅 Badges")
    screen = w.last(w.alice).text
    assert f"✅ 🥇 First win: 💥 Raspad\nWin your first game: 💥 Raspad.\n{shown}" in screen
    assert "⬜ 🔴 Hard one down" in screen
    assert "Win a hard deal of the day with no hint." in screen  # every rule, earned or not


async def test_with_inline_mode_a_badge_is_shared_and_only_one_held(w: World) -> None:
    w.tg.inline_mode = True
    await win_the_day(w, w.alice, "▶️ 💥 Raspad")
    before = len(w.tg.messages_in(w.alice.id))
    await w.svc.timers.tick_once()
    first = w.tg.messages_in(w.alice.id)[before]
    query = first.button("📤 Share")["switch_inline_query_chosen_chat"]["query"]
    assert query == "badge first-raspad"
    await w.dp.feed_update(w.bot, w.session.inline_query(w.alice, query))
    [article] = w.tg.inline_answers[-1]["results"]
    assert article["title"] == "My badge: 🥇 First win: 💥 Raspad"
    assert "🏅 My badge" in article["input_message_content"]["message_text"]
    for forged in ("badge hard", "badge nothing", "badge"):  # not held, no such badge
        await w.dp.feed_update(w.bot, w.session.inline_query(w.alice, forged))
        assert w.tg.inline_answers[-1]["results"] == []
    await w.dp.feed_update(w.bot, w.session.inline_query(w.bob, query))  # not Bob's
    assert w.tg.inline_answers[-1]["results"] == []


async def test_in_russian(w: World) -> None:
    vera = w.tg.add_user("Вера", language_code="ru")
    await win_the_day(w, vera, "▶️ 💥 Распад", "ru")
    before = len(w.tg.messages_in(vera.id))
    await w.svc.timers.tick_once()
    told = w.tg.messages_in(vera.id)[before:]
    assert told[0].text.startswith("🏅 Новый значок!\n🥇 Первая победа: 💥 Распад")
    assert "Выиграйте первую партию: 💥 Распад." in told[0].text
    assert [m.text.splitlines()[1] for m in told[1:]] == ["🧼 Чистая победа", "⚡ Молния"]
    await w.say(vera, None, "/stats")
    assert "🏅 Значки: 3 из 20" in w.last(vera).text
