"""A solitaire replaced by a new one, and taps that come late: a tap is answered at once, so a
player may tap a board again before the screen it asked for is shown. A tap on a replaced
game's board (arriving after the new game took its message) does not bring the old game back
over the new one; two taps on one finished board's "New deal" deal one new game."""

from __future__ import annotations

import pytest

from bot.games.solitaire import model as solitaire
from bot.wire.callbacks import game_data
from tests.support.solitaire_driver import Harness, current, start_game

pytestmark = pytest.mark.usefixtures("no_sleep")


async def test_a_tap_on_a_replaced_games_board_leaves_the_new_game_shown(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "kosa", "u")
    old = await h.record(board)
    await h.tap(ann, current(h, board), "☰ Menu")
    await h.tap(ann, current(h, board), "m:kosa")
    await h.tap(ann, current(h, board), "m:new:kosa:u")  # a new game on the same message
    new = await h.record(current(h, board))
    assert new.id != old.id and (await h.record(old.id)).finished
    shown = current(h, board).text
    # a tap made on the old board, before the screens that followed reached Ann's phone
    move = solitaire.legal_moves(old)[0]
    await h.tap_data(ann, board, game_data(old.id, old.version, move))
    assert h.session.answers()[-1].get("text") == "The game is over."
    now = current(h, board)
    assert now.text == shown and f"{new.id}:" in now.callback_data()[0], now.describe()


async def test_two_taps_on_a_finished_boards_new_deal_deal_one_game(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "kosa", "u")
    await h.tap(ann, current(h, board), "🏳 Give up")
    await h.tap(ann, current(h, board), "🏳 Yes, give up")
    finished = current(h, board)
    again = next(d for d in finished.callback_data() if d.startswith("m:again:"))
    # both taps left Ann's phone before the first one's answer came
    taps = [h.session.tap(ann, finished, again) for _ in range(2)]
    for tap in taps:
        await h.dp.feed_update(h.bot, tap)
    boards = [m for m in h.session.tg.messages_in(ann.id) if m.message_id > board.message_id]
    assert len(boards) == 1, [m.describe() for m in boards]
    assert not current(h, board).buttons()  # the finished board keeps its text, loses its buttons
    assert not h.session.tg.unanswered_callbacks()
