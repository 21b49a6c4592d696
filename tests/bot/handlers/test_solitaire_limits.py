"""A solitaire board at Telegram's limits when taps come faster than the board's edits: a tap
handled while the previous tap's edit is still on its way to Telegram, which then refuses that
edit with 429. Polling handles a chat's updates concurrently, so this happens to a quick
player; the board must end on what the last tap showed, never on the older, refused edit sent
again later."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from bot.games.solitaire import hint_taps
from bot.games.solitaire import model as solitaire
from bot.games.solitaire.service import SolitaireService
from bot.wire.callbacks import game_data
from bot.wire.flood import EditCoalescer
from tests.support.recording import TgMessage, TgUser
from tests.support.solitaire_driver import Harness, current, start_game
from tests.support.virtual_time import VirtualClock
from tests.support.waiting import until

SEED = 20240607

Tap = Callable[[TgMessage], Coroutine[Any, Any, None]]


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solitaire, "fresh_seed", lambda: SEED)
    # a hint's tap is answered once its search is done, however long this machine takes: these
    # tests count answers, and a loaded machine would otherwise answer "Thinking…" first (or
    # the guess of a search past its time)
    monkeypatch.setattr(hint_taps, "THINK_AFTER", 3600.0)
    monkeypatch.setattr(hint_taps, "HINT_SECONDS", 3600.0)


async def two_quick_taps(
    h: Harness, monkeypatch: pytest.MonkeyPatch, ann: TgUser, first: Tap, second: Tap
) -> TgMessage:
    """Ann's Raspad board (its first hint taken): `first` taps it; while that tap's edit is on
    its way to Telegram, `second` taps the same board and is answered; then the first edit
    arrives and Telegram answers it 429. The board once every waiting edit has gone out (on
    the fake Telegram's virtual time)."""
    clock = h.session.tg.clock
    assert isinstance(clock, VirtualClock)
    service: SolitaireService = h.dp["solitaires"]
    service.flood = EditCoalescer(
        1_000_000, min_gap=0.0, clock=clock, sleep=clock.sleep, serial=True
    )
    board = await start_game(h, ann, "raspad", "52")
    await h.tap(ann, current(h, board), "💡 Hint")  # the first hint is saved; later ones are not
    shown = current(h, board)

    real_edit = service.tg.edit
    on_its_way, arrives = asyncio.Event(), asyncio.Event()

    async def slow_first_edit(*args: Any, **kw: Any) -> int | None:
        if not on_its_way.is_set():
            on_its_way.set()
            await arrives.wait()
        return await real_edit(*args, **kw)

    monkeypatch.setattr(service.tg, "edit", slow_first_edit)
    tapped = [asyncio.create_task(first(shown))]
    await on_its_way.wait()
    answered = len(h.session.answers())
    tapped.append(asyncio.create_task(second(shown)))
    await until(lambda: len(h.session.answers()) > answered, "the second tap answered")
    h.session.inject_retry_after("editMessageText", seconds=1)  # the first edit arrives
    arrives.set()
    await asyncio.gather(*tapped)
    await service.flood.drain()
    return current(h, board)


async def test_a_move_tapped_while_the_hints_edit_is_on_its_way_stays_shown(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")

    async def hint(board: TgMessage) -> None:
        await h.tap(ann, board, "💡 Hint")

    async def move(board: TgMessage) -> None:
        rec = await h.record(board)
        await h.tap(ann, board, game_data(rec.id, rec.version, solitaire.legal_moves(rec)[0]))

    final = await two_quick_taps(h, monkeypatch, ann, hint, move)
    rec = await h.record(final)
    assert rec.solo.moves == 1
    # the position after the move, not the hint shown before it
    assert f"{rec.id}:{rec.version}:" in (final.callback_data()[0] or ""), final.describe()
    assert not any("⭐" in t for t in final.button_texts()), final.describe()


async def test_a_confirmation_tapped_while_the_hints_edit_is_on_its_way_stays_shown(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")

    async def hint(board: TgMessage) -> None:
        await h.tap(ann, board, "💡 Hint")

    async def give_up(board: TgMessage) -> None:
        await h.tap(ann, board, "🏳 Give up")

    final = await two_quick_taps(h, monkeypatch, ann, hint, give_up)
    assert "Give up?" in final.text and final.has_button("🏳 Yes, give up"), final.describe()
