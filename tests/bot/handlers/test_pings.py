"""Turn pings through Dispatcher.feed_update: one notifying message when the turn passes to a
person (Ryadki: in their private chat; Parquet: in the group, mentioning them), the previous
one deleted, none for the player who just moved or a computer seat, none when turned off."""

from __future__ import annotations

import re

import rules
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
    pick = move.split("@")[0] if "@" in move else move.split(">")[0]
    await w.tap_data(user, board, f"{gid}:{game.version}:~pick:{pick}")
    await w.tap_data(user, w.board(), f"{gid}:{game.version + 1}:{move}")
    await w.drain()
    return True


async def test_parquet_pings_in_the_group_with_a_mention_and_a_player_can_turn_them_off(
    any_world: World,
) -> None:
    w = any_world
    await w.say(w.bob, None, "/settings")
    await w.tap(w.bob, w.session.last_message(w.bob), re.compile("No turn pings"))
    assert "my turn: no" in w.session.last_message(w.bob).text
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    await w.drain()
    for _ in range(8):
        assert await parquet_move(w)
        alive = pings(w, w.group.id)
        assert len(alive) <= 1  # the previous ping is deleted
        for ping in alive:
            assert f"tg://user?id={w.alice.id}" in (ping.raw or "")  # Bob turned them off
    assert sent_pings(w, w.group.id) >= 3  # Alice was told of her turns
