"""A quick match for Ryadki through Dispatcher.feed_update, on both stores: three people
asking for a table of three are seated and play it to the end; a short table asked with 🤖 is
filled with the computer after half the wait; forged table sizes are refused."""

from __future__ import annotations

import pytest

from bot.games.match.service import TICK
from tests.bot.handlers.match_support import (
    ask_ryadki,
    game_deals,
    game_of,
    play_ryadki,
    tick,
)
from tests.support.recording import BotSession, bot_session  # noqa: F401
from tests.support.world import World


@pytest.fixture
def w(any_world: World) -> World:
    return any_world


async def test_a_three_player_ryadki_table_from_the_queue_plays_to_the_end(w: World) -> None:
    waits = {u.id: await ask_ryadki(w, u, "3") for u in (w.alice, w.bob)}
    assert "Ryadki for 3: looking for players near your rating" in waits[w.alice.id].text
    await tick(w)  # two of three: the table waits for the third
    assert "Ryadki" in w.session.message(w.alice.id, waits[w.alice.id].message_id).text
    assert await w.store.queue.entry(w.alice.id) is not None
    waits[w.carol.id] = await ask_ryadki(w, w.carol, "3")
    boards = {uid: w.session.message(uid, m.message_id) for uid, m in waits.items()}
    for board in boards.values():
        assert "Your cards" in board.text and "Carol" in board.text, board.describe()
    gid = await game_of(w, boards[w.alice.id])
    assert sum("▶ Your turn" in b.text for b in boards.values()) == 1  # (the dealer's)
    # the two others are told whose move it is (a person: nobody "is thinking")
    assert sum("to move." in b.text for b in boards.values()) == 2
    assert not any("is thinking" in b.text for b in boards.values())
    assert game_deals(await w.store.load(gid)) == 1
    assert await play_ryadki(w, gid, boards) == 0
    result = await w.store.load_result(gid)
    assert result is not None and result.ranked and len(result.players) == 3
    for uid, msg in boards.items():
        end = w.session.message(uid, msg.message_id)
        assert "🚫 Don't match me with them again" in end.button_texts(), end.describe()
    assert not w.tg.unanswered_callbacks()


async def test_a_short_ryadki_table_is_filled_with_the_computer_after_a_wait(w: World) -> None:
    waits = {u.id: await ask_ryadki(w, u, "3 · 🤖") for u in (w.alice, w.bob)}
    assert "the computer takes the empty seats" in waits[w.alice.id].text
    for _ in range(int(w.settings.match_wait_seconds / 2 / TICK)):
        await tick(w)
    boards = {uid: w.session.message(uid, m.message_id) for uid, m in waits.items()}
    for board in boards.values():
        assert "🤖" in board.text and "Your cards" in board.text, board.describe()
    gid = await game_of(w, boards[w.alice.id])
    game = await w.store.load(gid)
    assert game is not None and [p.ai for p in game.table.players] == [False, False, True]
    assert await play_ryadki(w, gid, boards) > 0
