"""Group games through Dispatcher.feed_update with the recording session (every request is
validated against the Bot API spec): lobby, invites, Ryadki and Parquet to the end, permissions,
concurrency, timers and lobby expiry."""

from __future__ import annotations

import asyncio
import re

import pytest

import rules
from rules.notation import move_targets
from tests.support import parquet_taps
from tests.support.recording import TgUser
from tests.support.world import (
    CARD_RE,
    World,
    hand_of,
    invite_code,
    open_lobby,
    play_ryadki_turn,
    start_ryadki,
)


async def test_lobby_join_leave_settings_and_start(world: World) -> None:
    w = world
    lobby = await open_lobby(w, "ryadki")
    assert "Alice" in lobby.text and "1/6" in lobby.text
    assert "Deck: auto, 36" in lobby.text and "deals: 7" in lobby.text
    await w.tap(w.bob, lobby, "✋ Join")
    assert "Bob" in w.board().text and "2/6" in w.board().text
    # Bob got a welcome in his private chat naming the group
    assert "Card Club" in w.session.last_message(w.bob).text
    await w.tap(w.bob, w.board(), re.compile("Deals"))  # only the creator changes settings
    assert "creator" in w.last_alert(w.bob)
    await w.tap(w.alice, w.board(), re.compile("Deals"))
    assert "deals: 1" in w.board().text
    await w.tap(w.alice, w.board(), re.compile("Deck"))
    assert "Deck: 52" in w.board().text
    await w.tap(w.bob, w.board(), "▶ Start")
    assert "creator" in w.last_alert(w.bob)
    await w.tap(w.carol, w.board(), "✋ Join")
    await w.tap(w.carol, w.board(), "🚪 Leave")
    assert "Carol" not in w.board().text
    await w.tap(w.alice, w.board(), "▶ Start")
    table = w.board()
    assert table.message_id == lobby.message_id  # one message per group, edited in place
    assert "Ryadki" in table.text and "deal 1/1" in table.text
    for user in (w.alice, w.bob):
        hand = hand_of(w, user)
        assert "Card Club" in hand.text  # each private hand names its group
        cards = [t for t in hand.button_texts() if CARD_RE.match(t)]
        assert len(cards) == 6
    assert not [m for m in w.session.messages(w.carol) if "Ryadki ·" in m.text]


async def test_cancel_needs_creator_or_admin(world: World) -> None:
    w = world
    # Alice is now a plain member; Dave is a chat admin ("administrator", not the owner)
    w.group.owner = None
    w.group.admins = {w.dave.id}
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✖ Cancel")
    assert "admin" in w.last_alert(w.bob)
    assert "Cancel" in " ".join(w.board().button_texts())
    await w.tap(w.dave, w.board(), "✖ Cancel")  # a chat admin may cancel
    assert "cancelled" in w.board().text and w.board().button_texts() == ["🎴 New game"]
    await w.say(w.bob, w.group, "/newgame parquet")  # the group is free again
    assert "gathering players" in w.board().text


async def test_one_active_game_per_group(world: World) -> None:
    w = world
    await open_lobby(w, "ryadki")
    await w.say(w.bob, w.group, "/newgame parquet")
    assert "already on" in w.board().text


async def test_idle_lobby_expires_with_a_message(world: World) -> None:
    w = world
    lobby = await open_lobby(w, "ryadki")
    w.clock.now += 300
    await w.tap(w.bob, lobby, "✋ Join")  # activity pushes the expiry back
    w.clock.now += 400
    await w.svc.timers.tick_once()
    assert "Join" in " ".join(w.board().button_texts())
    w.clock.now += 300
    await w.svc.timers.tick_once()
    await w.drain()
    assert "Lobby closed" in w.board().text and w.board().button_texts() == ["🎴 New game"]


# -- invites ------------------------------------------------------------------------------------
async def test_play_with_friends_share_link_and_startgroup(world: World) -> None:
    w = world
    await w.say(w.alice, None, "/start")
    menu = w.session.last_message(w.alice)
    await w.tap(w.alice, menu, re.compile("friends", re.I))
    await w.tap(w.alice, w.session.last_message(w.alice), re.compile("Parquet"))
    invite = w.session.last_message(w.alice)
    urls = [b.get("url", "") for b in invite.buttons()]
    assert any("?startgroup=j" in u for u in urls)
    assert any(u.startswith("https://t.me/share/url?") for u in urls)
    code = invite_code(invite)
    await w.say(w.bob, None, f"/start j{code}")
    assert "You joined Parquet" in w.session.last_message(w.bob).text
    assert "Bob" in w.session.message(w.alice.id, invite.message_id).text
    # the ?startgroup link: the bot, added to the group, sees /start j<code> there
    await w.say(w.alice, w.group, f"/start@{w.tg.bot.username} j{code}")
    board = w.board()
    assert "Parquet" in board.text and "cross phase" in board.text  # full: started by itself
    await w.say(w.carol, None, f"/start j{code}")
    assert "already started" in w.session.last_message(w.carol).text


async def test_unknown_or_malformed_invite_gets_a_friendly_answer(world: World) -> None:
    w = world
    await w.say(w.carol, None, "/start jAAAAAAAAAAAAAAAA")
    assert "unknown or has expired" in w.session.last_message(w.carol).text
    await w.say(w.carol, None, "/start jnot-a-code")
    assert "unknown or has expired" in w.session.last_message(w.carol).text


# -- Ryadki -------------------------------------------------------------------------------------
async def test_ryadki_three_players_to_the_result(world: World) -> None:
    w = world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    assert "deal 1/1" in w.board().text
    for _ in range(200):
        if not await play_ryadki_turn(w, players):
            break
    await w.drain()
    board = w.board()
    assert "game over" in board.text and "Winner" in board.text
    assert "Rematch" in " ".join(board.button_texts())
    for user in players:
        hand = hand_of(w, user)  # the result, and a way on: the menu
        assert "over" in hand.text and "Winner" in hand.text and hand.button_texts() == ["☰ Menu"]
    # the group is free again and a rematch seats the same players
    await w.tap(w.bob, board, "🔄 Rematch")
    lobby = w.board()
    assert "gathering players" in lobby.text
    for name in ("Alice", "Bob", "Carol"):
        assert name in lobby.text


async def test_permissions_turn_and_seat(world: World) -> None:
    w = world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    waiting = next(u for u in players if "Your turn" not in hand_of(w, u).text)
    hand = hand_of(w, waiting)
    assert len(hand.disabled()) == len(hand.button_texts()) - 1  # every card, not Leave
    await w.tap_data(waiting, hand, hand.callback_data()[0].replace("~resign", "~wait"))
    assert "not your turn" in toast(w, waiting)
    mover = next(u for u in players if "Your turn" in hand_of(w, u).text)
    data = next(d for d in hand_of(w, mover).callback_data() if "~" not in d)
    await w.tap_data(w.dave, hand_of(w, mover), data)  # a stranger with a forged tap
    assert "not playing" in toast(w, w.dave)
    before = w.board().text
    gid, version, _ = data.split(":")
    await w.tap_data(mover, hand_of(w, mover), f"{gid}:{int(version) - 1}:{data.split(':')[2]}")
    assert "changed" in toast(w, mover)  # a stale version changes nothing
    assert w.board().text == before


def toast(w: World, user: TgUser) -> str:
    """The user's last answer, which must be a toast: a routine refusal goes by itself."""
    answers = w.session.answers()
    last = answers[-1] if answers else {}
    assert last.get("text") and not last.get("show_alert"), last
    assert w.last_alert(user) == last["text"], (w.last_alert(user), last)
    return str(last["text"])


async def test_two_simultaneous_taps_apply_one_move(world: World) -> None:
    w = world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    mover = next(u for u in players if "Your turn" in hand_of(w, u).text)
    hand = hand_of(w, mover)
    marked = [b["callback_data"] for b in hand.buttons() if b["text"].startswith("✅")]
    game = await w.store.load(marked[0].split(":")[0])
    assert game is not None
    moves_before = rules.GAMES["ryadki"].from_json(game.state).moves
    taps = [w.session.tap_data(mover, hand, marked[0]), w.session.tap_data(mover, hand, marked[-1])]
    await asyncio.gather(*(w.dp.feed_update(w.bot, t) for t in taps))
    game = await w.store.load(game.id)
    assert game is not None
    assert rules.GAMES["ryadki"].from_json(game.state).moves == moves_before + 1
    assert not w.tg.unanswered_callbacks()


async def test_turn_timer_plays_for_the_absent_player(world: World) -> None:
    w = world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    mover = next(u for u in players if "Your turn" in hand_of(w, u).text)
    w.clock.now += 89
    await w.svc.timers.tick_once()
    assert "Your turn" in hand_of(w, mover).text
    w.clock.now += 2
    await w.svc.timers.tick_once()
    await w.drain()
    assert f"{mover.first_name} ran out of time" in w.board().text
    # their own hand says so too (not only the group's board, which they were away from)
    assert "the bot played for you (1 in a row)" in hand_of(w, mover).text
    gid = w.board().callback_data()[0].split(":")[0] if w.board().callback_data() else None
    game = await w.store.load(gid or (await w.store.get_chat_game(w.group.id)) or "")
    assert game is not None
    assert rules.GAMES["ryadki"].from_json(game.state).moves >= 1  # a card was played for them
    assert (
        game.table.timeouts[
            game.table.players.index(next(p for p in game.table.players if p.user_id == mover.id))
        ]
        == 1
    )


async def test_a_deadline_claimed_by_a_process_that_died_still_fires(world: World) -> None:
    w = world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    mover = next(u for u in players if "Your turn" in hand_of(w, u).text)
    w.clock.now += 91
    # another process claims the due deadline, then is killed before handling it
    claimed = await w.store.claim_due(w.clock.now, lease=w.svc.timers.lease)
    assert [k.split(":")[0] for k, _ in claimed] == ["turn"]
    assert await w.svc.timers.tick_once() == 0  # its lease is still running
    hand = hand_of(w, mover).text
    assert "Your turn" in hand
    w.clock.now += w.svc.timers.lease
    assert await w.svc.timers.tick_once() == 1  # the lease ran out: this process takes over
    await w.drain()
    assert f"{mover.first_name} ran out of time" in w.board().text
    # a card was played for them (the turn may come back to them: 3 in 30 deals, whose card
    # closed a row or could not be answered, asked them to lead again)
    assert hand_of(w, mover).text != hand
    w.clock.now += 1
    assert await w.svc.timers.tick_once() == 0  # once: the next deadline is the next turn's


# -- Parquet ------------------------------------------------------------------------------------
async def test_parquet_to_the_result(world: World) -> None:
    w = world
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")  # full: starts by itself
    board = w.board()
    assert "cross phase" in board.text and "0/35" in board.text
    mod = rules.GAMES["parquet"]
    users = {w.alice.id: w.alice, w.bob.id: w.bob}
    one_cell = 0  # picks of a card that had a single cell: still asked for, never placed at once
    for _ in range(400):
        board = w.board()
        data = board.callback_data()
        gid = data[0].split(":")[0]
        game = await w.store.load(gid)
        assert game is not None
        state = mod.from_json(game.state)
        if mod.status(state).over:
            break
        seat = mod.turn(state)
        assert seat is not None
        user = users[game.table.players[seat].user_id]
        other = users[game.table.players[1 - seat].user_id]
        move = mod.suggest(state, seat, 1)
        pick_data, cell_data = parquet_taps.taps(gid, game.version, move)
        assert cell_data in board.callback_data(), board.describe()  # the cell is marked
        await w.tap_data(other, board, pick_data)  # the other player may not pick
        assert "not your turn" in w.last_alert(other)
        writes, shown = len(w.tg.calls), board.text
        await w.tap_data(user, board, pick_data)
        # the pick is said to the player alone, naming its own cells; the board is not touched
        cells = move_targets(mod.legal_moves(state, seat), parquet_taps.halves(move)[0])
        assert parquet_taps.toast_cells(w.last_alert(user)) == parquet_taps.cell_names(cells)
        assert [c.method for c in w.tg.calls[writes:]] == ["answerCallbackQuery"]
        one_cell += len(cells) == 1
        await w.tap_data(user, board, cell_data)
        assert w.board().message_id == board.message_id and w.board().text != shown
        assert w.board().edits == board.edits
    await w.drain()
    assert one_cell  # the game had such picks    await w.drain()
    assert one_cell  # the game had such picks
    board = w.board()
    assert "wins!" in board.text or "draw" in board.text
    assert "Rematch" in " ".join(board.button_texts())


async def test_added_to_a_group_the_bot_says_how_to_start(world: World) -> None:
    w = world
    from tests.support.recording import update_of

    bot_json = w.tg.bot.api()
    update = update_of(
        my_chat_member={
            "chat": w.group.api(),
            "from": w.alice.api(),
            "date": 1,
            "old_chat_member": {"status": "left", "user": bot_json},
            "new_chat_member": {"status": "member", "user": bot_json},
        }
    )
    await w.dp.feed_update(w.bot, update)
    assert "/newgame" in w.board().text


async def test_ryadki_player_leaves_after_confirming_and_the_game_goes_on(world: World) -> None:
    w = world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    hand = hand_of(w, w.carol)
    await w.tap(w.carol, hand, "🚪 Leave the game")
    assert "Yes, leave" in hand_of(w, w.carol).button_texts()
    asked = hand_of(w, w.carol).text  # a question that says what leaving costs
    assert "Leave the game?" in asked and "counts as a loss" in asked, asked
    await w.tap(w.carol, hand_of(w, w.carol), "No, keep playing")
    assert "Yes, leave" not in hand_of(w, w.carol).button_texts()
    await w.tap(w.carol, hand_of(w, w.carol), "🚪 Leave the game")
    await w.tap(w.carol, hand_of(w, w.carol), "Yes, leave")
    await w.drain()
    assert "Carol leaves the game" in w.board().text
    left = hand_of(w, w.carol)
    assert "You left" in left.text and left.button_texts() == ["☰ Menu"]  # a way on
    assert "game over" not in w.board().text  # two players remain
    for _ in range(200):
        if not await play_ryadki_turn(w, [w.alice, w.bob]):
            break
    await w.drain()
    assert "game over" in w.board().text
    assert "Winner: Carol" not in w.board().text


async def test_parquet_resign_needs_a_second_tap_and_rematch_starts_again(world: World) -> None:
    w = world
    await w.say(w.alice, w.group, "/newgame parquet")
    await w.tap(w.bob, w.board(), "✋ Join")
    board = w.board()
    await w.tap(w.dave, board, re.compile("Resign"))
    assert "not playing" in w.last_alert(w.dave)
    await w.tap(w.bob, board, re.compile("Resign"))
    assert "Tap again" in w.tg.alerts(w.bob.id, show_alert=True)[-1]  # to be read: an alert
    assert "wins!" not in w.board().text
    await w.tap(w.bob, w.board(), re.compile("Resign"))
    await w.drain()
    board = w.board()
    assert "Alice wins!" in board.text and "Bob resigned" in board.text
    await w.tap(w.dave, board, "🔄 Rematch")
    assert "not playing" in w.last_alert(w.dave)
    await w.tap(w.alice, board, "🔄 Rematch")
    await w.drain()
    new = w.board()
    assert new.message_id != board.message_id and "cross phase" in new.text  # full: started
    assert not w.session.message(w.group.id, board.message_id).buttons()  # old board retired


async def test_players_the_bot_cannot_write_to_play_from_the_group(world: World) -> None:
    """Nobody is held at "open the bot's private chat first": a player who never started the
    bot, or who blocked it, is seated and sees their hand in the group, to them alone."""
    w = world
    w.tg.strict = True  # private chats need the user to have started the bot
    w.carol.started = False
    lobby = await open_lobby(w, "ryadki")
    code = invite_code(lobby)
    await w.tap(w.carol, lobby, "✋ Join")
    assert "url" not in w.session.answers()[-1]  # no detour through the private chat
    assert "Carol" in w.board().text
    await w.tap(w.bob, w.board(), "✋ Join")
    w.bob.blocked = True  # Bob blocks the bot before the deal
    await w.tap(w.alice, w.board(), "▶ Start")
    await w.drain()
    assert "could not be shown" not in w.board().text
    for user in (w.bob, w.carol):
        shown = [m for m in w.tg.ephemeral_messages(w.group, user) if "“Card Club”" in m.text]
        assert shown and shown[-1].text.startswith("🃏 Ryadki · “Card Club”")
    await w.say(w.carol, None, f"/start j{code}")  # she opens the private chat after all
    await w.drain()
    assert hand_of(w, w.carol).text.startswith("🃏 Ryadki · “Card Club”")
    assert w.tg.ephemeral_messages(w.group, w.carol) == []  # the group's copy is gone


async def test_the_board_is_edited_when_its_version_cannot_be_checked(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Right before a group edit the stored version is checked (never show an older render);
    when the store cannot answer that moment, the board is shown anyway."""
    from bot.storage import StoreUnavailable

    w = world
    lobby = await open_lobby(w, "ryadki")

    async def unavailable(game_id: str) -> int | None:
        raise StoreUnavailable("paused")

    monkeypatch.setattr(w.store, "version_of", unavailable)
    await w.tap(w.bob, lobby, "✋ Join")
    await w.drain()
    assert "Bob" in w.board().text
