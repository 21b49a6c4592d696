"""The shape of bot/: imports go down the layers docs/architecture.md lists (read from its
"Layers" block, so the doc and this test cannot disagree), games and render never reach
aiogram, thin handlers; and small modules — at most 400 lines — in bot/, rules/, tests/ and
benchmarks/ alike. Imports are every import statement of the source: those only type checkers
see and those inside functions too (`tests.bot.test_import_graph`, which also refuses a
circle)."""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence

from tests.bot.test_import_graph import GRAPH, MODULES, ROOT, imports_of, package_of

DOC = ROOT / "docs" / "architecture.md"
SIZE_LIMIT = 400  # lines per module
SIZED_TREES = ("bot", "rules", "tests", "benchmarks")
_PATH = re.compile(r"(?:bot|rules)(?:/[\w.]+)*/?")


def doc_layers(text: str) -> list[tuple[str, ...]]:
    """The layers of the doc's "Layers" block, top first: each line that starts at the left
    margin opens one, naming its modules and packages (`bot/app.py`, `bot/games/`) before
    their description; as module-name prefixes (`bot.app`, `bot.games`)."""
    section = text.split("## Layers", 1)[1]
    block = section.split("```", 2)[1]
    layers: list[tuple[str, ...]] = []
    for line in block.splitlines():
        if not line or line[0].isspace():
            continue
        names: list[str] = []
        for token in line.split():
            path = token.rstrip(",")
            if not _PATH.fullmatch(path):
                break
            parts = path.rstrip("/").removesuffix(".py").split("/")
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        assert names, f"a layer line that names no module: {line!r}"
        layers.append(tuple(names))
    return layers


LAYERS = doc_layers(DOC.read_text(encoding="utf-8"))


def layer_of(module: str, layers: Sequence[tuple[str, ...]] = LAYERS) -> int | None:
    """The index of `module`'s layer (0 the top): the one that names it or its package (the
    longest such name wins)."""
    best: tuple[int, int] | None = None
    for index, names in enumerate(layers):
        for name in names:
            named = module == name or module.startswith(name + ".")
            if named and (best is None or len(name) > best[0]):
                best = (len(name), index)
    return None if best is None else best[1]


def up_imports(
    graph: Mapping[str, set[str]], layers: Sequence[tuple[str, ...]] = LAYERS
) -> list[str]:
    """Every import of a module from a layer above its own, as `importer -> imported`."""
    found = []
    for importer, targets in graph.items():
        mine = layer_of(importer, layers)
        for target in sorted(targets):
            theirs = layer_of(target, layers)
            if mine is not None and theirs is not None and theirs < mine:
                found.append(f"{importer} -> {target}")
    return sorted(found)


def test_the_layers_are_read_from_the_doc() -> None:
    flat = [name for names in LAYERS for name in names]
    assert len(LAYERS) >= 10 and LAYERS[-1] == ("rules",)
    assert len(flat) == len(set(flat)), "a module named in two layers"
    order = [layer_of(m) or 0 for m in ("bot.app", "bot.handlers.start", "bot.games.timers")]
    assert order == sorted(order) and len(set(order)) == 3
    assert (layer_of("bot.storage.base") or 0) < (layer_of("bot.stats.game_end") or 0)


def test_every_module_is_in_a_layer_and_every_layer_exists() -> None:
    assert [m for m in MODULES if layer_of(m) is None] == []
    named = {name for names in LAYERS for name in names}
    assert {n for n in named if not any(m == n or m.startswith(n + ".") for m in MODULES)} == set()


def test_the_direction_check_finds_an_import_that_runs_up() -> None:
    layers = [("bot.games",), ("bot.wire",), ("rules",)]
    graph = {"bot.wire.flood": {"bot.games.ports", "rules"}, "bot.games.x": {"bot.wire.flood"}}
    assert up_imports(graph, layers) == ["bot.wire.flood -> bot.games.ports"]


def test_imports_go_down_only() -> None:
    assert up_imports(GRAPH) == []


def test_services_and_renderers_never_reach_aiogram() -> None:
    def reachable(start: str) -> set[str]:
        seen = {start}
        todo = [start]
        while todo:
            for nxt in GRAPH[todo.pop()] - seen:
                seen.add(nxt)
                todo.append(nxt)
        return seen

    for name in MODULES:
        if name.startswith(("bot.games", "bot.render")):
            for mod in reachable(name):
                path = MODULES[mod]
                third = {m.split(".")[0] for m in imports_of(path, package_of(mod, path))}
                assert "aiogram" not in third, f"{name} reaches aiogram through {mod}"


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
    too_big = {path: lines for path, lines in module_sizes().items() if lines > SIZE_LIMIT}
    assert not too_big, f"over {SIZE_LIMIT} lines (split them): {too_big}"


def test_handlers_are_thin() -> None:
    for name, path in MODULES.items():
        if name.startswith("bot.handlers"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    size = (node.end_lineno or node.lineno) - node.lineno + 1
                    assert size <= 40, (name, node.name, size)
