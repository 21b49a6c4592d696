"""Words that agree: a thing keeps one name on every screen that shows it (the board, the
statistics, the event lines), in both languages."""

from __future__ import annotations

import re

import pytest

from bot.games.state import public_view
from bot.i18n import t
from bot.render import ryadki as render_ryadki
from rules.views import ryadki_view
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
