"""Kosa and Raspad in a private chat, through Dispatcher.feed_update with a recording session
that validates every request against the Bot API spec."""

from __future__ import annotations

import asyncio
import html
import logging
import re

import pytest

import rules
from bot.games.solitaire import model as solitaire
from bot.games.state import state_of
from bot.render.common import PHONE_COLUMNS, width
from bot.wire.callbacks import game_data
from bot.wire.flood import EditCoalescer
from rules.raspad_view import raspad_view
from tests.bot.telegram.test_flood import FakeClock
from tests.support.recording import TgMessage
from tests.support.solitaire_driver import (
    Harness,
    computer_move,
    current,
    h_toast,
    play_out,
    start_game,
)

SEED = 20240607

pytestmark = pytest.mark.usefixtures("no_sleep")


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solitaire, "fresh_seed", lambda: SEED)


def pre_lines(msg: TgMessage) -> list[str]:
    raw = msg.raw or ""
    m = re.search(r"<pre>(.*?)</pre>", raw, re.S)
    assert m, f"no <pre> board in {raw!r}"
    return html.unescape(m.group(1)).split("\n")


def visual_width(line: str) -> int:
    return width(line)


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
        for c in raspad_view(rules.GAMES["raspad"].view(state_of(rec), 0))["hand"]
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
    move = computer_move(rec)
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


async def test_a_double_tap_leaves_the_board_alone(h: Harness) -> None:
    """The second tap of a double tap carries the old version: it is said to be stale, and a
    board that already shows the move is not edited again (Telegram would answer 400 "message
    is not modified"); a board that does not show it yet is brought up to date."""
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    rec = await h.record(board)
    move = computer_move(rec)
    assert move is not None
    data = game_data(rec.id, rec.version, move)
    await h.tap_data(ann, current(h, board), data)
    shown, edits = current(h, board).text, len(h.session.calls("editMessageText"))
    await h.tap_data(ann, current(h, board), data)  # the second tap, on the moved board
    assert h.session.answers()[-1]["text"] == "The board has changed — tap a current button."
    assert len(h.session.calls("editMessageText")) == edits
    assert current(h, board).text == shown
    h.session.inject_error("editMessageText", 502, "Bad Gateway")  # the next move's edit fails
    after = await h.record(board)
    move = computer_move(after)
    assert move is not None
    await h.tap_data(ann, current(h, board), game_data(rec.id, after.version, move))
    await h.tap_data(ann, current(h, board), game_data(rec.id, after.version, move))
    assert current(h, board).text != shown  # the old board was brought up to date


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

    h.dp["solitaires"].flood = EditCoalescer(
        1_000_000, min_gap=0.0, clock=clock, sleep=pause, serial=True
    )
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


async def test_a_board_left_behind_catches_up_on_the_next_tap(
    h: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    """The move is saved but Telegram fails the board's edit: the board shows the old position.
    The next tap on it is refused as stale, and the board is brought up to date."""
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    rec = await h.record(board)
    old_text = current(h, board).text
    move = computer_move(rec)
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


async def test_a_tap_on_a_finished_games_stale_board_redraws_the_end(h: Harness) -> None:
    """The process died between the finishing save and the board's last edit: the chat still
    shows a live board; a tap on it says the game is over and brings the final board back."""
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "kosa", "u")
    live = current(h, board)
    gid = h.game_id(board)
    shown = live.text, live.raw, live.reply_markup
    await h.tap(ann, live, "🏳 Give up")
    await h.tap(ann, current(h, board), "🏳 Yes, give up")
    final = current(h, board).raw
    assert (await h.record(gid)).finished
    msg = current(h, board)
    msg.text, msg.raw, msg.reply_markup = shown  # the last edit never reached Telegram
    await h.tap(ann, msg, "🏳 Give up")
    await h.dp["solitaires"].flood.drain()
    assert "over" in h.session.alerts(ann)[-1]
    assert current(h, board).raw == final
