"""The i18n fast path (plain text and variables joined without Fluent's resolver) formats every
message exactly as Fluent itself does."""

from __future__ import annotations

from bot.i18n import Arg, Catalog


def test_fast_path_matches_fluent_for_every_simple_message() -> None:
    catalog = Catalog()
    assert len(catalog.simple) > 100  # most messages take the fast path
    for (lang, key), parts in catalog.simple.items():
        names = [p[0] for p in parts if isinstance(p, tuple)]
        for sample in ("7", "Ann & <Bob>", "", "1 000", "двадцать"):
            args: dict[str, Arg] = {name: f"{sample}{i}" for i, name in enumerate(names)}
            bundle = catalog.bundles[lang]
            pattern = bundle.get_message(key).value
            assert pattern is not None
            expected, errors = bundle.format_pattern(pattern, args)
            assert not errors
            assert catalog._format(lang, key, args) == expected, (lang, key)


def test_a_missing_argument_still_goes_through_fluent() -> None:
    catalog = Catalog()
    lang, key = next(k for k, p in catalog.simple.items() if any(isinstance(x, tuple) for x in p))
    bundle = catalog.bundles[lang]
    pattern = bundle.get_message(key).value
    assert pattern is not None
    expected, _ = bundle.format_pattern(pattern, {})
    assert catalog._format(lang, key, {}) == expected
