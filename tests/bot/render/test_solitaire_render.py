"""Renderers over random playouts: every position fits a phone and Telegram's limits, and every
legal move can be reached with the buttons (directly, after picking its source, or after a
confirmation)."""

from __future__ import annotations

import html
import random
import re
from itertools import groupby

import pytest

from bot.events import Event
from bot.games.solitaire import model as solitaire
from bot.games.solitaire.screen import board as render_game
from bot.render.common import PHONE_COLUMNS, width
from bot.storage import GameRecord
from bot.wire.callbacks import GameCallback, parse


def actions(markup) -> dict[str, str]:  # type: ignore[no-untyped-def]
    out: dict[str, str] = {}
    for row in markup.inline_keyboard:
        assert len(row) <= 8
        for b in row:
            data = b.callback_data
            if b.disabled:  # a card that cannot be played now: a tap sends nothing
                assert data is None, b
                continue
            assert data is not None and len(data.encode()) <= 64
            cb = parse(data)
            if isinstance(cb, GameCallback):
                out[cb.action] = b.text
    return out


def check_position(record: GameRecord, lang: str) -> None:
    text, markup = render_game(record, lang)
    assert markup is not None
    assert len(text) <= 4096
    assert sum(len(r) for r in markup.inline_keyboard) <= 100
    board = re.search(r"<pre>(.*?)</pre>", text, re.S)
    assert board is not None
    for line in html.unescape(board.group(1)).split("\n"):
        assert width(line) <= PHONE_COLUMNS, line
    if record.finished:
        return
    top = actions(markup)
    for move in solitaire.legal_moves(record):
        if move in top or f"~ask:{move}" in top:
            continue
        src = move.split(">")[0]
        assert f"~pick:{src}" in top, (move, sorted(top))
        _, picked = render_game(record, lang, pick=src)
        assert move in actions(picked), (move, "after pick")


@pytest.mark.parametrize(
    ("kind", "variant"), [("raspad", "52"), ("raspad", "54"), ("kosa", "u"), ("kosa", "3")]
)
def test_random_playouts_render_within_limits(kind: str, variant: str) -> None:
    rng = random.Random(f"{kind}{variant}")
    for game in range(3):
        record = solitaire.new_record(
            kind, variant, 1, "ru" if game % 2 else "en", seed=rng.randrange(2**32)
        )
        for _ in range(120):
            check_position(record, record.solo.lang)
            if record.finished:
                break
            moves = solitaire.legal_moves(record)
            # prefer real moves over draws so that piles grow and lines get long
            real = [m for m in moves if m not in ("d", "r")]
            move = rng.choice(real) if real and rng.random() < 0.8 else rng.choice(moves)
            solitaire.apply_move(record, move, undo_depth=20)
        check_position(record, record.solo.lang)


def solo_line(lang: str, events: list[Event]) -> str:
    """Raspad's and Kosa's events (and the bot's) read as one line each game would show."""
    from bot.render import kosa_events, raspad_events

    kosa = {"draw", "redeal", "move", "fill", "autofill"}
    runs = [list(run) for _, run in groupby(events, key=lambda e: e["e"] in kosa)]
    parts = [
        (kosa_events if run[0]["e"] in kosa else raspad_events).event_line(lang, run)
        for run in runs
    ]
    return " · ".join(part for part in parts if part)


def test_every_solitaire_event_reads_as_a_line_in_both_languages() -> None:
    events: list[Event] = [
        {"e": "beat", "card": "QS", "target": "JS"},
        {"e": "decay", "card": "TH"},
        {"e": "decay", "card": "XR"},
        {"e": "close", "auto": True},
        {"e": "fail", "auto": False},
        {"e": "fail", "auto": True},
        {"e": "undo"},
        {"e": "draw", "card": "KH"},
        {"e": "redeal", "pass": 2},
        {"e": "move", "card": "9S", "from": "L2", "to": "F3"},
        {"e": "move", "card": "9S", "from": "b", "to": "R4"},
        {"e": "fill", "card": "7D", "from": "w", "to": "L1"},
        {"e": "autofill", "card": "5C", "from": "b", "to": "R6"},
        {"e": "end", "winners": [0], "result": "won"},
    ]
    en = solo_line("en", events).split(" · ")
    assert en == [
        "Q♠ beats J♠",
        "decay: 10♥ 🃏🔴",
        "round closed",
        "round not closed: the hand joined the line",
        "no beat left — round not closed, the hand joined the line",
        "move undone",
        "drawn: K♥",
        "redeal, pass 2",
        "9♠ → home 3",
        "9♠ → R4",
        "L1 ← 7♦",
        "R6 ← 5♣ (auto)",
    ]
    ru = solo_line("ru", events).split(" · ")
    assert len(ru) == len(en) and ru != en and "10♥ 🃏🔴" in ru[1]
    assert ru[0] == "Д♠ бьёт В♠" and ru[8] == "9♠ → дом 3"  # Russian rank letters, one word


@pytest.mark.parametrize(("lang", "word"), [("en", "home"), ("ru", "дом")])
def test_the_foundations_have_one_name_everywhere(lang: str, word: str) -> None:
    """The board's label, the buttons, the event line, the result and the rules say the same."""
    from bot.i18n import catalog, t

    record = solitaire.new_record("kosa", "u", 1, lang, seed=5)  # R6 8♦ may go home
    text, markup = render_game(record, lang)
    assert markup is not None
    to_home = [b.text for row in markup.inline_keyboard for b in row if "→" in b.text]
    assert any(label.endswith(f"{word} 2") for label in to_home), to_home
    assert word in html.unescape(text).lower()  # «Дома», "Home"
    moved = solo_line(lang, [{"e": "move", "card": "9S", "from": "L2", "to": "F3"}])
    assert moved.endswith(f"{word} 3")
    assert word in t(lang, "result-kosa-found", n=3, total=104).lower()
    assert word in t(lang, "rules-kosa").lower()
    other = "foundation" if lang == "en" else "основани"  # the other name, said nowhere
    assert not [key for key in catalog().keys[lang] if other in t(lang, key).lower()]


@pytest.mark.parametrize("variant", ["52", "54"])
def test_the_first_raspad_screen_speaks_plain_english(variant: str) -> None:
    record = solitaire.new_record("raspad", variant, 1, "en", seed=4)
    text, markup = render_game(record, "en")
    assert markup is not None
    shown = text + " ".join(b.text for row in markup.inline_keyboard for b in row)
    assert "kon" not in shown.lower(), shown  # the rules' word, explained on /rules only
    assert "Hand to the line…" in shown and "Round 1" in shown
