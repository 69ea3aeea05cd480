"""The page's modules: one role each, wired by main.js, with no import circles."""

from __future__ import annotations

import re
from pathlib import Path

from test_import_graph import find_cycle

WEB = Path(__file__).resolve().parents[2] / "web"
IMPORT = re.compile(r'^\s*(?:import|export)\s[^;]*?from\s+"\./([\w.-]+\.js)"', re.M | re.S)


def imports(path: Path) -> set[str]:
    """The local modules `path` imports statically."""
    return set(IMPORT.findall(path.read_text(encoding="utf-8")))


def graph() -> dict[str, set[str]]:
    return {p.name: imports(p) for p in WEB.glob("*.js")}


def test_the_import_graph_has_no_circle() -> None:
    edges = graph()
    assert "play.js" in edges["main.js"]
    assert find_cycle(edges) is None


def test_a_circle_is_found() -> None:
    edges = graph()
    edges["store.js"] = {*edges["store.js"], "main.js"}  # store would import main: a circle
    assert find_cycle(edges) is not None


def test_every_import_names_a_module_that_exists() -> None:
    for name, targets in graph().items():
        for target in targets:
            assert (WEB / target).is_file(), f"{name} imports missing {target}"


def test_main_only_wires() -> None:
    """main.js declares no function of its own: each role has its module."""
    text = (WEB / "main.js").read_text(encoding="utf-8")
    assert not re.search(r"^\s*(async\s+)?function\b", text, re.M)
    assert len(text.splitlines()) < 80
