"""Solitaires in a private chat that outlive their moves: undo (bounded, exact, across a
restart), a restart, another process's move and a game gone from Redis, through
Dispatcher.feed_update with a recording session that validates every request."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.solitaire import model as solitaire
from bot.storage.redis_store import RedisStore
from bot.storage.sqlite_store import SQLiteStore
from bot.wire.callbacks import game_data
from bot.wire.flood import EditCoalescer
from tests.bot.telegram.test_flood import FakeClock
from tests.support.recording import RecordingSession, make_bot
from tests.support.redis_counting import RoundTrips
from tests.support.solitaire_driver import (
    Harness,
    computer_move,
    current,
    h_alert,
    h_toast,
    play_out,
    start_game,
)

SEED = 20240607

pytestmark = pytest.mark.usefixtures("no_sleep")


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solitaire, "fresh_seed", lambda: SEED)


async def test_undo_restores_the_previous_position(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    before = await h.record(board)
    assert not current(h, board).has_button("↩️ Undo")  # nothing to undo yet
    move = computer_move(before)
    assert move is not None
    await h.play(ann, board, move)
    assert current(h, board).has_button("↩️ Undo")
    await h.tap(ann, current(h, board), "↩️ Undo")
    after = await h.record(board)
    assert after.state == before.state
    assert after.solo.undos == 1
    assert "move undone" in current(h, board).text


async def test_undo_history_is_bounded() -> None:
    rec = solitaire.new_record("kosa", "u", 1, "en", seed=SEED)
    positions = [rec.state]
    for _ in range(30):
        moves = solitaire.legal_moves(rec)
        solitaire.apply_move(rec, "d" if "d" in moves else moves[0], undo_depth=5)
        positions.append(rec.state)
    for back in range(1, 6):  # five steps back, each exactly the earlier position
        assert solitaire.undo(rec)
        assert rec.state == positions[-1 - back]
    assert not solitaire.undo(rec)  # the sixth is refused and changes nothing
    assert rec.state == positions[-6]
    # a new move allows one more undo, back to where it was played from
    moves = solitaire.legal_moves(rec)
    solitaire.apply_move(rec, moves[0], undo_depth=5)
    assert solitaire.undo(rec) and rec.state == positions[-6]
    assert not solitaire.undo(rec)


@given(st.integers(0, 2**32), st.lists(st.integers(0, 1000), min_size=1, max_size=60))
@settings(max_examples=25, deadline=None)
def test_undo_replays_exactly(seed: int, picks: list[int]) -> None:
    """Undo after any sequence of moves gives back the previous position, in both games."""
    for kind, variant in (("raspad", "54"), ("kosa", "3")):
        rec = solitaire.new_record(kind, variant, 1, "en", seed=seed)
        positions = [rec.state]
        for pick in picks:
            moves = [m for m in solitaire.legal_moves(rec) if m != "resign"]
            if rec.finished or not moves:
                break
            solitaire.apply_move(rec, moves[pick % len(moves)], undo_depth=200)
            positions.append(rec.state)
        if rec.finished:
            assert not solitaire.undo(rec)
            continue
        while len(positions) > 1:
            positions.pop()
            assert solitaire.undo(rec)
            assert rec.state == positions[-1]
        assert not solitaire.undo(rec)


async def test_game_survives_a_restart(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bot, session = make_bot(RecordingSession(validate=True))
    path = str(tmp_path / "db.sqlite3")
    store = await SQLiteStore(path).open()
    h = Harness.build(bot, session, store)
    ann = session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "kosa", "u")
    gid = h.game_id(board)
    await play_out(h, ann, board, gid, 3)
    await store.close()
    store2 = await SQLiteStore(path).open()
    h2 = Harness.build(bot, session, store2)  # a new process: new dispatcher and store
    rec = await h2.record(gid)
    await play_out(h2, ann, board, gid, 2)
    assert (await h2.record(gid)).version == rec.version + 2
    await store2.close()


async def test_a_move_made_by_another_process_is_never_overwritten(redis_url: str) -> None:
    """Two bot processes on one Redis, each remembering the games it touched. Ann's tap is
    played by process B; a second delivery of the same tap reaches process A, whose memory of
    the game is one move old: A's optimistic move fails its compare-and-set, Ann gets the
    stale alert, and the board shows the game as B left it."""
    bot, session = make_bot(RecordingSession(validate=True))
    prefix = "two" + uuid.uuid4().hex[:6]
    stores = [await RedisStore(redis_url, prefix=prefix).open() for _ in range(2)]
    try:
        a, b = (Harness.build(bot, session, s) for s in stores)
        ann = session.tg.add_user("Ann", language_code="en")
        board = await start_game(a, ann, "raspad", "52")  # A created it: A remembers version 0
        rec = await a.record(board)
        move = computer_move(rec)
        assert move is not None
        data = game_data(rec.id, rec.version, move)
        stale_board = current(a, board)
        await b.tap_data(ann, stale_board, data)
        moved = await b.record(board)
        assert moved.version == rec.version + 1
        shown = current(a, board).text
        await a.tap_data(ann, stale_board, data)
        assert h_toast(session) == "The board has changed — tap a current button."
        final = await a.record(board)
        assert (final.version, final.state, final.solo.moves) == (moved.version, moved.state, 1)
        assert current(a, board).text == shown
        assert not session.tg.unanswered_callbacks()
    finally:
        for s in stores:
            await s.close()


async def test_an_edit_held_back_by_a_429_never_brings_back_an_older_board(h: Harness) -> None:
    """Two replicas (each its own services) on one store. Replica A saves Ann's move, but
    Telegram answers its edit 429, so A holds the edit back. Ann, still on the old board, goes
    on through replica B: her tap there brings the board up to date, and she moves again. When
    Telegram's pause is over, A's held edit (an older position) must not replace B's board."""
    b = Harness.build(h.bot, h.session, h.store)
    clock = FakeClock()
    pause_over = asyncio.Event()

    async def pause(seconds: float) -> None:  # Telegram's pause lasts until the test ends it
        await pause_over.wait()
        await clock.sleep(seconds)

    h.dp["solitaires"].flood = EditCoalescer(
        1_000_000, min_gap=0.0, clock=clock, sleep=pause, serial=True
    )
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "kosa", "u")
    first = await h.record(board)
    h.session.inject_retry_after("editMessageText", seconds=2)
    await h.play(ann, board, "d")  # A: saved, its edit waits out the 429
    assert h.dp["solitaires"].flood.is_pending(ann.id, (board.message_id, first.id))
    await b.tap(ann, current(h, board), "💡 Hint")  # B: the board has changed, shown anew
    assert h_toast(h.session) == "The board has changed — tap a current button."
    await b.play(ann, board, "d")  # B: the newest position, shown
    newest = current(h, board).text
    assert (await h.record(board)).version == first.version + 2
    pause_over.set()
    await h.dp["solitaires"].flood.drain()
    assert current(h, board).text == newest


async def test_a_move_is_one_redis_round_trip(redis_url: str) -> None:
    """The edit that follows a move at once asks nothing more of the store: the move is its
    compare-and-set save alone (only an edit held back checks the stored version)."""
    bot, session = make_bot(RecordingSession(validate=True))
    store = await RedisStore(redis_url, prefix="rt" + uuid.uuid4().hex[:6]).open()
    try:
        h = Harness.build(bot, session, store)
        ann = session.tg.add_user("Ann", language_code="en")
        board = await start_game(h, ann, "kosa", "u")
        trips = RoundTrips(store)
        for _ in range(3):
            before = trips.commands
            await h.play(ann, board, "d")
            assert trips.commands - before == 1
        assert (await h.record(board)).solo.moves == 3
    finally:
        await store.close()


async def test_a_move_on_a_game_gone_from_redis_says_so(redis_url: str) -> None:
    """The process remembers the game, but Redis no longer has it (expired, or deleted by an
    operator): the move is refused with "no longer available" and nothing is written."""
    bot, session = make_bot(RecordingSession(validate=True))
    store = await RedisStore(redis_url, prefix="gone" + uuid.uuid4().hex[:6]).open()
    try:
        h = Harness.build(bot, session, store)
        ann = session.tg.add_user("Ann", language_code="en")
        board = await start_game(h, ann, "raspad", "52")
        rec = await h.record(board)
        move = computer_move(rec)
        assert move is not None
        await store.client.delete(store._game(rec.id))  # behind the store's back
        text = current(h, board).text
        await h.tap_data(ann, current(h, board), game_data(rec.id, rec.version, move))
        assert h_alert(session) == "This game is no longer available."
        assert await store.load(rec.id) is None
        assert current(h, board).text == text
        assert not session.tg.unanswered_callbacks()
    finally:
        await store.close()


async def test_undo_survives_a_restart(redis_url: str) -> None:
    """The undo history is the stored move list: a fresh process (nothing remembered) undoes
    back to the exact earlier positions."""
    bot, session = make_bot(RecordingSession(validate=True))
    prefix = "ur" + uuid.uuid4().hex[:6]
    first = await RedisStore(redis_url, prefix=prefix).open()
    try:
        h = Harness.build(bot, session, first)
        ann = session.tg.add_user("Ann", language_code="en")
        board = await start_game(h, ann, "kosa", "u")
        positions = [(await h.record(board)).state]
        for _ in range(3):
            rec = await h.record(board)
            move = computer_move(rec)
            assert move is not None
            await h.play(ann, board, move)
            positions.append((await h.record(board)).state)
    finally:
        await first.close()
    second = await RedisStore(redis_url, prefix=prefix).open()  # the restarted process
    try:
        h = Harness.build(bot, session, second)
        for back in (2, 3):
            await h.tap(ann, current(h, board), "↩️ Undo")
            assert (await h.record(board)).state == positions[-back]
        assert "move undone" in current(h, board).text
    finally:
        await second.close()


def test_a_long_game_keeps_a_short_log_and_exact_undo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solitaire, "LOG_LIMIT", 12)
    rec = solitaire.new_record("kosa", "u", 1, "en", seed=SEED)
    positions = [rec.state]
    for i in range(60):
        moves = [m for m in solitaire.legal_moves(rec) if m not in ("resign", "r")]
        solitaire.apply_move(rec, moves[i % len(moves)], undo_depth=5)
        positions.append(rec.state)
        assert len(rec.solo.history.split()) <= 12
    assert rec.solo.moves == 60
    for back in range(1, 6):
        assert solitaire.undo(rec)
        assert rec.state == positions[-1 - back]
    assert not solitaire.undo(rec)
