"""End-to-end: quick matches through the real `python -m bot`, the emulator and Redis. Three
people ask for Parquet: two are paired and play a whole game, each on a board in their own
private chat; the third is offered the computer after the wait. A kill -9 while one waits: the
queue is kept, and the next to ask after the restart is paired with them."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.parquet_play import Style, named_cards, over, tap, ui_buttons
from tests.e2e.requests import version_of
from tests.support.recording import TgMessage

pytestmark = pytest.mark.e2e

WAIT = 6  # MATCH_WAIT_SECONDS: the third person hears "nobody is free" after it
ENV = {"MATCH_WAIT_SECONDS": str(WAIT), "TIMER_TICK_SECONDS": "0.2"}


async def ask(emu: Emulator, user: EmuUser, game: str = "🧩 Parquet", seats: str = "") -> TgMessage:
    """☰ /start → ⚔️ Play someone → the game (→ the table size): the menu's message is the
    waiting screen."""
    user.start()
    menu = await emu.wait_message(user, predicate=lambda m: m.has_button("⚔️ Play someone"))
    await emu.wait_answer(user.tap(menu, "⚔️ Play someone"))
    picker = await emu.wait_message(user, "Which game?")
    await emu.wait_answer(user.tap(picker, game))
    if seats:
        sizes = await emu.wait_message(user, "how many at the table?")
        await emu.wait_answer(user.tap(sizes, seats))
    return picker


async def paired(emu: Emulator, user: EmuUser, msg: TgMessage) -> TgMessage:
    return await emu.wait_message(
        user, predicate=lambda m: m.message_id == msg.message_id and "cross phase" in m.text
    )


def match_mover(boards: dict[str, TgMessage], users: list[EmuUser]) -> EmuUser:
    """Whose move it is: the one whose own board does not say "⏳ <the other> to move."."""

    def waits(board: TgMessage) -> bool:
        return any(x.startswith("⏳") and x.endswith("to move.") for x in board.text.splitlines())

    movers = [u for u in users if not waits(boards[u.name])]
    assert len(movers) == 1, [boards[u.name].describe() for u in users]
    return movers[0]


def in_step(board: TgMessage, version: int) -> Callable[[], bool]:
    """The board shows `version` (or a later one), or the end."""
    return lambda: version_of(board) >= version or over(board)


async def match_move(emu: Emulator, mover: EmuUser, board: TgMessage, style: Style) -> None:
    """A move on the mover's own board: a ✅ cell (the toast names what fits), then one of
    those cards; then the board shows it (or the end, whose buttons carry no version)."""
    version = version_of(board)
    said = await tap(emu, mover, board, style.choose(ui_buttons(board, "to")), style)
    said = await tap(emu, mover, board, style.choose(named_cards(board, said)), style)
    assert said == "", f"the move's second tap was refused: {said!r}"
    await emu.wait_for(
        lambda: over(board) or version_of(board) > version, what=f"{mover.name}'s move shown"
    )


@pytest.mark.slow
async def test_three_ask_for_parquet_two_play_a_whole_game_the_third_meets_nobody(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    await bot_process(language="en", env=ENV)
    alice = emulator.user("Alice", language_code="en")
    bob = emulator.user("Bob", language_code="en")
    carol = emulator.user("Carol", language_code="en")
    waiting = await ask(emulator, alice)
    await emulator.wait_message(alice, "looking for an opponent")
    boards = {alice.name: waiting, bob.name: await ask(emulator, bob)}
    for user in (alice, bob):
        boards[user.name] = await paired(emulator, user, boards[user.name])
    carol_wait = await ask(emulator, carol)  # nobody left for her
    nobody = await emulator.wait_message(
        carol,
        predicate=lambda m: m.message_id == carol_wait.message_id and "nobody is free" in m.text,
        timeout=WAIT + 15,
    )
    assert nobody.has_button("🤖 Play the computer") and nobody.has_button("🔄 Keep looking")
    style = Style(seed=5)
    for _ in range(400):
        if over(boards["Alice"]):
            break
        mover = match_mover(boards, [alice, bob])
        await match_move(emulator, mover, boards[mover.name], style)
        version = version_of(boards[mover.name])
        other = boards["Bob" if mover is alice else "Alice"]
        await emulator.wait_for(in_step(other, version), what="both boards in step")
    for name in ("Alice", "Bob"):
        board = boards[name]
        await emulator.wait_for(in_step(board, 10**9), what=f"{name}'s board to end")
        assert re.search(r"wins!|draw", board.text)
    await emulator.wait_all_answered()
    assert not emulator.tg.unanswered_callbacks()


async def test_a_kill_while_someone_waits_keeps_the_queue(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    # a long wait: Alice is still waiting however long the restart takes
    bot = await bot_process(language="en", env={**ENV, "MATCH_WAIT_SECONDS": "300"})
    alice = emulator.user("Alice", language_code="en")
    bob = emulator.user("Bob", language_code="en")
    alice_wait = await ask(emulator, alice)
    await emulator.wait_message(alice, "looking for an opponent")
    bot.kill()
    proc = bot.proc
    assert proc is not None
    await emulator.wait_for(lambda: proc.poll() is not None, what="the killed bot to be gone")
    await bot.restart()
    bob_wait = await ask(emulator, bob)
    await paired(emulator, alice, alice_wait)
    await paired(emulator, bob, bob_wait)
    await emulator.wait_all_answered()


def same_message(msg: TgMessage, text: str) -> Callable[[TgMessage], bool]:
    return lambda m: m.message_id == msg.message_id and text in m.text


def ended(board: TgMessage) -> Callable[[], bool]:
    return lambda: "Winner" in board.text


def moved_on(board: TgMessage, version: int) -> Callable[[], bool]:
    """A Ryadki board no longer at `version` (off one's turn its buttons carry version 0) or
    no longer asking for a play, or at its end."""
    return lambda: (
        version_of(board) != version or "Your turn" not in board.text or "Winner" in board.text
    )


@pytest.mark.slow
async def test_a_three_player_ryadki_table_from_the_queue_plays_to_the_end(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    await bot_process(language="en", env=ENV)
    people = [emulator.user(name, language_code="en") for name in ("Alice", "Bob", "Carol")]
    waits = [await ask(emulator, user, "🃏 Ryadki", "👥 3") for user in people]
    boards = [
        await emulator.wait_message(user, predicate=same_message(wait, "Your cards"))
        for user, wait in zip(people, waits, strict=True)
    ]

    def next_turn() -> tuple[int] | str | None:
        if any("Winner" in b.text for b in boards):
            return "over"
        return next(((i,) for i, b in enumerate(boards) if "Your turn" in b.text), None)

    for _ in range(200):
        found = await emulator.wait_for(next_turn, 30.0, "a player's turn or the end")
        if found == "over":
            break
        assert isinstance(found, tuple)
        board, user = boards[found[0]], people[found[0]]
        marked = [b["text"] for b in board.buttons() if b["text"].startswith("✅")]
        assert marked, board.describe()
        before = version_of(board)
        await emulator.wait_answer(user.tap(board, marked[0]))
        await emulator.wait_for(moved_on(board, before), what="the play shown")
    for board in boards:
        await emulator.wait_for(ended(board), what="every board's end")
    await emulator.wait_all_answered()


async def test_two_waiting_for_ryadki_are_seated_after_a_kill_and_a_restart(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    """Alice and Bob wait for a Ryadki table of three (the computer may fill it); the bot is
    killed while they wait; the restarted bot seats them, with a computer, after the wait."""
    bot = await bot_process(language="en", env=ENV)
    alice = emulator.user("Alice", language_code="en")
    bob = emulator.user("Bob", language_code="en")
    waits = [await ask(emulator, user, "🃏 Ryadki", "👥 3 · 🤖") for user in (alice, bob)]
    for user in (alice, bob):
        await emulator.wait_message(user, "looking for players")
    bot.kill()
    proc = bot.proc
    assert proc is not None
    await emulator.wait_for(lambda: proc.poll() is not None, what="the killed bot to be gone")
    await bot.restart()
    for user, wait in zip((alice, bob), waits, strict=True):
        board = await emulator.wait_message(
            user, predicate=same_message(wait, "Your cards"), timeout=WAIT + 15
        )
        assert "🤖" in board.text, board.describe()
    await emulator.wait_all_answered()
