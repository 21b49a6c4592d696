"""End-to-end: the real `python -m bot` against the Bot API emulator and Redis, three users in a
supergroup — Ryadki and Parquet from /newgame to the result (with a bot restart in the middle),
joining by deep link, hands in private chats, a turn timer running out, two taps at once."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import BotFactory
from tests.e2e.emulator import Emulator, EmuUser
from tests.support.recording import TgChat, TgMessage

pytestmark = pytest.mark.e2e

FAST = {"EDITS_PER_MINUTE_PER_GROUP": "600", "TIMER_TICK_SECONDS": "0.2"}
MAX_STEPS = 300


def version_of(msg: TgMessage) -> int:
    """The game state version carried by a message's game buttons (-1 without any)."""
    versions = [int(d.split(":")[1]) for d in msg.callback_data() if not d.startswith("m:")]
    return max(versions, default=-1)


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

    found: tuple[EmuUser, TgMessage] | str = await emu.wait_for(
        next_turn, what="a player's turn or the end of the game"
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


# -- Parquet --------------------------------------------------------------------------------------
def parquet_mover(board: TgMessage, users: list[EmuUser]) -> EmuUser:
    line = next(x for x in board.text.splitlines() if x.startswith("▶"))
    return next(u for u in users if u.name in line)


def parquet_tap(board: TgMessage) -> str:
    """A legal tap from the board's marks: a marked cell for the picked card, else a card (from
    the hand, whose buttons are the cards with a cell, or on the board marked 🔄 when a
    relocation is due)."""
    for b in board.buttons():
        data = str(b.get("callback_data", ""))
        action = data.split(":", 2)[-1]
        if not action.startswith("~") and ("@" in action or ">" in action):
            return data
    for b in board.buttons():
        data = str(b.get("callback_data", ""))
        if ":~pick:" in data:
            return data
    raise AssertionError("no marked button on " + board.describe())


async def parquet_pair(emu: Emulator) -> tuple[EmuUser, EmuUser, TgChat, TgMessage]:
    """Alice and Bob in a group start Parquet by `/newgame parquet`: (alice, bob, group, board)."""
    alice = emu.user("Alice", language_code="en")
    bob = emu.user("Bob", language_code="en")
    group = emu.group("Card Club", owner=alice, members=[bob])
    alice.send(group, "/newgame parquet")
    lobby = await emu.wait_message(group, "gathering players")
    bob.tap(lobby, "✋ Join")
    board = await emu.wait_message(group, "cross phase")
    return alice, bob, group, board


async def parquet_step(emu: Emulator, group: TgChat, users: list[EmuUser]) -> bool:
    board = emu.last_message(group)
    assert board is not None
    if "wins!" in board.text or "draw" in board.text:
        return False
    before = version_of(board)
    mover = parquet_mover(board, users)
    await emu.wait_answer(mover.tap_data(board, parquet_tap(board)))
    await emu.wait_for(lambda: version_of(board) != before, what="the board to change")
    return True


async def test_parquet_to_the_result_with_a_restart(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en", env=FAST)
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
    carol.tap_data(board, parquet_tap(board))
    await emu.wait_for(lambda: [a for a in emu.alerts(carol) if "not playing" in a])

    steps = 0
    while steps < 20 and await parquet_step(emu, group, users):
        steps += 1
    await bot.restart()
    while steps < MAX_STEPS and await parquet_step(emu, group, users):
        steps += 1
    final = emu.last_message(group)
    assert final is not None
    assert "wins!" in final.text or "draw" in final.text, final.text
    assert final.has_button(re.compile("Rematch"))
    assert "Traceback" not in bot.log_text()


async def test_two_simultaneous_taps_make_one_move(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
    bot = await bot_process(language="en", env=FAST)
    alice, bob, group, board = await parquet_pair(emu)
    mover = parquet_mover(board, [alice, bob])
    before = version_of(board)
    # pick a hand card with several cells, then tap two different cells at the same time
    picks = [
        str(b["callback_data"])
        for b in board.buttons()
        if ":~pick:" in str(b.get("callback_data", "")) and not b["text"].startswith("🔄")
    ]
    await emu.wait_answer(mover.tap_data(board, picks[0]))
    await emu.wait_for(lambda: version_of(board) != before, what="the pick")
    cells = [
        str(b["callback_data"]) for b in board.buttons() if "@" in str(b.get("callback_data", ""))
    ]
    assert len(cells) >= 2, board.describe()  # the first card fits any inner cross cell
    one = mover.tap_data(board, cells[0])
    two = mover.tap_data(board, cells[1])
    answers = [await emu.wait_answer(one), await emu.wait_answer(two)]
    board = await emu.wait_message(group, "1/35")
    await emu.wait_idle()
    assert "1/35" in board.text  # exactly one card was placed
    assert sum(1 for a in answers if "changed" in str(a.get("text", ""))) == 1
    assert "Traceback" not in bot.log_text()


async def test_turn_timer_plays_for_absent_players_and_removes_them(
    emulator: Emulator, bot_process: BotFactory
) -> None:
    emu = emulator
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
    bot = await bot_process(language="en", env=FAST)
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
