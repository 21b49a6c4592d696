"""A hint in the ranked attempt at the deal of the day costs the rank only when it gives
something (issue 44, point 4c): one that finds no move and no way back ("can no longer be won
from here" — a ranked attempt has no undo) leaves the attempt ranked, on its board, and says so;
one that marks a move unranks it (test_daily_honest). On both stores."""

from __future__ import annotations

import re

import pytest

from bot.games.solitaire import daily as solo_daily
from bot.games.solitaire import hint_taps
from bot.storage import Store
from tests.bot.handlers.test_daily_honest import DAY, give_up, open_daily, today
from tests.bot.handlers.test_solitaire_hints import LOST_LINE, LOST_SEED, play_line
from tests.support.daily_pages import daily_page
from tests.support.solitaire_driver import Harness, current
from tests.support.world import World

FREE = "This hint cost nothing: the attempt is still ranked."  # (it has no undo to go back with)


@pytest.fixture(autouse=True)
def lost_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Today's Raspad is the deal LOST_LINE loses (its par unknown); a search answers however
    long this machine takes (test_solitaire_hints says why)."""

    async def dealt(
        store: Store, kind: str, variant: str, number: int, tier: str, today: int
    ) -> tuple[int | None, int | None]:
        return LOST_SEED, None

    monkeypatch.setattr(solo_daily, "dealt", dealt)
    monkeypatch.setattr(hint_taps, "THINK_AFTER", 3600.0)
    monkeypatch.setattr(hint_taps, "HINT_SECONDS", 3600.0)


async def test_a_hint_that_gives_nothing_keeps_the_attempt_ranked(any_world: World) -> None:
    w = any_world
    today(w)
    board = await open_daily(w, w.alice)
    h = Harness(w.bot, w.session, w.store, w.dp)
    await play_line(h, w.alice, board, LOST_LINE)
    await w.tap(w.alice, current(h, board), re.compile("Hint"))
    await w.tap(w.alice, current(h, board), "💡 Use a hint")  # asked first, as any hint is
    lost = current(h, board)
    assert "This deal can no longer be won from here. " + FREE in lost.text, lost.text
    assert "undo reach" not in lost.text  # (a ranked attempt has no undo)
    assert f"Deal of the day #{DAY} · ranked attempt" in lost.text, lost.text
    record = await h.record(board)
    assert record.solo.hints == 0 and record.solo.ranked
    end = await give_up(w, w.alice)
    assert "unranked" not in end.text and end.has_button(re.compile("📋 Copy|📤 Share"))
    page = await daily_page(w, w.bob, "raspad")
    await w.tap(w.bob, page, re.compile("Raspad: the day's board"))
    assert "Alice" in w.last(w.bob).text  # on the day's board


async def test_a_hint_that_marks_a_move_still_unranks_it(any_world: World) -> None:
    w = any_world
    today(w)
    board = await open_daily(w, w.alice)
    h = Harness(w.bot, w.session, w.store, w.dp)
    await w.tap(w.alice, current(h, board), re.compile("Hint"))
    await w.tap(w.alice, current(h, board), "💡 Use a hint")
    hinted = current(h, board)
    assert any("⭐" in text for text in hinted.button_texts())
    assert "unranked: a hint was used" in hinted.text
    assert (await h.record(board)).solo.hints == 1
