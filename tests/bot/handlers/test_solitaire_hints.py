"""💡 Hint in Kosa and Raspad answers from the solver: a move on a winning line; a position
proved lost says so and offers to go back to the newest position that still wins; a search out
of budget marks the computer's move and says it is a guess. Through Dispatcher.feed_update, on
both stores (the `h` fixture)."""

from __future__ import annotations

import re

import pytest

import rules
from bot.games.solitaire import hint_taps, hints
from bot.games.solitaire import model as solitaire
from bot.games.state import state_of
from bot.wire.callbacks import game_data
from rules.solve import hint as solver_hint
from tests.support.recording import TgMessage, TgUser
from tests.support.solitaire_driver import Harness, current, h_toast, start_game

pytestmark = pytest.mark.usefixtures("no_sleep")

# A Raspad deal (52 cards) the computer player loses: after these moves the solver proves the
# position lost, and one move before the last of RASPAD_LOST_PREFIX it still wins (the prefix
# is tests/rules/test_solve.py's; the two moves after it are the computer player's).
LOST_SEED = 60
RASPAD_LOST_PREFIX = (
    *("JC>8C", "JH>QD", "KD>KH", "close", "9S>9D", "KC>6C", "8S>5S", "close", "9H>6H"),
    *("3S>2S", "TD>QC", "close", "AH>AC", "6D>6S", "7C>8H", "2D>4H", "KS>QS", "5C>4C"),
)
HINT = re.compile("^💡 ")  # the button, in either language
LOST_LINE = (*RASPAD_LOST_PREFIX, "JD>AD", "7S>7H")  # 3 moves past the last winnable position


@pytest.fixture(autouse=True)
def patient(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each tap waits for its search, however long this machine takes, before it answers: which
    answer comes first ("Thinking…" or the hint's toast), and whether the search answers at all
    (a loaded machine may take longer than HINT_SECONDS), must not depend on the machine's speed
    (`test_a_slow_search_says_thinking_first` takes the other way)."""
    monkeypatch.setattr(hint_taps, "THINK_AFTER", 3600.0)
    monkeypatch.setattr(hint_taps, "HINT_SECONDS", 3600.0)


@pytest.fixture
def deal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solitaire, "fresh_seed", lambda: LOST_SEED)


async def follow_hint(h: Harness, user: TgUser, board: TgMessage) -> str:
    """Tap 💡 and play the ⭐ move by its buttons; the hint's toast."""
    gid = h.game_id(current(h, board))
    before = await h.record(gid)
    await h.tap(user, current(h, board), HINT)
    toast = h_toast(h.session)
    msg = current(h, board)
    starred = [cb for text, cb in h.game_buttons(msg) if "⭐" in text]
    assert starred, msg.describe()
    plays = [cb for cb in starred if not cb.is_ui]
    cb = plays[0] if plays else starred[0]
    await h.tap(user, msg, cb.pack())
    if cb.is_ui:  # a move asked about first ("hand to the line…"): say yes
        name, arg = cb.ui()
        assert name == "ask", cb
        msg = current(h, board)
        await h.tap(user, msg, next(c for _, c in h.game_buttons(msg) if c.action == arg).pack())
    after = await h.record(gid)
    assert after.solo.moves == before.solo.moves + 1, f"{cb.action} did not apply"
    return toast


async def play_line(h: Harness, user: TgUser, board: TgMessage, moves: tuple[str, ...]) -> None:
    for move in moves:
        await h.play(user, board, move)


async def test_hints_from_a_fresh_deal_win_it(h: Harness, deal: None) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    gid = h.game_id(board)
    for _ in range(100):
        if (await h.record(gid)).finished:
            break
        assert await follow_hint(h, ann, board) == "Hint marked with ⭐"
    assert "🏆 You won!" in current(h, board).text


async def test_a_kosa_hint_is_on_a_winning_line(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a fixed deal the solver decides within a hint's budget (2 % of random Kosa deals' hints
    # are undecided: a random deal would make this test fail now and then)
    monkeypatch.setattr(solitaire, "fresh_seed", lambda: 5)
    ann = h.session.tg.add_user("Ann", language_code="ru")
    board = await start_game(h, ann, "kosa", "u")
    for _ in range(3):
        assert await follow_hint(h, ann, board) == "Подсказка отмечена ⭐"
        after = state_of(await h.record(board))
        assert solver_hint("kosa", after, hints.HINT_BUDGET["kosa"]).verdict == hints.WON


async def test_a_lost_position_offers_the_way_back_and_the_hints_then_win(
    h: Harness, deal: None
) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    await play_line(h, ann, board, LOST_LINE)
    lost = await h.record(board)
    await h.tap(ann, current(h, board), "💡 Hint")
    msg = current(h, board)
    assert "This deal can no longer be won from here" in msg.text
    assert "3 moves back" in msg.text
    assert not any("⭐" in text for text in msg.button_texts())  # no move is marked
    assert msg.has_button("↩️ Back 3 moves to a winnable position")
    assert msg.has_button("🏳 Give up")  # the game goes on, as the player likes
    await h.tap(ann, msg, "↩️ Back 3 moves to a winnable position")
    back = await h.record(board)
    assert back.solo.moves == lost.solo.moves - 3
    assert back.solo.undos == lost.solo.undos + 3  # counted as three undos
    assert back.solo.undo_left == lost.solo.undo_left - 3
    assert back.version == lost.version + 2  # the first hint's save, then the one of the undo
    assert "↩️ 3 moves undone: this deal can be won from here" in current(h, board).text
    assert solver_hint("raspad", state_of(back), hints.HINT_BUDGET["raspad"]).verdict == hints.WON
    for _ in range(100):
        if (await h.record(back.id)).finished:
            break
        await follow_hint(h, ann, board)
    assert "🏆 You won!" in current(h, board).text


async def test_russian_counts_the_moves_back(h: Harness, deal: None) -> None:
    ann = h.session.tg.add_user("Ann", language_code="ru")
    board = await start_game(h, ann, "raspad", "52")
    await play_line(h, ann, board, LOST_LINE[:-1])
    await h.tap(ann, current(h, board), "💡 Подсказка")
    msg = current(h, board)
    assert "Этот расклад отсюда уже не выиграть. А 2 хода назад ещё можно было." in msg.text
    assert msg.has_button("↩️ Назад на 2 хода — к выигрышу")


async def test_no_way_back_within_undo_reach(h: Harness, deal: None) -> None:
    h = Harness.build(h.bot, h.session, h.store, undo_depth=2)  # the winnable one is 3 back
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    await play_line(h, ann, board, LOST_LINE)
    await h.tap(ann, current(h, board), "💡 Hint")
    msg = current(h, board)
    assert "no position within undo reach was found that still wins" in msg.text
    assert not any("winnable" in text for text in msg.button_texts())
    assert msg.has_button("🏳 Give up")


async def test_forged_and_stale_back_buttons_change_nothing(h: Harness, deal: None) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    await play_line(h, ann, board, LOST_LINE)
    await h.tap(ann, current(h, board), "💡 Hint")
    shown = await h.record(board)
    gid, v = shown.id, shown.version
    text = current(h, board).text
    for arg in ("2", "4", "21", "999", "0", "03", "x"):
        await h.tap_data(ann, current(h, board), game_data(gid, v, f"~rewind:{arg}"))
        assert h_toast(h.session) == "This button is out of date.", arg
        now = await h.record(board)
        assert (now.version, now.state, now.solo.undos) == (v, shown.state, shown.solo.undos)
        assert current(h, board).text == text
    # a back button of an older board (the game moved on since): refused, nothing changes
    await h.play(ann, board, next(iter(solitaire.legal_moves(shown))))
    moved = await h.record(board)
    await h.tap_data(ann, current(h, board), game_data(gid, v, "~rewind:3"))
    assert h.session.answers()[-1].get("text")  # refused, and said so
    after = await h.record(board)
    assert (after.version, after.state) == (moved.version, moved.state)


async def test_another_process_checks_the_back_button_again(h: Harness, deal: None) -> None:
    """The process that takes the tap did not show the board: it checks the count against the
    way back the record keeps (and refuses another count)."""
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    await play_line(h, ann, board, LOST_LINE)
    await h.tap(ann, current(h, board), "💡 Hint")
    shown = await h.record(board)
    other = Harness.build(h.bot, h.session, h.store)
    forged = game_data(shown.id, shown.version, "~rewind:2")
    await other.tap_data(ann, current(h, board), forged)
    assert h_toast(h.session) == "This button is out of date."
    assert (await h.record(board)).version == shown.version
    assert current(h, board).has_button("↩️ Back 3 moves to a winnable position")
    await other.tap(ann, current(h, board), "↩️ Back 3 moves to a winnable position")
    back = await h.record(board)
    assert back.solo.moves == shown.solo.moves - 3
    assert solver_hint("raspad", state_of(back), hints.HINT_BUDGET["raspad"]).verdict == hints.WON


async def test_out_of_budget_the_computers_move_is_marked_as_a_guess(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a budget of 0 positions decides nothing: every search comes back "undecided", as a hard
    # position would on a real budget (which this fresh deal's is not)
    monkeypatch.setattr(hints, "HINT_BUDGET", {"kosa": 0, "raspad": 0})
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "kosa", "u")
    rec = await h.record(board)
    computer = rules.GAMES["kosa"].suggest(state_of(rec), 0)
    await h.tap(ann, current(h, board), "💡 Hint")
    guess = "💡 The computer's guess — the solver found no sure line in time"
    assert h_toast(h.session) == guess
    msg = current(h, board)
    assert guess in msg.text
    starred = [cb.action for text, cb in h.game_buttons(msg) if "⭐" in text]
    src = computer.split(">", maxsplit=1)[0]
    assert starred and all(a in (computer, f"~pick:{src}") for a in starred), starred
    await follow_hint(h, ann, board)  # the guess is a move that plays


async def test_a_slow_search_says_thinking_first(
    h: Harness, deal: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hint_taps, "THINK_AFTER", 0.0)  # every search counts as slow
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    answered = len(h.session.answers())
    await h.tap(ann, current(h, board), "💡 Hint")
    assert [a.get("text") for a in h.session.answers()[answered:]] == ["🤔 Thinking…"]
    assert any("⭐" in text for text in current(h, board).button_texts())  # then the board


# A Kosa deal with three passes (seed 12) the computer player loses after KOSA_LINE moves: five
# moves before its end the solver proves the position lost, ten before it still wins.
KOSA_SEED = 12


def kosa_computer_line() -> list[str]:
    """The computer player's moves in the Kosa deal KOSA_SEED, three passes, to its loss."""
    game = rules.GAMES["kosa"]
    state = game.new_game({"max_passes": 3}, seed=KOSA_SEED)
    line: list[str] = []
    while not game.status(state).over:
        move = game.suggest(state, 0, len(line))
        line.append(move)
        state = game.apply(state, move, 0)
    assert game.status(state).result == "lost"
    return line


async def test_a_lost_kosa_position_says_so_goes_back_and_the_hints_win(
    h: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solitaire, "fresh_seed", lambda: KOSA_SEED)
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "kosa", "3")
    line = kosa_computer_line()
    await play_line(h, ann, board, tuple(line[:-5]))
    lost = await h.record(board)
    assert solver_hint("kosa", state_of(lost), hints.HINT_BUDGET["kosa"]).verdict == hints.LOST
    await h.tap(ann, current(h, board), "💡 Hint")
    msg = current(h, board)
    assert "This deal can no longer be won from here" in msg.text, msg.text
    back_button = next(t for t in msg.button_texts() if t.startswith("↩️ Back "))
    moves_back = int(back_button.split()[2])
    assert 1 <= moves_back <= 5, back_button
    await h.tap(ann, msg, back_button)
    back = await h.record(board)
    assert back.solo.moves == lost.solo.moves - moves_back
    assert solver_hint("kosa", state_of(back), hints.HINT_BUDGET["kosa"]).verdict == hints.WON
    for _ in range(300):
        if (await h.record(back.id)).finished:
            break
        await follow_hint(h, ann, board)
    assert "🏆 You won!" in current(h, board).text
