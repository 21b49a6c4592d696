"""A screen is composed, then sent or edited once: a rematch's lobby is first shown with its
players and settings (a full one is never shown: the board is the first thing the group sees),
a lobby an invite fills deals at once, and nothing the bot writes is refused "message is not
modified" (a game's end, a rematch, an old "Yes" to leaving)."""

from __future__ import annotations

import re

from tests.support.tg_errors import NOT_MODIFIED
from tests.support.tg_model import Call
from tests.support.world import World, hand_of, invite_code, play_ryadki_turn, start_ryadki


def not_modified(w: World) -> list[Call]:
    return [c for c in w.tg.calls if c.error is not None and NOT_MODIFIED in c.error.description]


def group_writes(w: World, since: int) -> list[Call]:
    """The sends and edits to the group after call `since` that Telegram took."""
    return [
        c
        for c in w.tg.calls[since:]
        if c.error is None
        and c.method in ("sendMessage", "editMessageText")
        and c.params.get("chat_id") == w.group.id
    ]


async def test_a_ryadki_rematch_lobby_is_sent_once_with_its_players_and_deals(
    world: World,
) -> None:
    w = world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)  # one deal, not the default seven
    while await play_ryadki_turn(w, players):
        pass
    board = w.board()
    assert "game over" in board.text
    before = len(w.tg.calls)
    await w.tap(w.bob, board, "🔄 Rematch")
    writes = group_writes(w, before)
    lobbies = [c for c in writes if "gathering players" in str(c.params.get("text"))]
    assert len(lobbies) == 1 and lobbies[0].method == "sendMessage", writes
    text = str(lobbies[0].params["text"])
    assert "Players (3/6)" in text and "deals: 1" in text and "more player" not in text, text
    assert not_modified(w) == []  # the game's end and the rematch: no edit twice


async def test_a_parquet_rematch_shows_no_lobby_the_board_comes_first(world: World) -> None:
    w = world
    await w.say(w.alice, w.group, "/newgame parquet")
    await w.tap(w.bob, w.board(), "✋ Join")
    await w.tap(w.bob, w.board(), re.compile("Resign"))
    await w.tap(w.bob, w.board(), re.compile("Resign"))
    board = w.board()
    assert "Alice wins!" in board.text
    before = len(w.tg.calls)
    await w.tap(w.alice, board, "🔄 Rematch")
    writes = group_writes(w, before)
    shown = [str(c.params.get("text")) for c in writes]
    assert not any("gathering players" in t or "more player" in t for t in shown), shown
    sent = [c for c in writes if c.method == "sendMessage"]
    assert len(sent) == 1 and "cross phase" in str(sent[0].params["text"]), shown
    assert not_modified(w) == []


async def test_an_invite_full_when_opened_in_the_group_deals_without_a_lobby(world: World) -> None:
    w = world
    await w.say(w.alice, None, "/start")
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("friends", re.I))
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("Parquet"))
    code = invite_code(w.session.last_message(w.alice))
    await w.say(w.bob, None, f"/start j{code}")  # two of two seated before any group
    before = len(w.tg.calls)
    await w.say(w.alice, w.group, f"/start@{w.tg.bot.username} j{code}")
    shown = [str(c.params.get("text")) for c in group_writes(w, before)]
    assert shown and not any("gathering players" in t for t in shown), shown
    assert "cross phase" in w.board().text


async def test_an_old_yes_to_leaving_asks_again_without_an_edit_that_changes_nothing(
    world: World,
) -> None:
    w = world
    await start_ryadki(w, [w.alice, w.bob, w.carol])
    await w.tap(w.bob, hand_of(w, w.bob), re.compile("Leave"))
    asked = hand_of(w, w.bob)
    yes = str(asked.button("Yes, leave")["callback_data"])
    gid, version, action = yes.split(":", 2)
    await w.tap_data(w.bob, asked, f"{gid}:{int(version) - 1}:{action}")  # an older Yes
    assert "Yes, leave" in hand_of(w, w.bob).button_texts()  # still asked
    assert not_modified(w) == []
    await w.tap(w.bob, hand_of(w, w.bob), "No, keep playing")
    assert "Yes, leave" not in hand_of(w, w.bob).button_texts()
    assert not_modified(w) == []
