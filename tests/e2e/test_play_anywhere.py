"""End-to-end, at Telegram's real limits and the bot's defaults: play anywhere.

- Parquet through inline mode, in a private chat two friends share (the bot is not in it): the
  challenge is posted by the user's client, the friend's tap starts the game on that message,
  a restart mid-game changes nothing, and the game ends there, rated.
- A 3-player Ryadki game in a group where one player never opened the bot's private chat: her
  hand is shown to her alone in the group (an ephemeral message) and she plays from it.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.parquet_play import Style, over, parquet_move
from tests.e2e.requests import chat_writes, refused_in, version_of
from tests.e2e.test_group_games import MAX_STEPS
from tests.e2e.test_ryadki_limits import start_game
from tests.support.recording import TgChat, TgMessage

pytestmark = pytest.mark.e2e

HAND = "🃏 Ryadki · “"  # a hand's title (the board's: "🃏 Ryadki · deal …")


@pytest.mark.slow
async def test_an_inline_parquet_game_in_a_chat_of_two_friends(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    emu.tg.inline_mode = True  # BotFather's /setinline
    bot = await bot_process(language="en")
    alice = emu.user("Alice", language_code="en", started=True)
    bob = emu.user("Bob", language_code="en")  # never opened the bot's chat: no matter
    chat = emu.tg.dialog(alice.tg_user, bob.tg_user)

    query = alice.inline("")
    results = await emu.wait_inline_answer(query)
    assert [r["title"] for r in results] == ["🧩 Parquet — challenge"]
    board = alice.choose(chat, "challenge-parquet", query)
    assert "Alice challenges you" in board.text and board.inline_message_id

    mark = len(emu.requests)
    answer = await emu.wait_answer(bob.tap(board, "⚔️ Play"))
    assert "The game is on" in str(answer.get("text"))
    await emu.wait_for(lambda: "cross phase" in board.text, what="the board on the challenge")
    users = [alice, bob]
    style = Style(seed=37)
    steps = 0
    while steps < 12 and not over(board):
        await parquet_move(emu, board, users, style)
        steps += 1
    await bot.restart()  # the game lives in the store, keyed by its message
    while steps < MAX_STEPS and not over(board):
        await parquet_move(emu, board, users, style)
        steps += 1
    assert over(board) and board.has_button(re.compile("Rematch")), board.describe()
    await emu.wait_idle()
    edits = [r for r in emu.requests[mark:] if r.params.get("inline_message_id")]
    assert len(edits) <= steps + 1  # one edit a move (and the deal)
    assert not [r for r in emu.requests[mark:] if r.params.get("chat_id") == chat.id]
    assert not [r for r in emu.requests if r.status == 429]
    alice.send("/stats")
    stats = await emu.wait_message(alice, "Your statistics")  # (a badge may come too)
    assert re.search(r"Parquet: 1 game", stats.text), stats.text
    assert emu.tg.unanswered_callbacks() == []
    assert "Traceback" not in bot.log_text()


def hand_of(emu: Emulator, user: EmuUser, group: TgChat) -> TgMessage | None:
    """The hand a player sees: in the group, to them alone, or in their private chat."""
    shown = [m for m in user.ephemeral(group) if m.text.startswith(HAND)]
    private = [m for m in emu.messages(user) if m.text.startswith(HAND)]
    found = shown or private
    return found[-1] if found else None


@pytest.mark.slow
async def test_ryadki_with_a_player_who_never_opened_the_private_chat(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en")
    ann = emu.user("Ann", language_code="en", started=True)
    ben = emu.user("Ben", language_code="en", started=True)
    cat = emu.user("Cat", language_code="en")  # never started the bot
    players = [ann, ben, cat]
    group = emu.group("Card Club", owner=ann, members=[ben, cat])
    await start_game(emu, group, players)
    shown = await emu.wait_for(lambda: [m for m in cat.ephemeral(group) if m.text.startswith(HAND)])
    assert len([b for b in shown[-1].buttons() if re.search(r"[♠♥♦♣]", b["text"])]) == 6
    assert all(not m.text.startswith(HAND) for m in emu.messages(group))  # nobody else sees it
    mark, began = len(emu.requests), asyncio.get_running_loop().time()

    def turn() -> tuple[EmuUser, TgMessage] | str | None:
        for user in players:
            hand = hand_of(emu, user, group)
            if hand is not None and "game is over" in hand.text:
                return "over"
            if hand is not None and "Your turn" in hand.text:
                return user, hand
        return None

    moves, cat_moves = 0, 0
    while True:
        found: tuple[EmuUser, TgMessage] | str = await emu.wait_for(
            turn, timeout=75, what="a player's turn or the end"
        )
        if isinstance(found, str):
            break
        user, hand = found
        before = version_of(hand)
        marked = [b["text"] for b in hand.buttons() if b["text"].startswith("✅")]
        assert marked, hand.describe()
        answer = await emu.wait_answer(user.tap(hand, marked[0]))
        assert "changed" not in str(answer.get("text", "")), answer

        def moved(h: TgMessage = hand, v: int = before) -> bool:
            return version_of(h) != v or "Your turn" not in h.text

        await emu.wait_for(moved, timeout=75, what=f"{user.name}'s hand to change")
        moves += 1
        cat_moves += user is cat
        assert moves < 200
    final = await emu.wait_message(group, "game over", timeout=75)
    assert "Winner" in final.text
    assert cat_moves > 0
    await emu.wait_idle()
    writes = chat_writes(emu, group.id, mark)
    hands = [
        r for r in writes if r.params.get("ephemeral_message_parameters") or "Ephemeral" in r.method
    ]
    took = asyncio.get_running_loop().time() - began
    print(f"{moves} moves ({cat_moves} by Cat), {len(writes)} group writes ({len(hands)} of")
    print(f"them Cat's hand, shown in the group), {took:.0f} s")
    assert refused_in(emu, group.id) == []  # the group's budget held, hands in it included
    assert emu.tg.writes_in_window(group.id) <= 20
    assert emu.tg.unanswered_callbacks() == []
    assert "Traceback" not in bot.log_text()
