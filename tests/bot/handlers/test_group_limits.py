"""Group games at Telegram's real limits (the fake answers 429 past ~20 writes a minute in a
group, and the bot runs at its production budget): every write to a group is in the budget, a
screen that did not change is never sent again, and a double tap or "My cards" costs nobody a
move; a write at the edge of the minute leaves room for an earlier one that was slower on its
way, and a turn whose board the budget holds back is reminded from when the board shows it."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from tests.support.recording import TgUser
from tests.support.tg_errors import NOT_MODIFIED
from tests.support.world import (
    World,
    hand_of,
    open_lobby,
    parquet_move,
    play_ryadki_turn,
    start_ryadki,
)

BOARD = re.compile(r"^🃏 Ryadki · (deal|game over)")


def group_writes(w: World) -> list[str]:
    """The sends and edits that reached the group (429s and refusals not counted)."""
    return [
        c.method
        for c in w.tg.calls
        if c.error is None
        and c.method in ("sendMessage", "editMessageText", "editMessageReplyMarkup")
        and c.params.get("chat_id") == w.group.id
    ]


def boards(w: World) -> list[int]:
    """The Ryadki boards in the group (messages with the game's buttons, not deleted)."""
    return [m.message_id for m in w.session.messages(w.group) if BOARD.match(m.text)]


async def mover(w: World, players: list[TgUser]) -> TgUser:
    return next(u for u in players if "Your turn" in hand_of(w, u).text)


async def test_a_busy_group_never_gets_a_429_greetings_and_lobbies_included(world: World) -> None:
    """Greeting, picker, lobby, joins, a whole deal and a rematch in quick succession: all of
    them inside the group's budget (a write that went around it would meet Telegram's 429)."""
    w = world
    players = [w.alice, w.bob, w.carol, w.dave]
    for _ in range(3):
        await w.say(w.alice, w.group, "/newgame")  # the picker, three times
    await start_ryadki(w, players)
    while await play_ryadki_turn(w, players):
        pass
    assert "game over" in w.board().text
    assert w.tg.limits.refused == 0
    per_minute = w.tg.writes_in_window(w.group.id, 60.0)
    assert 0 < per_minute <= w.settings.edits_per_minute_per_group


async def test_a_double_tap_on_a_hand_card_leaves_one_board_and_the_next_move_stands(
    any_world: World,
) -> None:
    w = any_world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    user = await mover(w, players)
    hand = hand_of(w, user)
    card = next(t for t in hand.button_texts() if t.startswith("✅"))
    data = str(hand.button(card)["callback_data"])
    await w.tap_data(user, hand, data)
    before = boards(w), len(group_writes(w))
    await w.tap_data(user, hand, data)  # the same button again: a double tap
    await w.drain()
    assert boards(w) == before[0]  # no second board
    assert len(group_writes(w)) == before[1]  # and not even an edit
    nxt = await mover(w, players)
    alerts = w.session.alerts(nxt)
    assert await play_ryadki_turn(w, players)
    assert w.session.alerts(nxt) == alerts  # not "the position has changed"


async def test_my_cards_costs_the_group_nothing(any_world: World) -> None:
    w = any_world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    before = boards(w), len(group_writes(w))
    for user in players:
        answer = await w.my_cards(user, w.tg.message(w.group.id, boards(w)[0]))
        assert "?start=j" in answer["url"]  # the private chat opens: the hand comes there
    assert boards(w) == before[0] and len(group_writes(w)) == before[1]
    assert await play_ryadki_turn(w, players)  # the game goes on, nobody is stale


async def test_three_joins_at_once_edit_the_lobby_without_a_not_modified(world: World) -> None:
    w = world
    lobby = await open_lobby(w, "ryadki")
    taps = [w.session.tap(u, lobby, "✋ Join") for u in (w.bob, w.carol, w.dave)]
    await asyncio.gather(*(w.dp.feed_update(w.bot, t) for t in taps))
    await w.drain()
    assert all(name in w.board().text for name in ("Bob", "Carol", "Dave"))
    not_modified = [c for c in w.tg.calls if c.error and NOT_MODIFIED in c.error.description]
    assert not_modified == []


async def test_my_cards_leaves_every_other_hand_live(any_world: World) -> None:
    """A player who brings their hand back ("My cards") changes no position: the mover's hand
    as it is on their screen still plays, and no other hand is edited for it."""
    w = any_world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    user = await mover(w, players)
    hand = hand_of(w, user)
    card = next(t for t in hand.button_texts() if t.startswith("✅"))
    data = str(hand.button(card)["callback_data"])  # what the mover's screen shows now
    board = w.tg.message(w.group.id, boards(w)[0])
    edits = len([c for c in w.tg.calls if c.method == "editMessageText"])
    for other in players:
        if other != user:
            await w.my_cards(other, board)
    retired = len(players) - 1  # each old hand says the cards moved below
    assert len([c for c in w.tg.calls if c.method == "editMessageText"]) == edits + retired
    alerts = w.session.alerts(user)
    await w.tap_data(user, hand, data)
    assert w.session.alerts(user) == alerts  # not "the position has changed"
    assert card.removeprefix("✅ ") not in hand_of(w, user).button_texts()  # it was played


async def test_a_write_at_the_end_of_the_minute_leaves_room_for_one_still_on_its_way(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Telegram counts a write when it arrives, the bot when it sends it: the group's first
    write here takes half a second on the way, so it is still in Telegram's minute when the
    bot's own count says the minute is over. Twenty-one writes in quick succession (a lobby,
    then the answers to /newgame, one a second) meet no 429."""
    w = world
    handle = w.tg.handle
    late = [w.group.id]

    def travel(method: str, params: dict[str, Any]) -> Any:
        if method == "sendMessage" and params.get("chat_id") in late:
            late.clear()
            w.clock.advance(0.5)  # the request is on its way
        return handle(method, params)

    monkeypatch.setattr(w.tg, "handle", travel)
    await open_lobby(w, "ryadki")
    while len(group_writes(w)) < 21:
        await w.say(w.bob, w.group, "/newgame")
    assert w.tg.limits.refused == 0
    assert w.tg.writes_in_window(w.group.id, 60.0) <= 20


def reminders(w: World) -> int:
    return sum(
        1
        for c in w.tg.calls
        if c.error is None
        and c.method == "sendMessage"
        and str(c.params.get("text", "")).startswith("🔔")
    )


async def test_a_turn_the_budget_keeps_off_the_board_is_not_reminded_before_it_is_shown(
    world: World,
) -> None:
    """Quick moves spend the group's minute: the next move's board waits for the budget, over
    20 s. Its player cannot move before the board shows the turn, so the reminder counts from
    then (else it would come right after the board, from a budget already short)."""
    w = world
    w.alice.started = w.bob.started = False  # a reminder would go to the group
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    while len(group_writes(w)) < w.settings.edits_per_minute_per_group:
        await parquet_move(w)  # a tap a second, each board shown at once
    moved = w.clock()
    await parquet_move(w)  # the budget is spent: this board waits (virtual time passes)
    assert w.clock() - moved > w.settings.turn_reminder_seconds + 2
    await w.svc.timers.tick_once()  # the move is old, but the board has only just shown it
    assert reminders(w) == 0
    await w.remind()  # now the turn has waited on the board
    assert reminders(w) == 1
    assert w.tg.limits.refused == 0


async def test_a_reminder_due_while_the_board_still_waits_waits_for_the_board(
    world: World,
) -> None:
    """Two quick moves: the second one's board waits behind the first (a second between two
    writes), so the turn's reminder is set for 20 s from now. But the board is still waiting
    when the reminder falls due (held here by the test; in a busy group by the budget that the
    wait then met): the reminder waits for the board and counts from when it shows."""
    w = world
    w.alice.started = w.bob.started = False  # a reminder would go to the group
    lobby = await open_lobby(w, "parquet")
    await w.tap(w.bob, lobby, "✋ Join")
    await parquet_move(w)
    gate = asyncio.Event()
    sleep = w.svc.flood.sleep
    assert sleep is not None

    async def held(seconds: float) -> None:  # the board's edits wait until the gate opens
        await gate.wait()
        await sleep(seconds)

    w.svc.flood.sleep = held
    w.settled, w.session.pace = False, 0.2  # a quick pair: the next move 0.4 s later
    shown = w.board().text
    await parquet_move(w)
    await parquet_move(w)
    w.clock.advance(w.settings.turn_reminder_seconds + 1)
    await w.svc.timers.tick_once()
    assert reminders(w) == 0 and w.board().text == shown  # nobody can see the turn yet
    gate.set()
    await w.drain()
    assert w.board().text != shown
    await w.svc.timers.tick_once()
    assert reminders(w) == 0  # the board has only just shown the turn
    await w.remind()
    assert reminders(w) == 1
