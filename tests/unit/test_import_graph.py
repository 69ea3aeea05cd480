"""The modules of kugler_core import each other without a cycle.

Read from the source with ``ast`` (imports inside functions count too), so a
circle that Python would only meet at run time is found here.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "kugler_core"


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The kugler_core modules that the file at ``path`` imports."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "kugler_core" and len(parts) > 1:
                    out.add(parts[1])
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from .x import y / from . import x
                base = node.module.split(".")[0] if node.module else None
            elif node.module and node.module.split(".")[0] == "kugler_core":
                rest = node.module.split(".")[1:]
                base = rest[0] if rest else None
            else:
                continue
            if base is not None:
                out.add(base)
            else:  # from kugler_core import x (x a module or a name of __init__)
                out.update(a.name if a.name in modules else "__init__" for a in node.names)
    return out & (modules | {"__init__"})


def import_graph() -> dict[str, set[str]]:
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    return {p.stem: _imports(p, modules) - {p.stem} for p in PACKAGE.glob("*.py")}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a list of nodes (first == last), or None."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_finder_sees_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_the_graph_is_read() -> None:
    graph = import_graph()
    assert {"checks"} <= graph["records"]
    assert {"checks", "records", "game"} <= graph["documents"]
    assert "errors" in graph["game"]


def test_kugler_core_has_no_import_cycle() -> None:
    assert find_cycle(import_graph()) is None


def test_records_and_documents_share_checks_not_each_other() -> None:
    graph = import_graph()
    assert "documents" not in graph["records"]
    assert "records" not in graph["checks"] and "documents" not in graph["checks"]


def test_the_game_document_is_read_below_the_game() -> None:
    """game -> game_document -> position: the document knows positions, not Game
    (Game.to_dict and Game.from_dict call it), and a position knows neither."""
    graph = import_graph()
    assert "game_document" in graph["game"]
    assert "game" not in graph["game_document"]
    assert "position" in graph["game_document"]
    assert not {"game", "game_document"} & graph["position"]


def test_errors_imports_nothing_of_the_package() -> None:
    assert import_graph()["errors"] == set()
