"""Russian that reads right: a name in a sentence stands in the nominative (Russian names would
have to be declined: «у Бориса», «стопка Веры»), nothing is said in a masculine-only form of a
player who may be a woman, and cards carry the Russian rank letters (В Д К Т) of the seeds."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from fluent.syntax import ast, parse
from fluent.syntax.visitor import Visitor

from bot.games.solitaire import model as solitaire
from bot.games.solitaire.screen import board as render_game
from bot.i18n import LOCALES_DIR, t, translator
from bot.render.common import face
from bot.render.kosa_events import event_line

PEOPLE = {"name", "names", "winner", "loser", "dealer", "to"}  # the variables that hold names
# both genders, declinable in Russian, and a computer player's name (a name like any other)
SAMPLE_NAMES = ["Борис", "Вера", "🤖 Дима", "🤖 Вера"]
OTHER_VALUES: list[Any] = [0, 1, 3, 5, "10♦"]

BEFORE = (  # words after which a name would have to be declined
    "у|для|от|к|ко|с|со|за|о|об|про|без|при|по|на|над|под|перед|через|нет|"
    "стопка|стопки|стопку|рука|руки|карта|карты|ход|хода|написать|напишите|передать"
)
AFTER = "нечем|некуда|нельзя|надо|нужно|пора|удалось|не удалось|не хватает"
PAST = r"(?:не\s+)?[а-яё]+(?:л|ла|ло|лся|лась)"  # «сыграл», «пропустила», «сдался»


class Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)


def ru_messages() -> dict[str, set[str]]:
    """Every Russian message with the variables it uses."""
    out: dict[str, set[str]] = {}
    for path in sorted((LOCALES_DIR / "ru").glob("*.ftl")):
        for entry in parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message):
                found = Variables()
                found.visit(entry)
                out[entry.id.name] = found.names
    return out


def bad_forms(text: str, name: str) -> list[str]:
    n = r"(?:<b>)?" + re.escape(name) + r"(?:</b>)?"
    patterns = [
        rf"(?<![\w])(?:{BEFORE})\s+{n}",  # «стопка Вера», «у Борис», «написать Вера»
        rf"{n}\s+(?:{AFTER})\b",  # «Борис нечем»
        rf"{n}\s+{PAST}\b",  # «Вера пропустил»
        rf"\b{PAST}\s+{n}",  # «поставил Вера»
        r"\b(?:за|для|у|от|к|с)\s+(?:него|неё|нему|ней|ним|ним)\b",  # «сыграно за него»
    ]
    return [m.group(0) for p in patterns for m in re.finditer(p, text, re.IGNORECASE)]


def formats(key: str, variables: set[str]) -> list[tuple[str, str]]:
    """(name, text) for every sample name and a spread of values for the other variables."""
    people = sorted(variables & PEOPLE)
    others = sorted(variables - PEOPLE)
    out = []
    for name, value in itertools.product(SAMPLE_NAMES, OTHER_VALUES):
        args = {v: name if v != "names" else f"{name}, Ира" for v in people}
        args.update(dict.fromkeys(others, value))
        out.append((name, t("ru", key, **args)))
    return out


def test_every_message_is_scanned() -> None:
    messages = ru_messages()
    with_names = [k for k, v in messages.items() if v & PEOPLE]
    assert len(messages) > 150 and len(with_names) > 20, with_names


def test_names_stand_in_the_nominative_and_no_form_is_masculine_only() -> None:
    problems = []
    for key, variables in sorted(ru_messages().items()):
        for name, text in formats(key, variables):
            problems += [f"{key}: «{found}»" for found in bad_forms(text, name)]
    assert not problems, "\n".join(sorted(set(problems)))


def test_the_scan_catches_the_forms_it_is_for() -> None:
    for text, name in [
        ("✋ Борис нечем ответить на 10♦", "Борис"),
        ("7️⃣ Семёрка: стопка Дима пуста", "Дима"),
        ("Доска заполнена, а у Вера осталась лишняя карта", "Вера"),
        ("⏰ Вера не успевает — за него сыграно 7♥", "Вера"),
        ("Вера пропустил слишком много ходов", "Вера"),
        ("последним карту поставил <b>🤖 Вера</b>", "🤖 Вера"),
    ]:
        assert bad_forms(text, name), text
    assert not bad_forms("✋ Борис: нечем ответить на 10♦ — стол забирает Вера.", "Вера")
    assert not bad_forms("▶ Ход: <b>Борис</b> — ответить на 10♦", "Борис")


def test_ryadki_speaks_of_several_opponents_in_the_plural() -> None:
    singular = re.compile(r"соперник(?:а|у|ом|е)?\b")
    for key, variables in ru_messages().items():
        if key.startswith("ry-"):
            for many in (2, 3, 5):
                text = t("ru", key, **dict.fromkeys(variables, many))
                assert not singular.search(text), (key, many, text)
    assert singular.search(t("ru", "ry-hand-wait", others=1, deal=1, deals=1))  # one: «соперником»


def test_cards_carry_the_russian_rank_letters_in_a_russian_ui() -> None:
    ru, en = translator("ru"), translator("en")
    assert [face(c, ru) for c in ("JS", "QH", "KD", "AC", "TS", "7H")] == [
        "В♠",
        "Д♥",
        "К♦",
        "Т♣",
        "10♠",
        "7♥",
    ]
    assert [face(c, en) for c in ("JS", "QH", "KD", "AC")] == ["J♠", "Q♥", "K♦", "A♣"]


@pytest.mark.parametrize("kind", ["kosa", "raspad"])
def test_a_russian_board_has_no_latin_rank_letters(kind: str) -> None:
    record = solitaire.new_record(kind, "u" if kind == "kosa" else "52", 1, "ru", seed=11)
    for _ in range(40):
        if record.finished:
            break
        screen = render_game(record, "ru")
        assert screen.keyboard is not None
        shown = screen.text + " ".join(
            b.text for row in screen.keyboard.inline_keyboard for b in row
        )
        assert not re.search(r"[JQKA][♠♥♦♣]", shown), shown
        if kind == "kosa":  # the spots are Л1–Л6 and П1–П6 to a Russian player
            assert not re.search(r"\b[LR][1-6]\b", shown), shown
            assert re.search(r"\bЛ[1-6]\b", shown) and re.search(r"\bП[1-6]\b", shown), shown
        moves = [m for m in solitaire.legal_moves(record) if m not in ("resign", "r")]
        solitaire.apply_move(record, moves[0], undo_depth=5)


def test_kosa_s_spots_keep_their_move_names_in_the_buttons_and_english() -> None:
    record = solitaire.new_record("kosa", "u", 1, "ru", seed=11)
    screen = render_game(record, "ru")
    assert screen.keyboard is not None
    data = " ".join(b.callback_data or "" for b in screen.keyboard.buttons())
    assert re.search(r"[LR][1-6]", data) and not re.search(r"[ЛП][1-6]", data)
    assert re.search(r"\bL1\b", render_game(record, "en").text)
    ru_events = event_line("ru", [{"e": "fill", "card": "7D", "from": "w", "to": "L1"}])
    assert ru_events == "Л1 ← 7♦"
    assert "Л1–Л6, П1–П6" in t("ru", "rules-kosa") and "L1" not in t("ru", "rules-kosa")


def ru_texts() -> dict[str, str]:
    """Every Russian message, its variables filled with plain values."""
    return {
        key: t("ru", key, **dict.fromkeys(variables, 2)) for key, variables in ru_messages().items()
    }


@pytest.mark.parametrize(
    ("word", "one_term"),
    [
        ("лобби", "набор"),  # the gathering of players: «набор игроков» everywhere
        ("ранг", "достоинство"),  # a card's rank, as the rules say it
        ("в доме ", "в домах"),  # eight homes: the cards are in the homes
        ("сдача", "сдались"),  # «сдача» is the deal in cards: giving up is «сдаться»
    ],
)
def test_one_russian_term_per_thing(word: str, one_term: str) -> None:
    found = re.compile(rf"(?<![а-яё]){word}")  # a word, not its tail («пересдача» is fine)
    said = [key for key, text in ru_texts().items() if found.search(text.lower())]
    assert not said, (word, said)
    assert any(one_term in text.lower() for text in ru_texts().values()), one_term


def test_russian_phrases_read_as_written_by_a_native_speaker() -> None:
    assert "цвет и первый ход — по жребию" in t("ru", "lobby-settings-parquet")
    assert "Лидеры группы «Клуб»" in t("ru", "top-group-title", group="Клуб")
    for key in ("pq-why-double-pass", "pq-why-repetition"):
        assert "побеждает тот, кто последним выложил карту из руки" in t("ru", key), key
    assert "Оба игрока" in t("ru", "pq-why-double-pass")
    days = t("ru", "stats-days", n=1, best=1)
    assert "1 день подряд" in days and "лучшее" not in days, days
    assert "3 дня подряд" in t("ru", "stats-days", n=3, best=5)


# -- issue 44: phrases a native speaker would not write ------------------------------------------
def test_the_player_is_always_addressed_as_vy() -> None:
    """«Выберите … и жмите»: the bot says «вы» and «нажмите» everywhere, never «ты»."""
    informal = re.compile(
        r"(?<![а-яё])(?:ты|тебе|тебя|твой|твоя|твоё|твои|жми|жмите|нажми)(?![а-яё])"
    )
    said = {key: text for key, text in ru_texts().items() if informal.search(text.lower())}
    assert not said, said
    assert "нажмите «Начать»" in t("ru", "lobby-private-hint-duel")


def test_the_settings_speak_of_the_player_in_the_second_person() -> None:
    """«Незнакомцы видят моё имя» stood beside «Вас видно…»: a setting's state says «вы»; only
    the buttons, which the player taps, may say «я»."""
    first = re.compile(r"(?<![а-яё])(?:я|меня|мне|моё|мое|мой|моя|мои)(?![а-яё])")
    states = {k: v for k, v in ru_texts().items() if k.startswith("settings-")}
    assert len(states) >= 6 and not {k: v for k, v in states.items() if first.search(v.lower())}
    assert "ваше имя" in t("ru", "settings-alias-off")


def test_an_adjective_keeps_its_noun_and_a_verb_its_subject() -> None:
    rated = re.compile(r"рейтинговая(?! попытка)")
    assert not [k for k, v in ru_texts().items() if rated.search(v)]
    unranked = t("ru", "daily-unranked", day=707, tier="")
    assert unranked == "📅 Расклад дня №707 · нерейтинговая попытка: была подсказка"
    assert t("ru", "outcome-resigned") == "🏳 вы сдались"
    assert t("ru", "outcome-timeout").startswith("⌛ вы ")
    assert t("ru", "outcome-abandoned") == "✖ партия брошена"


def test_a_day_s_number_is_written_as_on_its_own_screen() -> None:
    from bot.render.stats import detail_screen
    from bot.stats.stats import HistoryEntry, UserStats

    entry = HistoryEntry(
        "g1", "kosa", "u", "won", 104, 1, 1, 120, 300, 1_770_000_000, None, 426, True, False
    )
    for lang, number in (("ru", "📅 №426"), ("en", "📅 #426")):
        text = detail_screen("kosa", UserStats(), None, [entry], translator(lang)).text
        assert number in text and number[2:] in t(lang, "top-what-daily", day=426), text


def test_raspad_s_cards_left_over_are_in_reserve() -> None:
    """Not «про запас осталось 6 карт»: «6 карт в запасе»."""
    assert not [k for k, v in ru_texts().items() if "про запас" in v]
    won = t("ru", "card-raspad-won", rounds=4, score=1)
    assert won == "✅ победа за 4 кона, 1 карта в запасе", won


def test_the_board_of_the_day_does_not_promise_a_place_today() -> None:
    """«Вас пока нет в этой таблице» was said to a player who could not get on it today."""
    assert t("ru", "top-you-none") == "Вас в этой таблице нет."


def test_raspad_s_rules_say_a_true_ace() -> None:
    rules_text = t("ru", "rules-raspad")
    assert "реальн" not in rules_text and "настоящего туза" in rules_text


@pytest.mark.parametrize(
    ("n", "said"),
    [
        (2, "Рядки на двоих"),
        (3, "Рядки на троих"),
        (4, "Рядки на четверых"),
        (6, "Рядки на шестерых"),
    ],
)
def test_a_table_of_n_is_said_with_a_collective_numeral(n: int, said: str) -> None:
    assert t("ru", "match-game-seats", game="Рядки", n=n) == said
