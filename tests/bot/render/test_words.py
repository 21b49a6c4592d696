"""Words that agree: a thing keeps one name on every screen that shows it (the board, the
statistics, the event lines), in both languages."""

from __future__ import annotations

import re

import pytest

from bot.events import Event
from bot.games.solitaire import model as solitaire
from bot.games.solitaire.screen import board as render_game
from bot.games.state import public_view
from bot.i18n import t, translator
from bot.render import ryadki as render_ryadki
from bot.render.common import face
from bot.render.menu import help_page
from bot.render.ryadki_events import event_lines as ryadki_lines
from rules.parquet_view import parquet_view
from rules.ryadki_view import ryadki_view
from tests.support import samples


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_raspad_s_round_has_the_board_s_name_in_the_statistics(lang: str) -> None:
    board_word = t(lang, "raspad-head", kon=4, stock=10, discard=20).split()[0].lower()
    best = t(lang, "stats-best-raspad", won="yes", hand="3", kons=4, left=0)
    assert re.search(rf"\b4 {board_word}", best.lower()), (board_word, best)


@pytest.mark.parametrize(("kons", "word"), [(1, "кон"), (3, "кона"), (5, "конов"), (21, "кон")])
def test_the_russian_round_count_is_declined(kons: int, word: str) -> None:
    best = t("ru", "stats-best-raspad", won="yes", hand="3 карты", kons=kons, left=0)
    assert f"за {kons} {word}," in best, best


def test_the_russian_ryadki_board_calls_a_pile_what_its_events_call_it() -> None:
    record = samples._table("ryadki", ["Аня", "Боря", "Вика"], 5, 7)
    record.table.lang = "ru"
    ctx = samples._ctx(record)
    ctx.lang = "ru"
    text = samples.plain(render_ryadki.render(ryadki_view(public_view(record)), ctx))
    header = next(line for line in text.splitlines() if "рука" in line)
    assert header.split() == ["рука", "стопка", "очки"], header
    assert "стопк" in t("ru", "ry-ev-seven", name="Аня", n=0)  # the events' word


# -- issue 33: texts out of date (10), numbers that say what they count (11) ----------------------
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_group_help_says_ryadki_cards_may_come_in_the_group(lang: str) -> None:
    alone = {"ru": "видны только вам", "en": "shown to you alone"}[lang]
    assert alone in t(lang, "lobby-hint-hidden")  # what the lobby says, /help says too
    assert alone in help_page(lang, private=False).text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_parquet_how_to_marks_only_what_the_screen_marks(lang: str) -> None:
    """The hand's buttons under the board carry no ✅ (only the cells do)."""
    from bot.render import parquet as render_parquet

    record = samples._table("parquet", ["Ann", "Ben"], 3, 0)
    ctx = samples._ctx(record)
    ctx.lang = lang
    screen = render_parquet.render(parquet_view(public_view(record)), ctx)
    assert screen.keyboard is not None
    hand_row = screen.keyboard.inline_keyboard[5]  # under the 5 rows of the board
    assert hand_row and not any("✅" in b.text for b in hand_row)
    how = t(lang, "first-how-parquet")
    assert how.count("✅") == 1, how  # the cell's


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_jokers_say_which_is_which(lang: str) -> None:
    _ = translator(lang)
    red, black = face("XR", _), face("XB", _)
    assert red == "🃏🔴" and black == "🃏⚫"  # the colours Parquet's sides wear, no letter
    rules_text = t(lang, "rules-raspad")
    assert red in rules_text and black in rules_text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_invite_names_the_group_its_table_is_open_in(lang: str) -> None:
    text = t(lang, "invite-in-group", group="Card Club")
    assert "Card Club" in text and "this group" not in text and "этой группе" not in text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_timeout_says_how_many_more_misses_remove_the_player(lang: str) -> None:
    events: list[Event] = [{"e": "timeout", "seat": 0, "move": "7H", "k": 1, "max": 3}]
    line = ryadki_lines(events, ["Ann", "Ben"], translator(lang))[0]
    assert "(1/3)" not in line and "2" in line, line
    last = ryadki_lines([{**events[0], "k": 2}], ["Ann", "Ben"], translator(lang))[0]
    assert {"ru": "Ещё один пропуск", "en": "One more missed turn"}[lang] in last, last


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_raspad_s_numbers_under_the_cards_are_explained_on_the_board(lang: str) -> None:
    record = solitaire.new_record("raspad", "52", 1, lang, seed=4)
    text = render_game(record, lang).text
    legend = t(lang, "raspad-legend")
    assert legend in text and text.index("</pre>") < text.index(legend)


@pytest.mark.parametrize(
    ("lang", "on_card", "best"),
    [
        ("en", "won in 4 rounds with 6 cards to spare", "won in 4 rounds with 6 cards to spare"),
        ("ru", "победа за 4 кона, 6 карт в запасе", "6 карт в запасе"),
    ],
)
def test_a_raspad_win_says_what_its_cards_in_hand_are(lang: str, on_card: str, best: str) -> None:
    """ "won in 4 rounds, 6 cards in hand": the cards a win leaves over are its merit."""
    assert on_card in t(lang, "card-raspad-won", rounds=4, score=6)
    cards = t(lang, "cards-n", n=6)
    assert best in t(lang, "stats-best-raspad", won="yes", hand=cards, kons=4, left=6)


@pytest.mark.parametrize(("lang", "said"), [("en", "place 1 of 2"), ("ru", "1-е место из 2")])
def test_a_history_line_says_its_number_is_a_place(lang: str, said: str) -> None:
    assert t(lang, "hist-place", place=1, of=2) == said
