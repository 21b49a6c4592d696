"""The conformance suite of `test_conformance.py` over the toy solitaire of `tests/toy` (Ladder,
registered while these tests run): seeded playouts to the end through the rules API, its board
at every position in both languages, every locale key the registry implies for a solitaire,
and its own texts complete in both languages."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.i18n import Arg, catalog
from bot.registry import spec
from tests.bot.games.test_conformance import EXAMPLES, LANGS, implied_keys, playout
from tests.toy import ladder_spec
from tests.toy.ladder_spec import KIND


@pytest.fixture(scope="module", autouse=True)
def _registered() -> Iterator[None]:
    with ladder_spec.registered():
        yield


@pytest.fixture(autouse=True)
def _every_text_found(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """No screen asked for a locale key that no language has."""
    yield
    missing = [r.getMessage() for r in caplog.records if "i18n_missing" in r.getMessage()]
    assert not missing, missing[:5]


@EXAMPLES
@given(seed=st.integers(min_value=0, max_value=2**53 - 1))
def test_seeded_playouts_to_the_end(seed: int) -> None:
    playout(KIND, seed)


def test_a_fixed_playout() -> None:
    playout(KIND, 20240601)


def test_every_implied_locale_key_exists_in_both_languages() -> None:
    cat = catalog()
    for lang in LANGS:
        missing = sorted(key for key in implied_keys(spec(KIND)) if not cat.has(lang, key))
        assert not missing, f"{lang} lacks {missing}"


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
