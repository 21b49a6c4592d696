"""Forged and hostile input: a menu pressed on a board, forged menu data, malformed deep links
spammed into a group, a stale confirmation. Each gets a short answer or none; nothing changes."""

from __future__ import annotations

import re

from tests.support.recording import BOT_USERNAME
from tests.support.solitaire_driver import Harness
from tests.support.world import World, hand_of, open_lobby, start_ryadki

STALE = "The board has changed — tap a current button."
GONE = "This game is no longer available."
UNKNOWN = "This invite is unknown or has expired. Ask for a new link."


async def test_menu_data_pressed_on_a_group_board_leaves_the_board(world: World) -> None:
    w = world
    lobby = await open_lobby(w, "ryadki")
    shown = w.board().raw
    for data in ("m:menu", "m:friends", "m:kosa", "m:new:kosa:u", "m:grp:new:parquet", "m:rules"):
        await w.tap_data(w.bob, lobby, data)
        assert w.last_alert(w.bob) == STALE
    assert w.board().raw == shown and w.board().message_id == lobby.message_id
    assert len(w.tg.messages_in(w.group.id)) == 1  # nothing sent either
    await w.tap(w.bob, lobby, "✋ Join")  # the lobby goes on
    assert "Bob" in w.board().text


async def test_forged_menu_data_creates_nothing(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    await h.say(ann, "/start")
    menu = h.last(ann)
    await h.tap(ann, menu, "m:kosa")
    variants = h.session.message(menu.chat.id, menu.message_id)
    for data in ("m:new:kosa:zz", "m:new:raspad:u", "m:new:kosa:u:extra", "m:cont:../../x"):
        await h.tap_data(ann, variants, data)
        assert h.session.alerts(ann)[-1] in (STALE, GONE)
    assert await h.store.user_games(ann.id) == []  # no game record was made
    assert h.session.message(menu.chat.id, menu.message_id).raw == variants.raw


async def test_malformed_deep_links_in_a_group_get_one_answer_a_minute(world: World) -> None:
    w = world
    before = len(w.tg.messages_in(w.group.id))
    for payload in ("garbage", "j" + "A" * 16, "j!!", "x" * 64, "jAAAAAAAAAAAAAAA"):
        await w.say(w.alice, w.group, f"/start@{BOT_USERNAME} {payload}")
    replies = w.tg.messages_in(w.group.id)[before:]
    assert [m.text for m in replies] == [UNKNOWN]  # one answer, then silence
    w.clock.advance(60)  # a minute later
    await w.say(w.alice, w.group, f"/start@{BOT_USERNAME} garbage")
    assert [m.text for m in w.tg.messages_in(w.group.id)[before:]] == [UNKNOWN, UNKNOWN]


async def test_an_old_yes_to_leaving_asks_again(world: World) -> None:
    w = world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    hand = hand_of(w, w.bob)
    await w.tap(w.bob, hand, re.compile("Leave"))
    asked = hand_of(w, w.bob)
    yes = next(b["callback_data"] for b in asked.buttons() if b["text"] == "Yes, leave")
    gid, version, action = yes.split(":", 2)
    await w.tap_data(w.bob, asked, f"{gid}:{int(version) - 1}:{action}")  # an older Yes
    again = hand_of(w, w.bob)
    assert "Yes, leave" in again.button_texts()  # asked again
    gid_now = await w.store.get_chat_game(w.group.id)
    game = await w.store.load(gid_now or "")
    assert game is not None and game.table.players[1].name == "Bob"
    assert game.phase == "play" and "resign" not in str(game.table.events)


async def test_a_raw_resign_at_any_version_is_refused_and_the_game_goes_on(
    world: World,
) -> None:
    """No button sends `<game>:<version>:resign` (Resign asks first, `~resign`); crafted or
    stale, at the current version or an older one, it ends nothing."""
    w = world
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    board = w.board()
    gid = await w.store.get_chat_game(w.group.id)
    game = await w.store.load(gid or "")
    assert game is not None
    for user in (w.alice, w.bob):
        for version in (game.version, game.version - 1, 0):
            await w.tap_data(user, board, f"{gid}:{version}:resign")
            assert w.last_alert(user) == "The position has changed — have another look."
    after = await w.store.load(gid or "")
    assert after is not None and after.phase == "play"
    assert "resign" not in str(after.table.events) and "wins" not in w.board().text
    assert mod_state(after) == mod_state(game)  # no move either


async def test_a_tap_on_a_finished_games_stale_board_redraws_the_end(world: World) -> None:
    """The process died between the finishing save and the board's last edit: the group still
    shows a live board; a tap on it says the game is over and brings the final board back."""
    w = world
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    board = w.board()
    live = board.text, board.raw, board.reply_markup
    await w.tap(w.bob, board, re.compile("Resign"))
    await w.tap(w.bob, w.board(), re.compile("Resign"))
    final = w.board().raw
    assert "wins!" in w.board().text
    msg = w.tg.message(w.group.id, board.message_id)
    msg.text, msg.raw, msg.reply_markup = live  # the last edit never reached Telegram
    w.svc.publisher._shown.clear()  # a new process: it does not know what the group shows
    await w.tap(w.alice, msg, re.compile("Resign"))
    assert "over" in w.last_alert(w.alice)
    assert w.tg.message(w.group.id, board.message_id).raw == final


def mod_state(game: object) -> str:
    """A game's rules state as stored (what a move or a resignation would change)."""
    return str(getattr(game, "state", ""))
