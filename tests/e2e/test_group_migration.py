"""End-to-end: a basic group with a Parquet game is upgraded to a supergroup (a new chat id).
The real bot process moves the game there: from Telegram's two service messages, or, when the
turn timer writes to the old group before any service message arrived, from the error."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.parquet_play import parquet_move
from tests.support.recording import TgChat, TgMessage

pytestmark = pytest.mark.e2e

NOTE = "The group became a supergroup"


async def parquet_in_a_basic_group(emu: Emulator) -> tuple[EmuUser, EmuUser, TgChat]:
    alice = emu.user("Alice", language_code="en")
    bob = emu.user("Bob", language_code="en")
    group = emu.tg.add_group("Card Club", owner=alice.tg_user, members=[bob.tg_user], type="group")
    alice.send(group, "/newgame parquet")
    lobby = await emu.wait_message(group, "gathering players")
    bob.tap(lobby, "✋ Join")
    await emu.wait_message(group, "cross phase")
    return alice, bob, group


async def parquet_step(emu: Emulator, chat: TgChat, users: list[EmuUser]) -> None:
    """The mover makes a move on the board in `chat` and it is shown."""
    board = emu.last_message(chat)
    assert board is not None
    await parquet_move(emu, board, users)


def requests_to(emu: Emulator, chat: TgChat, since: int) -> list[int]:
    """The HTTP status of every request to a chat after the first `since` requests."""
    return [r.status for r in emu.requests[since:] if r.params.get("chat_id") == chat.id]


def push_service_messages(emu: Emulator, old: TgChat) -> None:
    to_msg, from_msg = emu.tg.migration_messages(old)
    emu.push_update(message=to_msg.api())
    emu.push_update(message=from_msg.api())


async def test_service_messages_move_the_game_to_the_supergroup(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en")
    alice, bob, old = await parquet_in_a_basic_group(emu)
    await parquet_step(emu, old, [alice, bob])
    shown = emu.last_message(old)
    assert shown is not None
    new = emu.tg.migrate_group(old)
    mark = len(emu.requests)
    push_service_messages(emu, old)
    board = await emu.wait_message(new, "corner phase" if "corner" in shown.text else "cross phase")
    assert board.text == shown.text
    # the move is saved a store round trip after the board appears: a player (unlike this test)
    # cannot tap sooner; a tap that did would get "the position has changed" and tap again
    await emu.wait_idle()
    for _ in range(3):
        await parquet_step(emu, new, [alice, bob])
    push_service_messages(emu, old)  # delivered again: nothing more happens
    await emu.wait_idle()
    texts: list[str] = [m.text for m in emu.messages(new)]
    assert len(texts) == 2 and NOTE in texts[0]
    assert requests_to(emu, old, mark) == []
    assert "Traceback" not in bot.log_text()


async def test_the_turn_timer_finds_the_supergroup_by_itself(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en", turn_timeout=2, env={"TIMER_TICK_SECONDS": "0.2"})
    _alice, _bob, old = await parquet_in_a_basic_group(emu)
    new = emu.tg.migrate_group(old)
    mark = len(emu.requests)
    board: TgMessage = await emu.wait_message(new, "ran out of time", timeout=15)
    assert NOTE in emu.messages(new)[0].text
    assert requests_to(emu, old, mark) == [400]  # the one write that found out
    push_service_messages(emu, old)  # late service messages change nothing
    await emu.wait_idle()
    assert [m.message_id for m in emu.messages(new)][-1] == board.message_id
    assert len(emu.messages(new)) == 2
    assert "Traceback" not in bot.log_text()
