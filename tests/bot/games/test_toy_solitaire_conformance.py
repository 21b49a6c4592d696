"""The toy solitaire's own texts (`tests/toy/locales/ladder`): the same keys in both languages,
each formatted in full. (Ladder's playouts, its screens and the keys the registry implies for it
are in the conformance suite over every registered game, `test_conformance.py`.)"""

from __future__ import annotations

import re

from bot.i18n import Arg, catalog
from tests.bot.games.test_conformance import LANGS
from tests.toy import ladder_spec


def test_the_toy_locales_have_the_same_keys_and_fit() -> None:
    keys = {}
    for lang in LANGS:
        text = (ladder_spec.LOCALES / f"{lang}.ftl").read_text(encoding="utf-8")
        keys[lang] = set(re.findall(r"^([a-z][a-z0-9-]*) =", text, re.MULTILINE))
    assert keys["ru"] == keys["en"]
    cat = catalog()
    args: dict[str, Arg] = {
        "n": 3,
        "total": 16,
        "home": 3,
        "left": 13,
        "score": 3,
        "rounds": 2,
        "day": 700,
    }
    args |= {"stock": 5, "waste": 2, "pass_no": 2, "passes": 3, "card": "2♥", "moves": "9"}
    for lang in LANGS:
        for key in keys[lang]:
            assert cat.has(lang, key)
            text = cat.t(lang, key, won="no", **args)
            assert text.strip() and "{" not in text, (lang, key, text)
            if "-btn-" in key or key.startswith("btn-"):
                assert len(text) <= 40 and "<" not in text, (lang, key, text)
