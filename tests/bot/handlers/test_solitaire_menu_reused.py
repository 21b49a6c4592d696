"""A board's message reused by the menu for another solitaire (issue 44, point 6), through
Dispatcher.feed_update on both stores: continuing the older game elsewhere leaves the newer
game's board alone, and no edit is sent that Telegram answers "message is not modified"."""

from __future__ import annotations

import pytest

from bot.registry import spec
from tests.support.recording import BotSession, TgMessage, bot_session  # noqa: F401
from tests.support.world import World


@pytest.fixture
def w(any_world: World) -> World:
    return any_world


async def new_game_on(w: World, menu: TgMessage, kind: str) -> str:
    """A new `kind` solitaire on the main menu's message (its variant menu, then its default
    variant): its id."""
    await w.tap_data(w.alice, menu, f"m:{kind}")
    variants = w.session.message(w.alice.id, menu.message_id)
    await w.tap_data(w.alice, variants, f"m:new:{kind}:{spec(kind).default_variant}")
    board = w.session.message(w.alice.id, menu.message_id)
    return next(d.split(":")[0] for d in board.callback_data() if not d.startswith("m:"))


async def menu_here(w: World) -> TgMessage:
    await w.say(w.alice, None, "/start")
    return w.last(w.alice)


def not_modified(w: World) -> list[str]:
    return [c.method for c in w.tg.calls if c.error is not None and "not modified" in str(c.error)]


async def test_a_game_continued_elsewhere_leaves_the_board_that_replaced_it(w: World) -> None:
    first = await menu_here(w)
    older = await new_game_on(w, first, "kosa")
    board = w.session.message(w.alice.id, first.message_id)
    await w.tap(w.alice, board, "☰ Menu")  # the menu on the board's message…
    newer = await new_game_on(w, w.session.message(w.alice.id, first.message_id), "raspad")
    shown = w.session.message(w.alice.id, first.message_id)  # …reused for another game
    assert newer in shown.callback_data()[0]
    raspad = (shown.text, shown.button_texts())
    second = await menu_here(w)
    await w.tap(w.alice, second, "▶️ Kosa: continue")
    assert older in w.session.message(w.alice.id, second.message_id).callback_data()[0]
    kept = w.session.message(w.alice.id, first.message_id)  # the newer game's board stays
    assert (kept.text, kept.button_texts()) == raspad
    third = await menu_here(w)
    await w.tap(w.alice, third, "▶️ Raspad: continue")
    assert "continues below" in w.session.message(w.alice.id, first.message_id).text
    fourth = await menu_here(w)
    await w.tap(w.alice, fourth, "▶️ Kosa: continue")
    assert older in w.session.message(w.alice.id, fourth.message_id).callback_data()[0]
    assert not_modified(w) == []
    assert not w.tg.unanswered_callbacks()
