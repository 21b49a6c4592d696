"""Forum topics through Dispatcher.feed_update: a game started in a topic of a forum supergroup
lives in that topic (every message the bot sends for it into the group carries the topic's
message_thread_id), two topics of one group run two games at once, the General topic and a
group without topics get no thread id, and a closed or deleted topic breaks nothing."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import rules
from bot.storage.sqlite_store import SQLiteStore
from tests.support import parquet_taps
from tests.support.recording import (
    THREAD_NOT_FOUND,
    TOPIC_CLOSED,
    ApiError,
    TgChat,
    TgMessage,
    TgTopic,
    TgUser,
)
from tests.support.world import World, hand_of, invite_code, play_ryadki_turn

PING = re.compile(r"^🔔")


def sends_to(w: World, chat: TgChat) -> list[dict[str, Any]]:
    """Every sendMessage the bot made to this chat (refused ones too), as sent."""
    return [p for p in w.session.calls("sendMessage") if p.get("chat_id") == chat.id]


def game_of(msg: TgMessage) -> str | None:
    """The game id a board's buttons carry (None: no game buttons)."""
    ids = {d.split(":")[0] for d in msg.callback_data() if not d.startswith("m:")}
    assert len(ids) <= 1, msg.describe()
    return next(iter(ids), None)


async def open_in_topic(
    w: World, chat: TgChat, topic: TgTopic | None, kind: str, by: TgUser
) -> TgMessage:
    """/newgame in the topic, the game picked on the picker: the lobby (the picker's message)."""
    await w.say(by, chat, "/newgame", topic=topic)
    pick = w.board_in(chat, topic)
    assert "What shall we play?" in pick.text
    await w.tap(by, pick, re.compile("Ryadki" if kind == "ryadki" else "Parquet"))
    lobby = w.board_in(chat, topic)
    assert lobby.message_id == pick.message_id and "gathering players" in lobby.text
    return lobby


async def parquet_move(w: World, board: TgMessage, players: list[TgUser]) -> TgMessage | None:
    """The turn waits out its reminder, then the mover plays the computer's move by taps (card,
    then cell) on this board; the board after it, or None when the game is over."""
    await w.remind()
    gid = game_of(board)
    assert gid is not None, board.describe()
    game = await w.store.load(gid)
    assert game is not None
    mod = rules.GAMES["parquet"]
    state = mod.from_json(game.state)
    if mod.status(state).over:
        return None
    seat = mod.turn(state)
    assert seat is not None
    user = next(u for u in players if u.id == game.table.players[seat].user_id)
    move = mod.suggest(state, seat, 1)
    for data in parquet_taps.taps(gid, game.version, move):
        await w.tap_data(user, board, data)
    await w.drain()
    return w.session.message(board.chat.id, board.message_id)


async def test_two_games_in_two_topics_of_one_forum_run_at_once_each_in_its_topic(
    any_world: World,
) -> None:
    w = any_world
    forum, (ry_topic, pq_topic) = w.add_forum("Card Forum", "Ryadki night", "Parquet corner")
    ry_lobby = await open_in_topic(w, forum, ry_topic, "ryadki", w.alice)
    # a second game in the other topic while the first lobby is open
    await w.say(w.carol, forum, "/newgame parquet", topic=pq_topic)
    pq_lobby = w.board_in(forum, pq_topic)
    assert "Parquet" in pq_lobby.text and "gathering players" in pq_lobby.text
    ry_gid, pq_gid = game_of(ry_lobby), game_of(pq_lobby)
    assert ry_gid and pq_gid and ry_gid != pq_gid
    assert await w.store.get_chat_game(forum.id, ry_topic.id) == ry_gid
    assert await w.store.get_chat_game(forum.id, pq_topic.id) == pq_gid
    assert await w.store.get_chat_game(forum.id) is None  # the General topic is free
    # /newgame in a topic whose game is on points at that game's board, in that topic
    await w.say(w.dave, forum, "/newgame", topic=ry_topic)
    running = w.board_in(forum, ry_topic)
    assert "already on here" in running.text
    assert sends_to(w, forum)[-1]["reply_parameters"]["message_id"] == ry_lobby.message_id

    # both games start and go on side by side
    ry_players, pq_players = [w.alice, w.bob], [w.carol, w.dave]
    for user in pq_players:  # they play from the forum only: their reminders go to the topic
        user.started = False
    await w.say(w.bob, None, f"/start j{invite_code(ry_lobby)}")  # joins by the deep link
    await w.tap(w.alice, w.session.message(forum.id, ry_lobby.message_id), re.compile("Deals"))
    await w.tap(w.alice, w.session.message(forum.id, ry_lobby.message_id), "▶ Start")
    await w.tap(w.dave, pq_lobby, "✋ Join")  # full: Parquet starts by itself
    await w.drain()
    pq_board: TgMessage | None = w.board_in(forum, pq_topic)
    assert pq_board is not None and "cross phase" in pq_board.text
    assert "Ryadki" in hand_of(w, w.alice).text
    for _ in range(4):
        assert await play_ryadki_turn(w, ry_players)
        assert pq_board is not None
        pq_board = await parquet_move(w, pq_board, pq_players)
    await w.drain()

    # every message the bot sent into the forum went to its game's topic, none to General
    sent = sends_to(w, forum)
    assert sent and all(p.get("message_thread_id") in (ry_topic.id, pq_topic.id) for p in sent)
    assert not w.tg.topic_messages(forum.id, None)
    in_ry = w.tg.topic_messages(forum.id, ry_topic.id)
    in_pq = w.tg.topic_messages(forum.id, pq_topic.id)
    assert {game_of(m) for m in in_ry} <= {ry_gid, None}
    assert {game_of(m) for m in in_pq} <= {pq_gid, None}
    # (sent, not still there: a ping goes once its turn has passed)
    pings_to = {
        topic.id: [
            p for p in sent if p.get("message_thread_id") == topic.id and PING.match(p["text"])
        ]
        for topic in (ry_topic, pq_topic)
    }
    assert pings_to[pq_topic.id], "no Parquet turn ping in its topic"
    assert not pings_to[ry_topic.id]  # a Ryadki ping is private
    assert "deal 1/1" in w.session.message(forum.id, ry_lobby.message_id).text
    # the hands are private: no thread id there
    assert all(
        "message_thread_id" not in p for p in w.session.calls("sendMessage") if p["chat_id"] > 0
    )


async def test_a_game_in_the_general_topic_has_no_thread_and_a_topic_game_runs_beside_it(
    world: World,
) -> None:
    w = world
    for user in (w.alice, w.bob, w.carol, w.dave):  # no private chats: reminders in the forum
        user.started = False
    forum, (topic,) = w.add_forum("Card Forum", "Parquet corner")
    general = await open_in_topic(w, forum, None, "parquet", w.alice)
    assert not general.in_topic and general.thread is None
    await w.tap(w.bob, general, "✋ Join")
    in_topic = await open_in_topic(w, forum, topic, "parquet", w.carol)
    await w.tap(w.dave, in_topic, "✋ Join")
    await w.drain()
    general_board = w.session.message(forum.id, general.message_id)
    topic_board = w.session.message(forum.id, in_topic.message_id)
    assert "cross phase" in general_board.text and "cross phase" in topic_board.text
    assert game_of(general_board) == await w.store.get_chat_game(forum.id)
    assert game_of(topic_board) == await w.store.get_chat_game(forum.id, topic.id)
    general_sends = [p for p in sends_to(w, forum) if "message_thread_id" not in p]
    topic_sends = [p for p in sends_to(w, forum) if p.get("message_thread_id") == topic.id]
    assert general_sends and topic_sends
    assert len(general_sends) + len(topic_sends) == len(sends_to(w, forum))
    await w.remind()  # both first turns wait: a reminder each, where its game is
    # a ping of the General game stays in General
    assert any(PING.match(m.text) for m in w.tg.topic_messages(forum.id, None))
    assert any(PING.match(m.text) for m in w.tg.topic_messages(forum.id, topic.id))


async def test_a_reply_thread_in_a_group_without_topics_is_no_topic(world: World) -> None:
    w = world
    w.alice.started = w.bob.started = False  # their reminders go to the group
    anchor = w.tg.user_message(w.bob, w.group, "who plays?")
    await w.say(w.alice, w.group, "/newgame parquet", reply_to=anchor)
    command = w.tg.last_message(w.group.id, by_bot=False)
    assert command is not None and command.thread == anchor.message_id  # as Telegram sends it
    assert not command.in_topic
    lobby = w.board()
    await w.say(w.bob, w.group, "/newgame", reply_to=lobby)
    await w.tap(w.bob, lobby, "✋ Join")
    await w.drain()
    board = w.session.message(w.group.id, lobby.message_id)
    assert "cross phase" in board.text
    await w.remind()
    sent = sends_to(w, w.group)
    assert len(sent) >= 3  # lobby, "already on", a reminder
    assert all("message_thread_id" not in p for p in sent)
    assert await w.store.get_chat_game(w.group.id) == game_of(board)


async def test_the_invite_link_opens_the_lobby_in_the_topic_it_is_used_in(world: World) -> None:
    w = world
    forum, (_, topic) = w.add_forum("Card Forum", "Chat", "Games")
    await w.say(w.alice, None, "/start")
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("friends", re.I))
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("Ryadki"))
    code = invite_code(w.session.last_message(w.alice))
    await w.say(w.bob, None, f"/start j{code}")
    await w.say(w.alice, forum, f"/start@{w.tg.bot.username} j{code}", topic=topic)
    lobby = w.board_in(forum, topic)
    assert "Alice" in lobby.text and "Bob" in lobby.text and lobby.in_topic
    gid = game_of(lobby)
    assert gid and await w.store.get_chat_game(forum.id, topic.id) == gid
    await w.say(w.carol, None, f"/start j{code}")  # a third player, by the same link
    assert "Carol" in w.session.message(forum.id, lobby.message_id).text
    await w.tap(w.alice, w.session.message(forum.id, lobby.message_id), "▶ Start")
    await w.drain()
    assert "deal 1/" in w.board_in(forum, topic).text
    assert all(p.get("message_thread_id") == topic.id for p in sends_to(w, forum))


async def test_a_refusal_and_the_rematch_stay_in_the_topic(world: World) -> None:
    w = world
    forum, (topic,) = w.add_forum("Card Forum", "Games")
    await w.say(w.alice, forum, "/newgame ryadki", topic=topic)
    assert "gathering players" in w.board_in(forum, topic).text
    # a Parquet game to its end, then a rematch
    await w.say(w.bob, forum, "/newgame parquet", topic=topic)  # the Ryadki lobby is on
    assert "already on here" in w.board_in(forum, topic).text
    lobby = w.session.message(forum.id, game_board_id(w, forum, topic))
    await w.tap(w.alice, lobby, re.compile("Cancel"))
    w.clock.advance(5)  # (the same command again: not within seconds, or it is not answered)
    await w.say(w.bob, forum, "/newgame parquet", topic=topic)
    pq = w.board_in(forum, topic)
    await w.tap(w.carol, pq, "✋ Join")
    await w.tap(w.carol, pq, re.compile("Resign"))
    await w.tap(w.carol, w.session.message(forum.id, pq.message_id), re.compile("Resign"))
    await w.drain()
    over = w.session.message(forum.id, pq.message_id)
    assert "Bob wins!" in over.text
    await w.tap(w.bob, over, "🔄 Rematch")
    await w.drain()
    again = w.board_in(forum, topic)
    assert again.message_id != pq.message_id and "cross phase" in again.text
    assert game_of(again) == await w.store.get_chat_game(forum.id, topic.id)
    assert all(p.get("message_thread_id") == topic.id for p in sends_to(w, forum))
    assert not w.tg.topic_messages(forum.id, None)


def game_board_id(w: World, forum: TgChat, topic: TgTopic) -> int:
    """The message id of the board the topic's running game has (its first bot message with
    game buttons, from the end)."""
    for msg in reversed(w.tg.topic_messages(forum.id, topic.id)):
        if game_of(msg) is not None:
            return msg.message_id
    raise AssertionError("no board in the topic")


async def test_a_closed_or_deleted_topic_breaks_nothing(world: World) -> None:
    w = world
    w.alice.started = w.bob.started = False  # their reminders go to the topic
    forum, (closing, deleting) = w.add_forum("Card Forum", "Closing", "Deleting")
    lobby = await open_in_topic(w, forum, closing, "parquet", w.alice)
    await w.tap(w.bob, lobby, "✋ Join")
    await w.drain()
    w.tg.close_topic(closing)
    # moves still edit the board (an edit needs no topic); the pings are refused quietly
    board: TgMessage | None = w.session.message(forum.id, lobby.message_id)
    for _ in range(3):
        assert board is not None
        board = await parquet_move(w, board, [w.alice, w.bob])
    refused = [
        c.error.description
        for c in w.tg.calls
        if c.error and c.method == "sendMessage" and c.params["chat_id"] == forum.id
    ]
    assert refused and set(refused) == {TOPIC_CLOSED}  # the reminders
    assert w.tg.unanswered_callbacks() == []
    assert not w.tg.topic_messages(forum.id, None)  # nothing strayed into General

    # a deleted topic: its board is gone and cannot be sent anew; the taps are still answered
    other = await open_in_topic(w, forum, deleting, "parquet", w.carol)
    await w.tap(w.dave, other, "✋ Join")
    await w.drain()
    started = w.session.message(forum.id, other.message_id)
    gid = game_of(started)
    assert gid is not None
    resign = str(started.button(re.compile("Resign"))["callback_data"])
    w.tg.delete_topic(deleting)
    await w.tap_data(w.carol, started, resign)  # a tap that was on its way
    await w.tap_data(w.carol, started, resign)
    await w.drain()
    assert w.tg.unanswered_callbacks() == []
    lost = [
        c for c in w.tg.calls if c.error is not None and c.error.description == THREAD_NOT_FOUND
    ]
    assert lost and all(c.params.get("message_thread_id") == deleting.id for c in lost)
    assert not w.tg.topic_messages(forum.id, None)
    # reopened, the first topic goes on: its game is still there
    w.tg.close_topic(closing, closed=False)
    await w.say(w.dave, forum, "/newgame parquet", topic=closing)
    assert "already on here" in w.board_in(forum, closing).text
    game = await w.store.load(gid)
    assert game is not None and game.finished  # the resign in the deleted topic counted


async def test_the_fake_refuses_a_topic_that_does_not_exist(world: World) -> None:
    """Like Telegram: a message_thread_id naming no topic of the forum (or a deleted one) is
    400, a closed topic takes messages from admins only, a private chat has no topics."""
    w = world
    forum, (topic,) = w.add_forum("Card Forum", "Games")
    with pytest.raises(ApiError, match="message thread not found"):
        w.tg.handle("sendMessage", {"chat_id": forum.id, "text": "x", "message_thread_id": 999})
    with pytest.raises(ApiError, match="message thread not found"):
        w.tg.handle("sendMessage", {"chat_id": w.bob.id, "text": "x", "message_thread_id": 1})
    sent = w.tg.handle(
        "sendMessage", {"chat_id": forum.id, "text": "x", "message_thread_id": topic.id}
    )
    assert sent["message_thread_id"] == topic.id and sent["is_topic_message"] is True
    assert "message_thread_id" not in w.tg.handle("sendMessage", {"chat_id": forum.id, "text": "y"})
    w.tg.close_topic(topic)
    with pytest.raises(ApiError, match="TOPIC_CLOSED"):
        w.tg.handle(
            "sendMessage", {"chat_id": forum.id, "text": "x", "message_thread_id": topic.id}
        )
    w.tg.delete_topic(topic)
    with pytest.raises(ApiError, match="message thread not found"):
        w.tg.handle(
            "sendMessage", {"chat_id": forum.id, "text": "x", "message_thread_id": topic.id}
        )


async def test_an_sqlite_database_from_before_topics_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE chat_games (chat_id INTEGER PRIMARY KEY, game_id TEXT NOT NULL,"
        " expires REAL NOT NULL)"
    )
    conn.execute("INSERT INTO chat_games VALUES (-1001, 'oldgame', 9999999999)")
    conn.commit()
    conn.close()
    store = await SQLiteStore(str(path)).open()
    try:
        assert await store.get_chat_game(-1001) == "oldgame"
        assert await store.get_chat_game(-1001, 7) is None
        assert await store.claim_chat_game(-1001, "intopic", 7)
        assert not await store.claim_chat_game(-1001, "other")  # the old game holds the chat
        assert await store.release_chat_game(-1001, "oldgame")
        assert await store.get_chat_game(-1001, 7) == "intopic"  # its own topic, untouched
    finally:
        await store.close()
    store = await SQLiteStore(str(path)).open()  # opened again: nothing to migrate, all kept
    try:
        assert await store.get_chat_game(-1001, 7) == "intopic"
    finally:
        await store.close()


async def test_help_rules_and_leaderboards_answer_in_the_topic_they_were_asked_in(
    world: World,
) -> None:
    w = world
    forum, (topic,) = w.add_forum("Card Forum", "Chat")
    for command in ("/help", "/rules", "/top", "/language"):
        before = len(sends_to(w, forum))
        await w.say(w.alice, forum, command, topic=topic)
        sent = sends_to(w, forum)[before:]
        assert sent, f"{command} got no answer"
        assert all(p.get("message_thread_id") == topic.id for p in sent), command
    before = len(sends_to(w, forum))
    await w.say(w.alice, forum, "/help")  # in General: no thread id
    assert [p.get("message_thread_id") for p in sends_to(w, forum)[before:]] == [None]
