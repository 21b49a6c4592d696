"""💡 stays out of the way (issue 44, point 4), as a player meets it, on both stores (the `h`
fixture): a hint's board that comes after the player moved on (the menu tapped while it thought)
is not shown over what they moved on to; the board the player still sees while "Thinking…"
stays current after the hint's save (it changed nothing on it); the way back from a lost
position says how far back it went and that the deal can be won from there, in both languages.
(A hint that gives nothing in a ranked deal of the day: tests/bot/handlers/test_daily_hints.py.)"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from bot.games.solitaire import hint_taps
from bot.games.solitaire import model as solitaire
from bot.games.solitaire.hints import Advice
from bot.i18n import t
from bot.storage import GameRecord
from bot.wire.callbacks import game_data
from tests.bot.handlers.test_solitaire_hints import LOST_LINE, LOST_SEED, play_line
from tests.support.recording import TgMessage, TgUser
from tests.support.solitaire_driver import Harness, current, start_game

pytestmark = pytest.mark.usefixtures("no_sleep")

STALE = "The board has changed — tap a current button."


@pytest.fixture(autouse=True)
def patient(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search answers however long this machine takes (test_solitaire_hints says why); the
    deal whose line LOST_LINE loses, for every new game."""
    monkeypatch.setattr(hint_taps, "THINK_AFTER", 3600.0)
    monkeypatch.setattr(hint_taps, "HINT_SECONDS", 3600.0)
    monkeypatch.setattr(solitaire, "fresh_seed", lambda: LOST_SEED)


@dataclass
class Gate:
    """Holds each hint's search until the test lets it go: `asked` is set once a search waits."""

    asked: asyncio.Event = field(default_factory=asyncio.Event)
    go: asyncio.Event = field(default_factory=asyncio.Event)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    gate = Gate()
    real = hint_taps._consult

    async def held(game: GameRecord) -> Advice:
        gate.asked.set()
        await gate.go.wait()
        return await real(game)

    monkeypatch.setattr(hint_taps, "_consult", held)
    yield gate
    gate.go.set()


async def thinking(h: Harness, user: TgUser, board: TgMessage, gate: Gate) -> asyncio.Future[None]:
    """💡 tapped on the board; returns once its search is under way (the tap's handling)."""
    tapped = asyncio.ensure_future(h.tap(user, current(h, board), "💡 Hint"))
    await asyncio.wait_for(gate.asked.wait(), 30)
    return tapped


async def test_the_menu_tapped_while_a_hint_thinks_is_not_replaced_by_its_board(
    h: Harness, gate: Gate
) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    hinting = await thinking(h, ann, board, gate)
    await h.tap(ann, current(h, board), "☰ Menu")
    menu = current(h, board)
    assert menu.has_button("▶️ Raspad: continue") and not menu.has_button("💡 Hint")
    gate.go.set()
    await asyncio.wait_for(hinting, 60)
    shown = current(h, board)
    assert (shown.text, shown.button_texts()) == (menu.text, menu.button_texts())
    await h.tap(ann, shown, "▶️ Raspad: continue")  # the game is there to go on with
    assert current(h, board).has_button("💡 Hint")


async def test_a_card_of_the_board_seen_while_thinking_still_plays_after_the_hint_s_save(
    h: Harness, gate: Gate
) -> None:
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    before = await h.record(board)
    move = LOST_LINE[2]  # K♦, a card with two places to go: picked, then its place
    hinting = await thinking(h, ann, board, gate)
    await h.tap(ann, current(h, board), game_data(before.id, before.version, f"~pick:{move[:2]}"))
    picked = current(h, board)  # what the player sees while the hint thinks
    target = next(cb for _, cb in h.game_buttons(picked) if cb.action == move)
    gate.go.set()
    await asyncio.wait_for(hinting, 60)
    hinted = await h.record(board)
    assert hinted.solo.hints == 1 and hinted.version > before.version  # the hint's own save
    answered = len(h.session.answers())
    await h.tap_data(ann, current(h, board), target.pack())  # the place of the picked card
    assert STALE not in [a.get("text") for a in h.session.answers()[answered:]]
    after = await h.record(board)
    assert after.solo.moves == 1 and after.solo.history == move
    assert not any("⭐" in text for text in current(h, board).button_texts())  # no stale star


async def test_a_board_older_than_a_move_is_stale_still(h: Harness) -> None:
    """A hint's save keeps the buttons before it current; a move's does not."""
    ann = h.session.tg.add_user("Ann", language_code="en")
    board = await start_game(h, ann, "raspad", "52")
    stale = next(cb for _, cb in h.game_buttons(board) if cb.action == LOST_LINE[0])  # J♣→8♣
    await h.tap(ann, current(h, board), "💡 Hint")
    await h.play(ann, board, LOST_LINE[2])
    moved = await h.record(board)
    await h.tap_data(ann, current(h, board), stale.pack())
    assert h.session.answers()[-1].get("text") == STALE
    assert (await h.record(board)).version == moved.version


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "↩️ 3 moves undone: this deal can be won from here"),
        ("ru", "↩️ отменено 3 хода: отсюда расклад можно выиграть"),
    ],
)
async def test_the_way_back_says_how_far_it_went_and_that_the_deal_wins_from_there(
    h: Harness, lang: str, said: str
) -> None:
    ann = h.session.tg.add_user("Ann", language_code=lang)
    board = await start_game(h, ann, "raspad", "52")
    await play_line(h, ann, board, LOST_LINE)
    await h.tap(ann, current(h, board), "💡 Hint" if lang == "en" else "💡 Подсказка")
    back = next(t for t in current(h, board).button_texts() if t.startswith("↩️"))
    await h.tap(ann, current(h, board), back)
    text = current(h, board).text
    assert said in text, text
    assert "move undone" not in text and "ход отменён" not in text
    await h.play(ann, board, LOST_LINE[-3])  # a move on: the line says what this move did
    assert said not in current(h, board).text


@pytest.mark.parametrize(
    ("lang", "n", "said"),
    [
        ("en", 1, "↩️ 1 move undone: "),
        ("en", 5, "↩️ 5 moves undone: "),
        ("ru", 1, "↩️ отменён 1 ход: "),
        ("ru", 4, "↩️ отменено 4 хода: "),
        ("ru", 5, "↩️ отменено 5 ходов: "),
        ("ru", 21, "↩️ отменён 21 ход: "),
    ],
)
def test_how_far_back_is_said_with_its_plural(lang: str, n: int, said: str) -> None:
    assert t(lang, "ev-rewind", n=n).startswith(said)
