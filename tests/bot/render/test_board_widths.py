"""Every board fits a 360 px phone: each <pre> line of every game, over many seeded positions,
takes at most PHONE_COLUMNS monospace columns when ♠ ♥ ♦ ♣ (and the emoji) take two, as
Telegram's apps draw them (Raspad's and Ryadki's within 30, a wrap mark included). And the boards
stay readable: Raspad's values never run together, a wrapped row is marked at both ends, a pick
moves no card of the hand; no card of Parquet's final board runs into its neighbour; two
leaderboard buttons fit a row."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Sequence

import pytest

import rules
from bot.games.solitaire import model as solitaire
from bot.games.solitaire.screen import board as render_game
from bot.games.state import view_of
from bot.i18n import translator
from bot.render import parquet as P
from bot.render import raspad
from bot.render import ryadki as R
from bot.render import stats as S
from bot.render.common import PHONE_COLUMNS, face, width
from bot.render.screen import SoloCtx, TableCtx
from rules.parquet_view import parquet_view
from rules.raspad_view import RaspadView, raspad_view
from rules.ryadki_view import ryadki_view
from rules.views import StatusView

NAMES = ["Александра Длинная", "🤖 Вера", "Bo", "<b>Mallory</b>", "Дима 🎉🎉", "Ed"]


def pre_lines(text: str) -> list[str]:
    blocks = re.findall(r"<pre>(.*?)</pre>", text, re.S)
    return [line for block in blocks for line in html.unescape(block).split("\n")]


def assert_fits(text: str, where: object, columns: int = PHONE_COLUMNS) -> int:
    lines = pre_lines(text)
    for line in lines:
        assert width(line) <= columns, (where, width(line), line)
    return len(lines)


def test_the_width_rule_counts_suits_and_emoji_as_two_columns() -> None:
    assert width("10♦") == 4 and width("J♠") == 3 and width("🃏🔴") == 4
    assert width("·🤖 Вера") == 8 and width("♥️") == 2  # U+FE0F adds nothing
    assert width("Кон 1 · колода 42") == 17  # Cyrillic, the middle dot: one column each


@pytest.mark.parametrize(
    ("kind", "variant"), [("raspad", "52"), ("raspad", "54"), ("kosa", "u"), ("kosa", "3")]
)
def test_solitaire_boards_fit_over_seeded_games(kind: str, variant: str) -> None:
    rng = random.Random(f"widths-{kind}{variant}")
    columns = raspad.BOARD_COLUMNS if kind == "raspad" else PHONE_COLUMNS
    assert columns == 30 if kind == "raspad" else columns == 32
    measured = 0
    for game in range(6):
        lang = ("ru", "en")[game % 2]
        record = solitaire.new_record(kind, variant, 1, lang, seed=rng.randrange(2**32))
        for step in range(150):
            measured += assert_fits(render_game(record, lang).text, (kind, game, step), columns)
            if record.finished:
                break
            moves = solitaire.legal_moves(record)
            sources = {m.split(">")[0] for m in moves if ">" in m}
            for src in sorted(sources)[:2]:  # a picked card marks its targets on the board
                shown = render_game(record, lang, pick=src).text
                assert_fits(shown, (kind, game, step, src), columns)
            # fail Raspad's kons now and then: the line grows and wraps
            fail = "fail" in moves and rng.random() < 0.15
            real = [m for m in moves if m not in ("d", "r", "resign", "fail")]
            move = "fail" if fail else rng.choice(real) if real else rng.choice(moves)
            solitaire.apply_move(record, move, undo_depth=20)
    assert measured > 500


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_ryadki_screens_fit_over_seeded_games(players: int) -> None:
    """30 columns: "Table: … A♣ A♠ J♠ 7♠ 7♥ A♥" (32) wrapped on a phone."""
    assert R.BOARD_COLUMNS == 30
    mod = rules.GAMES["ryadki"]
    names = NAMES[:players]
    measured = 0
    for seed in range(4):
        lang = ("ru", "en")[seed % 2]
        _ = translator(lang)
        state = mod.new_game({"players": players, "deals": 1}, seed=seed)
        while True:
            view = ryadki_view(mod.view(state, -1))
            ctx = TableCtx(lang, "abcdefghij", 3, view["events"], names=names, deadline_s=90)
            measured += assert_fits(R.render(view, ctx).text, (players, seed), R.BOARD_COLUMNS)
            for seat in range(players):
                mine = ryadki_view(mod.view(state, seat))
                hand = R.hand_text(mine, "Card Club", names, _)
                measured += assert_fits(hand, (players, seed, seat), R.BOARD_COLUMNS)
                shown = R.render_private(mine, ctx).text
                assert_fits(shown, (players, seed, seat), R.BOARD_COLUMNS)
            if mod.status(state).over:
                break
            turn = view["turn"]
            assert turn is not None
            state = mod.apply(state, mod.suggest(state, turn, seed), turn)
    assert measured > 500


def test_parquet_boards_fit_over_seeded_games() -> None:
    """The board is in the text once the keyboard no longer shows it: at the end, or when the
    table ended early (any position)."""
    mod = rules.GAMES["parquet"]
    measured = 0
    for seed in range(12):
        rng = random.Random(seed)
        _ = translator(("ru", "en")[seed % 2])
        state = mod.new_game(seed=seed)
        while True:
            view = parquet_view(mod.view(state, 0))
            over = mod.status(state).over
            if over or view["on_board"] % 5 == 0:
                why = None if over else "abandoned"
                text = P.text(view, NAMES[:2], view["events"], None, [], _, why=why)
                assert assert_fits(text, seed) == 6, text
                measured += 6
            if over:
                break
            turn = view["turn"]
            assert turn is not None
            moves = [m for m in mod.legal_moves(state, turn) if m != "resign"]
            state = mod.apply(state, rng.choice(moves), turn)
    assert measured > 12 * 6 * 4


def hand_rows(text: str, hand_word: str) -> list[list[tuple[int, str]]]:
    """The hand's lines of a Raspad board (its last lines): each word with the column it starts
    at, a picked card's mark left out."""
    lines = pre_lines(text)
    start = next(i for i, line in enumerate(lines) if line.startswith(hand_word))
    return [
        [(width(line[: m.start()]), m.group()) for m in re.finditer(r"[^\s▸]+", line)]
        for line in lines[start:]
    ]


@pytest.mark.parametrize("variant", ["52", "54"])
def test_a_raspad_pick_moves_no_card_of_the_hand(variant: str) -> None:
    """Picking a card marks it in the hand without re-flowing it: every card stays on its line,
    at its column (`[7♣]` used to push the last card to a second line)."""
    rng = random.Random(f"pick-{variant}")
    compared = 0
    for game in range(8):
        lang = ("ru", "en")[game % 2]
        _ = translator(lang)
        hand_word = _("raspad-hand", cards="").strip()
        record = solitaire.new_record("raspad", variant, 1, lang, seed=rng.randrange(2**32))
        for _step in range(60):
            if record.finished:
                break
            plain_rows = hand_rows(render_game(record, lang).text, hand_word)
            for card in raspad_view(view_of(record, 0))["hand"]:
                shown = render_game(record, lang, pick=card).text
                assert hand_rows(shown, hand_word) == plain_rows, (card, shown)
                assert raspad.PICK_MARK + face(card, _) in "\n".join(pre_lines(shown)), shown
                assert_fits(shown, (game, card), raspad.BOARD_COLUMNS)
                compared += 1
            moves = [m for m in solitaire.legal_moves(record) if m not in ("resign", "fail")]
            solitaire.apply_move(record, rng.choice(moves or ["fail"]), undo_depth=5)
    assert compared > 800


# -- Raspad's table line ----------------------------------------------------------------------
def raspad_board(table: list[str | None], ranges: Sequence[list[int] | None]) -> RaspadView:
    status = StatusView(over=False, winners=[], scores=[8], result="playing")
    live = sum(c is not None for c in table)
    return RaspadView(
        table=table,
        ranges=list(ranges),
        hand=["QS"],
        stock=3,
        discard=4,
        kon=2,
        live=live,
        fails=0,
        jokers=False,
        events=[],
        status=status,
    )


def value_rows(text: str) -> list[str]:
    lines = text.split("\n")[1:-1]  # between the heading and the hand
    return lines[1::2]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_raspad_ranges_never_run_together(lang: str) -> None:
    # the two positions seen on a phone: `11-1212-13` and `612-13`
    table = [None, "JS", "QH", None, "6D", "QC", None]
    ranges: list[list[int] | None] = [None, [11, 12], [12, 13], None, [6, 6], [12, 13], None]
    ctx = SoloCtx(lang, "abcdefghij", 1)
    text = raspad.board_text(raspad_board(table, ranges), ctx)
    shown = " ".join(value_rows(text)).split()
    assert shown == ["11-12", "12-13", "6", "12-13"], text


def test_a_long_raspad_line_wraps_with_a_mark_at_both_ends() -> None:
    _ = translator("en")
    codes = ["KS", "QH", "TD", "9C", "8S", "7H", "6D", "5C", "4S", "3H", "2D", "AC"]
    ranges = [[v, v] for v in (13, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)]
    text = raspad.board_text(raspad_board(list(codes), ranges), SoloCtx("en", "abcdefghij", 1))
    lines = text.split("\n")
    cards_rows = lines[1:-1:2]
    assert len(cards_rows) == 3
    assert cards_rows[0].endswith(" →") and not cards_rows[0].startswith("→")
    assert cards_rows[1].startswith("→") and cards_rows[1].endswith(" →")
    assert cards_rows[2].startswith("→") and not cards_rows[2].endswith("→")
    # read in order, the rows give the line back: neighbours across a wrap stay neighbours
    read = [tok for row in cards_rows for tok in row.split() if tok != "→"]
    assert read == [face(c, _) for c in codes]
    assert all(width(line) <= PHONE_COLUMNS for line in lines)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_card_of_parquet_s_final_board_runs_into_its_neighbour(lang: str) -> None:
    """`9♠10♠ 9♣10♥` read as one smudge: every card takes the same three columns (a ten is one
    letter, said under the board) with a blank before it."""
    _ = translator(lang)
    board: list[list[str | None]] = [[None] * 7 for _row in range(5)]
    board[1] = ["9S", "TS", "9C", "TH", "JD", "TC", None]
    board[2] = ["QS", "KH", "AD", None, "6C", "7H", "8S"]
    text = P.board_text(board, _)
    rows = text.split("\n")[1:]
    ten = _("pq-board-ten")
    assert len(ten) == 1 and ten not in "JQKAВДКТ"  # not a rank letter of either language
    assert rows[1].split()[1:] == ["9♠", f"{ten}♠", "9♣", f"{ten}♥", face("JD", _), f"{ten}♣", "·"]
    for row in rows:  # seven tokens a row: a card (three columns) or an empty cell
        assert [width(t) in (1, 3) for t in row.split()[1:]] == [True] * 7, row
        assert width(row) <= 30, row
    state = rules.GAMES["parquet"].new_game(seed=3)
    view = parquet_view(rules.GAMES["parquet"].view(state, 0))
    view["board"] = board
    shown = P.text(view, ["Ann", "Ben"], [], None, [], _, why="abandoned")
    assert "</pre>\n" + _("pq-board-legend") in shown and ten in _("pq-board-legend")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_two_leaderboard_buttons_fit_a_row_of_a_phone(lang: str) -> None:
    """Half a 360 px row holds about 21 columns as `width` counts them (an emoji two): the
    label "🪢 Kosa · deal of the day this week" (35) was cut off."""
    _ = translator(lang)
    keyboard = S.top_screen(None, None, _).keyboard
    assert keyboard is not None
    pairs = [row for row in keyboard.inline_keyboard if len(row) == 2]
    assert len(pairs) >= 3
    for row in pairs:
        for b in row:
            assert width(b.text) <= 21, (b.text, width(b.text))
