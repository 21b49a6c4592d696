"""No dead ends, through Dispatcher.feed_update: /newgame while a game is on points at it, a
refused invite offers the menu, a solitaire replaced by a new one stops taking taps on its old
board, an old Ryadki hand message is retired when "My cards" sends a new one."""

from __future__ import annotations

import re

from tests.support.world import World, hand_of, open_lobby, start_ryadki


async def test_newgame_while_a_game_is_on_points_at_its_board(world: World) -> None:
    w = world
    lobby = await open_lobby(w, "parquet")
    await w.say(w.bob, w.group, "/newgame")
    reply = w.session.last_message(w.group)
    assert "already on" in reply.text and not reply.buttons()  # no picker that would refuse
    sent = [c for c in w.tg.calls if c.method == "sendMessage"][-1]
    assert sent.params["reply_parameters"]["message_id"] == lobby.message_id  # a reply to it


async def test_a_refused_invite_offers_the_menu(world: World) -> None:
    w = world
    await w.say(w.bob, None, "/start jAAAAAAAAAAAAAAAA")
    msg = w.session.last_message(w.bob)
    assert "unknown" in msg.text and msg.button_texts() == ["☰ Menu"]


async def test_a_replaced_solitaire_stops_taking_taps_on_its_old_board(world: World) -> None:
    w = world
    await w.say(w.alice, None, "/start")
    await w.tap(w.alice, w.session.last_message(w.alice), "💥 Raspad (Decay)")
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("52"))
    old = w.session.last_message(w.alice)
    data = next(d for d in old.callback_data() if not d.startswith("m:"))
    await w.say(w.alice, None, "/start")  # a new menu below, and a new Raspad on it
    await w.tap(w.alice, w.session.last_message(w.alice), "💥 Raspad (Decay)")
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("52"))
    retired = w.tg.message(old.chat.id, old.message_id)
    assert "replaced by a new one" in retired.text and retired.button_texts() == ["☰ Menu"]
    gid = data.split(":")[0]
    before = await w.store.load(gid)
    await w.tap_data(w.alice, retired, data)  # an old tap changes nothing
    after = await w.store.load(gid)
    assert before is not None and after is not None and after.version == before.version
    assert after.finished


async def test_my_cards_retires_the_old_hand_message(world: World) -> None:
    w = world
    players = [w.alice, w.bob]
    await start_ryadki(w, players)
    old = hand_of(w, w.bob)
    await w.my_cards(w.bob)  # the private chat opens: the hand again, below
    new = hand_of(w, w.bob)
    assert new.message_id != old.message_id
    retired = w.tg.message(old.chat.id, old.message_id)
    assert "message below" in retired.text and not retired.buttons()


async def test_a_ryadki_creator_the_bot_cannot_write_to_is_not_held_up(world: World) -> None:
    """No note in the group asks the creator to open the private chat first: their cards
    will be shown to them in the group (an ephemeral message) if the bot cannot write there."""
    w = world
    w.tg.strict = True  # private chats need the user to have started the bot
    w.alice.started = False  # never opened the bot's private chat
    await w.say(w.alice, w.group, "/newgame ryadki")
    sent = w.session.messages(w.group)
    assert "gathering players" in sent[-1].text
    assert not any("open" in m.text.lower() and "chat" in m.text.lower() for m in sent[1:])


async def test_a_change_that_leaves_the_group_board_as_it_is_edits_nothing(world: World) -> None:
    w = world
    await start_ryadki(w, [w.alice, w.bob])
    await w.drain()
    edits = len(
        [
            c
            for c in w.tg.calls
            if c.method == "editMessageText" and c.params["chat_id"] == w.group.id
        ]
    )
    await w.my_cards(w.bob)  # a new hand message: the board is the same
    await w.drain()
    after = len(
        [
            c
            for c in w.tg.calls
            if c.method == "editMessageText" and c.params["chat_id"] == w.group.id
        ]
    )
    assert after == edits


def group_edits(w: World) -> int:
    calls = w.tg.calls
    return sum(
        1 for c in calls if c.method == "editMessageText" and c.params["chat_id"] == w.group.id
    )
