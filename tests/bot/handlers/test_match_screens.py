"""A quick match's screens that said too little or too much (issue 44, points 2 and 6), through
Dispatcher.feed_update on both stores: a ping answers the board it is about; a rematch is dealt
without a "dealing" screen and its offer keeps no live button; ⚔️ Play someone while looking
shows the waiting screen; a wait the bot slept through says so."""

from __future__ import annotations

import pytest

from tests.bot.handlers.match_support import ask, game_of, parquet_turn
from tests.support.recording import BotSession, TgMessage, TgUser, bot_session  # noqa: F401
from tests.support.world import World


@pytest.fixture
def w(any_world: World) -> World:
    return any_world


def replied_to(w: World, msg: TgMessage) -> int | None:
    """The message `msg` (the bot's) was sent in reply to."""
    sent = [
        c
        for c in w.session.calls("sendMessage")
        if c["chat_id"] == msg.chat_id and c["text"] == msg.raw
    ]
    assert sent, msg.describe()
    reply = sent[-1].get("reply_parameters")
    return None if reply is None else int(reply["message_id"])


def pings_of(w: World, user: TgUser) -> list[TgMessage]:
    return [m for m in w.tg.messages_in(user.id) if m.text.startswith("🔔")]


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
