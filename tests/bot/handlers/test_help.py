"""/help, /rules and a group's /language through Dispatcher.feed_update: an answer in private
chats and groups, a button per game's rules, the group's language chosen by its admins (the
board uses it; each hand stays in its player's language)."""

from __future__ import annotations

import re

from bot.registry import GAMES
from tests.support.recording import TgMessage
from tests.support.world import World, hand_of, invite_code


async def test_help_in_a_private_chat_and_in_a_group(world: World) -> None:
    w = world
    await w.say(w.alice, None, "/help")
    text = w.session.last_message(w.alice).text
    for command in ("/daily", "/stats", "/top", "/rules", "/newgame", "/settings"):
        assert command in text, command
    await w.say(w.bob, w.group, "/help")
    group = w.board().text
    assert "/newgame" in group and "/language" in group and "/daily" not in group


async def test_rules_have_a_button_per_game_in_private_and_in_groups(world: World) -> None:
    w = world
    await w.say(w.alice, None, "/rules")
    pick = w.session.last_message(w.alice)
    assert len([t for t in pick.button_texts() if "Menu" not in t]) == len(GAMES)
    await w.tap(w.alice, pick, re.compile("Ryadki"))
    assert "same rank or the same suit" in w.session.last_message(w.alice).text
    await w.say(w.carol, w.group, "/rules")
    rules = w.board()
    assert not rules.has_button(re.compile("Menu"))  # no private menu in a group
    await w.tap(w.dave, rules, re.compile("Parquet"))
    text = w.board().text
    assert "corner rule" in text and rules.message_id == w.board().message_id


async def test_a_group_language_set_by_an_admin_is_the_boards_and_hands_stay_their_own(
    world: World,
) -> None:
    w = world
    await w.say(w.bob, w.group, "/language")
    menu = w.board()
    await w.tap(w.bob, menu, re.compile("Русский"))  # Bob is not an admin
    assert "admins" in w.last_alert(w.bob)
    await w.tap(w.alice, menu, re.compile("Русский"))  # Alice owns the group
    assert "Язык группы: русский" in w.board().text
    lobby = await open_lobby_ru(w)
    assert "набор игроков" in lobby.text
    code = invite_code(lobby)
    await w.say(w.bob, None, f"/start j{code}")
    await w.tap(w.alice, w.board(), re.compile("Раздач"))
    await w.tap(w.alice, w.board(), "▶ Начать")
    assert "раздача 1/1" in w.board().text
    assert hand_of(w, w.bob).text.startswith("🃏 Ryadki ·")  # Bob's cards in his English


async def open_lobby_ru(w: World) -> TgMessage:
    await w.say(w.alice, w.group, "/newgame ryadki")
    return w.board()


async def test_a_first_game_says_how_to_play_until_the_first_move(world: World) -> None:
    w = world
    await w.say(w.alice, None, "/start")
    await w.tap(w.alice, w.session.last_message(w.alice), "🪢 Kosa (Braid)")
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("Unlimited"))
    board = w.session.last_message(w.alice)
    assert "How to play" in board.text and "/rules" in board.text
    await w.tap(w.alice, board, re.compile("Draw"))
    assert "How to play" not in w.session.last_message(w.alice).text  # gone after a move
    await w.say(w.alice, None, "/start")  # a second Kosa game: no how-to any more
    await w.tap(w.alice, w.session.last_message(w.alice), "🪢 Kosa (Braid)")
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("Unlimited"))
    assert "How to play" not in w.session.last_message(w.alice).text
