"""The layout of docs/architecture.md, held on the code: the import graph of the package
(every import, also those inside functions) has no cycle, no game imports another (Paris
builds on On Tour), the core imports no game, and every module the page names exists."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "sheetgen"
CORE = ("sheetgen.model", "sheetgen.maps", "sheetgen.templates", "sheetgen.resources",
        "sheetgen.csvio", "sheetgen.output", "sheetgen.document", "sheetgen.draw",
        "sheetgen.products")
ALLOWED_BETWEEN_GAMES = {("paris", "ontour")}


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports_of(name: str, path: Path, known: Mapping[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its text."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [module] + [f"{module}.{alias.name}" for alias in node.names]
            # ``from package import module`` is an import of the module, not the package.
            if all(t in known for t in targets[1:]) and len(targets) > 1:
                targets = targets[1:]
        else:
            continue
        found.update(t for t in targets if t in known and t != name)
    return found


def import_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def find_cycle(graph: Mapping[str, set[str]]) -> list[str]:
    """One cycle of ``graph`` as a path that returns to its start, or [] if none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return []


def game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def edges(graph: Mapping[str, set[str]]) -> Iterator[tuple[str, str]]:
    for source, targets in sorted(graph.items()):
        for target in sorted(targets):
            yield source, target


def test_the_cycle_finder_finds_a_cycle_and_only_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_import_graph_has_no_cycle() -> None:
    graph = import_graph()
    assert len(graph) > 50  # the walk found the package
    cycle = find_cycle(graph)
    assert not cycle, "import cycle: " + " -> ".join(cycle)


def test_no_game_imports_another() -> None:
    crossing = [(a, b) for a, b in edges(import_graph())
                if game_of(a) and game_of(b) and game_of(a) != game_of(b)
                and (game_of(a), game_of(b)) not in ALLOWED_BETWEEN_GAMES]
    assert crossing == []


def test_the_core_draw_and_products_import_no_game_and_no_command() -> None:
    graph = import_graph()
    assert any(name.startswith("sheetgen.products.") for name in graph)
    wrong = [(a, b) for a, b in edges(graph)
             if a.startswith(CORE) and b.startswith(("sheetgen.games", "sheetgen.cli"))]
    assert wrong == []


def test_the_registry_imports_no_game_and_no_kit() -> None:
    graph = import_graph()
    assert not {m for m in graph["sheetgen.games"] if game_of(m)}
    assert "sheetgen.games.ontour.entry" in graph  # the entries it names by module exist


def test_no_command_reads_a_file_itself() -> None:
    """Files are read by the library (csvio, games.boards); a command only passes paths."""
    readers = {"read_bytes", "read_text", "decode", "open"}
    found = []
    for path in sorted((PACKAGE / "cli").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                word = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if word in readers:
                    found.append(f"{path.name}:{node.lineno}: {word}")
    assert found == []


def named_in_architecture() -> list[str]:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"`((?:sheetgen|tools|tests)/[\w/.]*)`", text))
                  | set(re.findall(r"`\"?(sheetgen(?:\.\w+)+)", text)))


def test_the_architecture_page_names_modules() -> None:
    named = named_in_architecture()
    assert "sheetgen/games/ontour/route/" in named
    assert "sheetgen.games.ontour.entry" in named


@pytest.mark.parametrize("name", named_in_architecture())
def test_every_module_the_architecture_page_names_exists(name: str) -> None:
    if "/" in name:
        assert (ROOT / name).exists(), f"docs/architecture.md names {name}, which is not there"
    else:
        assert name in modules(), f"docs/architecture.md names {name}, which is no module"
