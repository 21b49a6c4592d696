"""Telegram's newer buttons through Dispatcher.feed_update, on both stores: the boards a player
gets show the cards that cannot be played now disabled (a tap on one sends the bot nothing), the
move to make green and leaving or giving up red, and every request carrying them passes the Bot
API validator (the recording session checks each one)."""

from __future__ import annotations

import re

import pytest

from tests.support.recording import TgMessage, TgUser
from tests.support.world import World


@pytest.fixture
def w(any_world: World) -> World:
    return any_world


def board_of(w: World, user: TgUser) -> TgMessage:
    msg = w.session.last_message(user)
    assert msg is not None
    return msg


async def test_ryadki_against_the_computer_disables_the_cards_that_cannot_be_played(
    w: World,
) -> None:
    """On the person's turn the cards that answer are ✅ and green, the others disabled; while
    the computer thinks every card is disabled. Leaving (and its Yes) is red."""
    await w.say(w.alice, None, "/start")
    await w.tap(w.alice, board_of(w, w.alice), "🤖 Ryadki")
    setup = board_of(w, w.alice)
    assert setup.styles()["▶ Start"] == "primary"
    await w.tap(w.alice, setup, "▶ Start")
    seen = {"mine": 0, "theirs": 0, "disabled": 0}
    for _ in range(30):
        board = board_of(w, w.alice)
        if "over" in board.text or "Winner" in board.text:
            break
        styles = board.styles()
        cards = [t for t in board.button_texts() if "Leave" not in t]
        assert styles["🚪 Leave the game"] == "danger"
        playable = [t for t in cards if t.startswith("✅")]
        assert all(styles.get(t) == "success" for t in playable), board.describe()
        assert sorted(board.disabled()) == sorted(set(cards) - set(playable)), board.describe()
        if board.disabled():
            seen["disabled"] += 1
            with pytest.raises(LookupError, match="disabled"):
                await w.tap(w.alice, board, board.disabled()[0])
        if "Your turn" in board.text:
            seen["mine"] += 1
            await w.tap(w.alice, board, playable[0])
        else:
            seen["theirs"] += 1
            assert not playable
            w.clock.now += w.settings.ai_pause_seconds
            await w.svc.timers.tick_once()
            await w.drain()
    assert min(seen.values()) >= 3, seen
    await w.tap(w.alice, board_of(w, w.alice), "🚪 Leave the game")
    assert board_of(w, w.alice).styles()["Yes, leave"] == "danger"
    assert not w.tg.unanswered_callbacks()


async def test_a_raspad_card_that_beats_nothing_is_shown_but_does_nothing(w: World) -> None:
    await w.say(w.alice, None, "/start")
    await w.tap(w.alice, board_of(w, w.alice), re.compile("Raspad"))
    await w.tap(w.alice, board_of(w, w.alice), re.compile("52"))
    board = board_of(w, w.alice)
    assert "Round 1" in board.text
    assert board.styles()["🏳 Give up"] == "danger"
    idle = board.disabled()
    assert all(text.startswith("·") for text in idle), board.describe()
    for text in idle:
        with pytest.raises(LookupError, match="disabled"):
            await w.tap(w.alice, board, text)
    await w.tap(w.alice, board, "🏳 Give up")
    asked = board_of(w, w.alice)
    assert asked.styles()["🏳 Yes, give up"] == "danger"
    assert not w.tg.unanswered_callbacks()
