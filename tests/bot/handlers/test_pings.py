"""Turn pings through Dispatcher.feed_update: one notifying message when the turn passes to a
person (Ryadki: in their private chat; Parquet: in the group, mentioning them), the previous
one deleted, none for the player who just moved or a computer seat, none when turned off."""

from __future__ import annotations

import re

import rules
from tests.support import parquet_taps
from tests.support.recording import TgMessage, TgUser
from tests.support.world import World, hand_of, open_lobby, play_ryadki_turn, start_ryadki

PING = re.compile(r"^🔔")


def pings(w: World, chat: TgUser | int) -> list[TgMessage]:
    """The ping messages in a chat that are still there."""
    return [m for m in w.session.messages(chat) if PING.match(m.text) and not m.deleted]


def sent_pings(w: World, chat_id: int) -> int:
    calls = w.tg.calls
    return sum(
        1
        for c in calls
        if c.method == "sendMessage"
        and c.params.get("chat_id") == chat_id
        and str(c.params.get("text", "")).startswith("🔔")
    )


def turn_holder(w: World, players: list[TgUser]) -> TgUser | None:
    return next((u for u in players if "Your turn" in hand_of(w, u).text), None)


async def test_ryadki_each_turn_pings_its_player_once_and_the_old_ping_goes(
    any_world: World,
) -> None:
    w = any_world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    await w.drain()
    turns = {u.id: 0 for u in players}
    holder = turn_holder(w, players)
    assert holder is not None
    turns[holder.id] += 1  # the first mover is told too
    for _ in range(40):
        before = turn_holder(w, players)
        if not await play_ryadki_turn(w, players):
            break
        await w.drain()
        after = turn_holder(w, players)
        if after is not None and after != before:
            turns[after.id] += 1
        for user in players:
            alive = pings(w, user)
            assert len(alive) <= 1, f"{user.first_name} has {len(alive)} pings"
            if alive:  # a reply to the hand, naming the group
                assert "Card Club" in alive[0].text
    for user in players:
        assert sent_pings(w, user.id) == turns[user.id], user.first_name


async def parquet_move(w: World) -> bool:
    """The mover plays the computer's move by taps (card, then cell); False at the end."""
    board = w.board()
    gid = next(d.split(":")[0] for d in board.callback_data() if not d.startswith("m:"))
    game = await w.store.load(gid)
    assert game is not None
    mod = rules.GAMES["parquet"]
    state = mod.from_json(game.state)
    if mod.status(state).over:
        return False
    seat = mod.turn(state)
    assert seat is not None
    user = next(u for u in (w.alice, w.bob) if u.id == game.table.players[seat].user_id)
    move = mod.suggest(state, seat, 1)
    for data in parquet_taps.taps(gid, game.version, move):
        await w.tap_data(user, board, data)
    await w.drain()
    return True


async def mover_of(w: World) -> TgUser:
    gid = await w.store.get_chat_game(w.group.id)
    game = await w.store.load(gid or "")
    assert game is not None
    seat = rules.GAMES["parquet"].turn(rules.GAMES["parquet"].from_json(game.state))
    assert seat is not None
    return w.alice if game.table.players[seat].user_id == w.alice.id else w.bob


async def test_parquet_reminds_only_a_turn_that_waits_in_the_group_when_no_private_chat(
    any_world: World,
) -> None:
    w = any_world
    w.alice.started = False  # she plays from the group only: the bot cannot write to her
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    for _ in range(6):  # both move at once: nobody needs telling, the group gets boards only
        assert await parquet_move(w)
    assert sent_pings(w, w.group.id) == sent_pings(w, w.bob.id) == 0
    for _ in range(4):  # now each turn waits: its player is reminded, once
        waiting = await mover_of(w)
        group_before, bob_before = sent_pings(w, w.group.id), sent_pings(w, w.bob.id)
        await w.remind()
        alive = pings(w, w.group.id)
        assert len(alive) <= 1  # the previous reminder is deleted
        if waiting == w.alice:  # in the group, a reply to the board that mentions her
            assert sent_pings(w, w.group.id) == group_before + 1
            assert f"tg://user?id={w.alice.id}" in (alive[0].raw or "")
            sent = [c for c in w.tg.calls if c.method == "sendMessage"][-1].params
            assert sent["reply_parameters"]["message_id"] == w.board().message_id
        else:  # Bob started the bot: his reminder is private and the group is spared
            assert sent_pings(w, w.bob.id) == bob_before + 1
            assert sent_pings(w, w.group.id) == group_before
        assert await w.remind() == 0  # one reminder a turn
        assert await parquet_move(w)


async def test_parquet_no_reminder_for_a_player_who_turned_them_off(any_world: World) -> None:
    w = any_world
    await w.say(w.bob, None, "/settings")
    await w.tap(w.bob, w.session.last_message(w.bob), re.compile("No turn pings"))
    assert "my turn: no" in w.session.last_message(w.bob).text
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    for _ in range(4):
        await w.remind()
        assert await parquet_move(w)
    assert sent_pings(w, w.bob.id) == 0 and sent_pings(w, w.group.id) == 0
    assert sent_pings(w, w.alice.id) == 2  # Alice, who did not, was reminded of her turns
