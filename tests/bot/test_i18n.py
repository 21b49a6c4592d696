from __future__ import annotations

import re
from pathlib import Path

from bot.config import LANGUAGES
from bot.i18n import Catalog, catalog, normalize, t, translator


def test_russian_is_default_and_english_exists() -> None:
    assert t("ru", "btn-rules") == "📖 Правила"
    assert t("en", "btn-rules") == "📖 Rules"
    assert t(None, "btn-rules") == "📖 Правила"
    assert t("de", "btn-rules") == "📖 Правила"  # unknown language → Russian


def test_missing_key_falls_back_to_the_key() -> None:
    assert t("en", "no-such-key") == "no-such-key"


def test_every_language_has_every_key() -> None:
    cat = catalog()
    assert set(LANGUAGES) <= set(cat.languages)
    for lang in LANGUAGES:
        for other in LANGUAGES:
            missing = cat.keys[other] - cat.keys[lang]
            assert not missing, f"{lang} lacks {sorted(missing)}"


def test_every_message_formats_without_isolation_marks() -> None:
    cat = catalog()
    for lang in LANGUAGES:
        for key in cat.keys[lang]:
            text = cat.t(
                lang,
                key,
                game="X",
                n=3,
                count=3,
                card="Q♠",
                moves=5,
                time="1:00",
                score=4,
                total=104,
                kon=2,
                stock=10,
                passes=2,
                target="J♠",
                spot="L1",
                src="b",
                left=3,
                undos=1,
                hints=1,
                deck=52,
                pass_no=1,
                cards="Q♠",
                name="Ann",
                base="9",
            )
            assert "\u2068" not in text and "\u2069" not in text
            assert text.strip()


def test_russian_plurals() -> None:
    cat = catalog()
    if not cat.has("ru", "n-cards"):
        return
    assert t("ru", "n-cards", n=1).endswith("карта")
    assert t("ru", "n-cards", n=3).endswith("карты")
    assert t("ru", "n-cards", n=5).endswith("карт")
    assert t("en", "n-cards", n=1).endswith("card")
    assert t("en", "n-cards", n=5).endswith("cards")


def test_loader_reads_every_ftl_file_of_a_language(tmp_path: Path) -> None:
    (tmp_path / "ru").mkdir()
    (tmp_path / "ru" / "a.ftl").write_text("one = один\n", encoding="utf-8")
    (tmp_path / "ru" / "b.ftl").write_text("two = два { $n }\n", encoding="utf-8")
    cat = Catalog(tmp_path)
    assert cat.t("ru", "one") == "один"
    assert cat.t("ru", "two", n=2) == "два 2"


def test_normalize_and_translator() -> None:
    assert normalize("en-US") == "en"
    assert normalize("ru") == "ru"
    assert normalize("de") == "ru"
    assert normalize(None, "en") == "en"
    assert translator("en")("btn-menu") == "☰ Menu"


def test_button_texts_fit_telegram() -> None:
    cat = catalog()
    for lang in LANGUAGES:
        for key in cat.keys[lang]:
            if key.startswith("btn-"):
                text = cat.t(lang, key, game="Kosa", n=45, card="10♠", target="10♠")
                assert len(text) <= 40, (lang, key, text)
                assert not re.search(r"<[a-z]", text), (lang, key)
