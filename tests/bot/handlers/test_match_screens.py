"""A quick match's screens that said too little or too much (issue 44, points 2 and 6), through
Dispatcher.feed_update on both stores: a ping answers the board it is about; a rematch is dealt
without a "dealing" screen and its offer keeps no live button; ⚔️ Play someone while looking
shows the waiting screen; a wait the bot slept through says so, unless a table can still be
made for it (a restart within the margin)."""

from __future__ import annotations

import pytest

from tests.bot.handlers.match_support import (
    ask,
    ask_ryadki,
    game_of,
    parquet_turn,
    pings_of,
    replied_to,
    tick,
)
from tests.support.recording import BotSession, TgMessage, TgUser, bot_session  # noqa: F401
from tests.support.world import World


@pytest.fixture
def w(any_world: World) -> World:
    return any_world


async def ask_in_any_language(w: World, user: TgUser) -> TgMessage:
    """/start, ⚔️, 🧩 Parquet by their buttons' data (the texts are the user's language's)."""
    await w.say(user, None, "/start")
    menu = w.last(user)
    await w.tap_data(user, menu, "m:mq")
    await w.tap_data(user, w.session.message(user.id, menu.message_id), "m:mq:parquet")
    return w.session.message(user.id, menu.message_id)


async def test_a_parquet_ping_answers_the_players_own_board(w: World) -> None:
    boards = {u.id: await ask(w, u) for u in (w.alice, w.bob)}
    turn = await parquet_turn(
        w, await game_of(w, w.session.message(w.alice.id, boards[w.alice.id].message_id))
    )
    assert turn is not None
    game, _, seat = turn
    mover = w.alice if game.table.players[seat].user_id == w.alice.id else w.bob
    other = w.bob if mover is w.alice else w.alice
    assert await w.remind() >= 1
    pings = pings_of(w, mover)
    assert len(pings) == 1, [m.text for m in pings]
    assert replied_to(w, pings[0]) == boards[mover.id].message_id
    assert other.first_name in pings[0].text and mover.first_name not in pings[0].text


async def test_a_resignation_is_said_once_in_both_languages(w: World) -> None:
    anna = w.tg.add_user("Аня", language_code="ru")
    boards = {anna.id: await ask_in_any_language(w, anna), w.bob.id: await ask(w, w.bob)}
    board = boards[anna.id]
    for _ in range(2):  # 🏳 Сдаться, confirmed
        await w.tap(anna, w.session.message(anna.id, board.message_id), "🏳 Сдаться")
    hers = w.session.message(anna.id, board.message_id).text
    his = w.session.message(w.bob.id, boards[w.bob.id].message_id).text
    assert hers.count("сдаётся") == 1 and "🏳" in hers, hers
    assert his.count("resign") == 1 and "Аня resigned." in his, his


@pytest.mark.parametrize("down", [25.0, 3600.0])  # past the wait: by a little, by an hour
async def test_a_wait_the_bot_slept_through_says_so_and_offers_to_look_again(
    w: World, down: float
) -> None:
    from bot.app import build_dispatcher

    wait = await ask(w, w.alice)
    w.clock.advance(w.settings.match_wait_seconds + down)  # the bot is down meanwhile
    w.dp = build_dispatcher(w.bot, w.store, w.settings, clock=w.clock, sleep=w.clock.sleep)
    w.svc = w.dp["tables"]
    w.svc.pings.background = False
    await tick(w, 0)
    screen = w.session.message(w.alice.id, wait.message_id)
    assert "the bot was away for a while, and the search stopped" in screen.text, screen.describe()
    assert {"🤖 Play the computer", "🔄 Keep looking", "☰ Menu"} <= set(screen.button_texts())
    assert await w.store.queue.entry(w.alice.id) is None
    await w.tap(w.alice, screen, "🔄 Keep looking")
    again = w.session.message(w.alice.id, wait.message_id)
    assert "looking for an opponent" in again.text, again.describe()
    assert await w.store.queue.entry(w.alice.id) is not None
    assert not w.tg.unanswered_callbacks()


async def test_two_waiting_through_a_short_restart_are_seated_not_sent_away(w: World) -> None:
    """Alice and Bob wait for Ryadki for three, the computer filling it; the bot is down from
    just after they asked until well past the wait (past the point where a missed tick means
    it was away, within the margin a table may still be made in): they are seated, with 🤖."""
    from bot.app import build_dispatcher
    from bot.games.match.service import AWAY, MARGIN

    waits = {u.id: await ask_ryadki(w, u, "3 · 🤖") for u in (w.alice, w.bob)}
    down = (AWAY + MARGIN) / 2  # past the wait by more than AWAY, less than MARGIN
    assert AWAY < down < MARGIN
    w.clock.advance(w.settings.match_wait_seconds + down)
    w.dp = build_dispatcher(w.bot, w.store, w.settings, clock=w.clock, sleep=w.clock.sleep)
    w.svc = w.dp["tables"]
    w.svc.pings.background = False
    await tick(w, 0)
    for user in (w.alice, w.bob):
        board = w.session.message(user.id, waits[user.id].message_id)
        assert "Your cards" in board.text and "🤖" in board.text, board.describe()
        assert "away" not in board.text
        assert await w.store.queue.entry(user.id) is None
    assert not w.tg.unanswered_callbacks()
