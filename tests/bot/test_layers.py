"""The shape of bot/: imports flow one way (no cycle; games and render never reach aiogram;
render imports nothing above it), thin handlers; and small modules — at most 400 lines — in
bot/, rules/, tests/ and benchmarks/ alike (`OVER_THE_LIMIT` lists the exceptions, each with
its reason). Imports are read from the source (function-level ones included, those only for
type checkers left out)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"
SIZE_LIMIT = 400  # lines per module
SIZED_TREES = ("bot", "rules", "tests", "benchmarks")
# Modules allowed over SIZE_LIMIT (paths from the repository root), each with its reason. Keep it
# short: split a module rather than add it here; an entry no longer needed fails the test below.
OVER_THE_LIMIT: dict[str, str] = {}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def imports_of(path: Path) -> set[str]:
    """Every module `path` imports at run time (absolute names; `from a import b` counts both
    `a` and `a.b`, since b may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _type_checking_only(node):
            skip |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


MODULES = {module_name(p): p for p in BOT.rglob("*.py")}
GRAPH = {
    name: {m for m in imports_of(path) if m in MODULES and m != name}
    for name, path in MODULES.items()
}


def reachable(start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in GRAPH[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def test_the_import_graph_is_read() -> None:
    assert len(MODULES) > 40
    assert "bot.games.table.publisher" in GRAPH["bot.games.table.service"]


def test_no_import_cycle_in_bot() -> None:
    cycles = sorted(name for name in GRAPH if name in reachable(name))
    assert not cycles, cycles


def test_services_and_renderers_never_reach_aiogram() -> None:
    for name in MODULES:
        if not name.startswith(("bot.games", "bot.render")):
            continue
        for mod in {name} | reachable(name):
            third = {m.split(".")[0] for m in imports_of(MODULES[mod])}
            assert "aiogram" not in third, f"{name} reaches aiogram through {mod}"


def test_renderers_import_nothing_above_them() -> None:
    above = ("bot.games", "bot.storage", "bot.handlers", "bot.app")
    for name in MODULES:
        if name.startswith("bot.render"):
            bad = [m for m in GRAPH[name] if m.startswith(above)]
            assert not bad, (name, bad)


def module_sizes() -> dict[str, int]:
    """Lines per module of SIZED_TREES, by path from the repository root."""
    return {
        path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8").count("\n")
        for tree in SIZED_TREES
        for path in sorted((ROOT / tree).rglob("*.py"))
    }


def test_the_size_rule_sees_every_tree() -> None:
    sizes = module_sizes()
    for tree in SIZED_TREES:
        assert sum(1 for path in sizes if path.startswith(f"{tree}/")) >= 5, tree
    assert "tests/bot/test_layers.py" in sizes


def test_modules_are_small() -> None:
    too_big = {
        path: lines
        for path, lines in module_sizes().items()
        if lines > SIZE_LIMIT and path not in OVER_THE_LIMIT
    }
    assert not too_big, f"over {SIZE_LIMIT} lines (split them): {too_big}"


def test_every_exception_to_the_size_rule_is_still_needed() -> None:
    sizes = module_sizes()
    for path, reason in OVER_THE_LIMIT.items():
        assert reason.strip(), path
        assert sizes.get(path, 0) > SIZE_LIMIT, f"{path} is gone or small now: drop its entry"


def test_handlers_are_thin() -> None:
    for name, path in MODULES.items():
        if name.startswith("bot.handlers"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    size = (node.end_lineno or node.lineno) - node.lineno + 1
                    assert size <= 40, (name, node.name, size)
