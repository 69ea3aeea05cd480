"""Build step: the engine worker as one file, dist/worker.js.

web/worker.js imports web/boot.js. As two files the worker waits for one more
round of requests before it asks for the runtime, which on a phone far from
the host is a whole round trip before the largest downloads start. esbuild
(pinned in package.json) bundles the worker's static module graph into
dist/worker.js, still an ES module (the page starts a module worker), not
minified. Imports by URL at run time (the Pyodide runtime's modules) stay as
they are. The bundled modules other than worker.js leave dist/: nothing else
there loads them (the test and benchmark harnesses import web/boot.js).

Never breaks the build: when esbuild is missing or fails it warns and leaves
the files as they were (the worker then loads boot.js by URL).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from tools.inline import esbuild, module_graph

WORKER = "worker.js"


def bundle_worker(dist: Path) -> Path:
    files = module_graph(dist, WORKER)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / WORKER
        meta = Path(tmp) / "meta.json"
        esbuild([WORKER, "--bundle", "--format=esm", "--charset=utf8", "--legal-comments=none",
                 f"--metafile={meta}", f"--outfile={out}"], dist)
        inputs = set(json.loads(meta.read_text())["inputs"])
        if inputs != set(files):
            raise ValueError(f"bundled {sorted(inputs)}, expected {sorted(files)}")
        code = out.read_text(encoding="utf-8")
    (dist / WORKER).write_text(code, encoding="utf-8")
    for file in files:
        if file != WORKER:
            (dist / file).unlink()
    print(f"[build] {WORKER}: {', '.join(files)} in one file ({len(code)} bytes)", flush=True)
    return dist / WORKER


def write(dist: Path) -> Path | None:
    """Bundle the engine worker into dist/worker.js.

    Returns its path, or None when the step was skipped (with a warning)."""
    try:
        return bundle_worker(dist)
    except (RuntimeError, OSError, ValueError, KeyError) as error:
        print(f"[build] WARNING: worker bundle skipped, the worker loads its modules by URL: "
              f"{error}", flush=True)
        return None
