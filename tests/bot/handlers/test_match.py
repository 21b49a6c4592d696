"""A quick match through Dispatcher.feed_update, on both stores: strangers ask for Parquet from
the private menu, wait, are paired by the queue and play a whole game, each on their own board
in their own private chat; a third who finds nobody is offered the computer; cancel; a second
tap while waiting; a stranger's tap on someone else's board."""

from __future__ import annotations

import asyncio
import dataclasses
import re
from typing import Any

import pytest
from aiogram import Bot
from aiogram.methods import TelegramMethod

from bot import metrics
from bot.games.match.service import TICK
from tests.bot.handlers.match_support import (
    ask,
    game_of,
    parquet_turn,
    play_to_the_end,
    strong_move,
    tick,
)
from tests.support.recording import BotSession, TgMessage, TgUser, bot_session  # noqa: F401
from tests.support.waiting import until
from tests.support.world import World


@pytest.fixture
def w(any_world: World) -> World:
    return any_world


async def test_two_strangers_play_a_whole_parquet_game_in_their_own_chats(w: World) -> None:
    before = metrics.MATCHES.values.get(("parquet", "dealt"), 0.0)
    waits = metrics.MATCH_WAITS.values.get(("parquet",), 0.0)
    timed = sum(metrics.MATCH_SECONDS.child("parquet").counts)
    alice_wait = await ask(w, w.alice)
    assert "looking for an opponent" in alice_wait.text and "0:00" in alice_wait.text
    await tick(w)
    assert "0:05" in w.session.message(w.alice.id, alice_wait.message_id).text
    bob_wait = await ask(w, w.bob)
    alice_board = w.session.message(w.alice.id, alice_wait.message_id)
    bob_board = w.session.message(w.bob.id, bob_wait.message_id)
    for board in (alice_board, bob_board):  # the waiting screen became the board
        assert "Alice" in board.text and "Bob" in board.text, board.describe()
    assert metrics.MATCHES.values[("parquet", "dealt")] == before + 1
    assert metrics.MATCH_WAITS.values[("parquet",)] == waits + 2
    assert sum(metrics.MATCH_SECONDS.child("parquet").counts) == timed + 2  # each one's wait
    gid = await game_of(w, alice_board)
    assert gid == await game_of(w, bob_board)
    # the mover's board asks for a card; the other's says whose move it is
    boards = {"pick a card": 0, "to move.": 0}
    for board in (alice_board, bob_board):
        boards["pick a card" if "pick a card" in board.text else "to move."] += 1
        assert ("pick a card" in board.text) != ("⏳" in board.text and "to move." in board.text)
    assert boards == {"pick a card": 1, "to move.": 1}
    # a stranger's tap on someone else's board changes nothing
    await w.tap_data(w.carol, bob_board, f"{gid}:1:~pick:KS")
    assert w.session.answers()[-1].get("text") == "You are not playing in this game."
    assert "⏱ 90 s per move." in bob_board.text  # the usual turn timer
    await play_to_the_end(w, {w.alice.id: alice_board, w.bob.id: bob_board}, gid)
    for user, board in ((w.alice, alice_board), (w.bob, bob_board)):
        end = w.session.message(user.id, board.message_id)
        assert re.search(r"wins!|draw", end.text), end.describe()
    result = await w.store.load_result(gid)
    assert result is not None and result.ranked and result.chat_id is None  # global ratings
    assert await w.store.rating(w.alice.id, "parquet") is not None
    assert not w.tg.unanswered_callbacks()


async def test_nobody_free_offers_the_computer_and_keep_looking(w: World) -> None:
    wait = await ask(w, w.carol)
    for _ in range(int(w.settings.match_wait_seconds / TICK)):
        await tick(w)
    nobody = w.session.message(w.carol.id, wait.message_id)
    assert "nobody is free" in nobody.text
    assert {"🤖 Play the computer", "🔄 Keep looking"} <= set(nobody.button_texts())
    await w.tap(w.carol, nobody, "🔄 Keep looking")
    assert "looking for an opponent" in w.session.message(w.carol.id, wait.message_id).text
    await w.tap(w.carol, w.session.message(w.carol.id, wait.message_id), "✖️ Cancel")
    assert "Search cancelled." in str(w.session.answers()[-1].get("text"))
    assert await w.store.queue.entry(w.carol.id) is None
    assert "⚔️ Play someone" in w.session.message(w.carol.id, wait.message_id).button_texts()
    assert not w.tg.unanswered_callbacks()


async def test_a_second_tap_while_waiting_shows_the_wait_and_nobody_meets_themselves(
    w: World,
) -> None:
    await w.say(w.alice, None, "/start")
    old_list = w.last(w.alice)
    await w.tap(w.alice, old_list, "⚔️ Play someone")  # a game list left open
    wait = await ask(w, w.alice)
    await w.say(w.alice, None, "/start")
    menu = w.last(w.alice)
    await w.tap(w.alice, menu, "⚔️ Play someone")  # no game list: the waiting screen, here
    here = w.session.message(w.alice.id, menu.message_id)
    assert "looking for an opponent" in here.text, here.describe()
    shown = waited(here)
    assert here.button_texts() == ["✖️ Cancel"]
    assert w.session.message(w.alice.id, wait.message_id).deleted  # (one waiting screen)
    await tick(w)
    assert waited(w.session.message(w.alice.id, menu.message_id)) > shown
    # a game picked on the list left open: told, and the waiting screen comes there
    await w.tap(w.alice, w.session.message(w.alice.id, old_list.message_id), "🧩 Parquet")
    assert w.session.answers()[-1].get("text") == "You are already looking for an opponent."
    shown = waited(w.session.message(w.alice.id, old_list.message_id))
    assert w.session.message(w.alice.id, menu.message_id).deleted
    assert [e.user for e in await w.store.queue.waiting("parquet", w.clock.now, 90)] == [w.alice.id]
    await tick(w)
    assert waited(w.session.message(w.alice.id, old_list.message_id)) > shown
    assert not w.tg.unanswered_callbacks()


def waited(screen: TgMessage) -> int:
    """The seconds a waiting screen says the search has taken."""
    m = re.search(r"(\d+):(\d\d)$", screen.text)
    assert m, screen.describe()
    return int(m.group(1)) * 60 + int(m.group(2))


async def test_resign_ends_the_match_and_blocked_strangers_never_meet_again(w: World) -> None:
    alice_board = await ask(w, w.alice)
    bob_board = await ask(w, w.bob)
    board = w.session.message(w.alice.id, alice_board.message_id)
    await w.tap(w.alice, board, "🏳 Resign")
    assert w.last_alert(w.alice)  # asked to confirm
    await w.tap(w.alice, w.session.message(w.alice.id, alice_board.message_id), "🏳 Resign")
    end = w.session.message(w.bob.id, bob_board.message_id)
    assert "Bob wins" in end.text, end.describe()
    await w.tap(w.bob, end, "🚫 Don't match me with them again")
    assert w.session.answers()[-1].get("text") == "Done: you won't be paired again."
    # a forged block of a game Carol never played changes nothing
    gid = next(d.split(":")[2] for d in end.callback_data() if d.startswith("m:mqb:"))
    await w.tap_data(w.carol, end, f"m:mqb:{gid}")
    assert w.session.answers()[-1].get("text") == "This game is no longer available."
    await ask(w, w.alice)
    await ask(w, w.bob)
    await tick(w)
    assert {e.user for e in await w.store.queue.waiting("parquet", w.clock.now, 90)} == {
        w.alice.id,
        w.bob.id,
    }
    carol = await ask(w, w.carol)  # the one who waited longest, Alice, meets Carol
    assert "Alice" in w.session.message(w.carol.id, carol.message_id).text
    assert [e.user for e in await w.store.queue.waiting("parquet", w.clock.now, 90)] == [w.bob.id]
    assert not w.tg.unanswered_callbacks()


async def test_the_queue_survives_a_restart_and_pairs_after_it(w: World) -> None:
    """Alice waits; Bob's process put him in the queue and died before its pairing round (as
    kill -9 would): a new process's deadline loop pairs them."""
    from bot.app import build_dispatcher
    from bot.storage.match_queue import Entry

    alice = await ask(w, w.alice)
    await w.say(w.bob, None, "/start")
    bob_menu = w.last(w.bob)
    bob = Entry(w.bob.id, "parquet", 1000.0, w.clock.now, name="Bob", lang="en")
    bob = dataclasses.replace(bob, message=bob_menu.message_id)
    assert await w.store.queue.join(bob, 90)
    w.dp = build_dispatcher(w.bot, w.store, w.settings, clock=w.clock, sleep=w.clock.sleep)
    w.svc = w.dp["tables"]
    await tick(w)
    for user, msg in ((w.alice, alice), (w.bob, bob_menu)):
        board = w.session.message(user.id, msg.message_id)
        assert "Alice" in board.text and "Bob" in board.text, board.describe()
    assert await w.store.queue.waiting("parquet", w.clock.now, 90) == []


async def test_two_replicas_seat_each_person_once(
    replicas: tuple[World, object],
) -> None:
    """Alice and Bob ask on two processes at once, Carol too: one table, one left waiting."""
    import asyncio

    w, other = replicas
    for user in (w.alice, w.bob, w.carol):
        await w.say(user, None, "/start")
        await w.tap(user, w.last(user), "⚔️ Play someone")
    dps = [w.dp, other, w.dp]
    await asyncio.gather(
        *(
            dp.feed_update(w.bot, w.session.tap(u, w.last(u), "🧩 Parquet"))  # type: ignore[attr-defined]
            for dp, u in zip(dps, (w.alice, w.bob, w.carol), strict=True)
        )
    )
    await w.drain()
    games = {u.id: await w.store.user_games(u.id) for u in (w.alice, w.bob, w.carol)}
    seated = [u for u, g in games.items() if g]
    assert len(seated) in (0, 2)  # (all three may lose a simultaneous claim: the tick pairs)
    await tick(w)
    games = {u.id: await w.store.user_games(u.id) for u in (w.alice, w.bob, w.carol)}
    assert sorted(len(g) for g in games.values()) == [0, 1, 1]
    assert len({g[0] for g in games.values() if g}) == 1
    waiting = await w.store.queue.waiting("parquet", w.clock.now, 90)
    assert [e.user for e in waiting] == [u for u, g in games.items() if not g]


async def test_a_player_who_blocked_the_bot_is_played_for_then_removed_quietly(
    w: World, caplog: pytest.LogCaptureFixture
) -> None:
    alice = await ask(w, w.alice)
    await ask(w, w.bob)
    gid = await game_of(w, w.session.message(w.alice.id, alice.message_id))
    w.tg.strict = True  # (the fake then refuses edits too, as Telegram does, to a blocked chat)
    w.tg.users[w.bob.id].blocked = True
    for _ in range(20):
        turn = await parquet_turn(w, gid)
        if turn is None:
            break
        if turn[2] == 0:  # Alice plays on
            await strong_move(w, w.alice, w.session.message(w.alice.id, alice.message_id), turn)
        else:  # Bob's turn runs out: played for, then removed
            await tick(w, w.settings.turn_timeout_seconds + 1)
    result = await w.store.load_result(gid)
    assert result is not None
    assert [p.outcome for p in result.players] == ["won", "timeout"]
    assert "Alice wins" in w.session.message(w.alice.id, alice.message_id).text
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


async def test_a_waiting_player_who_blocked_the_bot_leaves_the_queue(w: World) -> None:
    await ask(w, w.carol)
    w.tg.strict = True
    w.tg.users[w.carol.id].blocked = True
    await tick(w)
    assert await w.store.queue.entry(w.carol.id) is None
    await ask(w, w.dave)
    assert await w.store.queue.entry(w.dave.id) is not None  # nobody to meet: Carol is gone


async def test_forged_table_sizes_are_refused(w: World) -> None:
    await w.say(w.alice, None, "/start")
    menu = w.last(w.alice)
    for data in ("m:mq:ryadki:9", "m:mq:parquet:3", "m:mq:chess", "m:mq:ryadki:2x", "m:mq:kosa"):
        await w.tap_data(w.alice, menu, data)
        assert (
            w.session.answers()[-1].get("text") == "The board has changed — tap a current button."
        )
    assert await w.store.queue.entry(w.alice.id) is None


async def test_a_rematch_is_dealt_when_both_accept(w: World) -> None:
    alice_wait = await ask(w, w.alice)
    bob_wait = await ask(w, w.bob)
    for _ in range(2):  # resign, confirmed
        await w.tap(w.alice, w.session.message(w.alice.id, alice_wait.message_id), "🏳 Resign")
    alice_end = w.session.message(w.alice.id, alice_wait.message_id)
    old = await game_of(w, alice_end)
    await w.tap(w.alice, alice_end, "🔄 Rematch")
    assert w.session.answers()[-1].get("text") == "Offered: the game starts when everyone accepts."
    await w.tap(w.alice, w.session.message(w.alice.id, alice_wait.message_id), "🔄 Rematch")
    offers = [m for m in w.tg.messages_in(w.bob.id) if "offers a rematch" in m.text]
    assert len(offers) == 1 and offers[0].text == "🔄 Alice offers a rematch."
    await w.tap(w.carol, offers[0], "🔄 Rematch")  # a stranger's tap (forged)
    assert w.session.answers()[-1].get("text") == "You are not playing in this game."
    offer = offers[0].callback_data()[0]
    await w.tap(w.bob, offers[0], "🔄 Rematch")
    assert w.session.answers()[-1].get("text") == "A new game is dealt below."
    for user, wait in ((w.alice, alice_wait), (w.bob, bob_wait)):
        board = w.last(user)
        assert board.message_id != wait.message_id and "cross phase" in board.text
        assert board.history == [], board.history  # shown as dealt: no "dealing…" first
        assert await game_of(w, board) != old
        end = w.session.message(user.id, wait.message_id)  # the old board: no rematch button
        assert "🔄 Rematch" not in end.button_texts()
    # the offer goes: no button stays that would deal it again
    assert w.session.message(w.bob.id, offers[0].message_id).deleted
    await w.tap_data(w.bob, offers[0], offer)  # the offer, again (an old client's tap)
    assert w.session.answers()[-1].get("text") == "A new game is already being set up."
    assert len({g for u in (w.alice, w.bob) for g in await w.store.user_games(u.id)}) == 2
    assert not w.tg.unanswered_callbacks()


async def test_a_player_may_appear_to_strangers_as_player_and_a_number(w: World) -> None:
    await w.say(w.bob, None, "/settings")
    settings = w.last(w.bob)
    assert "Strangers see your first name" in settings.text
    await w.tap(w.bob, settings, "🎭 Appear as “Player 1234”")
    assert "Strangers see you as" in w.session.message(w.bob.id, settings.message_id).text
    alice = await ask(w, w.alice)
    await ask(w, w.bob)
    board = w.session.message(w.alice.id, alice.message_id)
    alias = re.search(r"Player \d{4}", board.text)
    assert alias and "Bob" not in board.text, board.describe()
    game = await w.store.load(await game_of(w, board))
    assert game is not None and game.table.players[1].name == alias.group(0)


async def test_pings_in_the_private_chat_and_one_match_at_a_time(w: World) -> None:
    alice = await ask(w, w.alice)
    await ask(w, w.bob)
    turn = await parquet_turn(w, await game_of(w, w.session.message(w.alice.id, alice.message_id)))
    assert turn is not None
    game, _, seat = turn
    mover = w.alice if seat == game.table.seat_of(w.alice.id) else w.bob
    assert await w.remind() >= 1  # the turn waited: its player is reminded in their chat
    pings = [m for m in w.tg.messages_in(mover.id) if m.text.startswith("🔔")]
    assert len(pings) == 1 and "Parquet" in pings[0].text
    await w.say(w.alice, None, "/start")  # a second match while this one is on: refused
    menu = w.last(w.alice)
    await w.tap(w.alice, menu, "⚔️ Play someone")
    await w.tap(w.alice, w.session.message(w.alice.id, menu.message_id), "🧩 Parquet")
    assert w.session.answers()[-1].get("text") == "Finish your current game first."
    assert await w.store.queue.entry(w.alice.id) is None


async def test_a_board_dealt_while_the_waiting_screen_is_on_its_way_stays(w: World) -> None:
    """The second to ask is paired by the timer's pairing round while the waiting screen their
    tap asked for is still on its way to Telegram: the board dealt on that message goes after
    it (one send on its way per private chat), so the board is what stays on the message."""
    alice_wait = await ask(w, w.alice)
    await w.say(w.bob, None, "/start")
    menu = w.last(w.bob)
    await w.tap(w.bob, menu, "⚔️ Play someone")
    arrived = asyncio.Event()
    go_on = asyncio.Event()

    async def slow(bot: Bot, method: TelegramMethod[Any], timeout: int | None = None) -> Any:
        text, chat = str(getattr(method, "text", "")), getattr(method, "chat_id", None)
        if "looking for an opponent" in text and chat == w.bob.id:
            arrived.set()
            await go_on.wait()  # on its way
        return await make_request(bot, method, timeout)

    make_request = w.session.make_request
    w.session.make_request = slow  # type: ignore[method-assign]
    picker = w.session.message(w.bob.id, menu.message_id)
    tap = asyncio.create_task(w.dp.feed_update(w.bot, w.session.tap(w.bob, picker, "🧩 Parquet")))
    await asyncio.wait_for(arrived.wait(), 10)
    w.clock.advance(TICK)
    pairing = asyncio.create_task(w.svc.timers.tick_once())  # Alice's round pairs them
    # the round goes as far as it can while the screen is on its way: Alice's board is dealt
    alice = w.session.message(w.alice.id, alice_wait.message_id)
    await until(lambda: "cross phase" in alice.text or pairing.done(), "Alice's board")
    go_on.set()
    await asyncio.gather(tap, pairing)
    await w.drain()
    board = w.session.message(w.bob.id, menu.message_id)
    assert "cross phase" in board.text, board.describe()
    assert not w.tg.unanswered_callbacks()
