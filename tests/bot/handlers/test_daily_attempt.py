"""The deal of the day's one ranked attempt, on both stores, when a tap on ▶ is cut short (the
process killed, or the store stalled past its timeout, at each step of starting the game) or
comes twice (at once, or one after the other): the player still gets exactly one ranked
attempt, and sees it on the day's board once it is over."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from aiogram.types import Update

from bot.stats.daily import day_number, utc_day
from bot.storage import Store, StoreUnavailable
from tests.support.recording import TgMessage, TgUser
from tests.support.world import World

NOW = 1_796_140_800.0  # 2026-12-01 12:00 UTC: the day every service sees
KOSA = "▶️ 🪢 Kosa"
GIVE_UP = re.compile("Give up")
YES = re.compile("Yes, give up")
UNAVAILABLE = "The game is briefly unavailable"


def today(w: World) -> World:
    w.dp["solitaires"].clock = w.dp["players"].clock = lambda: NOW
    return w


async def daily(w: World, user: TgUser) -> TgMessage:
    await w.say(user, None, "/daily")
    return w.last(user)


async def give_up(w: World, user: TgUser, board: TgMessage) -> None:
    await w.tap(user, w.session.message(board.chat.id, board.message_id), GIVE_UP)
    await w.tap(user, w.session.message(board.chat.id, board.message_id), YES)


async def day_board(w: World, user: TgUser) -> str:
    await w.tap(user, await daily(w, user), re.compile("Kosa: the day's board"))
    return w.last(user).text


def stall_once(
    monkeypatch: pytest.MonkeyPatch, store: Store, method: str, *, lands: bool
) -> list[bool]:
    """The store's `method` fails once as when Redis stalls past the store's timeout: the caller
    is told the store is unavailable; the call reached the store first (`lands`: it landed
    late) or never did (the process died before it). Returns a list that gets True when it
    fired."""
    real: Callable[..., Awaitable[Any]] = getattr(store, method)
    fired: list[bool] = []

    async def stalled(*args: Any, **kw: Any) -> Any:
        if fired:
            return await real(*args, **kw)
        fired.append(True)
        if lands:
            await real(*args, **kw)
        raise StoreUnavailable(f"{method} stalled")

    monkeypatch.setattr(store, method, stalled)
    return fired


FAULTS = {
    "the claim landed after the bot gave up": ("claim_daily", True),
    "killed between the claim and the game": ("create", False),
    "the game landed after the bot gave up": ("create", True),
    "killed before the game was shown": ("add_user_game", False),
}


@pytest.mark.parametrize(("method", "lands"), FAULTS.values(), ids=FAULTS.keys())
async def test_the_next_daily_is_ranked_after_a_start_cut_short(
    any_world: World, monkeypatch: pytest.MonkeyPatch, method: str, lands: bool
) -> None:
    w = today(any_world)
    fired = stall_once(monkeypatch, w.store, method, lands=lands)
    await w.tap(w.alice, await daily(w, w.alice), KOSA)
    assert fired and w.last_alert(w.alice).startswith(UNAVAILABLE)
    # the next /daily: its ▶ starts (or brings back) the day's ranked attempt
    again = await daily(w, w.alice)
    assert "Kosa: not played yet" in again.text
    await w.tap(w.alice, again, KOSA)
    board = w.session.message(again.chat.id, again.message_id)
    assert "Braid" in board.text, board.describe()
    await give_up(w, w.alice, board)
    assert "1. Alice" in await day_board(w, w.alice)


async def test_a_claim_the_previous_version_left_without_its_game_is_repaired(
    any_world: World,
) -> None:
    """The previous version claimed the attempt before creating its game, and some players
    lost it that way today: their claim names a game that does not exist. ▶ gives it back."""
    w = today(any_world)
    day = day_number(utc_day(NOW))
    await w.store.claim_daily(w.alice.id, "kosa", "u", day, "lostGame01")  # (its format then)
    screen = await daily(w, w.alice)
    await w.tap(w.alice, screen, KOSA)
    board = w.session.message(screen.chat.id, screen.message_id)
    assert "Braid" in board.text, board.describe()
    await give_up(w, w.alice, board)
    assert "1. Alice" in await day_board(w, w.alice)


async def test_play_tapped_twice_in_turn_keeps_the_ranked_game(any_world: World) -> None:
    """A double tap on ▶ (both made on the ▶ button, handled one after the other, as the
    webhook's gate runs a chat's updates): the second shows the ranked game the first started."""
    w = today(any_world)
    screen = await daily(w, w.alice)
    taps = [w.session.tap(w.alice, screen, KOSA) for _ in range(2)]
    for tap in taps:
        await w.dp.feed_update(w.bot, tap)
    board = w.session.message(screen.chat.id, screen.message_id)
    assert "Braid" in board.text, board.describe()
    await give_up(w, w.alice, board)
    assert "1. Alice" in await day_board(w, w.alice)


async def test_play_tapped_twice_at_once_gives_one_ranked_game(
    any_world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two taps on ▶ handled at once (polling, or two replicas): both are held right before
    the game is created until the other got there too. Both show the one ranked game; no
    second game is left running."""
    w = today(any_world)
    screen = await daily(w, w.alice)
    together = asyncio.Event()
    arrived: list[bool] = []
    create = w.store.create

    async def meet(record: Any) -> bool:
        arrived.append(True)
        if len(arrived) == 2:
            together.set()
        await together.wait()
        return await create(record)

    async def feed(update: Update) -> None:
        try:
            await w.dp.feed_update(w.bot, update)
        finally:  # a tap that ends never holds the other back
            together.set()

    monkeypatch.setattr(w.store, "create", meet)
    taps = [w.session.tap(w.alice, screen, KOSA) for _ in range(2)]
    await asyncio.gather(*(feed(tap) for tap in taps))
    monkeypatch.undo()
    board = w.session.message(screen.chat.id, screen.message_id)
    assert "Braid" in board.text, board.describe()
    await give_up(w, w.alice, board)
    assert "1. Alice" in await day_board(w, w.alice)
    await w.say(w.alice, None, "/start")
    assert not w.last(w.alice).has_button(re.compile("Kosa.*continue"))


async def test_an_attempt_under_way_is_shown_as_such_and_brought_back(any_world: World) -> None:
    """/daily during the day's ranked attempt says it is under way (not "not played yet"), and
    its button brings that game back; once it is over, the result is shown."""
    w = today(any_world)
    first = await daily(w, w.alice)
    await w.tap(w.alice, first, KOSA)
    assert "Braid" in w.session.message(first.chat.id, first.message_id).text
    screen = await daily(w, w.alice)
    assert "Kosa: your attempt is under way" in screen.text, screen.text
    assert "Kosa: not played yet" not in screen.text
    await w.tap(w.alice, screen, "▶️ 🪢 Kosa: go on")
    back = w.session.message(screen.chat.id, screen.message_id)
    assert "Braid" in back.text, back.describe()
    assert len(await w.store.user_games(w.alice.id)) == 1  # that game, not a second one
    await give_up(w, w.alice, back)
    done = await daily(w, w.alice)
    assert "Kosa: played" in done.text and "under way" not in done.text, done.text
