"""Telegram answering 429 for a while to one group: every tap is still answered at once, the
group's edits wait out one shared pause and collapse to the newest board, and the board is
current in the end."""

from __future__ import annotations

import asyncio

import rules
from bot.wire.flood import EditCoalescer
from tests.bot.telegram.test_flood import FakeClock
from tests.support.world import World, hand_of, play_ryadki_turn, start_ryadki


async def moves_made(w: World) -> int:
    gid = await w.store.get_chat_game(w.group.id)
    game = await w.store.load(gid or "")
    assert game is not None
    return int(rules.GAMES["ryadki"].from_json(game.state).moves)


async def test_a_429_storm_on_one_group_delays_its_board_only(
    world: World, no_sleep: list[float]
) -> None:
    w = world
    players = [w.alice, w.bob, w.carol]
    await start_ryadki(w, players)
    w.settled = False  # the chats are read right after each tap: the storm holds the edits
    clock = FakeClock()
    slept: list[float] = []
    storm_over = asyncio.Event()  # the pauses last until the test has played its moves

    async def pause(seconds: float) -> None:
        slept.append(seconds)
        await storm_over.wait()
        await clock.sleep(seconds)

    def group_edits() -> list[dict[str, object]]:
        calls = w.session.calls("editMessageText")[edits:]
        return [c for c in calls if c.get("chat_id") == w.group.id]

    flood = EditCoalescer(100_000, min_gap=0.0, clock=clock, sleep=pause)
    w.svc.flood = w.svc.publisher.flood = flood
    storm = w.session.tg.inject_retry_after("editMessageText", 3, times=10, chat_id=w.group.id)
    edits = len(w.session.calls("editMessageText"))
    for _ in range(6):
        answered = len(w.session.calls("answerCallbackQuery"))
        made = await moves_made(w)
        assert await play_ryadki_turn(w, players)
        # the tap is answered (no handler waited out the group's pause) and the move made
        assert len(w.session.calls("answerCallbackQuery")) == answered + 1
        assert await moves_made(w) == made + 1
    assert no_sleep == []  # nothing slept inline: only the coalescer waited
    assert any("Your turn" in hand_of(w, u).text for u in players)
    assert len(group_edits()) == 1  # one refused edit; the rest wait for the shared pause
    storm_over.set()
    await flood.drain()
    gid = await w.store.get_chat_game(w.group.id)
    game = await w.store.load(gid or "")
    assert game is not None
    assert w.board().raw == (await w.svc.publisher.board_screen(game)).text  # current at last
    assert storm.times == 0
    assert slept == [3.0] * 10  # one pause per refusal, never a send sooner than asked
    assert len(group_edits()) == 11  # the six waiting boards went out as the newest one
