"""A basic group upgraded to a supergroup mid-game (the chat id changes): the lobby or the game
moves to the new chat, whichever of the two service messages comes first, or when a write to the
old chat is refused first (a move, the turn timer); both messages, twice, to two processes at
once, still give exactly one new board; nothing is written to the old chat afterwards."""

from __future__ import annotations

import asyncio
import re

import pytest
from aiogram import Dispatcher
from aiogram.exceptions import TelegramMigrateToChat

import rules
from bot.wire.flood import EditCoalescer
from tests.bot.telegram.test_flood import FakeClock, Screen
from tests.support import parquet_taps
from tests.support.recording import (
    MIGRATED,
    Call,
    Migration,
    TgChat,
)
from tests.support.world import (
    World,
    hand_of,
    invite_code,
    open_lobby,
    play_ryadki_turn,
    start_ryadki,
)

NOTE = "♻️ The group became a supergroup — the game continues here."


@pytest.fixture
def w(world: World) -> World:
    """The handler tests' world, its group a basic group (only those are upgraded)."""
    world.group = world.tg.add_group(
        "Card Club", owner=world.alice, type="group", members=[world.bob, world.carol, world.dave]
    )
    world.svc.pings.enabled = False  # these tests count every message (tests/.../test_pings)
    return world


def upgrade(w: World) -> tuple[TgChat, Migration, int]:
    """Upgrade the world's group (no update delivered yet): the old chat, the migration and the
    number of Bot API calls made so far; the world's group is the supergroup from now on."""
    old = w.group
    migration = w.session.migrate_group(old)
    w.group = migration.chat
    return old, migration, len(w.tg.calls)


async def deliver(w: World, migration: Migration, order: str = "to,from") -> None:
    for which in order.split(","):
        update = migration.to_update if which == "to" else migration.from_update
        await w.dp.feed_update(w.bot, update)
    await w.drain()


def calls_to(w: World, chat: TgChat, since: int) -> list[Call]:
    return [c for c in w.tg.calls[since:] if c.params.get("chat_id") == chat.id]


def refused_as_migrated(calls: list[Call]) -> bool:
    return all(c.error is not None and c.error.description == MIGRATED for c in calls)


async def game_of(w: World, chat: TgChat) -> str:
    gid = await w.store.get_chat_game(chat.id)
    assert gid is not None, f"no game is on in chat {chat.id}"
    return gid


# -- the fake Telegram --------------------------------------------------------------------------
async def test_fake_telegram_upgrades_a_group_like_telegram(w: World) -> None:
    before = w.tg.last_message(w.group.id, by_bot=None)
    old, migration, _ = upgrade(w)
    new = migration.chat
    assert new.type == "supergroup" and new.id != old.id and str(new.id).startswith("-100")
    assert new.title == old.title and new.members == old.members
    to_msg = migration.to_update.message
    from_msg = migration.from_update.message
    assert to_msg is not None and from_msg is not None
    assert to_msg.chat.id == old.id and to_msg.chat.type == "group"
    assert to_msg.migrate_to_chat_id == new.id and to_msg.from_user is not None
    assert to_msg.from_user.id == w.alice.id and to_msg.text is None
    assert before is None or to_msg.message_id > before.message_id
    assert from_msg.chat.id == new.id and from_msg.chat.type == "supergroup"
    assert from_msg.migrate_from_chat_id == old.id and from_msg.message_id == 1
    assert from_msg.sender_chat is not None and from_msg.sender_chat.id == new.id
    # every request to the old chat is refused with the new id; the new chat works
    with pytest.raises(TelegramMigrateToChat) as err:
        await w.bot.send_message(old.id, "hello?")
    assert err.value.migrate_to_chat_id == new.id
    assert MIGRATED in str(err.value)
    with pytest.raises(TelegramMigrateToChat):
        await w.bot.get_chat_member(old.id, w.alice.id)
    await w.bot.send_message(new.id, "hello!")
    statuses = {
        u.first_name: (await w.bot.get_chat_member(new.id, u.id)).status
        for u in (w.alice, w.bob, w.dave)
    }
    assert statuses == {"Alice": "creator", "Bob": "member", "Dave": "member"}
    with pytest.raises(LookupError):  # nobody can post in the old group any more
        w.session.user_message(w.bob, old, "/newgame")
    with pytest.raises(ValueError):
        w.tg.migrate_group(new)  # a supergroup is not upgraded again


# -- a game mid-play ----------------------------------------------------------------------------
async def test_ryadki_mid_game_moves_to_the_supergroup_and_is_played_to_the_end(w: World) -> None:
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    for _ in range(3):
        assert await play_ryadki_turn(w, players)
    await w.drain()
    old_board = w.board()
    shown = old_board.text
    gid = await game_of(w, old_board.chat)
    old, migration, mark = upgrade(w)
    await deliver(w, migration, "to,from")
    note, board = w.session.messages(w.group)
    assert note.text == NOTE
    assert board.text == shown  # the table as it was, shown afresh in the supergroup
    assert "Ryadki" in board.text and board.has_button(re.compile("My cards"))
    assert await w.store.get_chat_game(w.group.id) == gid
    assert await w.store.get_chat_game(old.id) is None
    # the hands keep working: play to the end from the private chats
    for _ in range(200):
        if not await play_ryadki_turn(w, players):
            break
    await w.drain()
    board = w.session.message(w.group.id, board.message_id)
    assert "game over" in board.text and "Winner" in board.text
    assert calls_to(w, old, mark) == []  # nothing was written to the old group
    assert w.session.message(old.id, old_board.message_id).text == shown
    # the rematch opens in the supergroup, which now holds the new lobby
    await w.tap(w.bob, board, "🔄 Rematch")
    lobby = w.board()
    assert "gathering players" in lobby.text and "Carol" in lobby.text
    w.clock.advance(60)  # (right after a quick game, a member's command may find no room)
    await w.say(w.dave, w.group, "/newgame parquet")
    assert "already on" in w.board().text
    assert calls_to(w, old, mark) == []


async def test_a_lobby_moves_and_its_game_starts_in_the_supergroup(w: World) -> None:
    await open_lobby(w, "ryadki")
    await w.tap(w.bob, w.board(), "✋ Join")
    old, migration, mark = upgrade(w)
    await deliver(w, migration, "from,to")  # the new chat's message first, this time
    note, lobby = w.session.messages(w.group)
    assert note.text == NOTE
    assert "gathering players" in lobby.text and "Bob" in lobby.text and "2/6" in lobby.text
    await w.tap(w.carol, lobby, "✋ Join")
    await w.tap(w.alice, w.board(), re.compile("Deals"))
    assert "Carol" in w.board().text and "deals: 1" in w.board().text
    await w.tap(w.alice, w.board(), "▶ Start")
    await w.drain()
    table = w.board()
    assert table.message_id == lobby.message_id and "deal 1/1" in table.text
    for user in (w.alice, w.bob, w.carol):
        assert "Card Club" in hand_of(w, user).text
    assert await play_ryadki_turn(w, [w.alice, w.bob, w.carol])
    await w.drain()
    assert "▸" in w.session.message(w.group.id, table.message_id).text  # the move is shown
    assert len(w.session.messages(w.group)) == 2  # the note and the table, nothing more
    assert calls_to(w, old, mark) == []


# -- a write reaches the old chat before any service message -------------------------------------
async def test_a_move_that_hits_the_upgraded_group_moves_the_game(w: World) -> None:
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    await w.drain()
    old, migration, mark = upgrade(w)
    assert await play_ryadki_turn(w, players)  # its board edit is refused: the game moves
    await w.drain()
    note, board = w.session.messages(w.group)
    assert note.text == NOTE and "▸" in board.text  # the move is on the new board
    to_old = calls_to(w, old, mark)
    assert len(to_old) == 1 and refused_as_migrated(to_old)
    assert not w.tg.unanswered_callbacks()
    # then both service messages arrive, twice: nothing more is sent anywhere in the groups
    mark = len(w.tg.calls)
    await deliver(w, migration, "to,from,from,to")
    assert calls_to(w, old, mark) == [] and calls_to(w, w.group, mark) == []
    for _ in range(200):
        if not await play_ryadki_turn(w, players):
            break
    await w.drain()
    assert "game over" in w.session.message(w.group.id, board.message_id).text
    assert len(w.session.messages(w.group)) == 2


async def test_the_turn_timer_that_hits_the_upgraded_group_moves_the_game(w: World) -> None:
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")  # full: the game starts
    await w.drain()
    old, migration, mark = upgrade(w)
    w.clock.now += 91
    assert await w.svc.timers.tick_once() == 1
    await w.drain()
    note, board = w.session.messages(w.group)
    assert note.text == NOTE and "ran out of time" in board.text
    to_old = calls_to(w, old, mark)
    assert len(to_old) == 1 and refused_as_migrated(to_old)
    # the players go on on the new board: the mover picks a card, then a cell
    gid = await game_of(w, w.group)
    game = await w.store.load(gid)
    assert game is not None
    mod = rules.GAMES["parquet"]
    state = mod.from_json(game.state)
    seat = mod.turn(state)
    assert seat is not None
    mover = w.alice if game.table.players[seat].user_id == w.alice.id else w.bob
    move = mod.suggest(state, seat, 1)
    alerts = w.session.alerts(mover)
    pick, cell = parquet_taps.taps(gid, game.version, move)
    await w.tap_data(mover, board, pick)
    await w.tap_data(mover, w.session.message(w.group.id, board.message_id), cell)
    after = await w.store.load(gid)
    assert after is not None and mod.from_json(after.state).plies > state.plies
    said = w.session.alerts(mover)[len(alerts) :]
    assert all("✅" in a for a in said), said  # the pick's toast, no refusal on the way
    await deliver(w, migration, "from,to")
    assert len(w.session.messages(w.group)) == 2
    assert len(calls_to(w, old, mark)) == 1


async def test_a_newgame_queued_in_the_old_group_opens_in_the_supergroup(w: World) -> None:
    queued = [
        w.session.user_message(w.alice, w.group, "/newgame parquet"),
        w.session.user_message(w.bob, w.group, "/newgame ryadki"),
    ]
    old, _migration, mark = upgrade(w)
    for update in queued:
        await w.dp.feed_update(w.bot, update)
    lobby, busy = w.session.messages(w.group)
    assert "Parquet" in lobby.text and "gathering players" in lobby.text
    assert "already on" in busy.text  # the lobby holds the supergroup
    assert await w.store.get_chat_game(old.id) is None
    await w.tap(w.bob, lobby, "✋ Join")
    await w.drain()
    assert "cross phase" in w.session.message(w.group.id, lobby.message_id).text
    assert all(c.error is not None for c in calls_to(w, old, mark))


async def test_a_startgroup_link_queued_in_the_old_group_opens_in_the_supergroup(w: World) -> None:
    await w.say(w.alice, None, "/start")
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("friends", re.I))
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("Parquet"))
    code = invite_code(w.session.last_message(w.alice))
    await w.say(w.bob, None, f"/start j{code}")
    queued = w.session.user_message(w.alice, w.group, f"/start@{w.tg.bot.username} j{code}")
    old, _migration, mark = upgrade(w)
    await w.dp.feed_update(w.bot, queued)
    await w.drain()
    note, board = w.session.messages(w.group)
    assert note.text == NOTE and "cross phase" in board.text  # both seated: it started
    assert await w.store.get_chat_game(w.group.id) is not None
    assert await w.store.get_chat_game(old.id) is None
    assert len(calls_to(w, old, mark)) == 1


async def test_a_move_left_unfinished_by_a_dead_process_is_taken_over(w: World) -> None:
    await open_lobby(w, "parquet")
    gid = await game_of(w, w.group)
    old, migration, mark = upgrade(w)
    game = await w.store.load(gid)
    assert game is not None
    game.table.migrating = (w.group.id, w.clock.now)  # another process took the lease, died
    assert await w.store.save(game, game.version)
    await deliver(w, migration)
    assert w.session.messages(w.group) == []  # it may still be at work: wait
    w.clock.now += 61
    await deliver(w, migration)
    note, moved = w.session.messages(w.group)
    assert note.text == NOTE and "gathering players" in moved.text
    await w.tap(w.bob, moved, "✋ Join")
    await w.drain()
    assert "cross phase" in w.session.message(w.group.id, moved.message_id).text
    assert calls_to(w, old, mark) == []


# -- two processes, both service messages, twice ------------------------------------------------
@pytest.fixture
def two(replicas: tuple[World, Dispatcher]) -> tuple[World, Dispatcher]:
    """Two processes on one store (see conftest), in a basic group (it can be upgraded)."""
    first, other = replicas
    first.group = first.tg.add_group(
        "Card Club", owner=first.alice, type="group", members=[first.bob, first.carol, first.dave]
    )
    return first, other


async def test_both_service_messages_twice_to_two_processes_give_one_board(
    two: tuple[World, Dispatcher],
) -> None:
    w, other = two
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    assert await play_ryadki_turn(w, players)
    await w.drain()
    shown = w.board().text
    old, migration, mark = upgrade(w)
    for _ in range(2):
        await asyncio.gather(
            w.dp.feed_update(w.bot, migration.to_update),
            other.feed_update(w.bot, migration.from_update),
            other.feed_update(w.bot, migration.to_update),
            w.dp.feed_update(w.bot, migration.from_update),
        )
    await w.drain()
    await other["tables"].flood.drain()
    sent = w.tg.messages_in(w.group.id, include_deleted=True)
    assert [m.text for m in sent] == [NOTE, shown]  # one note, one board, nothing deleted
    assert calls_to(w, old, mark) == []
    # either process serves the moved game
    board = sent[1]
    assert await play_ryadki_turn(w, players)
    await w.drain()
    assert w.session.message(w.group.id, board.message_id).text != shown
    gid = await game_of(w, w.group)
    game = await w.store.load(gid)
    assert game is not None
    moves = rules.GAMES["ryadki"].from_json(game.state).moves
    mover = next(u for u in players if "Your turn" in hand_of(w, u).text)
    hand = hand_of(w, mover)
    alerts = w.session.alerts(mover)
    marked = [t for t in hand.button_texts() if t.startswith("✅")]
    await other.feed_update(w.bot, w.session.tap(mover, hand, marked[0]))
    await other["tables"].flood.drain()
    assert w.session.alerts(mover) == alerts  # no refusal
    game = await w.store.load(gid)
    assert game is not None and rules.GAMES["ryadki"].from_json(game.state).moves == moves + 1
    assert len(w.tg.messages_in(w.group.id, include_deleted=True)) == 2


# -- the flood coalescer follows the chat ---------------------------------------------------------
async def test_the_coalescer_drops_the_old_chats_edits_and_keeps_its_budget() -> None:
    clock = FakeClock()
    screen = Screen(clock)
    flood = EditCoalescer(2, window=60.0, min_gap=1.0, clock=clock, sleep=clock.sleep)
    await flood.submit(-1, 10, 1, screen.edit(10, "v1"))
    await flood.submit(-1, 10, 2, screen.edit(10, "v2"))  # waits for the gap
    assert screen.shown == {10: "v1"}
    flood.move_chat(-1, -1002)
    await flood.drain()
    assert screen.shown == {10: "v1"}  # the old chat's waiting edit is dropped
    assert flood.sent_times(-1) == [] and flood.sent_times(-1002) == [clock.now]
    await flood.submit(-1002, 1, 1, screen.edit(1, "new"))  # counts against the moved budget
    assert screen.shown.get(1) is None
    await flood.drain()
    assert screen.shown[1] == "new" and screen.times[-1] >= 1001.0
    flood.move_chat(-1, -1002)  # twice: nothing to move
    await flood.close()
