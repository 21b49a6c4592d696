"""A game is its own files plus one line: outside a built-in game's own modules
(`rules/<game>*.py`, `rules/ai/<game>*`, `rules/solve/<game>*`, `bot/render/<game>*`) and its
registration (`bot/specs/`), no code in bot/ or rules/ names it — not in an identifier, not in a
string (docstrings and comments may). Read from the syntax tree: words of identifiers
(`KosaView` is `kosa` and `view`, `_ryadki_line` is `ryadki` and `line`) and of strings
(`"bot.render.kosa"`, `"rules-kosa"`)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from bot.specs import BUILT_IN

ROOT = Path(__file__).resolve().parents[2]
GAMES = tuple(name.rsplit(".", 1)[1] for name in BUILT_IN)  # the built-in games' kinds
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def words(text: str) -> set[str]:
    """The words of an identifier or a string, lower-case (`parquetView2` → parquet, view, 2)."""
    return {w.lower() for w in _WORD.findall(text)}


def own(path: str, game: str) -> bool:
    """`path` (from the repository root) is one of `game`'s own modules or a registration."""
    own_paths = (
        rf"rules/{game}(_\w+)?\.py",
        rf"rules/ai/{game}\w*\.py",
        rf"rules/solve/{game}\w*\.py",
        rf"bot/render/{game}\w*\.py",
        r"bot/specs/\w+\.py",
    )
    return any(re.fullmatch(pattern, path) for pattern in own_paths)


def _docstrings(tree: ast.AST) -> set[int]:
    """The string constants that are docstrings (or any other bare string statement)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def _names_in(node: ast.AST) -> Iterator[str]:
    """What `node` names: an identifier, an import, or a string constant's text."""
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.Attribute):
        yield node.attr
    elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        yield node.name
    elif isinstance(node, ast.arg):
        yield node.arg
    elif isinstance(node, ast.keyword):
        yield node.arg or ""
    elif isinstance(node, ast.alias):
        yield node.name
        if node.asname:
            yield node.asname
    elif isinstance(node, ast.ImportFrom) and node.module:
        yield node.module
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield str(node.value)


def named_games(source: str, games: tuple[str, ...] = GAMES) -> list[tuple[int, str, str]]:
    """(line, game, what) for each identifier or string of `source` (docstrings aside) that
    names one of `games`."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found = {
        (getattr(node, "lineno", 0), game, text[:60])
        for node in ast.walk(tree)
        if id(node) not in docs
        for text in _names_in(node)
        for game in words(text) & set(games)
    }
    return sorted(found)


def test_the_words_of_names_and_strings() -> None:
    assert words("KosaView") == {"kosa", "view"} and words("_ryadki_line") == {"ryadki", "line"}
    assert words("bot.render.parquet") == {"bot", "render", "parquet"}
    assert words("rules-raspad") == {"rules", "raspad"} and "kosa" not in words("Kosarev")


def test_the_check_finds_a_name_and_leaves_docstrings_and_comments() -> None:
    source = '''"""Kosa's docstring."""
import rules.kosa  # a comment: kosa
def f(kind: str) -> bool:
    """Is it Kosa?"""
    return kind == "kosa" or KosaView is None
'''
    assert named_games(source, ("kosa",)) == [
        (2, "kosa", "rules.kosa"),
        (5, "kosa", "KosaView"),
        (5, "kosa", "kosa"),
    ]


def test_the_built_in_games_are_read_from_their_registration() -> None:
    assert len(GAMES) >= 2 and all(g.isidentifier() for g in GAMES)


def test_no_code_outside_a_game_s_own_files_names_it() -> None:
    named: dict[str, list[tuple[int, str, str]]] = {}
    for top in ("bot", "rules"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            games = tuple(g for g in GAMES if not own(rel, g))
            found = named_games(path.read_text(encoding="utf-8"), games)
            if found:
                named[rel] = found
    assert named == {}, f"{sum(map(len, named.values()))} names: {named}"
