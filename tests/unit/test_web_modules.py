"""The page's modules: layered, imports only downward, no circle, wired by main.js.

Every import counts, static (`import … from`, `export … from`) and dynamic
(`import("./x.js")`). The layers, lowest first (docs/architecture.md):

    platform → state → view → features → input → wiring

A module may import modules of a lower layer and, except a feature, of its
own layer; a feature never imports another feature (main.js hands one
feature's functions to another). Nothing imports first.js or main.js but
first.js, which loads main.js.
"""

from __future__ import annotations

import re
from pathlib import Path

from test_import_graph import find_cycle

WEB = Path(__file__).resolve().parents[2] / "web"
STATIC = re.compile(r'^\s*(?:import|export)\s[^;]*?from\s+"\./([\w.-]+\.js)"', re.M | re.S)
DYNAMIC = re.compile(r'\bimport\(\s*"\./([\w.-]+\.js)"\s*\)')

LAYERS: dict[str, tuple[str, ...]] = {
    "platform": ("dom.js", "i18n.js", "storage.js", "engine.js", "pwa.js"),
    "state": ("store.js",),
    "view": ("render.js", "grid.js", "board.js", "bar.js", "clock.js", "notices.js", "failures.js",
             "announce.js", "sound.js", "dialogs.js"),
    "features": ("play.js", "tabs.js", "records.js", "preferences.js", "startup.js", "assist.js",
                 "replay.js", "share.js", "transfer.js", "daily.js", "options.js"),
    "input": ("keys.js", "menus.js"),
    "wiring": ("main.js", "first.js"),
}
ORDER = list(LAYERS)
# The engine's side: the worker and the service worker, apart from the page.
WORKER_SIDE = ("worker.js", "boot.js", "sw.js")
ENTRY_ONLY = ("first.js", "main.js")

# Imports that still run against the layers, to be gone by the end of the redesign.
NOT_YET: set[tuple[str, str]] = {
    ("assist.js", "play.js"),
    ("assist.js", "preferences.js"),
    ("assist.js", "tabs.js"),
    ("daily.js", "play.js"),
    ("options.js", "preferences.js"),
    ("play.js", "records.js"),
    ("play.js", "tabs.js"),
    ("replay.js", "play.js"),
    ("replay.js", "preferences.js"),
    ("replay.js", "records.js"),
    ("replay.js", "share.js"),
    ("startup.js", "play.js"),
    ("startup.js", "preferences.js"),
    ("startup.js", "records.js"),
    ("startup.js", "replay.js"),
    ("transfer.js", "play.js"),
    ("transfer.js", "preferences.js"),
    ("transfer.js", "records.js"),
}


def imports(path: Path) -> set[str]:
    """The local modules `path` imports, statically or with import()."""
    text = path.read_text(encoding="utf-8")
    return set(STATIC.findall(text)) | set(DYNAMIC.findall(text))


def graph() -> dict[str, set[str]]:
    return {p.name: imports(p) for p in WEB.glob("*.js")}


def layer_of(module: str) -> str:
    for name, modules in LAYERS.items():
        if module in modules:
            return name
    raise AssertionError(f"{module} has no layer in LAYERS")


def wrong_imports(edges: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Every (importer, imported) that runs upward, from feature to feature, or into an entry."""
    wrong = set()
    for name, targets in edges.items():
        if name in WORKER_SIDE:
            continue
        for target in targets:
            into_entry = target in ENTRY_ONLY and (name, target) != ("first.js", "main.js")
            here, there = ORDER.index(layer_of(name)), ORDER.index(layer_of(target))
            sideways = here == there and layer_of(name) == "features"
            if into_entry or there > here or sideways:
                wrong.add((name, target))
    return wrong


def test_dynamic_imports_are_read() -> None:
    assert "main.js" in graph()["first.js"]


def test_the_import_graph_has_no_circle() -> None:
    edges = graph()
    assert "play.js" in edges["main.js"]
    assert find_cycle(edges) is None


def test_a_circle_through_a_dynamic_import_is_found() -> None:
    edges = graph()
    edges["board.js"] = {*edges["board.js"], "first.js"}  # board would take first.js's renderer
    assert find_cycle(edges) is not None


def test_every_page_module_has_its_layer() -> None:
    named = [m for modules in LAYERS.values() for m in modules]
    assert len(named) == len(set(named)), "a module is in two layers"
    assert sorted([*named, *WORKER_SIDE]) == sorted(graph())


def test_imports_run_only_downward() -> None:
    assert wrong_imports(graph()) <= NOT_YET
    assert wrong_imports(graph()) >= NOT_YET, "an import gone from NOT_YET: take it out"


def test_an_upward_import_is_found() -> None:
    edges = graph()
    edges["store.js"] = {*edges["store.js"], "bar.js"}  # the state would import a view
    edges["play.js"] = {*edges["play.js"], "replay.js"}  # a feature would import a feature
    edges["dom.js"] = {*edges["dom.js"], "main.js"}
    assert {("store.js", "bar.js"), ("play.js", "replay.js"), ("dom.js", "main.js")} \
        <= wrong_imports(edges)


def test_the_worker_side_imports_no_page_module() -> None:
    for name in WORKER_SIDE:
        assert graph()[name] <= set(WORKER_SIDE), name


def test_every_import_names_a_module_that_exists() -> None:
    for name, targets in graph().items():
        for target in targets:
            assert (WEB / target).is_file(), f"{name} imports missing {target}"


def test_main_only_wires() -> None:
    """main.js declares one function, start(), that wires the modules: each role has its module."""
    text = (WEB / "main.js").read_text(encoding="utf-8")
    assert re.findall(r"^\s*(?:export\s+)?(?:async\s+)?function\s+(\w+)", text, re.M) == ["start"]
    assert len(text.splitlines()) < 90
