"""💡 with its searches in the pool of worker processes (issue 43 points 2 and 3), as a player
meets it, on both stores (the `h` fixture): a winning line the solver proved is kept with the
game, so each hint along it costs no search — in another process too, after the record is read
again — and a move off the line searches again; a lost position's way back is the record's; a
worker killed in the middle of a hint's search gives the computer's guess, said so, and the
next hint is the solver's again; more hints at once than the pool has room for get a guess
instead of waiting."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from bot.games import searches
from bot.games.solitaire import hint_taps, hints
from bot.games.solitaire import model as solitaire
from bot.games.state import state_of
from bot.storage import Store
from bot.storage.redis_store import RedisStore
from bot.storage.sqlite_store import SQLiteStore
from rules.solve import hint as solver_hint
from tests.support import searching
from tests.support.recording import TgMessage, TgUser
from tests.support.solitaire_driver import Harness, current, h_toast, start_game
from tests.support.waiting import until

pytestmark = pytest.mark.usefixtures("no_sleep")

SEED = 60  # a Raspad deal (52 cards) the solver wins from its first position
# test_solitaire_hints's: after these moves the position is proved lost, won 3 moves before
LOST_LINE = (
    *("JC>8C", "JH>QD", "KD>KH", "close", "9S>9D", "KC>6C", "8S>5S", "close", "9H>6H"),
    *("3S>2S", "TD>QC", "close", "AH>AC", "6D>6S", "7C>8H", "2D>4H", "KS>QS", "5C>4C"),
    *("JD>AD", "7S>7H"),
)
STARRED = "Hint marked with ⭐"
GUESS = "💡 The computer's guess — the solver found no sure line in time"


@pytest.fixture(autouse=True)
def patient(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search answers however long this machine takes (test_solitaire_hints says why); this
    deal for every new game."""
    monkeypatch.setattr(hint_taps, "THINK_AFTER", 3600.0)
    monkeypatch.setattr(hint_taps, "HINT_SECONDS", 3600.0)
    monkeypatch.setattr(solitaire, "fresh_seed", lambda: SEED)


def searched() -> int:
    """The hints' searches this process has sent to its pool so far."""
    return searches.pool().ran["consult"]


def starred(h: Harness, board: TgMessage) -> str:
    """The move the board's ⭐ marks."""
    moves = [cb.action for text, cb in h.game_buttons(current(h, board)) if "⭐" in text]
    plays = [m for m in moves if not m.startswith("~")]
    assert plays, current(h, board).describe()
    return plays[0]


async def hint(h: Harness, user: TgUser, board: TgMessage) -> str:
    """Tap 💡; its toast."""
    await h.tap(user, current(h, board), "💡 Hint")
    return h_toast(h.session)


async def test_hints_along_a_proved_line_cost_no_search(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    before = searched()
    assert await hint(h, ann, board) == STARRED
    assert searched() == before + 1
    for _ in range(8):  # the next hints are read from the line the first one proved
        await h.play(ann, board, starred(h, board))
        assert await hint(h, ann, board) == STARRED
    assert searched() == before + 1
    after = await h.record(board)
    assert solver_hint("raspad", state_of(after), hints.HINT_BUDGET["raspad"]).verdict == hints.WON


async def test_a_move_off_the_line_makes_the_next_hint_search_again(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    before = searched()
    assert await hint(h, ann, board) == STARRED
    record = await h.record(board)
    on_line = starred(h, board)
    off = [m for m in solitaire.legal_moves(record) if m != on_line]
    await h.play(ann, board, off[0])
    toast = await hint(h, ann, board)
    assert searched() == before + 2
    assert toast == STARRED or "can no longer be won" in current(h, board).text


async def reopened(h: Harness, request: pytest.FixtureRequest) -> Store:
    """A second store object on the same data: a record read by it is read from the backend
    (a restarted process, another replica)."""
    if isinstance(h.store, SQLiteStore):
        return await SQLiteStore(h.store.path).open()
    assert isinstance(h.store, RedisStore)
    url = request.getfixturevalue("redis_url")
    return await RedisStore(url, prefix=h.store.link.prefix).open()


async def test_the_record_keeps_the_line_for_another_process(
    h: Harness, request: pytest.FixtureRequest
) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    assert await hint(h, ann, board) == STARRED
    await h.play(ann, board, starred(h, board))
    before = searched()
    store = await reopened(h, request)
    try:
        again = await store.load(h.game_id(current(h, board)))
        assert again is not None and again.solo.line and again.solo.line_at
        other = Harness.build(h.bot, h.session, store)  # another process, the same chat
        await other.tap(ann, current(h, board), "💡 Hint")
        assert h_toast(h.session) == STARRED
        assert searched() == before
        assert starred(h, board) in solitaire.legal_moves(again)
    finally:
        await store.close()


async def test_the_way_back_of_a_lost_position_is_the_record_s(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    for move in LOST_LINE:
        await h.play(ann, board, move)
    before = searched()
    await h.tap(ann, current(h, board), "💡 Hint")
    assert "3 moves back" in current(h, board).text
    other = Harness.build(h.bot, h.session, h.store)  # (no memory of the hint's walk)
    await other.tap(ann, current(h, board), "↩️ Back 3 moves to a winnable position")
    assert "↩️ 3 moves undone: this deal can be won from here" in current(h, board).text
    assert await hint(h, ann, board) == STARRED  # on the way back's line
    assert searched() == before + 1


async def test_a_worker_killed_mid_search_gives_the_guess_and_the_next_hint_is_the_solvers(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    real = hints.consult
    monkeypatch.setattr(hints, "consult", searching.stuck)  # a search that does not end
    tapped = asyncio.ensure_future(h.tap(ann, current(h, board), "💡 Hint"))
    os.kill(await searching.stuck_worker(tapped), signal.SIGKILL)
    await asyncio.wait_for(tapped, searching.SLOW_START)
    assert h_toast(h.session) == "🤔 Thinking…"
    assert GUESS in current(h, board).text  # the computer's move, said to be a guess
    assert any("⭐" in text for text in current(h, board).button_texts())
    monkeypatch.setattr(hints, "consult", real)
    await h.play(ann, board, starred(h, board))
    assert await hint(h, ann, board) == STARRED  # the pool has a new worker


async def test_more_hints_at_once_than_the_pool_has_room_for_get_a_guess(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """room + 1 hints at once, the searches held until every tap is in (else one could end,
    making room, before the last is sent): exactly one gets the guess at once; the others the
    solver's ⭐ once their searches go on."""
    await until(lambda: searches.pool().busy() == 0, "earlier searches to end", timeout=60)
    room = searches.pool().limit
    names = [f"P{i}" for i in range(room + 1)]
    players = [h.session.tg.add_user(name, language_code="en") for name in names]
    boards = [await start_game(h, p, "raspad", "52") for p in players]
    answered = len(h.session.answers())
    monkeypatch.setattr(hints, "consult", searching.held)
    with searching.opened_later() as gate:
        taps = [
            asyncio.ensure_future(h.tap(p, current(h, b), "💡 Hint"))
            for p, b in zip(players, boards, strict=True)
        ]
        await until(
            lambda: any(t.done() for t in taps), "the hint with no room", searching.SLOW_START
        )
        guessed = [b for b in boards if GUESS in current(h, b).text]
        assert len(guessed) == 1
        assert [a.get("text") for a in h.session.answers()[answered:]] == ["🤔 Thinking…"]
        gate.touch()
        await asyncio.wait_for(asyncio.gather(*taps), searching.SLOW_START)
    toasts = sorted(str(a.get("text")) for a in h.session.answers()[answered:])
    assert toasts == sorted([STARRED] * room + ["🤔 Thinking…"])
    assert len([b for b in boards if GUESS in current(h, b).text]) == 1
    assert all(any("⭐" in t for t in current(h, b).button_texts()) for b in boards)
