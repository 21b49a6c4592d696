"""A deal of the day proved winnable shows its par, as a player meets it on both stores and in
both languages: at the end of the game ("✅ Won in 26 moves · ⛳ par 24", and what a par is),
on the card to share, on the day's board; /stats keeps the moves over par."""

from __future__ import annotations

import re

import pytest

from bot.games.solitaire import days_ahead
from bot.stats import daily_winnable
from bot.wire.callbacks import game_data
from tests.support.daily_pages import daily_page
from tests.support.recording import TgMessage, TgUser
from tests.support.world import World

NOW = 1_796_745_600.0  # 2026-12-08 12:00 UTC: deal of the day #707, the first proved winnable
DAY = 707


def proof() -> tuple[str, ...]:
    """The line that proved the day's Raspad winnable (cached: chosen once per process)."""
    return daily_winnable.winnable_seed("raspad", "52", DAY).line


def par() -> int:
    found = daily_winnable.winnable_deal("raspad", "52", DAY).par
    assert found is not None
    return found


@pytest.fixture
async def w(any_world: World) -> World:
    """The services' day is DAY, its deal chosen ahead (as the bot does when it starts)."""
    any_world.dp["solitaires"].clock = any_world.dp["players"].clock = lambda: NOW
    await days_ahead.decided(any_world.store, "raspad", "52", DAY)
    return any_world


def now(w: World, msg: TgMessage) -> TgMessage:
    return w.session.message(msg.chat.id, msg.message_id)


async def play_the_proof(w: World, user: TgUser, play: str, lang: str = "en") -> TgMessage:
    """Start the day's Raspad from /daily and play the solver's proving line to its end."""
    await w.tap(user, await daily_page(w, user, "raspad", lang), play)
    board = w.session.last_message(user)
    gid = next(d.split(":")[0] for d in board.callback_data() if not d.startswith("m:"))
    for move in proof():
        record = await w.store.load(gid)
        assert record is not None and not record.finished
        await w.tap_data(user, now(w, board), game_data(record.id, record.version, move))
    return now(w, board)


def test_the_par_is_a_shorter_line_than_the_proof() -> None:
    # (the test below shows a player over par: it needs a par the proving line does not reach)
    assert len(proof()) > par()


async def test_a_won_deal_of_the_day_shows_its_par_everywhere(w: World) -> None:
    over, n, par_ = len(proof()) - par(), len(proof()), par()
    end = await play_the_proof(w, w.alice, "▶️ 💥 Raspad")
    assert "🏆 You won!" in end.text, end.describe()
    assert f"✅ Won in {n} moves · ⛳ par {par_}" in end.text, end.text
    assert f"⛳ Par {par_}: the solver's winning line (it sees every card" in end.text
    card = end.button("📋 Copy")["copy_text"]["text"]
    assert f"⛳ par {par_} (a solver that sees every card)" in card, card
    daily = (await daily_page(w, w.alice, "raspad")).text
    played = f"💥 Raspad · ⛳ par {par_}: played — ✅ won in "
    assert played in daily and f"⛳ +{over} vs par" in daily, daily
    await w.tap(w.alice, w.session.last_message(w.alice), "🏆 💥 Raspad: the day's board")
    board = w.session.last_message(w.alice).text
    assert f"⛳ Par {par_}:" in board and re.search(r"1\. Alice — ✅ won", board), board
    await w.say(w.alice, None, "/stats")
    stats = w.session.last_message(w.alice).text
    assert f"⛳ Over par: best +{over}, average +{over} (1 won)" in stats, stats


async def test_in_russian(w: World) -> None:
    vera = w.tg.add_user("Вера", language_code="ru")
    over, n, par_ = len(proof()) - par(), len(proof()), par()
    end = await play_the_proof(w, vera, "▶️ 💥 Распад", "ru")
    assert f"✅ Победа за {n} ход" in end.text, end.text
    assert (
        f"· ⛳ пар {par_}" in end.text
        and f"⛳ Пар {par_} — за столько ходов раскладывает решатель" in end.text
    )
    await w.say(vera, None, "/stats")
    stats = w.session.last_message(vera).text
    assert f"⛳ Сверх пара: в лучший раз +{over}, в среднем +{over} (1 победа)" in stats, stats
