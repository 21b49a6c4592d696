"""What the group screens show: narrow boards, an event line for each effect, marked moves,
results that name the winner and why, and every text in both languages."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

import rules
from bot.events import Event
from bot.i18n import catalog, translator
from bot.registry import kinds
from bot.render import parquet as P
from bot.render import parquet_events, ryadki_events
from bot.render import ryadki as R
from bot.render.common import PHONE_COLUMNS, face, width
from bot.render.parquet_events import cell_name
from bot.wire.keyboard import Button, Keyboard
from rules import parquet
from rules.parquet_view import ParquetView, parquet_view
from rules.protocol import GameModule
from rules.ryadki_view import ryadki_view
from tests.support import parquet_taps

ROOT = Path(__file__).resolve().parents[3]
MY_FILES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "bot").rglob("*.py"))


def mover(mod: GameModule, state: object) -> int:
    """The seat to move (the game is on)."""
    seat = mod.turn(state)
    assert seat is not None
    return seat


def pre_lines(html: str) -> list[str]:
    out: list[str] = []
    for block in re.findall(r"<pre>(.*?)</pre>", html, re.S):
        out.extend(unescape(block).split("\n"))
    return out


def data_of(button: Button) -> str:
    """A button's callback data (every game button has some)."""
    assert button.callback_data is not None, button
    return button.callback_data


def test_every_group_text_exists_in_both_languages() -> None:
    keys: set[str] = set()
    for f in MY_FILES:
        src = (ROOT / f).read_text(encoding="utf-8")
        keys |= set(re.findall(r'(?<![\w.])_\(\s*"([a-z0-9-]+)"', src))
        keys |= set(re.findall(r'Refused\("([a-z0-9-]+)"', src))
        keys |= set(re.findall(r'LobbyError\("([a-z0-9-]+)"', src))
        keys |= set(re.findall(r'"((?:lobby|invite|grp|ry|pq)-[a-z0-9-]+)"', src))
    keys |= {f"grp-game-{k}" for k in kinds("table")}
    keys |= {f"grp-btn-{k}" for k in kinds("table")}
    assert len(keys) > 60
    for lang in ("ru", "en"):
        missing = sorted(k for k in keys if not catalog().has(lang, k))
        assert not missing, f"{lang}: {missing}"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_ryadki_table_is_narrow_and_escapes_names(lang: str) -> None:
    _ = translator(lang)
    mod = rules.GAMES["ryadki"]
    state = mod.new_game({"players": 6, "deals": 3}, seed=4)
    view = ryadki_view(mod.view(state, -1))
    players = ["<b>Mallory</b>", "Александра Длинная-Фамилия", "Bo", "Cy", "Di", "Ed"]
    text = R.table_text(view, players, view["events"], _, deadline_s=90)
    for line in pre_lines(text):
        assert width(line) <= PHONE_COLUMNS, line
    assert "<b>Mallory</b>" not in text and "&lt;b&gt;Mallo…" in text
    assert "3" in text and "52" not in text  # deal n of N; no stray deck size


def test_ryadki_event_lines_name_each_effect() -> None:
    _ = translator("en")
    names = ["Ann", "Ben", "Cid"]
    events: list[Event] = [
        {"e": "deal_start", "deal": 2, "dealer": 1},
        {"e": "play", "by": 0, "card": "JS"},
        {"e": "jj", "by": 1, "n": 3},
        {"e": "seven", "by": 0, "from": 1, "n": 1},
        {"e": "queen", "by": 0, "from": 2, "n": 4},
        {"e": "third", "by": 2, "n": 2},
        {"e": "cannot_answer", "seat": 1, "card": "TH", "to": 2, "n": 5},
        {"e": "built", "n": 7},
        {"e": "lead", "seat": 2},
        {"e": "resign", "seat": 0, "n": 4},
        {
            "e": "deal_end",
            "deal": 2,
            "piles": [1, 9, 3],
            "winners": [1],
            "stack": 0,
            "scores": [0, 9, 0],
        },
        {"e": "game_end", "winners": [1], "scores": [0, 9, 0]},
        {"e": "timeout", "seat": 2, "move": "7H", "k": 1, "max": 3},
        {"e": "removed", "seat": 2, "max": 3},
    ]
    text = "\n".join(ryadki_events.event_lines(events, names, _))
    for needle in [
        "Deal 2: Ben deals",
        "Ann J♠",
        "Jack on jack: Ben destroys the table (3 cards)",
        "Seven: Ben loses a card",
        "Queen: Cid loses 4 cards",
        "Third of a rank: Cid takes 2 cards",
        "Ben cannot answer 10♥ — Cid takes the table (5 cards)",
        "row is built",
        "Cid leads",
        "Ann leaves the game",
        "Deal 2 is over: Ben wins it (+9)",
        "Piles: Ann 1 · Ben 9 · Cid 3",
        "Cid ran out of time — I played 7♥ for them. 2 more missed turns in a row and they",
        "Cid missed 3 turns in a row",
    ]:
        assert needle in text, needle
    assert "Game over" not in text and "🏆" not in text  # the result under the table says it
    ru = "\n".join(ryadki_events.event_lines(events, names, translator("ru")))
    assert "Валет на валета" in ru and "3 карты" in ru and "5 карт" in ru
    assert "Ben: нечем ответить на 10♥" in ru


def test_a_finished_ryadki_table_names_the_winner_once() -> None:
    _ = translator("en")
    mod = rules.GAMES["ryadki"]
    state = mod.new_game({"players": 3, "deals": 1}, seed=5)
    while not mod.status(state).over:
        turn = mover(mod, state)
        state = mod.apply(state, mod.suggest(state, turn, 1), turn)
    view = ryadki_view(mod.view(state, -1))
    assert any(ev["e"] == "game_end" for ev in view["events"])
    text = R.table_text(view, ["Ann", "Ben", "Cid"], view["events"], _)
    assert text.count("🏆") == 1 and text.count("Winner") == 1, text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_table_that_ended_early_marks_nobody_on_turn(lang: str) -> None:
    """The last person left: the table ends with a computer seat to play; its row keeps no ▸."""
    _ = translator(lang)
    mod = rules.GAMES["ryadki"]
    state = mod.new_game({"players": 3, "deals": 1}, seed=5)
    for _move in range(4):
        turn = mover(mod, state)
        state = mod.apply(state, mod.suggest(state, turn, 1), turn)
    view = ryadki_view(mod.view(state, -1))
    names = ["Ann", "Ben", "🤖 Ada"]
    assert view["turn"] is not None
    on_turn = R.TURN_MARK + names[view["turn"]]
    playing = R.table_text(view, names, view["events"], _)
    assert any(line.startswith(on_turn) for line in playing.splitlines()), playing
    ended = R.table_text(view, names, view["events"], _, why="abandoned")
    assert not any(line.startswith(on_turn) for line in ended.splitlines()), ended


def test_ryadki_hand_marks_playable_cards_on_the_players_turn_only() -> None:
    _ = translator("en")
    mod = rules.GAMES["ryadki"]
    state = mod.new_game({"players": 3}, seed=9)
    turn = mover(mod, state)
    state = mod.apply(state, mod.legal_moves(state, turn)[0], turn)
    responder = mover(mod, state)
    view = ryadki_view(mod.view(state, responder))
    kb = R.hand_keyboard(view, "abcdefghij", 4, _)
    assert kb is not None
    cards = [b for row in kb.inline_keyboard for b in row if not b.text.startswith("🚪")]
    marked = {data_of(b).split(":")[2] for b in cards if b.text.startswith("✅")}
    assert marked == set(view["legal"])
    text = R.hand_text(view, "Card Club", ["A", "B", "C"], _)
    assert "Card Club" in text and "Your turn" in text
    other = (responder + 1) % 3
    oview = ryadki_view(mod.view(state, other))
    okb = R.hand_keyboard(oview, "abcdefghij", 4, _)
    assert okb is not None
    assert not any(b.text.startswith("✅") for row in okb.inline_keyboard for b in row)
    assert "Your turn" not in R.hand_text(oview, "Card Club", ["A", "B", "C"], _)


def parquet_midgame(moves: int, seed: int = 3):  # type: ignore[no-untyped-def]
    mod = rules.GAMES["parquet"]
    state = mod.new_game(seed=seed)
    for _ in range(moves):
        if mod.status(state).over:
            break
        t = mover(mod, state)
        state = mod.apply(state, mod.suggest(state, t, 1), t)
    return mod, state


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_parquet_board_is_drawn_once_and_the_prompt_names_the_cells(lang: str) -> None:
    _ = translator(lang)
    mod, state = parquet_midgame(12)
    view = parquet_view(mod.view(state, 0))
    legal = mod.legal_moves(state, mover(mod, state))
    pick = legal[0].split("@")[0] if "@" in legal[0] else legal[0].split(">")[0]
    text = P.text(view, ["Ann", "Ben"], view["events"], pick, legal, _)
    assert "<pre>" not in text  # the keyboard is the board
    kb = P.keyboard(view, "abcdefghij", 7, pick, legal, _)
    grid = kb.inline_keyboard[:5]
    assert all(len(row) == 7 for row in grid)
    targets = {data_of(b).split(":", 2)[2] for row in grid for b in row if b.text[0] == "✅"}
    assert targets == {m for m in legal if m.startswith(pick + "@") or m.startswith(pick + ">")}
    cells = [m.split("@")[1] for m in targets]
    prompt = text.split("\n\n")[-1]
    assert face(pick, _) in prompt and all(cell_name(c) in prompt for c in cells), prompt
    # the hands and the last move stay in the text
    assert "Ann" in text and "Ben" in text and "▸" in text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_toast_after_a_pick_names_that_cards_cells_only(lang: str) -> None:
    """In a group the board marks every cell some card fits; the picked card's toast names its
    own cells (the player need not guess which ✅ is theirs)."""
    _ = translator(lang)
    mod, state = parquet_midgame(12)
    view = parquet_view(mod.view(state, 0))
    legal = mod.legal_moves(state, mover(mod, state))
    every = {m.split("@")[1] for m in legal if "@" in m}
    fewer = 0  # picks whose cells are fewer than the board's ✅
    for pick in sorted({m.split("@")[0] for m in legal if "@" in m}):
        own = sorted(m.split("@")[1] for m in legal if m.startswith(pick + "@"))
        toast = P.half_move(view, legal, pick, None, _)
        assert toast.startswith(face(pick, _)), toast
        assert parquet_taps.toast_cells(toast) == parquet_taps.cell_names(own), toast
        assert len(toast) <= 200, toast  # a callback answer's limit
        fewer += len(own) < len(every)
    assert fewer  # so naming the cells says more than the board does


def hand_rows(kb: Keyboard) -> list[list[Button]]:
    return [row for row in kb.inline_keyboard[5:] if "~resign" not in data_of(row[0])]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_parquet_hand_is_two_short_rows_of_playable_cards(seed: int) -> None:
    _ = translator("ru")
    mod = rules.GAMES["parquet"]
    state = mod.new_game(seed=seed)
    seen_full_hand = False
    while not mod.status(state).over:
        view = parquet_view(mod.view(state, 0))
        turn = mover(mod, state)
        legal = mod.legal_moves(state, turn)
        rows = hand_rows(P.keyboard(view, "abcdefghij", 7, None, legal, _))
        seen_full_hand |= len(view["hands"][turn]) == 18
        assert len(rows) <= 2 and all(len(row) <= P.HAND_ROW for row in rows), rows
        buttons = [b for row in rows for b in row]
        for b in buttons:
            assert width(b.text) <= 4, b.text  # a card's face, nothing more: fits 1/5 of 360 px
        picks = {data_of(b).split(":", 2)[2].removeprefix("~pick:") for b in buttons}
        playable = {m.split("@")[0] for m in legal if "@" in m}
        # every rank with a legal cell has its button (the two cards of a rank play alike)
        assert {c[0] for c in picks} == {c[0] for c in playable} and picks <= playable
        state = mod.apply(state, mod.suggest(state, turn, 1), turn)
    assert seen_full_hand


def test_parquet_relocation_prompt_names_the_cards() -> None:
    _ = translator("en")
    mod = rules.GAMES["parquet"]
    for seed in range(40):
        state = mod.new_game(seed=seed)
        while not mod.status(state).over and not mod.view(state, 0).get("must_relocate"):
            turn = mover(mod, state)
            state = mod.apply(state, mod.suggest(state, turn, 1), turn)
        if not mod.status(state).over:
            break
    else:
        pytest.skip("no relocation in these games")
    view = parquet_view(mod.view(state, 0))
    legal = mod.legal_moves(state, mover(mod, state))
    src = next(m.split(">")[0] for m in legal if ">" in m)
    code = view["board"][int(src[0]) - 1][int(src[1]) - 1]
    assert code is not None  # a card that moves
    text = P.text(view, ["Ann", "Ben"], view["events"], None, legal, _)
    assert f"{face(code, _)} {cell_name(src)}" in text.split("\n\n")[-1]
    picked = P.text(view, ["Ann", "Ben"], view["events"], src, legal, _)
    assert f"moving {face(code, _)} {cell_name(src)}" in picked.split("\n\n")[-1]


def test_a_finished_parquet_game_shows_its_board_in_the_text() -> None:
    _ = translator("en")
    mod, state = parquet_midgame(200)
    assert mod.status(state).over
    view = parquet_view(mod.view(state, 0))
    text = P.text(view, ["Ann", "Ben"], view["events"], None, [], _)
    lines = pre_lines(text)
    assert len(lines) == 6 and all(width(x) <= PHONE_COLUMNS for x in lines)
    assert (
        sum(x.count("♠") + x.count("♣") + x.count("♥") + x.count("♦") for x in lines)
        == (view["on_board"])
    )


def test_parquet_relocation_pass_and_results_are_explained() -> None:
    _ = translator("en")
    view: ParquetView = {**parquet.view(parquet.new_game(seed=1), 0), "red": 1}
    names = ["Ann", "Ben"]
    text = "\n".join(
        parquet_events.event_lines(
            [
                {"e": "relocate", "seat": 0, "card": "KS", "from": "24", "to": "15"},
                {"e": "pass", "seat": 1},
                {"e": "phase", "phase": "corner"},
            ],
            names,
            view,
            _,
        )
    )
    assert "Ann moves K♠: d2 → e1 (no card from hand fitted)" in text
    assert "Ben passes: nothing to place and nothing to move" in text
    assert "corner rule" in text
    for why, needle in [
        ("full", "left holding the extra card (6♥)"),
        ("double_pass", "Both players passed"),
        ("repetition", "three times"),
        ("resign", "resigned"),
        ("timeout", "missed too many turns"),
    ]:
        over: ParquetView = {
            **view,
            "hands": [[], ["6H"]],
            "status": {"over": True, "winners": [0], "scores": [0, 1], "result": "over"},
        }
        line = P.result_line(over, names, why, _)
        assert "Ann wins!" in line and needle in line, (why, line)
        assert line.count("Ann") == 1, line  # the winner is named once
