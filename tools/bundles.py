"""Build step: the page's modules and the engine worker's, one file each.

As separate files, a module graph costs one round of requests per level of
imports: the page's main.js, then its modules; the engine worker's
worker.js, then boot.js, then the boot's modules. On a phone far from the
host each round is a whole
round trip, and both stand before the engine can start. esbuild (pinned in
package.json) bundles the static module graph of each entry point into the
entry's own file, still an ES module (main.js keeps its top-level await; the
page starts a module worker), not minified. Imports by URL at run time (the
Pyodide runtime's modules) stay as they are. The bundled modules other than
the entries leave dist/: nothing else there loads them (the test and
benchmark harnesses import web/boot.js, copied by unbundled()).

Runs after tools/inline.py: main.js's graph then holds the small modules that
hand on the inline script's exports (first.js, render.js, storage.js), and
the bundle takes them in, so the page shares that one instance as before.

A module may take a file in as text: `import NAME from "./x.py";` (the boot's
Python, web/kugler_boot.py, which ruff and mypy read as Python). Before
bundling, every such import in dist/ becomes `const NAME = "<x.py's text>";`
and x.py leaves dist/ (embed_texts): a browser cannot import a .py file, so
this is done even when bundling is skipped.

Never breaks the build: when esbuild is missing or fails it warns and leaves
the modules as they were, but for the texts taken in (the modules then load
one by one).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

from tools.inline import esbuild, externals, module_graphs, or_skip

ENTRIES = ("main.js", "worker.js")
TEXT_IMPORT = re.compile(r'^import ([A-Za-z_$][\w$]*) from "\./([\w.-]+\.py)";$', re.M)


def embed_texts(folder: Path) -> list[Path]:
    """In every module of `folder`, each `import NAME from "./x.py";` becomes
    `const NAME = "<x.py's text>";`; the files so taken in leave `folder`.

    Returns the modules changed. Raises OSError when a file named is missing."""
    changed, taken = [], set()
    for module in sorted(folder.glob("*.js")):
        code = module.read_text(encoding="utf-8")

        def text_of(match: re.Match[str]) -> str:
            taken.add(match.group(2))
            text = (folder / match.group(2)).read_text(encoding="utf-8")
            return f"const {match.group(1)} = {json.dumps(text)};"

        embedded = TEXT_IMPORT.sub(text_of, code)
        if embedded != code:
            module.unlink()  # not written through: it may be a link to another folder
            module.write_text(embedded, encoding="utf-8")
            changed.append(module)
    for name in sorted(taken):
        (folder / name).unlink()
    return changed


def unbundled(web: Path, entry: str, target: Path) -> list[str]:
    """`entry` and every module it imports statically, copied from `web` into
    `target` (in place of what is there) with their texts taken in: a module
    that the site has only inside a bundle, for test and benchmark harnesses
    (web/boot.js). Returns the modules copied."""
    files = module_graphs(web, [entry])[entry]  # the texts too
    for name in files:
        (target / name).unlink(missing_ok=True)  # a link into dist/ is replaced, not written
        shutil.copyfile(web / name, target / name)
    embed_texts(target)
    return [f for f in files if f.endswith(".js")]


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
    """Take the texts in, then bundle main.js's and worker.js's modules into
    those two files in dist/.

    Returns their paths, or None when bundling was skipped (with a warning)."""
    embed_texts(dist)
    return or_skip("module bundles", "the modules load one by one", lambda: bundle_all(dist))
