"""End-to-end at Telegram's real limits (the emulator's defaults: ~20 writes a minute in a group,
~1 a second in any chat) and the bot's default settings: a whole 4-player Ryadki game in a group
at a person's pace, and a double tap and "My cards" that leave exactly one board."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator, EmuUser
from tests.e2e.requests import chat_writes, keyboard_version, refused_in, version_of
from tests.e2e.test_group_games import new_lobby, ryadki_hand
from tests.support.recording import TgChat, TgMessage

pytestmark = pytest.mark.e2e

PACE = 1.0  # seconds a player looks at their hand before playing a card
BOARD = re.compile(r"^🃏 Ryadki · (deal|game over)")


def boards(emu: Emulator, group: TgChat) -> list[TgMessage]:
    return [m for m in emu.messages(group) if BOARD.match(m.text)]


async def start_game(
    emu: Emulator, group: TgChat, players: list[EmuUser], *, deals: int = 1
) -> TgMessage:
    creator = players[0]
    lobby = await new_lobby(emu, group, creator, "Ryadki")
    while f"deals: {deals}" not in lobby.text:
        text = lobby.text

        def changed(was: str = text) -> bool:
            return lobby.text != was

        creator.tap(lobby, re.compile("Deals"))
        await emu.wait_for(changed, what="the lobby's deals to change")
    for user in players[1:]:
        user.tap(lobby, "✋ Join")
        lobby = await emu.wait_message(group, f"{user.name}")
    creator.tap(lobby, "▶ Start")
    return await emu.wait_message(group, "deal 1/")


async def whose_turn(emu: Emulator, group: TgChat, players: list[EmuUser]) -> EmuUser | None:
    """The player whose hand says "Your turn" (None: the game is over)."""

    def find() -> EmuUser | str | None:
        for user in players:  # (the hands, in private chats, are ahead of the group's board)
            hand = ryadki_hand(emu, user)
            if hand is not None and "game is over" in hand.text:
                return "over"
            if hand is not None and "Your turn" in hand.text:
                return user
        return None

    found: EmuUser | str = await emu.wait_for(find, what="a player's turn or the end")
    return None if isinstance(found, str) else found


async def play_card(emu: Emulator, user: EmuUser) -> None:
    """The player looks at their hand, plays its first ✅ card and sees the hand change."""
    await asyncio.sleep(PACE)  # a person's pace, not a synchronisation
    hand = ryadki_hand(emu, user)
    assert hand is not None
    marked = [b["text"] for b in hand.buttons() if b["text"].startswith("✅")]
    assert marked, hand.describe()
    before = version_of(hand)
    answer = await emu.wait_answer(user.tap(hand, marked[0]))
    assert "changed" not in str(answer.get("text", "")), answer  # no tap was stale
    await emu.wait_for(
        lambda: version_of(hand) != before or "Your turn" not in hand.text,
        what=f"{user.name}'s hand to change after the play",
    )


@pytest.mark.slow
async def test_a_whole_four_player_game_at_the_default_budget(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en")
    players = [emu.user(n, language_code="en", started=True) for n in ("Ann", "Ben", "Cat", "Dan")]
    group = emu.group("Card Club", owner=players[0], members=players[1:])
    await start_game(emu, group, players)
    mark = len(emu.requests)
    moves = 0
    while (user := await whose_turn(emu, group, players)) is not None:
        await play_card(emu, user)
        moves += 1
        assert moves < 200
    # a card a second is 60 moves a minute: the group's board, at 20 writes a minute, lags by
    # less than a minute and shows the newest position each time
    final = await emu.wait_message(group, "game over", timeout=65)
    assert "Winner" in final.text and final.has_button(re.compile("Rematch"))
    await emu.wait_idle()
    writes = chat_writes(emu, group.id, mark)
    assert len(writes) <= moves, f"{len(writes)} group writes for {moves} moves"
    shows = [r.params for r in chat_writes(emu, group.id) if BOARD.match(r.params.get("text", ""))]
    versions = [keyboard_version(p) for p in shows]
    assert versions == sorted(versions), versions  # never an older position after a newer one
    assert refused_in(emu, group.id) == []  # the group's budget was never overrun
    assert len(boards(emu, group)) == 1
    assert emu.tg.unanswered_callbacks() == []
    assert "Traceback" not in bot.log_text()


async def test_a_double_tap_and_my_cards_leave_one_board(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en")
    players = [emu.user(n, language_code="en", started=True) for n in ("Ann", "Ben", "Cat")]
    group = emu.group("Card Club", owner=players[0], members=players[1:])
    board = await start_game(emu, group, players)
    user = await whose_turn(emu, group, players)
    assert user is not None
    hand = ryadki_hand(emu, user)
    assert hand is not None
    card = next(b["text"] for b in hand.buttons() if b["text"].startswith("✅"))
    before = version_of(hand)
    first, second = user.tap(hand, card), user.tap(hand, card)  # a double tap
    await emu.wait_answer(first)
    await emu.wait_answer(second)
    # their hand shows the card played (its edit is paced in the private chat: until it lands
    # the hand still says "Your turn", and the turn would seem theirs still)
    await emu.wait_for(
        lambda: version_of(hand) != before or "Your turn" not in hand.text,
        what=f"{user.name}'s hand to show the card played",
    )
    for someone in players:  # everyone taps "My cards" on the board: their private chat opens
        answer = await emu.wait_answer(someone.tap(board, re.compile("My cards")))
        someone.open_link(str(answer["url"]))
    await emu.wait_idle()
    sent = [r.params for r in chat_writes(emu, group.id) if r.method == "sendMessage"]
    shown = boards(emu, group)
    assert [m.message_id for m in shown] == [board.message_id]  # one board, never posted again
    assert not [p for p in sent if BOARD.match(str(p.get("text", "")))]
    nxt = await whose_turn(emu, group, players)
    assert nxt is not None
    await play_card(emu, nxt)  # the next player's move stands: no "position has changed"
    assert len(boards(emu, group)) == 1
    assert refused_in(emu, group.id) == []
    assert "Traceback" not in bot.log_text()
