"""End-to-end: the real bot in a forum supergroup — a Parquet game played in one topic while a
Ryadki lobby waits in another; every message of each game is in its own topic, none in General,
and the requests that made them carry the topic's message_thread_id."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator
from tests.e2e.parquet_play import parquet_move

pytestmark = pytest.mark.e2e

MOVES = 6
# the turn's reminder comes when it has waited TURN_REMINDER_SECONDS (20) on the board
REMINDER_WAIT = 45.0


@pytest.mark.slow
async def test_parquet_in_one_topic_while_a_ryadki_lobby_waits_in_another(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en")
    # neither has opened the bot's private chat: a turn's reminder goes to the game's topic
    alice = emu.user("Alice", language_code="en")
    bob = emu.user("Bob", language_code="en")
    forum = emu.group("Card Forum", owner=alice, members=[bob], forum=True)
    ry_topic, pq_topic = emu.topic(forum, "Ryadki night"), emu.topic(forum, "Parquet corner")

    alice.send(forum, "/newgame ryadki", topic=ry_topic)
    ry_lobby = await emu.wait_message(
        forum, predicate=lambda m: m.thread == ry_topic.id and "gathering players" in m.text
    )
    bob.send(forum, "/newgame parquet", topic=pq_topic)
    pq_lobby = await emu.wait_message(
        forum, predicate=lambda m: m.thread == pq_topic.id and "gathering players" in m.text
    )
    assert "Parquet" in pq_lobby.text and pq_lobby.in_topic
    alice.tap(pq_lobby, "✋ Join")  # both seats taken: the game starts by itself
    board = await emu.wait_message(
        forum, predicate=lambda m: m.message_id == pq_lobby.message_id and "cross phase" in m.text
    )
    # one budget for the whole group (both topics): the players wait for the board each move
    for move in range(MOVES):
        await parquet_move(emu, board, [alice, bob], card_first=move % 2 == 1)
    # the next turn waits: its reminder comes in the game's topic
    await emu.wait_message(
        forum,
        predicate=lambda m: m.thread == pq_topic.id and m.text.startswith("🔔"),
        timeout=REMINDER_WAIT,
    )
    # /newgame in the Ryadki topic points at its own lobby, in that topic
    bob.send(forum, "/newgame", topic=ry_topic)
    running = await emu.wait_message(
        forum, predicate=lambda m: m.thread == ry_topic.id and "already on here" in m.text
    )
    assert running.message_id > ry_lobby.message_id
    await emu.wait_idle()

    general = [m for m in emu.messages(forum) if not m.in_topic]
    assert general == [], [m.describe() for m in general]
    sends = [p for p in emu.calls("sendMessage") if p.get("chat_id") == forum.id]
    assert sends and all(p.get("message_thread_id") in (ry_topic.id, pq_topic.id) for p in sends)
    pq_messages = [m for m in emu.messages(forum) if m.thread == pq_topic.id]
    ry_messages = [m for m in emu.messages(forum) if m.thread == ry_topic.id]
    assert not any("Ryadki ·" in m.text for m in pq_messages)
    assert not any(re.search(r"cross phase|🔔", m.text) for m in ry_messages)
    assert emu.tg.unanswered_callbacks() == []
    assert "Traceback" not in bot.log_text()
