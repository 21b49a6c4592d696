"""The creator's invite message and a reused group link say what happened and where the game
is, on both stores: once the table is open in a group the invite says so and links to it (no
stale "Join via the bot"), and the same link used in a second group says where the table is."""

from __future__ import annotations

import re

from tests.support.recording import TgMessage
from tests.support.world import World, invite_code


async def invite(w: World) -> TgMessage:
    await w.say(w.alice, None, "/start")
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("friends", re.I))
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("Ryadki"))
    msg = w.session.last_message(w.alice)
    assert msg is not None
    return msg


async def test_the_invite_says_where_the_table_is_and_a_second_group_is_told(
    any_world: World,
) -> None:
    w = any_world
    sent = await invite(w)
    code = invite_code(sent)
    await w.say(w.alice, w.group, f"/start@{w.tg.bot.username} j{code}")
    lobby = w.board()
    mine = w.session.message(w.alice.id, sent.message_id)
    assert "The table is open in “Card Club”" in mine.text  # which group: this is not it
    assert "Join via the bot" not in mine.text  # nothing to do here any more
    to_table = mine.button("↗️ To the table")["url"]
    assert to_table == f"https://t.me/c/{str(w.group.id)[4:]}/{lobby.message_id}"
    assert "☰ Menu" in mine.button_texts()
    other = w.tg.add_group("Poker Night", owner=w.alice, members=[w.bob])
    await w.say(w.alice, other, f"/start@{w.tg.bot.username} j{code}")
    texts = [m.text for m in w.session.messages(other)]
    assert any("already open in another group (Card Club)" in t for t in texts), texts
    assert not any("started without you" in t for t in texts)
