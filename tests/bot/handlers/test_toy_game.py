"""The toy Nim of `tests/toy` (a fifth game the bot knows only through `bot.registry`) through
every flow a real table game has, by Dispatcher.feed_update on both stores: the group picker,
the lobby and its setting, the game to the result, the rematch, a game against the computer
in a private chat, a computer seat in a group, turn pings, a turn timer and the removal after
three, /stats and /top; and `nimh`, its hidden-hand kind: the cards in private chats ("open
the private chat first"), played from there, Leave with its confirmation. What is asserted is
what the users see in the messages the fake Telegram recorded."""

from __future__ import annotations

import ast
import logging
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import toy
from tests.support.recording import TgMessage, TgUser
from tests.support.world import World, invite_code
from tests.toy import offered

MOVER = re.compile(r"▶ (\S+), your move")
OVER = re.compile("Winner:")
PILE = re.compile(r"^Pile \d")
TAKE = re.compile(r"^Take \d")
CARD = re.compile(r"^\d: ")  # a card on a pile: "2: 3♥"


@pytest.fixture(autouse=True)
def _toy(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    # before the dispatcher is built (autouse fixtures come first)
    with offered(toy.registered, lambda: caplog.records):
        yield


@pytest.fixture
def w(any_world: World) -> World:
    return any_world


# what a game outside bot/ may use of it: the registry, the renderers' helpers, the texts
SEAM = ("bot.registry", "bot.render.", "bot.wire.callbacks", "bot.wire.keyboard")
SEAM_HELPERS = ("bot.wire.deeplinks", "bot.i18n")


def test_the_toy_imports_only_the_seam_and_rules() -> None:
    for path in sorted(Path(toy.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                ok = top in sys.stdlib_module_names or top in ("rules", "__future__")
                ok = ok or name.startswith(("tests.toy", *SEAM, *SEAM_HELPERS))
                assert ok, f"{path.name} imports {name}"


# -- helpers --------------------------------------------------------------------------------


async def open_toy(w: World, label: str, players: list[TgUser] | None = None) -> TgMessage:
    """/newgame in the group, the toy's button in the picker; `players` after Alice join."""
    await w.say(w.alice, w.group, "/newgame")
    picker = w.board()
    assert {"🪙 Nim (2–4)", "🧮 Nim with cards (2–4)"} <= set(picker.button_texts())
    await w.tap(w.alice, picker, label)
    lobby = w.board()
    assert lobby.message_id == picker.message_id and "gathering players" in lobby.text
    for user in players or []:
        await w.tap(user, w.board(), "✋ Join")
    return w.board()


async def computer_moves(w: World) -> None:
    w.clock.now += w.settings.ai_pause_seconds
    await w.svc.timers.tick_once()
    await w.drain()


def by_name(users: list[TgUser], name: str) -> TgUser:
    return next(u for u in users if u.first_name == name)


async def take(
    w: World, user: TgUser, board: TgMessage, chat: int, *, fewest: bool = False
) -> None:
    """Two taps: the first pile offered, then the most it offers to take (`fewest`: one)."""
    await w.tap(user, board, w.session.message(chat, board.message_id).button(PILE)["text"])
    picked = w.session.message(chat, board.message_id)
    assert re.search(r"how many from pile \d", picked.text), picked.describe()
    amounts = [t for t in picked.button_texts() if TAKE.match(t)]
    await w.tap(user, picked, amounts[0] if fewest else amounts[-1])


async def group_turn(w: World, users: list[TgUser]) -> bool:
    """The player the board names takes from a pile (a computer's turn: its pause passes).
    False once the game is over."""
    await w.drain()
    board = w.board()
    if OVER.search(board.text):
        return False
    if "is thinking" in board.text:
        await computer_moves(w)
        return True
    found = MOVER.search(board.text)
    assert found, board.describe()
    await take(w, by_name(users, found.group(1)), board, w.group.id)
    return True


async def play_group(w: World, users: list[TgUser]) -> TgMessage:
    for _ in range(200):
        if not await group_turn(w, users):
            return w.board()
    raise AssertionError("the game did not end")


def hand_of(w: World, user: TgUser) -> TgMessage:
    hands = [m for m in w.session.messages(user) if m.text.startswith("🧮 Nim · ")]
    assert hands, f"{user.first_name} has no hand message"
    return hands[-1]


async def hand_turn(w: World, users: list[TgUser]) -> bool:
    """The player whose hand says "Your turn" taps a card on a pile; False when nobody can."""
    await w.drain()
    for user in users:
        hand = hand_of(w, user)
        if "Your turn" in hand.text:
            card = next(t for t in hand.button_texts() if CARD.match(t))
            await w.tap(user, hand, card)
            return True
    return False


def pings(w: World, chat: TgUser | int) -> list[TgMessage]:
    return [m for m in w.session.messages(chat) if m.text.startswith("🔔") and not m.deleted]


# -- a group game with open piles -----------------------------------------------------------


async def test_group_nim_lobby_setting_play_result_pings_and_rematch(
    w: World, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.games.table.pings")
    lobby = await open_toy(w, "🪙 Nim (2–4)")
    assert "Nim" in lobby.text and "1/4" in lobby.text and "Piles: 3" in lobby.text
    await w.tap(w.bob, lobby, "✋ Join")
    assert "Bob" in w.board().text and "2/4" in w.board().text
    await w.tap(w.bob, w.board(), "🪙 Piles: 3")  # only the creator changes settings
    assert "creator" in w.last_alert(w.bob)
    await w.tap(w.alice, w.board(), "🪙 Piles: 3")
    assert "Piles: 4" in w.board().text and w.board().has_button("🪙 Piles: 4")
    await w.tap(w.alice, w.board(), "▶ Start")
    board = w.board()
    assert board.message_id == lobby.message_id and "Nim · 4 piles" in board.text
    assert "90 s per move" in board.text and len(board.button_texts()) >= 4
    found = MOVER.search(board.text)
    assert found
    waiting = w.bob if found.group(1) == "Alice" else w.alice
    await w.tap(waiting, board, board.button(PILE)["text"])
    assert "not your turn" in w.last_alert(waiting)
    w.alice.started = w.bob.started = False  # no private chats: reminders go to the group
    moves = 0
    while True:
        await w.remind()  # every turn waits out its reminder
        if not await group_turn(w, [w.alice, w.bob]):
            break
        moves += 1
    final = w.board()
    assert re.search(r"Winner: (Alice|Bob)", final.text) and "takes" in final.text
    assert final.button_texts() == ["🔄 Rematch"]
    sent = [
        str(c.params.get("text"))
        for c in w.tg.calls
        if c.method == "sendMessage" and c.params["chat_id"] == w.group.id
    ]
    sent = [text for text in sent if text.startswith("🔔")]
    assert all(re.match(r"🔔 <a href=.+>(Alice|Bob)</a>, your move in Nim\.", t) for t in sent)
    assert len(sent) == moves  # each turn that waited was reminded, once (the first included)
    assert not pings(w, w.group.id)  # the end of the game takes the last ping away
    await w.tap(w.dave, final, "🔄 Rematch")
    assert "not playing" in w.last_alert(w.dave)
    await w.tap(w.bob, final, "🔄 Rematch")
    again = w.board()
    assert "gathering players" in again.text and "Alice" in again.text and "Bob" in again.text


async def test_a_computer_seat_at_a_group_table(w: World) -> None:
    await open_toy(w, "🪙 Nim (2–4)", [w.bob])
    await w.tap(w.bob, w.board(), "➕🤖 Computer")
    assert "creator" in w.last_alert(w.bob)
    await w.tap(w.alice, w.board(), "➕🤖 Computer")
    assert "3. 🤖 Ada" in w.board().text and "Computer level: normal" in w.board().text
    await w.tap(w.alice, w.board(), "▶ Start")
    thinking = 0
    for _ in range(200):
        thinking += "is thinking" in w.board().text
        if not await group_turn(w, [w.alice, w.bob]):
            break
    assert thinking and OVER.search(w.board().text)


async def test_turn_timeouts_and_the_removal_after_three(w: World) -> None:
    await open_toy(w, "🪙 Nim (2–4)", [w.bob, w.carol])
    for _ in range(2):
        await w.tap(w.alice, w.board(), re.compile("Piles"))  # 3 → 5: enough to go on
    assert "Piles: 5" in w.board().text
    await w.tap(w.alice, w.board(), "▶ Start")
    users = [w.alice, w.bob, w.carol]
    timeouts = 0
    for _ in range(60):
        board = w.board()
        if "Alice missed 3 turns in a row and is out" in board.text:
            break
        found = MOVER.search(board.text)
        assert found and not OVER.search(board.text), board.describe()
        if found.group(1) != "Alice":  # one counter at a time: five piles outlast the timeouts
            await take(w, by_name(users, found.group(1)), board, w.group.id, fewest=True)
            continue
        w.clock.now += 89
        await w.svc.timers.tick_once()
        assert MOVER.search(w.board().text).group(1) == "Alice"  # type: ignore[union-attr]
        w.clock.now += 2
        await w.svc.timers.tick_once()
        await w.drain()
        timeouts += 1
        if timeouts < 3:
            assert re.search(r"Alice ran out of time — I played \d from pile \d", w.board().text)
    assert timeouts == 3
    board = w.board()
    assert not OVER.search(board.text) and board.has_button(PILE)  # two players go on
    assert "✗Alice" in board.text
    final = await play_group(w, [w.bob, w.carol])
    assert re.search(r"Winner: (Bob|Carol)", final.text)


async def test_stats_and_top_show_the_toy(w: World) -> None:
    await open_toy(w, "🪙 Nim (2–4)", [w.bob])
    await w.tap(w.alice, w.board(), "▶ Start")
    final = await play_group(w, [w.alice, w.bob])
    winner = re.search(r"Winner: (Alice|Bob)", final.text)
    assert winner
    # a minute later: a game this quick (a tap a second) may have spent the group's minute,
    # and a member's command is not answered out of the games' share of it
    w.clock.advance(60)
    await w.say(w.alice, w.group, "/top")
    top = w.board().text
    assert "Leaders of “Card Club”" in top and "Nim" in top and "Alice" in top and "Bob" in top
    await w.say(w.alice, None, "/stats")
    stats = w.session.last_message(w.alice).text
    won = 1 if winner.group(1) == "Alice" else 0
    assert re.search(rf"Nim: 1 game · {won} won · rating \d+ \(#[12]\)", stats), stats
    await w.say(w.bob, None, "/top")  # the global board of the game
    await w.tap(w.bob, w.session.last_message(w.bob), "🪙 Nim")
    board = w.session.last_message(w.bob).text
    assert "Alice" in board and "Bob" in board, board


async def test_rules_and_play_with_friends_offer_the_toy(w: World) -> None:
    await w.say(w.carol, w.group, "/rules")
    await w.tap(w.carol, w.board(), "🪙 Nim (2–4)")
    assert "Whoever takes the last counter wins" in w.board().text
    await w.say(w.alice, None, "/start")
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("friends", re.I))
    await w.tap(w.alice, w.session.last_message(w.alice), "🧮 Nim with cards (2–4)")
    invite = w.session.last_message(w.alice)
    assert "Nim with cards" in invite.text
    await w.say(w.bob, None, f"/start j{invite_code(invite)}")
    assert "You joined Nim with cards" in w.session.last_message(w.bob).text
    assert "Bob" in w.session.message(w.alice.id, invite.message_id).text


# -- against the computer in a private chat -------------------------------------------------


async def test_nim_against_the_computer_in_a_private_chat(w: World) -> None:
    await w.say(w.alice, None, "/start")
    menu = w.session.last_message(w.alice)
    assert {"🤖 Nim", "🤖 Nim with cards"} <= set(menu.button_texts())
    await w.tap(w.alice, menu, "🤖 Nim")
    setup = w.session.last_message(w.alice)
    assert setup.message_id == menu.message_id and "against the computer" in setup.text
    assert "Computer level: normal" in setup.text
    await w.tap(w.alice, setup, re.compile("🎚"))
    assert "Computer level: strong" in w.session.last_message(w.alice).text
    await w.tap(w.alice, w.session.last_message(w.alice), "▶ Start")
    for _ in range(100):
        board = w.session.last_message(w.alice)
        assert board.message_id == setup.message_id  # one message: setup, board, result
        if OVER.search(board.text):
            break
        if "is thinking" in board.text:
            await computer_moves(w)
            continue
        assert "s per move" not in board.text  # nobody is timed against the computer
        await take(w, w.alice, board, w.alice.id)
    end = w.session.last_message(w.alice)
    assert OVER.search(end.text) and {"🔄 Rematch", "⬅ Menu"} <= set(end.button_texts())
    await w.tap(w.alice, end, "🔄 Rematch")  # the same table again, in a new message
    again = w.session.last_message(w.alice)
    assert again.message_id != end.message_id and "Nim · 3 piles" in again.text


async def test_nim_with_cards_against_the_computer(w: World) -> None:
    await w.say(w.alice, None, "/start")
    await w.tap(w.alice, w.session.last_message(w.alice), "🤖 Nim with cards")
    await w.tap(w.alice, w.session.last_message(w.alice), "▶ Start")
    for _ in range(100):
        board = w.session.last_message(w.alice)
        if OVER.search(board.text):
            break
        if "is thinking" in board.text:
            await computer_moves(w)
            continue
        assert "Your cards:" in board.text and "Your turn" in board.text, board.describe()
        await w.tap(w.alice, board, next(t for t in board.button_texts() if CARD.match(t)))
    end = w.session.last_message(w.alice)
    assert OVER.search(end.text) and "🔄 Rematch" in end.button_texts()


# -- hidden hands: the cards in private chats -----------------------------------------------


async def test_nimh_hands_go_to_private_chats_and_are_played_there(w: World) -> None:
    w.tg.strict = True  # private chats need the user to have started the bot
    w.carol.started = False
    for user in (w.alice, w.bob):
        await w.say(user, None, "/start")
    lobby = await open_toy(w, "🧮 Nim with cards (2–4)", [w.bob])
    assert "Piles: auto, 3" in lobby.text and "private chat" in lobby.text
    code = invite_code(lobby)
    await w.tap(w.carol, w.board(), "✋ Join")  # the bot may not write to her yet: seated,
    assert "shown to you alone" in w.last_alert(w.carol)  # her hand would be in the group
    assert "Carol" in w.board().text and "Piles: auto, 4" in w.board().text
    await w.say(w.carol, None, f"/start j{code}")  # she opens the private chat after all
    await w.tap(w.alice, w.board(), "▶ Start")
    await w.drain()
    board = w.board()
    assert "Nim · 4 piles" in board.text and "(3 cards)" in board.text
    assert board.has_button("🧮 My cards (chat with the bot)") and "Your cards" not in board.text
    users = [w.alice, w.bob, w.carol]
    for user in users:
        hand = hand_of(w, user)
        assert "Card Club" in hand.text and "Your cards:" in hand.text
        assert any("How to play" in m.text for m in w.session.messages(user))
    mover = next(u for u in users if "Your turn" in hand_of(w, u).text)
    assert len([t for t in hand_of(w, mover).button_texts() if CARD.match(t)]) >= 4
    waiting = next(u for u in users if u is not mover)
    await w.tap(waiting, hand_of(w, waiting), hand_of(w, waiting).button_texts()[0])
    assert "not your turn" in w.last_alert(waiting)
    await hand_turn(w, users)
    await w.drain()
    assert re.search(r"plays .+ on pile \d and takes \d", w.board().text)
    turn_ping = [p for u in users for p in pings(w, u)]
    assert turn_ping and "Your turn in Nim with cards — Card Club" in turn_ping[0].text
    await w.tap(w.carol, hand_of(w, w.carol), "🚪 Leave the game")
    await w.tap(w.carol, hand_of(w, w.carol), "Yes, leave")
    await w.drain()
    assert "Carol leaves the game." in w.board().text and not OVER.search(w.board().text)
    assert "You left this game." in hand_of(w, w.carol).text
    for _ in range(100):
        if not await hand_turn(w, [w.alice, w.bob]):
            break
    final = w.board()
    assert re.search(r"Winner: (Alice|Bob)", final.text) and "🔄 Rematch" in final.button_texts()
    for user in (w.alice, w.bob):
        hand = hand_of(w, user)
        assert "game is over" in hand.text and hand.button_texts() == ["☰ Menu"]
