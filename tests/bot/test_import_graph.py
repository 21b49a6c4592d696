"""No import circle in bot/ or rules/, counting every import in the source: those only for type
checkers (`if TYPE_CHECKING:`) and those inside functions too. (tests/bot/test_layers.py checks
their direction against the layers of docs/architecture.md, on this same graph; a circle that
only type checkers see still ties two modules into one, so it is refused here as well.)"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, package: str) -> set[str]:
    """Every module `path` names in an import statement (absolute; a relative import resolved
    against `package`; `from a import b` counts `a.b` when b is a module, else `a`)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for a in node.names:
                out.add(f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base)
    return out


MODULES = {module_name(p): p for top in ("bot", "rules") for p in (ROOT / top).rglob("*.py")}


def package_of(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rsplit(".", 1)[0]


GRAPH = {
    name: {m for m in imports_of(path, package_of(name, path)) if m in MODULES and m != name}
    for name, path in MODULES.items()
}


def circles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return found


def test_the_graph_holds_type_checking_and_function_level_imports() -> None:
    assert len(MODULES) > 60
    assert "bot.games.table.publisher" in GRAPH["bot.games.table.service"]
    assert "bot.i18n" in GRAPH["bot.registry"]  # imported inside `register`
    assert "bot.storage.update_gate" in GRAPH["bot.__main__"]  # only under TYPE_CHECKING


def test_no_import_circle_in_bot_or_rules() -> None:
    assert circles() == []
