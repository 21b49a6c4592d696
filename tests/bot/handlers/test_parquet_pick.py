"""A picked Parquet card shows its own cells (issue 44, point 3), through Dispatcher.feed_update
on both stores, in both languages: where the board is the mover's own, in their private chat
(a quick match), it is redrawn marking that card's cells only; in a group the board is not
edited for a pick (one group write per move) and the toast names the card's cells, which the
grid's marked cells carry as their names."""

from __future__ import annotations

import re

import pytest

import rules
from rules.notation import move_targets
from tests.bot.handlers.match_support import game_of, parquet_turn
from tests.support import parquet_taps
from tests.support.recording import BotSession, TgMessage, TgUser, bot_session  # noqa: F401
from tests.support.world import World

PARQUET = rules.GAMES["parquet"]
CELL = re.compile(r"^✅([a-g][1-5])$")


@pytest.fixture
def w(any_world: World) -> World:
    return any_world


def marked(board: TgMessage) -> list[str]:
    """The grid's marked cells, by the names on them."""
    return sorted(m.group(1) for t in board.button_texts() if (m := CELL.match(t)))


async def ask_parquet(w: World, user: TgUser) -> TgMessage:
    await w.say(user, None, "/start")
    menu = w.last(user)
    await w.tap_data(user, menu, "m:mq")
    await w.tap_data(user, w.session.message(user.id, menu.message_id), "m:mq:parquet")
    return w.session.message(user.id, menu.message_id)


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_in_a_quick_match_a_picked_card_marks_its_own_cells(w: World, lang: str) -> None:
    ann = w.tg.add_user("Ann", language_code=lang)
    waits = {u.id: await ask_parquet(w, u) for u in (ann, w.bob)}
    gid = await game_of(w, w.session.message(ann.id, waits[ann.id].message_id))
    narrower = 0  # picks whose cells are fewer than the board marked before
    for _ in range(6):
        turn = await parquet_turn(w, gid)
        assert turn is not None
        game, state, seat = turn
        user = ann if game.table.players[seat].user_id == ann.id else w.bob
        other = w.bob if user is ann else ann
        board = w.session.message(user.id, waits[user.id].message_id)
        before = marked(board)
        theirs = w.session.message(other.id, waits[other.id].message_id)
        idle = (theirs.text, theirs.button_texts())
        move = PARQUET.suggest(state, seat, 1)
        source = parquet_taps.halves(move)[0]
        pick, _cell = parquet_taps.taps(gid, game.version, move)
        await w.tap_data(user, board, pick)
        shown = w.session.message(user.id, board.message_id)
        cells = move_targets(PARQUET.legal_moves(state, seat), source)
        assert marked(shown) == parquet_taps.cell_names(cells), shown.describe()
        narrower += len(cells) < len(before)
        for name in parquet_taps.cell_names(cells):
            assert name in shown.text, shown.text  # the prompt names them too
        now = w.session.message(other.id, waits[other.id].message_id)
        assert (now.text, now.button_texts()) == idle  # the other's copy shows no pick
        cell = next(d for d in shown.callback_data() if d.endswith(":" + move))
        await w.tap_data(user, shown, cell)
    assert narrower, "every pick marked as many cells as before it: nothing was shown"
    assert not w.tg.unanswered_callbacks()


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_in_a_group_the_cells_a_toast_names_are_found_on_the_grid(
    w: World, lang: str
) -> None:
    w.tg.users[w.alice.id].language_code = lang
    w.tg.users[w.bob.id].language_code = lang
    lobby = await open_lobby_any(w)
    await w.tap_data(w.bob, lobby, next(d for d in lobby.callback_data() if d.endswith("~join")))
    users = {w.alice.id: w.alice, w.bob.id: w.bob}
    for _ in range(6):
        board = w.board()
        gid = board.callback_data()[0].split(":")[0]
        turn = await parquet_turn(w, gid)
        assert turn is not None
        game, state, seat = turn
        user = users[game.table.players[seat].user_id]
        move = PARQUET.suggest(state, seat, 1)
        pick, cell = parquet_taps.taps(gid, game.version, move)
        writes = len(w.tg.calls)
        await w.tap_data(user, board, pick)
        assert [c.method for c in w.tg.calls[writes:]] == ["answerCallbackQuery"]  # no edit
        toast = w.last_alert(user)
        assert bool(re.search("[а-я]", toast)) == (lang == "ru"), toast  # in their language
        named = parquet_taps.toast_cells(toast)
        on_grid = marked(w.board())
        assert named and set(named) <= set(on_grid), (named, on_grid)  # each one findable
        await w.tap_data(user, board, cell)
    assert not w.tg.unanswered_callbacks()


async def open_lobby_any(w: World) -> TgMessage:
    """/newgame → Parquet by the button's data (its text is the group's language's)."""
    await w.say(w.alice, w.group, "/newgame")
    pick = w.board()
    await w.tap_data(w.alice, pick, next(d for d in pick.callback_data() if "parquet" in d))
    return w.board()
