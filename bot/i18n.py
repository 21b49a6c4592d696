"""Translations from Fluent files: bot/locales/<lang>/*.ftl (every file of a language is loaded).

Fluent (fluent.runtime) because the bot's texts need Russian plural forms («1 карта, 3 карты,
5 карт») and named arguments, which Fluent's CLDR plural selectors give translators directly in
the locale files, with no code change; gettext would need ngettext calls in code for each plural.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast as fluent_ast

from bot.config import LANGUAGES

LOCALES_DIR = Path(__file__).parent / "locales"

DEFAULT = "ru"
MEMO_SIZE = 20000  # formatted messages with arguments kept (then the memo starts afresh)

log = logging.getLogger(__name__)

Arg = str | int | float
"""A message argument (Fluent formats numbers by their plural form where a message selects)."""
Args = dict[str, Arg]
MemoKey = tuple[str | None, str, tuple[tuple[str, Arg], ...], tuple[type, ...]]
"""A formatted message's language, key, arguments and the arguments' types."""


class Catalog:
    """All languages' bundles; `t(lang, key, **args)` formats one message."""

    def __init__(self, root: Path = LOCALES_DIR, default: str = DEFAULT) -> None:
        self.default = default
        self._plain: dict[tuple[str | None, str], str] = {}  # formatted messages without args
        self._memo: dict[MemoKey, str] = {}  # formatted messages with args (bounded)
        # messages whose text depends on a number's plural form (Fluent select expressions);
        # other messages get their arguments as plain strings (no locale number formatting)
        self.selects: set[tuple[str, str]] = set()
        # messages made only of text and `{ $variable }` placeables, as their parts (a str is
        # text, a 1-tuple names a variable): formatted by joining, without Fluent's resolver
        self.simple: dict[tuple[str, str], list[str | tuple[str]]] = {}
        self.bundles: dict[str, FluentBundle] = {}
        self.keys: dict[str, set[str]] = {}
        for lang_dir in sorted(p for p in root.iterdir() if p.is_dir()):
            lang = lang_dir.name
            self.bundles[lang] = FluentBundle([lang], use_isolating=False)
            self.keys[lang] = set()
            for ftl in sorted(lang_dir.glob("*.ftl")):
                self.add(lang, ftl)

    def add(self, lang: str, ftl: Path) -> None:
        """Load one Fluent file into language `lang`."""
        bundle = self.bundles.get(lang)
        if bundle is None:
            bundle = self.bundles[lang] = FluentBundle([lang], use_isolating=False)
            self.keys[lang] = set()
        resource = FluentResource(ftl.read_text(encoding="utf-8"))
        bundle.add_resource(resource, allow_overrides=True)
        for entry in resource.body:
            if isinstance(entry, fluent_ast.Message) and entry.id.name:
                ident = entry.id.name
                self.keys[lang].add(ident)
                if _has_select(entry):
                    self.selects.add((lang, ident))
                parts = _simple_parts(entry)
                if parts is not None:
                    self.simple[(lang, ident)] = parts
        self._plain.clear()
        self._memo.clear()

    @property
    def languages(self) -> list[str]:
        return list(self.bundles)

    def has(self, lang: str, key: str) -> bool:
        return key in self.keys.get(lang, ())

    def t(self, lang: str | None, key: str, **args: Arg) -> str:
        if not args:
            cached = self._plain.get((lang, key))
            if cached is None:
                cached = self._plain[(lang, key)] = self._format(lang, key, {})
            return cached
        # a board repeats the same few formatted lines and labels move after move (a pile's
        # count, a card in an event line): formatting is a pure function of language, key and
        # arguments, so remember results for plain (str/int) arguments
        try:
            memo_key = (lang, key, tuple(args.items()), tuple(map(type, args.values())))
            cached = self._memo.get(memo_key)
        except TypeError:  # an unhashable argument: format without remembering
            return self._format(lang, key, args)
        if cached is None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            cached = self._memo[memo_key] = self._format(lang, key, args)
        return cached

    def _format(self, lang: str | None, key: str, args: Args) -> str:
        parts = self.simple.get((lang, key)) if lang is not None else None
        if parts is not None:
            try:
                return "".join(p if type(p) is str else str(args[p[0]]) for p in parts)
            except KeyError:  # a missing argument: let Fluent report it
                pass
        for candidate in (lang, self.default, "en"):
            if candidate is None:
                continue
            bundle = self.bundles.get(candidate)
            if bundle is None or not bundle.has_message(key):
                continue
            message = bundle.get_message(key)
            if message.value is None:
                continue
            if args and (candidate, key) not in self.selects:
                args = {k: v if isinstance(v, str) else str(v) for k, v in args.items()}
            text, errors = bundle.format_pattern(message.value, args)
            if errors:
                log.warning("event=i18n_error lang=%s key=%s errors=%r", candidate, key, errors)
            return str(text)
        log.warning("event=i18n_missing lang=%s key=%s", lang, key)
        return key


def _simple_parts(message: fluent_ast.Message) -> list[str | tuple[str]] | None:
    """A message's value as text and variable parts, or None when it holds anything else
    (selectors, terms, functions, literals) or has attributes only."""
    value = message.value
    if value is None:
        return None
    parts: list[str | tuple[str]] = []
    for element in value.elements:
        if isinstance(element, fluent_ast.TextElement):
            parts.append(element.value)
        elif isinstance(element, fluent_ast.Placeable) and isinstance(
            element.expression, fluent_ast.VariableReference
        ):
            parts.append((element.expression.id.name,))
        else:
            return None
    return parts


def _has_select(node: object) -> bool:
    """True when a Fluent AST node contains a select expression (e.g. plural forms)."""
    if type(node).__name__ == "SelectExpression":
        return True
    if isinstance(node, list):
        return any(_has_select(x) for x in node)
    if hasattr(node, "__dict__"):
        return any(_has_select(v) for k, v in vars(node).items() if k != "span")
    return False


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    return Catalog()


def extend(folder: Path) -> None:
    """Add a game's own texts: `<folder>/<lang>.ftl` for each language it has (a game that
    lives outside `bot/locales`, see `bot.registry.GameSpec.locales`)."""
    for ftl in sorted(folder.glob("*.ftl")):
        catalog().add(ftl.stem, ftl)


def t(lang: str | None, key: str, **args: Arg) -> str:
    """Format message `key` in `lang` (falling back to Russian, then English, then the key)."""
    return catalog().t(lang, key, **args)


def normalize(code: str | None, default: str = DEFAULT) -> str:
    """A Telegram language_code (`en-US`, `ru`) → one of LANGUAGES."""
    if code:
        base = code.split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return default


class Translator(Protocol):
    """`_(key, **args)`: message `key` formatted in one language (`translator`)."""

    def __call__(self, key: str, /, **args: Arg) -> str: ...


def translator(lang: str) -> Translator:
    """`_ = translator("en"); _("menu-title")`."""
    format_message = catalog().t  # a board formats a few dozen texts: one call each, not three

    def _(key: str, /, **args: Arg) -> str:
        return format_message(lang, key, **args)

    return _
