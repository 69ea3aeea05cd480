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

import json
import re
from pathlib import Path

from test_import_graph import find_cycle

from kugler_core.board import SIZE
from kugler_core.facade import Session

WEB = Path(__file__).resolve().parents[2] / "web"
STATIC = re.compile(r'^\s*(?:import|export)\s[^;]*?from\s+"\./([\w.-]+\.js)"', re.M | re.S)
DYNAMIC = re.compile(r'\bimport\(\s*"\./([\w.-]+\.js)"\s*\)')

LAYERS: dict[str, tuple[str, ...]] = {
    "platform": ("dom.js", "i18n.js", "storage.js", "engine.js", "api.js", "pwa.js", "looks.js"),
    "state": ("store.js", "saved.js", "settings.js"),
    "view": ("render.js", "grid.js", "board.js", "bar.js", "clock.js", "notices.js", "failures.js",
             "announce.js", "sound.js", "language.js", "windows.js", "window-confirm.js",
             "window-gameover.js", "name-form.js", "window-stats.js", "window-ranking.js",
             "window-help.js", "window-options.js", "window-replay.js", "window-review.js",
             "last-review.js"),
    "features": ("play.js", "tabs.js", "records.js", "gameover.js", "startup.js", "assist.js",
                 "replay.js", "share.js", "transfer.js", "daily.js", "options.js", "help.js",
                 "review.js"),
    "input": ("keys.js", "menus.js", "buttons.js"),
    "wiring": ("main.js", "first.js"),
}
ORDER = list(LAYERS)
# The engine's side: the worker and the service worker, apart from the page.
WORKER_SIDE = ("worker.js", "boot.js", "boot-cache.js", "boot-python.js", "memory-image.js",
               "wasm-data.js", "wasm-reuse.js", "sw.js")
ENTRY_ONLY = ("first.js", "main.js")

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
    assert wrong_imports(graph()) == set()


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


# A player's input: what a key, a tap or a field sends (focus, page and window events are not).
HEARS_INPUT = re.compile(
    r'(?:addEventListener\(\s*"(?:click|change|input|keydown|keyup|pointerdown|pointerup|submit)"'
    r'|\.on(?:click|change|input|keydown|keyup|pointerdown|pointerup|submit)\s*=)')
# The modules below the input layer that hear one: a view's own handling of its
# own DOM (the grid's cells, the backdrop, a notice's close, the name's count)
# and the update notice the service worker's module makes and answers alone.
OWN_INPUT = {
    "grid.js": "the board's cells (the board view's input, given to board.js's handler)",
    "windows.js": "a click on a window's backdrop closes it",
    "notices.js": "a notice's close button",
    "name-form.js": "the name's character count",
    "pwa.js": "the update notice's reload and close buttons",
}


def hears_input(name: str) -> bool:
    return bool(HEARS_INPUT.search((WEB / name).read_text(encoding="utf-8")))


def test_every_button_and_key_is_the_input_layers() -> None:
    """Below the input layer no module hears a key, a tap or a field, but those of OWN_INPUT."""
    below = [m for layer in ("platform", "state", "view", "features") for m in LAYERS[layer]]
    assert {m for m in below if hears_input(m)} == set(OWN_INPUT)
    assert all(layer_of(m) in ("platform", "view") for m in OWN_INPUT)
    assert all(hears_input(m) for m in LAYERS["input"])


def test_a_feature_that_wires_a_button_is_found() -> None:
    assert HEARS_INPUT.search('$("hint").addEventListener("click", () => requestHint());')
    assert HEARS_INPUT.search('$("watch-speed").addEventListener(\n "change", f)')
    assert HEARS_INPUT.search("tab.onclick = () => show(4);")
    assert not HEARS_INPUT.search('dialog.addEventListener("close", onClose);')


def test_main_only_wires() -> None:
    """main.js declares one function, start(), that wires the modules: each role has its module."""
    text = (WEB / "main.js").read_text(encoding="utf-8")
    assert re.findall(r"^\s*(?:export\s+)?(?:async\s+)?function\s+(\w+)", text, re.M) == ["start"]
    assert len(text.splitlines()) < 90


def test_only_the_facade_client_sends_commands() -> None:
    """api.js is the one module that sends the engine a command; each is a facade command."""
    for path in WEB.glob("*.js"):
        if path.name not in ("api.js", "engine.js"):
            assert "engine.request(" not in path.read_text(encoding="utf-8"), path.name
    sent = set(re.findall(r'\bsend\("(\w+)"', (WEB / "api.js").read_text(encoding="utf-8")))
    assert "move" in sent
    assert sent <= set(Session()._commands)  # the facade's table of commands


def test_the_error_codes_the_page_tells_apart_are_the_facades() -> None:
    facade = (WEB.parent / "kugler_core" / "facade.py").read_text(encoding="utf-8")
    api = (WEB / "api.js").read_text(encoding="utf-8")
    table = re.search(r"CODES = Object\.freeze\(\{(.*?)\}\)", api, re.S)
    assert table
    codes = re.findall(r':\s*"(\w+)"', table.group(1))
    assert "unreachable" in codes
    for code in codes:
        assert code == "engine_failed" or f"``{code}``" in facade, code


def test_the_architecture_notes_put_every_module_in_its_layer() -> None:
    """docs/architecture.md's module table: every page module, in the layer of LAYERS."""
    notes = (WEB.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\w+) \| ([^|]+) \|", notes, re.M)
    documented = {name: layer for layer, cells in rows if layer in LAYERS
                  for name in re.findall(r"`([\w.-]+\.js)`", cells)}
    assert documented == {m: layer for layer, modules in LAYERS.items() for m in modules}
    for name in WORKER_SIDE:
        assert f"`{name}`" in notes, name


# The type check (build.py test): TypeScript's projects over web/, every
# module checked strictly, none skipping a line of it.
TYPE_CHECKED = ("tsconfig.json", "tsconfig.worker.json")
SKIPS_THE_CHECK = re.compile(r"@ts-(?:nocheck|ignore|expect-error)")


def type_config(name: str) -> dict[str, object]:
    """A tsconfig file with the compiler options of the one it extends under its own."""
    config = json.loads((WEB.parent / name).read_text(encoding="utf-8"))
    base = config.pop("extends", None)
    if base is None:
        return dict(config)
    merged = type_config(base.removeprefix("./"))
    options = {**merged.get("compilerOptions", {}), **config.get("compilerOptions", {})}  # type: ignore[dict-item]
    return {**merged, **config, "compilerOptions": options}


def type_checked(config: dict[str, object]) -> set[str]:
    """The web/ modules a tsconfig's include patterns name, less its excludes."""
    root = WEB.parent

    def matched(key: str) -> set[str]:
        patterns = config.get(key, [])
        assert isinstance(patterns, list)
        return {p.name for pattern in patterns for p in root.glob(pattern) if p.suffix == ".js"}

    return matched("include") - matched("exclude")


def test_the_type_check_reads_every_module_strictly() -> None:
    """Every web/*.js is in exactly one TypeScript project, checked strictly;
    the worker side with a worker's globals, the page with the DOM's."""
    covered: list[str] = []
    for name in TYPE_CHECKED:
        config = type_config(name)
        options = config["compilerOptions"]
        assert isinstance(options, dict)
        assert options["checkJs"] is True and options["strict"] is True, name
        assert options["noEmit"] is True, name
        modules = type_checked(config)
        worker_side = set(WORKER_SIDE) & modules
        lib = {entry.lower() for entry in options["lib"]}
        assert ("webworker" in lib) == bool(worker_side), name
        assert ("dom" in lib) == (not worker_side), name
        covered += modules
    assert sorted(covered) == sorted(graph())


def test_no_module_skips_the_type_check() -> None:
    """No `// @ts-nocheck`, `@ts-ignore` or `@ts-expect-error` in web/: every line is checked."""
    skipping = {p.name for p in WEB.glob("*.js")
                if SKIPS_THE_CHECK.search(p.read_text(encoding="utf-8"))}
    assert skipping == set()
    assert SKIPS_THE_CHECK.search("// @ts-nocheck\nexport const x = 1;")


def test_a_module_left_out_of_the_type_check_is_found() -> None:
    config = type_config("tsconfig.json")
    config["exclude"] = [*config.get("exclude", []), "web/api.js"]  # type: ignore[misc]
    assert "api.js" not in type_checked(config)


# A game rule written in a feature or a view: the board's size (9 a side, 81
# cells) or a variant's line length (4, 5) as a number the code compares,
# lists or keys by, or a storage key's variant read off its text. The engine
# tells these (state.size, settings_load's variants, state.counts_for_record).
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
RULE_IN_THE_PAGE = (
    re.compile(r"(?<![\w.])(?:9|81)(?![\w.])"),  # the board's side or its cells
    re.compile(r"[=!]==?\s*[45](?![\w.])"),  # line === 4
    re.compile(r"(?<![\w.])[45]\s*[=!]==?"),  # 5 !== line
    re.compile(r"\[\s*[45]\s*,\s*[45]\s*\]"),  # for (const line of [4, 5])
    re.compile(r"[{,]\s*[45]\s*:"),  # {4: …, 5: …}
    re.compile(r"\(\s*[45]\s*\)"),  # loadRecords(5)
    re.compile(r"\":[45]\""),  # key.endsWith(":4")
    re.compile(r"\bSIZE\b"),  # a board size constant
)


def rules_held(text: str) -> list[str]:
    """The lines of `text` (comments left out) that hold a game rule."""
    code = COMMENT.sub("", text)
    return [line.strip() for line in code.splitlines()
            if any(rule.search(line) for rule in RULE_IN_THE_PAGE)]


def test_no_feature_or_view_holds_a_game_rule() -> None:
    for name in (*LAYERS["view"], *LAYERS["features"]):
        assert rules_held((WEB / name).read_text(encoding="utf-8")) == [], name


def test_a_rule_in_the_page_is_found() -> None:
    for held in ('const line = event.key.endsWith(":4") ? 4 : 5;',
                 "if (line === 4 || line === 5) return;",
                 "await Promise.all([loadSettings(), loadRecords(5), loadRecords(4)]);",
                 "records: { 4: app.records[4], 5: app.records[5] },",
                 "for (const line of [4, 5]) {",
                 "markQueued(row * SIZE + col);",
                 "this.board = new Array(81).fill(0);",
                 "for (let r = 0; r < 9; r += 1) {"):
        assert rules_held(held) == [held], held
    for free in ("ctx.lineWidth = Math.max(4, size * 0.3);",
                 "for (let round = 0; round < 4; round += 1) {",
                 "const lift = this.cell * 0.9; // 9 cells, 81 in all",
                 "record: final.counts_for_record ? Math.max(known, final.score) : known"):
        assert rules_held(free) == [], free


def test_the_pages_first_board_is_the_engines_size() -> None:
    """Before any game, the canvases draw an empty board of the engine's size (data-size)."""
    page = (WEB / "index.html").read_text(encoding="utf-8")
    sizes = re.findall(r'<canvas id="[\w-]*board" [^>]*data-size="(\d+)"', page)
    assert len(sizes) == 2 and {int(s) for s in sizes} == {SIZE}


def test_the_pages_first_guesses_are_the_engines() -> None:
    """store.js's settings and variants until the engine answers: its first-visit ones."""
    store = (WEB / "store.js").read_text(encoding="utf-8")
    variants = re.search(r"^\s*variants: \[([\d, ]+)\],", store, re.M)
    assert variants
    answer = Session().handle({"cmd": "settings_load", "args": {"doc": None}})["result"]
    assert [int(n) for n in variants.group(1).split(",")] == answer["variants"]
    settings = re.search(r"^\s*settings: \{(.*?)\},", store, re.M | re.S)
    assert settings
    fields = dict(re.findall(r'(\w+): ("[^"]*"|\w+)', settings.group(1)))
    assert {key: json.loads(value) for key, value in fields.items()} == answer["settings"]
