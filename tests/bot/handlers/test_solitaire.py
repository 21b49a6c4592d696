"""Kosa and Raspad in a private chat, through Dispatcher.feed_update with a recording session
that validates every request against the Bot API spec."""

from __future__ import annotations

import asyncio
import html
import logging
import re
import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from bot.games.solitaire import model as solitaire
from bot.games.state import state_of
from bot.render.common import PHONE_COLUMNS, width
from bot.storage.redis_store import RedisStore
from bot.storage.sqlite_store import SQLiteStore
from bot.wire.callbacks import game_data
from bot.wire.flood import EditCoalescer
from tests.bot.telegram.test_flood import FakeClock
from tests.support.recording import RecordingSession, TgMessage, TgUser, make_bot
from tests.support.solitaire_driver import Harness

SEED = 20240607

pytestmark = pytest.mark.usefixtures("no_sleep")


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solitaire, "fresh_seed", lambda: SEED)


async def start_game(h: Harness, user: TgUser, kind: str, variant: str) -> TgMessage:
    await h.say(user, "/start")
    menu = h.last(user)
    await h.tap(user, menu, f"m:{kind}")
    await h.tap(user, h.session.message(menu.chat.id, menu.message_id), f"m:new:{kind}:{variant}")
    board = h.session.message(menu.chat.id, menu.message_id)
    assert board.message_id == menu.message_id  # the menu message became the board
    return board


def current(h: Harness, msg: TgMessage) -> TgMessage:
    return h.session.message(msg.chat.id, msg.message_id)


def pre_lines(msg: TgMessage) -> list[str]:
    raw = msg.raw or ""
    m = re.search(r"<pre>(.*?)</pre>", raw, re.S)
    assert m, f"no <pre> board in {raw!r}"
    return html.unescape(m.group(1)).split("\n")


def visual_width(line: str) -> int:
    return width(line)


async def play_out(h: Harness, user: TgUser, board: TgMessage, gid: str, limit: int) -> int:
    """Follow the hints by pressing buttons until the game ends (or `limit` moves)."""
    moves = 0
    for _ in range(limit):
        rec = await h.record(gid)
        if rec.finished:
            break
        move = solitaire.hint(rec)
        assert move is not None
        await h.play(user, board, move)
        after = await h.record(gid)
        assert after.version == rec.version + 1, f"move {move} did not apply"
        moves += 1
    return moves


async def test_whole_raspad_game_in_one_message(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    text = current(h, board).text
    assert "Hand:" in text and "Round 1" in text
    gid = h.game_id(board)
    await play_out(h, ann, board, gid, 400)
    rec = await h.record(gid)
    assert rec.finished
    final = current(h, board)
    assert "Moves:" in final.text and "time" in final.text
    assert final.has_button("🔁 Play again") and final.has_button("☰ Menu")
    assert len(h.session.messages(ann)) == 1  # the menu message became the game's message
    # play again: a new board below, the finished one keeps its text
    await h.tap(ann, final, "🔁 Play again")
    assert len(h.session.messages(ann)) == 2
    assert current(h, board).reply_markup in (None, {}) or not current(h, board).buttons()
    assert "Hand:" in h.last(ann).text


async def test_part_of_a_kosa_game_with_narrow_board(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="ru")
    board = await start_game(h, ann, "kosa", "u")
    gid = h.game_id(board)
    await play_out(h, ann, board, gid, 25)
    msg = current(h, board)
    assert "Коса" in msg.text and "Колода" in msg.text
    for line in pre_lines(msg):
        assert visual_width(line) <= PHONE_COLUMNS, line
    rec = await h.record(gid)
    assert rec.solo.moves == 25 or rec.finished


async def test_raspad_board_is_narrow_and_marks_targets(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="ru")
    board = await start_game(h, ann, "raspad", "54")
    for line in pre_lines(current(h, board)):
        assert visual_width(line) <= PHONE_COLUMNS, line
    rec = await h.record(board)
    moves = solitaire.legal_moves(rec)
    multi = [
        c
        for c in rules.GAMES["raspad"].view(state_of(rec), 0)["hand"]
        if sum(m.startswith(c + ">") for m in moves) > 1
    ]
    single = [m for m in moves if ">" in m and sum(x.startswith(m[:3]) for x in moves) == 1]
    if single:  # one-tap shortcut: the hand button is the move itself
        assert any(cb.action == single[0] for _, cb in h.game_buttons(current(h, board)))
    if multi:
        await h.tap(ann, current(h, board), f"{h.game_id(board)}:{rec.version}:~pick:{multi[0]}")
        msg = current(h, board)
        targets = [t for t, cb in h.game_buttons(msg) if cb.action.startswith(multi[0] + ">")]
        assert len(targets) > 1 and all("🎯" in t for t in targets)
        assert any("↑" in line for line in pre_lines(msg))
        assert (await h.record(board)).version == rec.version  # picking changes nothing stored


async def test_stale_and_forged_taps_change_nothing(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    gid = h.game_id(board)
    rec = await h.record(gid)
    old = [cb.pack() for _, cb in h.game_buttons(current(h, board)) if not cb.is_ui]
    move = solitaire.hint(rec)
    assert move is not None
    await h.play(ann, board, move)
    after = await h.record(gid)
    text = current(h, board).text
    for data in [
        *old,
        game_data(gid, after.version, "ZZ>YY"),
        game_data("NoSuchGame", 1, "d"),
        f"{gid}:{after.version}:~bogus",
        "junk",
    ]:
        await h.tap_data(ann, current(h, board), data)
        answer = h.session.answers()[-1]
        assert answer.get("text"), data  # refused, and said so
        # an old board's button (a double tap, or an action this version no longer has) is a
        # routine refusal, a toast; a move or game that cannot exist is an alert
        routine = data in old or data.endswith("~bogus")
        assert bool(answer.get("show_alert")) != routine, (data, answer)
    final = await h.record(gid)
    assert (final.version, final.state) == (after.version, after.state)
    assert current(h, board).text == text


async def test_someone_else_cannot_play_my_board(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    eve = h.session.tg.add_user("Eve", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    rec = await h.record(board)
    move = solitaire.legal_moves(rec)[0]
    await h.tap_data(eve, current(h, board), game_data(rec.id, rec.version, move))
    assert "not your game" in h.session.answers()[-1]["text"]
    assert (await h.record(board)).version == rec.version


async def test_concurrent_taps_exactly_one_applies(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "kosa", "u")
    rec = await h.record(board)
    data = game_data(
        rec.id,
        rec.version,
        "d" if "d" in solitaire.legal_moves(rec) else solitaire.legal_moves(rec)[0],
    )
    updates = [h.session.tap_data(ann, current(h, board), data) for _ in range(4)]
    await asyncio.gather(*(h.dp.feed_update(h.bot, u) for u in updates))
    after = await h.record(board)
    assert after.version == rec.version + 1
    assert after.solo.moves == 1
    refused = [a for a in h.session.answers()[-4:] if a.get("text")]
    assert len(refused) == 3  # the three extra taps are told the board changed
    assert not any(a.get("show_alert") for a in refused)  # toasts: nothing to dismiss


async def test_undo_restores_the_previous_position(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    before = await h.record(board)
    assert not current(h, board).has_button("↩️ Undo")  # nothing to undo yet
    move = solitaire.hint(before)
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


async def test_hint_marks_a_move_and_changes_nothing(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "kosa", "u")
    rec = await h.record(board)
    await h.tap(ann, current(h, board), "💡 Hint")
    msg = current(h, board)
    assert "⭐" in "".join(msg.button_texts())
    assert "💡" in msg.text
    assert h.session.answers()[-1].get("text")
    hinted = await h.record(board)
    assert hinted.state == rec.state and hinted.solo.hints == 1  # the position is the same
    await h.tap(ann, current(h, board), "💡 Hint")  # a second hint writes nothing
    assert (await h.record(board)).version == hinted.version


async def test_raspad_fail_asks_for_confirmation(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    rec = await h.record(board)
    assert "fail" in solitaire.legal_moves(rec)
    await h.tap(ann, current(h, board), "⚠️ Hand to the line…")
    msg = current(h, board)
    assert "Put your hand into the line?" in msg.text and "draw a new hand" in msg.text
    assert (await h.record(board)).version == rec.version
    await h.tap(ann, msg, "✖️ Cancel")
    assert current(h, board).has_button("⚠️ Hand to the line…")
    await h.play(ann, board, "fail")
    after = await h.record(board)
    assert after.version == rec.version + 1
    assert "round not closed: the hand joined the line" in current(h, board).text


async def test_resign_asks_then_shows_the_result(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="ru")
    board = await start_game(h, ann, "kosa", "u")
    gid = h.game_id(board)
    await h.tap(ann, current(h, board), "🏳 Сдаться")
    await h.tap(ann, current(h, board), "🏳 Да, сдаться")
    msg = current(h, board)
    assert "Вы сдались" in msg.text and "В домах" in msg.text
    assert "Ходов: 0" in msg.text  # given up at once: giving up is not a move
    assert (await h.record(gid)).finished


async def test_kosa_redeal_that_loses_is_warned(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "kosa", "u")
    gid = h.game_id(board)
    rec = await h.record(gid)
    # draw the whole stock without moving a card (a pass with no move)
    while "d" in solitaire.legal_moves(rec):
        await h.play(ann, board, "d")
        rec = await h.record(gid)
    msg = current(h, board)
    assert "r" in solitaire.legal_moves(rec)
    assert "a redeal loses" in msg.text
    await h.tap(ann, msg, "🔄 Redeal")
    assert "ends the game as lost" in current(h, board).text
    assert not (await h.record(gid)).finished
    await h.tap(ann, current(h, board), "🔄 Yes, redeal")
    assert (await h.record(gid)).finished
    assert "Game lost" in current(h, board).text


async def test_continue_from_the_menu_moves_the_board(h: Harness) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    gid = h.game_id(board)
    await h.say(ann, "/start")
    menu = h.last(ann)
    assert menu.has_button("▶️ Raspad: continue")
    await h.tap(ann, menu, "▶️ Raspad: continue")
    assert h.game_id(current(h, menu)) == gid
    assert not current(h, board).buttons()  # the old board lost its buttons
    rec = await h.record(gid)
    assert rec.solo.msg == menu.message_id


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


async def test_not_modified_and_retry_after_are_handled(h: Harness, no_sleep: list[float]) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "kosa", "u")
    await h.tap(ann, current(h, board), "💡 Hint")  # the first hint is remembered (a save)
    h.session.inject_not_modified()
    await h.tap(ann, current(h, board), "💡 Hint")  # the edit says "not modified": fine
    clock = FakeClock()
    slept: list[float] = []

    async def pause(seconds: float) -> None:
        slept.append(seconds)
        await clock.sleep(seconds)

    h.dp["solitaires"].flood = EditCoalescer(1_000_000, min_gap=0.0, clock=clock, sleep=pause)
    h.session.inject_retry_after("editMessageText", seconds=2)
    rec = await h.record(board)
    said = list(h.session.alerts(ann))
    await h.play(
        ann, board, "d" if "d" in solitaire.legal_moves(rec) else solitaire.legal_moves(rec)[0]
    )
    # the tap was answered at once and the move saved; the board waits out Telegram's pause
    assert h.session.alerts(ann) == said and not no_sleep
    assert (await h.record(board)).version == rec.version + 1
    await h.dp["solitaires"].flood.drain()
    assert slept == [2.0] and not no_sleep  # the chat paused, the tap's answer did not wait
    assert "drawn" in current(h, board).text or "→" in current(h, board).text


async def test_errors_are_logged_and_answered_politely(
    h: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")

    def boom(*args: object, **kw: object) -> None:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(solitaire, "apply_move", boom)
    rec = await h.record(board)
    with caplog.at_level(logging.ERROR):
        await h.play(ann, board, solitaire.legal_moves(rec)[0])
    answer = h.session.answers()[-1]
    assert answer.get("show_alert") and "went wrong" in answer["text"]
    assert "Traceback" not in current(h, board).text
    assert any("event=handler_error" in r.getMessage() for r in caplog.records)
    assert (await h.record(board)).version == rec.version


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
        move = solitaire.hint(rec)
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


def h_alert(session: RecordingSession) -> str:
    last = session.answers()[-1]
    assert last.get("show_alert"), last
    return str(last.get("text"))


def h_toast(session: RecordingSession) -> str:
    """The last answer, which must be a toast (it goes by itself: nothing to dismiss)."""
    last = session.answers()[-1]
    assert last.get("text") and not last.get("show_alert"), last
    return str(last.get("text"))


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
        move = solitaire.hint(rec)
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
            move = solitaire.hint(rec)
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


async def test_a_board_left_behind_catches_up_on_the_next_tap(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    """The move is saved but Telegram fails the board's edit: the board shows the old position.
    The next tap on it is refused as stale, and the board is brought up to date."""
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    rec = await h.record(board)
    old_text = current(h, board).text
    move = solitaire.hint(rec)
    assert move is not None and ">" in move
    h.session.inject_error("editMessageText", 502, "Bad Gateway")
    with caplog.at_level(logging.ERROR):
        await h.tap_data(ann, current(h, board), game_data(rec.id, rec.version, move))
    assert (await h.record(board)).version == rec.version + 1  # saved
    assert current(h, board).text == old_text  # but not shown
    assert not h.session.tg.unanswered_callbacks()  # and the spinner stopped
    stale = current(h, board)
    await h.tap(ann, stale, "💡 Hint")
    assert h_toast(h.session) == "The board has changed — tap a current button."
    caught_up = current(h, board)
    assert caught_up.text != old_text and "beats" in caught_up.text
    assert f"{rec.id}:{rec.version + 1}:" in (caught_up.callback_data()[0] or "")


async def test_a_new_game_on_the_message_of_an_older_one_is_shown(h: Harness) -> None:
    """The menu's message shows game after game: the second game's first board (version 0)
    must not be mistaken for an older version of the first game's."""
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    gid = h.game_id(board)
    await play_out(h, ann, board, gid, 3)
    assert (await h.record(gid)).version >= 3
    await h.tap(ann, current(h, board), "☰ Menu")
    await h.tap(ann, current(h, board), "m:kosa")
    await h.tap(ann, current(h, board), "m:new:kosa:u")
    shown = current(h, board)
    assert "Braid" in shown.text and h.game_id(shown) != gid
