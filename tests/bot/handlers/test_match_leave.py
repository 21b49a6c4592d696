"""Leaving a quick match that goes on (issue 44, point 1), through Dispatcher.feed_update on
both stores: the leaver's own board shows the end for her with a way on and changes no more;
she may start anything at once; the pings of those still playing name only who still plays,
never the person they go to."""

from __future__ import annotations

import pytest

import rules
from tests.bot.handlers.match_support import (
    ask,
    ask_ryadki,
    game_of,
    pings_of,
    play_on,
    replied_to,
    tick,
)
from tests.support.recording import BotSession, TgMessage, TgUser, bot_session  # noqa: F401
from tests.support.world import World

RYADKI = rules.GAMES["ryadki"]


@pytest.fixture
def w(any_world: World) -> World:
    return any_world


async def seated_three(w: World) -> tuple[str, dict[int, TgMessage]]:
    """Alice, Bob and Carol at a quick-match Ryadki table of three: the game, their boards."""
    waits = {u.id: await ask_ryadki(w, u, "3") for u in (w.alice, w.bob, w.carol)}
    boards = {uid: w.session.message(uid, m.message_id) for uid, m in waits.items()}
    return await game_of(w, boards[w.alice.id]), boards


async def leave(w: World, user: TgUser, board: TgMessage) -> None:
    await w.tap(user, w.session.message(user.id, board.message_id), "🚪 Leave the game")
    await w.tap(user, w.session.message(user.id, board.message_id), "Yes, leave")


async def test_the_leaver_is_freed_and_her_board_stops(w: World) -> None:
    gid, boards = await seated_three(w)
    await leave(w, w.alice, boards[w.alice.id])
    assert w.session.answers()[-1].get("text") == "You left the game."
    mine = w.session.message(w.alice.id, boards[w.alice.id].message_id)
    assert "You left the game" in mine.text, mine.describe()
    assert {"⚔️ Play someone", "☰ Menu"} <= set(mine.button_texts()), mine.describe()
    said = (mine.text, mine.button_texts())
    edits = len(
        [
            c
            for c in w.session.calls("editMessageText")
            if c["chat_id"] == w.alice.id and c["message_id"] == mine.message_id
        ]
    )
    assert await play_on(w, gid, boards, 6) > 0
    after = w.session.message(w.alice.id, mine.message_id)
    assert (after.text, after.button_texts()) == said
    again = [
        c
        for c in w.session.calls("editMessageText")
        if c["chat_id"] == w.alice.id and c["message_id"] == mine.message_id
    ]
    assert len(again) == edits  # her board is no longer edited
    # she may start anything at once: another quick match
    wait = await ask(w, w.alice)
    assert "looking for an opponent" in w.session.message(w.alice.id, wait.message_id).text
    assert await w.store.queue.entry(w.alice.id) is not None
    assert not w.tg.unanswered_callbacks()


async def test_the_leaver_may_look_again_from_her_board(w: World) -> None:
    _gid, boards = await seated_three(w)
    await leave(w, w.alice, boards[w.alice.id])
    mine = w.session.message(w.alice.id, boards[w.alice.id].message_id)
    await w.tap(w.alice, mine, "⚔️ Play someone")
    await w.tap(w.alice, w.session.message(w.alice.id, mine.message_id), "🧩 Parquet")
    assert await w.store.queue.entry(w.alice.id) is not None
    await tick(w)
    assert "looking for an opponent" in w.session.message(w.alice.id, mine.message_id).text


async def test_pings_name_only_who_still_plays(w: World) -> None:
    gid, boards = await seated_three(w)
    for user in (w.bob, w.carol):  # at the deal: the others at the table
        for ping in pings_of(w, user):
            assert user.first_name not in ping.text and "Alice" in ping.text, ping.text
    await leave(w, w.alice, boards[w.alice.id])
    seen = {m.message_id for u in (w.bob, w.carol) for m in pings_of(w, u)}
    await play_on(w, gid, boards, 8)
    await w.remind()
    later = [(u, m) for u in (w.bob, w.carol) for m in pings_of(w, u) if m.message_id not in seen]
    assert later, "nobody was pinged after Alice left"
    for user, ping in later:
        other = "Carol" if user is w.bob else "Bob"
        assert "Alice" not in ping.text and user.first_name not in ping.text, ping.text
        assert other in ping.text, ping.text
        assert replied_to(w, ping) == boards[user.id].message_id  # beside their own board


async def test_a_rematch_is_for_those_who_stayed(w: World) -> None:
    gid, boards = await seated_three(w)
    await leave(w, w.alice, boards[w.alice.id])
    await play_on(w, gid, boards, 1000)
    game = await w.store.load(gid)
    assert game is not None and game.finished
    await w.tap(w.bob, w.session.message(w.bob.id, boards[w.bob.id].message_id), "🔄 Rematch")
    assert not [m for m in w.tg.messages_in(w.alice.id) if "offers a rematch" in m.text]
    offer = next(m for m in w.tg.messages_in(w.carol.id) if "offers a rematch" in m.text)
    await w.tap(w.carol, offer, "🔄 Rematch")
    new = await w.store.load(await game_of(w, w.ping_free(w.bob.id)))
    assert new is not None and new.id != gid
    assert [p.name for p in new.table.players] == ["Bob", "Carol"]
    # a forged rematch tap of the leaver's changes nothing
    await w.tap_data(w.alice, boards[w.alice.id], f"{gid}:{game.version}:~rematch")
    assert w.session.answers()[-1].get("text") == "You are not playing in this game."


async def test_a_player_removed_for_missed_turns_is_told_and_freed(w: World) -> None:
    gid, boards = await seated_three(w)
    users = {u.id: u for u in (w.alice, w.bob, w.carol)}
    left: dict[int, str] = {}
    for _ in range(200):
        game = await w.store.load(gid)
        assert game is not None and not game.finished
        left = game.table.left
        if left:
            break
        seat = RYADKI.turn(RYADKI.from_json(game.state))
        assert seat is not None
        user = users[game.table.players[seat].user_id]
        if user is w.alice:  # she is away: her turn runs out
            await tick(w, w.settings.turn_timeout_seconds + 1)
            continue
        board = w.session.message(user.id, boards[user.id].message_id)
        await w.tap(user, board, next(t for t in board.button_texts() if t.startswith("✅")))
    assert list(left.values()) == ["timeout"]
    mine = w.session.message(w.alice.id, boards[w.alice.id].message_id)
    assert "You are out of the game: 3 turns in a row went by without you" in mine.text, mine.text
    assert {"⚔️ Play someone", "☰ Menu"} <= set(mine.button_texts())
    said = mine.text
    assert await play_on(w, gid, boards, 3) > 0
    assert w.session.message(w.alice.id, mine.message_id).text == said
    wait = await ask(w, w.alice)  # free at once
    assert await w.store.queue.entry(w.alice.id) is not None, wait.describe()
