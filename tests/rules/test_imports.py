"""The import graph of `rules/`: no cycle, engines never reach the computer players, and the
computer players use the engines' public names only. Imports inside functions count too."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import rules

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "rules"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
ENGINES = tuple(sorted(kind for kind in rules.GAMES if f"rules.{kind}" in MODULES))  # rules' own


def imports_of(name: str) -> list[tuple[str, list[str]]]:
    """(module imported, names imported from it) for every import statement of `name`,
    wherever it is (module level or inside a function); `from pkg import sub` counts as an
    import of `pkg.sub` when `sub` is a module."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            names = [alias.name for alias in node.names]
            subs = [n for n in names if f"{base}.{n}" in MODULES]
            out.extend((f"{base}.{n}", []) for n in subs)
            rest = [n for n in names if n not in subs]
            if rest or not subs:
                out.append((base, rest))
    return out


def graph() -> dict[str, set[str]]:
    return {
        name: {target for target, _ in imports_of(name) if target in MODULES} for name in MODULES
    }


def reachable(g: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in g[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per strongly connected component with more than one module (or a self loop)."""
    found: list[list[str]] = []
    for start in sorted(g):
        path = [start]
        stack = [iter(sorted(g[start]))]
        on_path = {start}
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                on_path.discard(path.pop())
                continue
            if nxt == start:
                found.append([*path, start])
                break
            if nxt not in on_path and nxt > start:  # each cycle found once, from its least module
                path.append(nxt)
                on_path.add(nxt)
                stack.append(iter(sorted(g[nxt])))
    return found


def test_the_graph_sees_the_package() -> None:
    g = graph()
    assert {f"rules.{e}" for e in ENGINES} <= set(g)
    assert {f"rules.ai.{e}" for e in ENGINES} <= set(g)
    assert "rules.kosa" in g["rules.ai.kosa"]  # the computer player uses its engine


def test_no_import_cycle_inside_rules() -> None:
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_cycles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"a"}}) == [["a", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("engine", ENGINES)
def test_engines_never_import_a_computer_player(engine: str) -> None:
    g = graph()
    reached = reachable(g, f"rules.{engine}") | reachable(g, "rules")
    assert not {m for m in reached if m == "rules.ai" or m.startswith("rules.ai.")}


@pytest.mark.parametrize("engine", ENGINES)
def test_importing_an_engine_loads_no_computer_player(engine: str) -> None:
    code = (
        f"import rules.{engine}, sys; print([m for m in sys.modules if m.startswith('rules.ai')])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("engine", ENGINES)
def test_computer_players_use_public_engine_names_only(engine: str) -> None:
    name = f"rules.ai.{engine}"
    for target, names in imports_of(name):
        if target.removeprefix("rules.") in ENGINES:
            assert not [n for n in names if n.startswith("_")], (name, target)
    tree = ast.parse(MODULES[name].read_text())
    engine_aliases = {engine, f"rules.{engine}"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            owner = ast.unparse(node.value)
            assert owner not in engine_aliases, (name, ast.unparse(node))
