"""Against the computer through Dispatcher.feed_update, on both stores: Parquet and Ryadki alone
in a private chat (setup, levels, one board message, a restart between a move and the computer's
answer, play again, continue, a new game replacing an old one) and computer seats at group
tables (added by the creator only, no hand message, moves after the pause)."""

from __future__ import annotations

import asyncio
import itertools
import os
import re
import signal

import pytest

import rules
from bot import metrics
from bot.games import searches
from bot.games.table import moves
from tests.support import searching
from tests.support.recording import BotSession, TgMessage, TgUser, bot_session  # noqa: F401
from tests.support.world import World, hand_of, open_lobby


@pytest.fixture
def w(any_world: World) -> World:
    return any_world


def restart(w: World) -> None:
    """A new bot process on the same store (the old one is gone, with all it kept in memory)."""
    from bot.app import build_dispatcher

    w.dp = build_dispatcher(w.bot, w.store, w.settings, clock=w.clock, sleep=w.clock.sleep)
    w.svc = w.dp["tables"]


async def computer_moves(w: World) -> int:
    """The computer's pause passes and the deadline loop runs once: how many turn deadlines it
    handled (a computer seat's move is one; due turn reminders, which change nothing, are not
    counted)."""
    turns = metrics.TIMERS.values
    before = turns.get(("turn",), 0.0)
    w.clock.now += w.settings.ai_pause_seconds
    await w.svc.timers.tick_once()
    await w.drain()
    return int(turns.get(("turn",), 0.0) - before)


def private_board(w: World, user: TgUser) -> TgMessage:
    msg = w.session.last_message(user)
    assert msg is not None
    return msg


async def open_private(w: World, user: TgUser, kind: str) -> TgMessage:
    await w.say(user, None, "/start")
    menu = private_board(w, user)
    await w.tap(user, menu, "🤖 Parquet" if kind == "parquet" else "🤖 Ryadki")
    setup = private_board(w, user)
    assert setup.message_id == menu.message_id  # the menu's message became the setup screen
    assert "against the computer" in setup.text
    return setup


async def game_of(w: World, msg: TgMessage) -> tuple[str, int]:
    gid = next(d.split(":")[0] for d in msg.callback_data() if not d.startswith("m:"))
    game = await w.store.load(gid)
    assert game is not None
    return gid, game.version


async def parquet_turn(w: World, user: TgUser, board: TgMessage) -> None:
    """The person plays the strong computer player's move by tapping the card, then the cell."""
    gid, version = await game_of(w, board)
    game = await w.store.load(gid)
    assert game is not None
    mod = rules.GAMES["parquet"]
    state = mod.from_json(game.state)
    seat = mod.turn(state)
    assert seat is not None
    move = mod.suggest(state, seat, 1)
    pick = move.split("@")[0] if "@" in move else move.split(">")[0]
    if game.table.pick != pick:  # (a pick already made, by a tap the last turn left, stays)
        await w.tap_data(user, board, f"{gid}:{version}:~pick:{pick}")
    board = private_board(w, user)
    # the cell the pick marked, on whatever version the board shows now (a save that changed
    # nothing a player sees, e.g. a reminder's bookkeeping, may have moved the record on)
    cell = next((d for d in board.callback_data() if d.startswith(gid) and d.endswith(move)), None)
    if cell is not None:
        await w.tap_data(user, board, cell)


async def play_private_parquet(w: World, user: TgUser, *, restart_at: int | None = None) -> int:
    """Plays to the end; returns how many computer moves were seen on the board. The bound is
    generous: a game of two strong players can relocate for a long while before a position comes
    a third time (the rules' end of endless relocation); 200 turns once ran out."""
    seen = 0
    for n in range(1000):
        board = private_board(w, user)
        if "wins!" in board.text or "draw" in board.text:
            return seen
        if "is thinking" in board.text:
            if n == restart_at:
                restart(w)
            assert await computer_moves(w) == 1
            seen += 1
            assert "🤖" in private_board(w, user).text
            continue
        await parquet_turn(w, user, board)
    raise AssertionError("the game did not end: " + private_board(w, user).describe())


async def test_parquet_alone_against_the_computer_to_the_end(w: World) -> None:
    setup = await open_private(w, w.alice, "parquet")
    assert "Computer level: normal" in setup.text
    await w.tap(w.alice, setup, re.compile("🎚"))
    assert "Computer level: strong" in private_board(w, w.alice).text
    await w.tap(w.alice, private_board(w, w.alice), "▶ Start")
    board = private_board(w, w.alice)
    assert board.message_id == setup.message_id  # one message: setup, then the board
    assert "cross phase" in board.text and "🤖" in board.text
    assert "s to move" not in board.text  # nobody is timed in a private game
    seen = await play_private_parquet(w, w.alice, restart_at=6)
    assert seen > 5
    end = private_board(w, w.alice)
    assert end.message_id == setup.message_id
    assert {"🔄 Rematch", "⬅ Menu"} <= set(end.button_texts())
    game = await w.store.load((await game_of(w, end))[0])
    assert game is not None and game.finished and game.table.level == "strong"


async def test_the_computer_answers_after_a_restart(w: World) -> None:
    await open_private(w, w.alice, "parquet")
    await w.tap(w.alice, private_board(w, w.alice), "▶ Start")
    for _ in range(4):
        board = private_board(w, w.alice)
        if "is thinking" not in board.text:
            await parquet_turn(w, w.alice, private_board(w, w.alice))
        gid, version = await game_of(w, private_board(w, w.alice))
        restart(w)  # between the person's move and the computer's answer
        assert await computer_moves(w) == 1
        game = await w.store.load(gid)
        assert game is not None and game.version == version + 1
        assert "is thinking" not in private_board(w, w.alice).text


async def test_ryadki_with_three_computers_one_deal_in_one_message(w: World) -> None:
    setup = await open_private(w, w.alice, "ryadki")
    assert "1. Alice" in setup.text and "2. 🤖 Ada" in setup.text
    await w.tap(w.bob, setup, "▶ Start")  # another user's tap (forged): refused
    await w.tap(w.alice, private_board(w, w.alice), "➕🤖 Computer")
    await w.tap(w.alice, private_board(w, w.alice), "➕🤖 Computer")
    await w.tap(w.alice, private_board(w, w.alice), re.compile("Deals"))  # 7 → 1
    await w.tap(w.alice, private_board(w, w.alice), re.compile("🎚"))  # normal → strong
    await w.tap(w.alice, private_board(w, w.alice), re.compile("🎚"))  # strong → easy
    text = private_board(w, w.alice).text
    assert "4/6" in text and "deals: 1" in text and "Computer level: easy" in text
    await w.tap(w.alice, private_board(w, w.alice), "▶ Start")
    board = private_board(w, w.alice)
    assert board.message_id == setup.message_id and "Your cards" in board.text
    for step in range(300):
        board = private_board(w, w.alice)
        if "Game over" in board.text or "Winner" in board.text:
            break
        if "is thinking" in board.text:
            if step == 3:
                restart(w)
            assert await computer_moves(w) == 1
            continue
        marked = [t for t in board.button_texts() if t.startswith("✅")]
        assert marked, board.describe()
        await w.tap(w.alice, board, marked[0])
    board = private_board(w, w.alice)
    assert board.message_id == setup.message_id
    assert "🔄 Rematch" in board.button_texts()
    # no hand message: the board was the only message after the menu
    assert [m.message_id for m in w.session.messages(w.alice)][-1] == setup.message_id
    await w.tap(w.alice, board, "🔄 Rematch")  # the same table again, below
    again = private_board(w, w.alice)
    assert again.message_id != setup.message_id and "Your cards" in again.text
    assert "🤖 Grace" in again.text and "🔄 Rematch" not in private_board_by_id(w, setup)


def private_board_by_id(w: World, msg: TgMessage) -> str:
    return " ".join(w.session.tg.message(msg.chat_id, msg.message_id).button_texts())


async def test_a_new_game_replaces_the_running_one_and_continue_moves_it(w: World) -> None:
    first = await open_private(w, w.alice, "parquet")
    await w.tap(w.alice, first, "▶ Start")
    await w.say(w.alice, None, "/start")
    menu = private_board(w, w.alice)
    assert "▶️ 🤖 Parquet: continue" in menu.button_texts()
    await w.tap(w.alice, menu, "▶️ 🤖 Parquet: continue")
    moved = private_board(w, w.alice)
    assert moved.message_id == menu.message_id and "cross phase" in moved.text
    assert "continues below" in w.session.tg.message(first.chat_id, first.message_id).text
    gid, version = await game_of(w, moved)
    tap = next(d for d in moved.callback_data() if not d.startswith("m:")).split(":", 2)[2]
    second = await open_private(w, w.alice, "parquet")
    await w.tap(w.alice, second, "▶ Start")
    await w.drain()
    old = w.session.tg.message(moved.chat_id, moved.message_id)
    assert "you started a new one" in old.text
    assert old.button_texts() == ["⬅ Menu"]  # no move left on the old board
    await w.tap_data(w.alice, old, f"{gid}:{version}:{tap}")  # an old tap changes nothing
    game = await w.store.load(gid)
    assert game is not None and game.finished and game.table.why == "replaced"
    menu_texts = " ".join((await menu_of(w)).button_texts())
    assert menu_texts.count("Parquet: continue") == 1  # only the new game


async def menu_of(w: World) -> TgMessage:
    await w.say(w.alice, None, "/menu")
    return private_board(w, w.alice)


async def test_group_ryadki_with_two_people_and_a_computer(w: World) -> None:
    lobby = await open_lobby(w, "ryadki")
    await w.tap(w.bob, lobby, "✋ Join")
    await w.tap(w.bob, w.board(), "➕🤖 Computer")
    assert "creator" in w.last_alert(w.bob)
    await w.tap(w.alice, w.board(), "➕🤖 Computer")
    await w.tap(w.alice, w.board(), re.compile("Deals"))
    assert "3. 🤖 Ada" in w.board().text and "Computer level: normal" in w.board().text
    await w.tap(w.alice, w.board(), "▶ Start")
    people = [w.alice, w.bob]
    computer = 0
    for _ in range(300):
        await w.drain()
        table = w.board()
        if "Winner" in table.text or "Game over" in table.text:
            break
        if "is thinking" in table.text:
            assert "s to move" not in table.text
            assert await computer_moves(w) == 1
            computer += 1
            continue
        mover = next(u for u in people if "Your turn" in hand_of(w, u).text)
        marked = [t for t in hand_of(w, mover).button_texts() if t.startswith("✅")]
        await w.tap(mover, hand_of(w, mover), marked[0])
    assert computer > 0 and "Rematch" in " ".join(w.board().button_texts())


async def test_group_parquet_against_the_computer_starts_at_once(w: World) -> None:
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.alice, lobby, re.compile("🎚"))
    await w.tap(w.alice, w.board(), "🤖 Play the computer")
    board = w.board()
    assert "cross phase" in board.text and "🤖 Ada" in board.text
    gid, version = await game_of(w, board)
    await w.tap_data(w.bob, board, f"{gid}:{version}:~join")  # an old Join: the table is full
    game = await w.store.load(gid)
    assert game is not None and [p.ai for p in game.table.players] == [False, True]
    assert game.table.level == "strong"


async def test_a_game_against_the_computer_is_not_held_to_a_groups_budget(w: World) -> None:
    """A private chat has no group's 20 writes a minute: a whole Parquet game against the
    computer at a second a tap shows every screen as it comes (before, the bot held its own
    board edits back once 20 had gone in a minute, and the board froze for up to a minute)."""
    await open_private(w, w.alice, "parquet")
    await w.tap(w.alice, private_board(w, w.alice), "▶ Start")
    await play_private_parquet(w, w.alice)
    edits = w.tg.edit_log[w.alice.id]
    assert w.tg.writes_in_window(w.alice.id, 60.0) > w.settings.edits_per_minute_per_group
    gaps = [b - a for a, b in itertools.pairwise(edits)]
    assert max(gaps) < 10.0  # no edit waited for a budget (a tap and a reply are ~1 s apart)


async def test_the_computer_thinks_in_a_worker_and_moves_though_the_worker_is_killed(
    w: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_private(w, w.alice, "parquet")
    await w.tap(w.alice, private_board(w, w.alice), "▶ Start")
    plans = searches.pool().ran["computer_plan"]
    while "is thinking" not in private_board(w, w.alice).text:
        await parquet_turn(w, w.alice, private_board(w, w.alice))
    assert await computer_moves(w) == 1
    assert searches.pool().ran["computer_plan"] == plans + 1  # planned in the pool
    while "is thinking" not in private_board(w, w.alice).text:
        await parquet_turn(w, w.alice, private_board(w, w.alice))
    gid, version = await game_of(w, private_board(w, w.alice))
    monkeypatch.setattr(moves, "computer_plan", searching.stuck_plan)  # stuck on its worker
    thinking = asyncio.ensure_future(computer_moves(w))
    os.kill(await searching.stuck_worker(thinking), signal.SIGKILL)
    assert await asyncio.wait_for(thinking, searching.SLOW_START) == 1  # planned here instead
    game = await w.store.load(gid)
    assert game is not None and game.version == version + 1
    assert "is thinking" not in private_board(w, w.alice).text
