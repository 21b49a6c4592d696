"""End-to-end: the real `python -m bot` against the Bot API emulator and Redis, three users in a
supergroup — Ryadki from /newgame to the result (with a bot restart in the middle), joining by
deep link, hands in private chats. Parquet's group games: test_parquet_games.py."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.requests import version_of
from tests.support.recording import TgChat, TgMessage

pytestmark = pytest.mark.e2e

# the timer loop looks every 0.2 s (not 1 s): a computer seat or a timeout acts at once
FAST = {"TIMER_TICK_SECONDS": "0.2"}
MAX_STEPS = 300


async def new_lobby(emu: Emulator, group: TgChat, creator: EmuUser, game: str) -> TgMessage:
    creator.send(group, "/newgame")
    pick = await emu.wait_message(group, "What shall we play")
    creator.tap(pick, re.compile(game))
    return await emu.wait_message(group, "gathering players")


# -- Ryadki ---------------------------------------------------------------------------------------
def ryadki_hand(emu: Emulator, user: EmuUser) -> TgMessage | None:
    hands = [m for m in emu.messages(user) if m.text.startswith("🃏 Ryadki ·")]
    return hands[-1] if hands else None


async def ryadki_move(emu: Emulator, group: TgChat, players: list[EmuUser]) -> bool:
    """The player whose private hand says "Your turn" taps a marked card; False at the end."""

    def next_turn() -> tuple[EmuUser, TgMessage] | str | None:
        for user in players:  # (the hands, in private chats, are ahead of the group's board)
            hand = ryadki_hand(emu, user)
            if hand is not None and "game is over" in hand.text:
                return "over"
            if hand is not None and "Your turn" in hand.text:
                return user, hand
        return None

    # a hand's edit may wait for its chat (about one write a second, 429s retried): 30 s
    found: tuple[EmuUser, TgMessage] | str = await emu.wait_for(
        next_turn, 30.0, "a player's turn or the end of the game"
    )
    if found == "over":
        return False
    assert not isinstance(found, str)
    user, hand = found
    marked = [b["text"] for b in hand.buttons() if b["text"].startswith("✅")]
    assert marked, f"{user.name}'s turn without a playable card: {hand.describe()}"
    before = version_of(hand)
    await emu.wait_answer(user.tap(hand, marked[0]))
    await emu.wait_for(
        lambda: version_of(hand) != before or "Your turn" not in hand.text,
        what="the hand to change after the play",
    )
    return True


@pytest.mark.slow
async def test_ryadki_from_newgame_to_the_result_with_a_restart(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en")
    alice = emu.user("Alice", language_code="en", started=True)
    bob = emu.user("Bob", language_code="en")  # never opened the bot: joins by deep link
    carol = emu.user("Carol", language_code="en")
    group = emu.group("Card Club", owner=alice, members=[bob, carol])
    players = [alice, bob, carol]

    lobby = await new_lobby(emu, group, alice, "Ryadki")
    alice.tap(lobby, re.compile("Deals"))  # 7 → 1
    lobby = await emu.wait_message(group, "deals: 1")
    bob.follow(lobby, "🔗 Join via the bot")
    await emu.wait_message(bob, "Card Club")  # welcome in Bob's private chat names the group
    carol.follow(lobby, "🔗 Join via the bot")
    lobby = await emu.wait_message(group, "Players (3/6)")
    for name in ("Alice", "Bob", "Carol"):
        assert name in lobby.text
    alice.tap(lobby, "▶ Start")
    table = await emu.wait_message(group, "deal 1/1")
    assert table.message_id == lobby.message_id  # one message per group, edited in place
    for user in players:
        hand = await emu.wait_message(
            user, "Card Club", predicate=lambda m: m.text.startswith("🃏 Ryadki ·")
        )
        assert len([b for b in hand.buttons() if re.search(r"[♠♥♦♣]", b["text"])]) == 6

    steps = 0
    while steps < 8 and await ryadki_move(emu, group, players):
        steps += 1
    await bot.restart()  # games and hands survive a restart
    while steps < MAX_STEPS and await ryadki_move(emu, group, players):
        steps += 1
    # at this pace the group's board lags (20 writes a minute), by less than a minute
    board = await emu.wait_message(group, "game over", timeout=65)
    assert "Winner" in board.text and board.has_button(re.compile("Rematch"))
    for user in players:  # each hand is edited in its own chat, as soon as Telegram allows

        def hand_over(u: EmuUser = user) -> bool | None:
            hand = ryadki_hand(emu, u)
            return (hand is not None and "over" in hand.text) or None

        await emu.wait_for(hand_over, what="every hand to say the game is over")
    assert emu.tg.unanswered_callbacks() == []
    assert "Traceback" not in bot.log_text()
