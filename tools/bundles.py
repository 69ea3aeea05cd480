"""Build step: the page's modules and the engine worker's, one file each.

As separate files, a module graph costs one round of requests per level of
imports: the page's main.js, then its modules; the engine worker's
worker.js, then boot.js. On a phone far from the host each round is a whole
round trip, and both stand before the engine can start. esbuild (pinned in
package.json) bundles the static module graph of each entry point into the
entry's own file, still an ES module (main.js keeps its top-level await; the
page starts a module worker), not minified. Imports by URL at run time (the
Pyodide runtime's modules) stay as they are. The bundled modules other than
the entries leave dist/: nothing else there loads them (the test and
benchmark harnesses import web/boot.js).

Runs after tools/inline.py: main.js's graph then holds the small modules that
hand on the inline script's exports (first.js, render.js, storage.js), and
the bundle takes them in, so the page shares that one instance as before.

Never breaks the build: when esbuild is missing or fails it warns and leaves
the files as they were (the modules then load one by one).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from tools.inline import esbuild, externals, module_graphs, or_skip

ENTRIES = ("main.js", "worker.js")


def bundle(dist: Path, entry: str, files: list[str]) -> None:
    """Bundle `entry`'s static module graph, `files`, into dist/<entry>."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / entry
        meta = Path(tmp) / "meta.json"
        esbuild([entry, "--bundle", "--format=esm", "--charset=utf8", "--legal-comments=none",
                 *externals(dist, files), f"--metafile={meta}", f"--outfile={out}"], dist)
        inputs = set(json.loads(meta.read_text())["inputs"])
        if inputs != set(files):
            raise ValueError(f"{entry}: bundled {sorted(inputs)}, expected {sorted(files)}")
        code = out.read_text(encoding="utf-8")
    (dist / entry).write_text(code, encoding="utf-8")
    print(f"[build] {entry}: {', '.join(files)} in one file ({len(code)} bytes)", flush=True)


def bundle_all(dist: Path) -> list[Path]:
    graphs = module_graphs(dist, list(ENTRIES))
    page = (dist / "index.html").read_text(encoding="utf-8")
    for files in graphs.values():
        loaded = sorted(f for f in files if f'src="{f}"' in page or f'href="{f}"' in page)
        if loaded:
            raise ValueError(f"index.html loads {loaded} itself (the inline step did not run)")
    for entry, files in graphs.items():
        shared = [f for f in files if any(f in g for e, g in graphs.items() if e != entry)]
        if shared:
            raise ValueError(f"{entry} shares {shared} with another entry: it would run twice")
    for entry, files in graphs.items():
        bundle(dist, entry, files)
    for files in graphs.values():
        for file in files[1:]:  # all but the entry
            (dist / file).unlink()
    return [dist / entry for entry in ENTRIES]


def write(dist: Path) -> list[Path] | None:
    """Bundle main.js's and worker.js's modules into those two files in dist/.

    Returns their paths, or None when the step was skipped (with a warning)."""
    return or_skip("module bundles", "the modules load one by one", lambda: bundle_all(dist))
