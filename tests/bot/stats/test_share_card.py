"""The card posted after the day's deal: a loss never looks as good as a win, each game says
what it achieved in its own terms (Raspad has no home), and no card of the deal is named."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from bot.i18n import translator
from bot.stats.share_card import LOSS, WIN, Facts, bar, card, clock

CARD_NAME = re.compile(r"[♠♥♦♣]|\b([2-9]|10|[JQKA])[SHDC]\b")


@st.composite
def facts(draw: st.DrawFn, won: bool | None = None) -> Facts:
    kind = draw(st.sampled_from(["kosa", "raspad"]))
    total = 104 if kind == "kosa" else draw(st.sampled_from([52, 54]))
    is_won = draw(st.booleans()) if won is None else won
    if kind == "kosa":
        score = total if is_won else draw(st.integers(0, total - 1))
    else:  # Raspad: a win's score is the hand, a loss's the cards still out
        score = draw(st.integers(0, 6)) if is_won else draw(st.integers(1, total))
    place = draw(st.none() | st.tuples(st.integers(1, 500), st.integers(500, 1000)))
    return Facts(
        kind=kind,
        day=draw(st.integers(1, 5000)),
        won=is_won,
        score=score,
        total=total,
        moves=draw(st.integers(0, 2000)),
        seconds=draw(st.integers(0, 20_000)),
        rounds=draw(st.integers(1, 30)) if kind == "raspad" else None,
        place=place,
    )


@given(facts(won=True), facts(won=False))
def test_a_loss_never_looks_as_good_as_a_win(win: Facts, loss: Facts) -> None:
    assert bar(win) == WIN * 10
    assert bar(loss).count(LOSS) <= 9 and WIN not in bar(loss)


@given(facts(), st.sampled_from(["en", "ru"]))
def test_a_card_names_no_card_and_carries_day_place_and_link(f: Facts, lang: str) -> None:
    text = card(f, translator(lang), "cardbot")
    assert not CARD_NAME.search(text)
    assert f"{f.day}" in text.splitlines()[0]
    if f.place is not None:
        assert str(f.place[0]) in text.splitlines()[0] and str(f.place[1]) in text.splitlines()[0]
    assert text.endswith(f"https://t.me/cardbot?start=daily-{f.kind}-{f.day}")
    assert len(text) <= 256  # fits a copy_text button whole
    if f.kind == "raspad":
        assert "home" not in text and "дом" not in text  # Raspad has no home


def test_a_loss_fills_the_bar_by_its_progress_in_the_game_s_terms() -> None:
    kosa = Facts("kosa", 700, False, score=57, total=104, moves=312, seconds=754)
    assert bar(kosa) == LOSS * 5 + "⬜" * 5
    assert "❌ 57 of 104 cards home" in card(kosa, translator("en"))
    close = Facts("raspad", 700, False, score=3, total=52, moves=80, seconds=60, rounds=9)
    far = Facts("raspad", 700, False, score=40, total=52, moves=80, seconds=60, rounds=3)
    assert bar(close).count(LOSS) == 9 > bar(far).count(LOSS) == 2  # fewer left is better
    assert "❌ 3 cards left, round 9" in card(close, translator("en"))
    won = Facts("raspad", 700, True, score=3, total=52, moves=80, seconds=3700, rounds=4)
    text = card(won, translator("ru"))
    assert "✅ победа за 4 кона, 3 карты в запасе" in text and "1:01:40" in text
    assert clock(59) == "0:59"
