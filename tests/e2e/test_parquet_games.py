"""End-to-end: Parquet in a group at Telegram's real limits (the emulator's defaults: 20 writes a
minute in a group, one a second in a chat) and the bot's production budget — a whole game at a
person's pace (one group write per move, no 429), a game to the result across a restart, two
taps at once and double taps (one board, one move), the turn timer, an invite link."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator
from tests.e2e.parquet_play import (
    BOARD_WAIT,
    FITS,
    Style,
    named_cards,
    over,
    parquet_move,
    parquet_mover,
    parquet_pair,
    ui_buttons,
)
from tests.e2e.requests import chat_writes, keyboard_version, refused_in, version_of
from tests.e2e.test_group_games import MAX_STEPS, new_lobby

pytestmark = pytest.mark.e2e

# the players' choices (cell first): with this seed the rules end the game after 31 moves, both
# passing in a row, whoever is red or moves first (another seed plays another game, most likely
# a longer one: 34 to 60 moves, past the group's second minute of budget)
SHORT_GAME = 37
# a person's pace: a second to look at the board, half a second between a move's two taps
THINK, BETWEEN = 1.0, 0.5


@pytest.mark.slow
async def test_a_whole_game_at_the_default_budget(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en")
    alice, bob, group, board = await parquet_pair(emu)
    loop = asyncio.get_running_loop()
    began, mark = loop.time(), len(emu.requests)
    style = Style(seed=SHORT_GAME, think=THINK, between=BETWEEN)
    moves = 0
    while not over(board) and moves < MAX_STEPS:
        await parquet_move(emu, board, [alice, bob], style)
        moves += 1
    took = loop.time() - began
    assert over(board) and board.has_button(re.compile("Rematch")), board.describe()
    await emu.wait_idle()

    writes = chat_writes(emu, group.id, mark)
    refused = refused_in(emu, group.id)
    versions = [keyboard_version(r.params) for r in writes if r.method == "editMessageText"]
    print(f"{moves} moves, {style.taps} taps, {len(writes)} group writes, {took:.0f} s")
    assert refused == []
    assert len(writes) <= moves, [r.line() for r in writes if r.method == "sendMessage"]
    # the board never went back to an older position, nor showed one position twice
    assert versions == sorted(set(versions)), versions
    assert emu.tg.unanswered_callbacks() == []
    assert "Traceback" not in bot.log_text()


async def test_a_double_tap_leaves_exactly_one_board(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en")
    alice, bob, group, board = await parquet_pair(emu)
    users = [alice, bob]
    mark = len(emu.requests)
    first = parquet_mover(board, users)
    version, shown = version_of(board), board.text

    # the same card twice (a double tap), then the same cell twice at once
    card = str(ui_buttons(board, "pick")[0]["callback_data"])
    taps = [first.tap_data(board, card) for _ in range(2)]
    said = [str((await emu.wait_answer(cq)).get("text", "")) for cq in taps]
    assert all("→ ✅" in s for s in said) and board.text == shown, said
    cell = ui_buttons(board, "to")[0]  # the first card fits any cell of the inner cross
    taps = [first.tap_data(board, str(cell["callback_data"])) for _ in range(2)]
    said = [str((await emu.wait_answer(cq)).get("text", "")) for cq in taps]
    assert "" in said, said  # one of them made the move
    board = await emu.wait_message(group, "1/35", timeout=BOARD_WAIT)
    assert version_of(board) > version and board.text != shown
    # the other player taps a ✅ cell twice, then a card it names: their move counts
    second = parquet_mover(board, users)
    assert second is not first
    version = version_of(board)
    cell = ui_buttons(board, "to")[0]
    taps = [second.tap_data(board, str(cell["callback_data"])) for _ in range(2)]
    toasts = [str((await emu.wait_answer(cq)).get("text", "")) for cq in taps]
    assert all(FITS.search(t) for t in toasts) and version_of(board) == version, toasts
    card = str(named_cards(board, toasts[0])[0]["callback_data"])
    assert (await emu.wait_answer(second.tap_data(board, card))).get("text") is None
    board = await emu.wait_message(group, "2/35", timeout=BOARD_WAIT)
    await emu.wait_idle()

    live = [m for m in emu.messages(group) if m.callback_data()]
    assert [m.message_id for m in live] == [board.message_id]
    writes = chat_writes(emu, group.id, mark)
    assert [r.method for r in writes] == ["editMessageText"] * 2  # one edit a move, no new board
    assert refused_in(emu, group.id) == []
    assert emu.tg.unanswered_callbacks() == []
    assert "Traceback" not in bot.log_text()


@pytest.mark.slow
async def test_parquet_to_the_result_with_a_restart(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en")
    alice = emu.user("Alice", language_code="en")
    bob = emu.user("Bob", language_code="en")
    carol = emu.user("Carol", language_code="en")
    group = emu.group("Card Club", owner=alice, members=[bob, carol])

    lobby = await new_lobby(emu, group, alice, "Parquet")
    carol.tap(lobby, "▶ Start")
    answers = await emu.wait_for(lambda: [a for a in emu.alerts(carol) if "creator" in a])
    assert answers  # only the creator starts
    bob.tap(lobby, "✋ Join")  # both seats taken: the game starts by itself
    board = await emu.wait_message(group, "cross phase")
    assert "0/35" in board.text
    users = [alice, bob]

    # a spectator's tap changes nothing
    carol.tap_data(board, str(ui_buttons(board, "to")[0]["callback_data"]))
    await emu.wait_for(lambda: [a for a in emu.alerts(carol) if "not playing" in a])

    style = Style(seed=SHORT_GAME)  # as fast as the board lets them
    mark = len(emu.requests)
    steps = 0
    while steps < 20 and not over(board):
        await parquet_move(emu, board, users, style)
        steps += 1
    await bot.restart()
    while steps < MAX_STEPS and not over(board):
        await parquet_move(emu, board, users, style)
        steps += 1
    assert over(board), board.describe()
    assert board.has_button(re.compile("Rematch"))
    # the budget held back boards for half a minute: no reminder of a turn the board did not
    # show yet, no 429
    sent = [r.line() for r in chat_writes(emu, group.id, mark) if r.method == "sendMessage"]
    assert sent == []
    assert refused_in(emu, group.id) == []
    assert "Traceback" not in bot.log_text()


async def test_two_simultaneous_taps_make_one_move(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en")
    alice, bob, group, board = await parquet_pair(emu)
    mover = parquet_mover(board, [alice, bob])
    before, shown = version_of(board), board.text
    # pick a hand card (answered in its toast), then tap two different cells at the same time
    said = await emu.wait_answer(
        mover.tap_data(board, ui_buttons(board, "pick")[0]["callback_data"])
    )
    assert "→ ✅" in str(said.get("text")) and board.text == shown
    cells = [str(b["callback_data"]) for b in ui_buttons(board, "to")]
    assert len(cells) >= 2, board.describe()  # the first card fits any inner cross cell
    one = mover.tap_data(board, cells[0])
    two = mover.tap_data(board, cells[1])
    answers = [await emu.wait_answer(one), await emu.wait_answer(two)]
    board = await emu.wait_message(group, "1/35")
    await emu.wait_idle()
    assert "1/35" in board.text and version_of(board) > before  # exactly one card was placed
    assert sum(1 for a in answers if not a.get("text")) == 1, answers  # one made the move
    assert "Traceback" not in bot.log_text()


@pytest.mark.slow
async def test_turn_timer_plays_for_absent_players_and_removes_them(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    # TIMER_TICK_SECONDS: a faster timer loop, so that the 2 s turns run out on time
    bot = await bot_process(language="en", turn_timeout=2, env={"TIMER_TICK_SECONDS": "0.2"})
    _alice, _bob, group, _board = await parquet_pair(emu)
    # nobody moves: the bot plays for them, and after three timeouts in a row removes one
    await emu.wait_message(group, "ran out of time", timeout=15)
    await bot.restart()  # the deadlines live in Redis: they survive the restart
    board = await emu.wait_message(group, "missed too many turns", timeout=40)
    assert "wins!" in board.text
    assert emu.edits_in_window(group) <= 20  # the default flood budget held
    assert "Traceback" not in bot.log_text()


async def test_play_with_friends_invite_link_and_startgroup(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en")
    alice = emu.user("Alice", language_code="en")
    bob = emu.user("Bob", language_code="en")
    group = emu.group("Board Night", owner=alice, members=[bob], bot_member=False)
    alice.start()
    menu = await emu.wait_message(alice, predicate=lambda m: m.has_button(re.compile("friends")))
    alice.tap(menu, re.compile("friends"))
    pick = await emu.wait_message(alice, "with friends")
    alice.tap(pick, re.compile("Parquet"))
    invite = await emu.wait_message(alice, "Send this link")
    link = re.search(r"https://t\.me/\S+\?start=j[A-Za-z0-9_-]{16}", invite.text)
    assert link is not None
    bob.open_link(link.group(0))  # Bob got the link from Alice and opens it
    await emu.wait_message(bob, "You joined Parquet")
    await emu.wait_message(alice, "Bob", predicate=lambda m: m.message_id == invite.message_id)
    alice.follow(invite, "👥 Play in a group", group=group)  # adds the bot to the group
    await emu.wait_message(group, "/newgame")  # the bot says hello
    board = await emu.wait_message(group, "cross phase")  # both seated: the game starts
    assert "Alice" in board.text and "Bob" in board.text
    mover = parquet_mover(board, [alice, bob])
    mover.tap(board, re.compile("Resign"))
    await emu.wait_for(lambda: [a for a in emu.alerts(mover) if "Tap again" in a])
    mover.tap(board, re.compile("Resign"))
    board = await emu.wait_message(group, "wins!")
    assert f"{mover.name} resigned" in board.text
    assert "Traceback" not in bot.log_text()
