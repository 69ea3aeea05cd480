"""Build step: the board's first script and the page's styles inside dist/index.html.

Without it the browser needs one round of requests (the stylesheets, first.js
and the two modules it imports) before the board can be drawn; on a phone far
from the host that round is most of the wait. With it the document alone
draws the board:

- each `<link rel="stylesheet" href="X">` becomes a `<style>` holding X, and
  X leaves dist/ (nothing else uses it);
- `<script type="module" src="first.js"></script>` (at the end of the body)
  becomes a classic inline `<script>`: first.js and every module it imports
  statically, bundled by esbuild (node_modules, pinned in package.json) into
  one function that publishes each module's exports as
  `kuglerInline.<module name>`. Each of the modules it imports becomes, in
  dist/, a small module that hands the same exports on, so the modules that
  import them later (main.js and its graph) share their state (one storage
  health flag) instead of running a second copy; first.js itself, which
  nothing imports (it hands main.js what it made), leaves dist/. Their
  `<link rel="modulepreload">` hints go;
- the Content-Security-Policy `<meta>` gets each inline element's SHA-256
  (script-src, style-src): no 'unsafe-inline'.

Source files in web/ stay as they are (one module per role); only dist/
changes. Like the other steps it never breaks the build: when esbuild is
missing or fails it warns and leaves index.html untouched (the page then
loads the same files by URL; tests/unit/test_esbuild_steps.py catches that).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
PAGE = "index.html"
FIRST_SCRIPT = "first.js"
GLOBAL = "kuglerInline"  # the inline script's one global (must match nothing else)

STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)">')
FIRST_TAG = f'<script type="module" src="{FIRST_SCRIPT}"></script>'
CSP = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(">)')
IDENTIFIER = re.compile(r"^[A-Za-z_$][\w$]*$")
T = TypeVar("T")


def sha256_source(text: str) -> str:
    """The CSP source that allows an inline element whose content is `text`."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def esbuild(args: list[str], cwd: Path, stdin: str | None = None) -> str:
    """Run the pinned esbuild; its stdout. Raises RuntimeError when it fails."""
    if not ESBUILD.exists():
        raise RuntimeError(f"{ESBUILD.relative_to(ROOT)} is missing: run `npm ci`")
    done = subprocess.run([str(ESBUILD), *args, "--log-level=warning"], cwd=cwd, input=stdin,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0 or done.stderr.strip():
        raise RuntimeError(f"esbuild {' '.join(args)}:\n{done.stderr[-4000:]}")
    return done.stdout


def module_graphs(dist: Path, entries: list[str]) -> dict[str, list[str]]:
    """For each of `entries` (files relative to dist/), the entry and every
    module it imports statically, entry first; one esbuild run for them all
    (with code splitting, so dynamic imports are read but not followed). A
    file imported as text (tools/bundles.py TEXT_IMPORT) is in the graph too."""
    with tempfile.TemporaryDirectory() as tmp:
        meta = Path(tmp) / "meta.json"
        esbuild([*entries, "--bundle", "--format=esm", "--splitting", "--loader:.py=text",
                 f"--metafile={meta}", f"--outdir={tmp}"], dist)
        inputs = json.loads(meta.read_text())["inputs"]
    graphs = {}
    for entry in entries:
        files = [entry]
        for file in files:  # grows while it is walked
            files.extend(record["path"] for record in inputs[file]["imports"]
                         if record["kind"] == "import-statement" and not record.get("external")
                         and record["path"] not in files)
        graphs[entry] = files
    return graphs


def externals(dist: Path, files: list[str]) -> list[str]:
    """esbuild arguments that keep every other module in dist/ out of a bundle
    of `files`: those are imported by URL at run time and stay files."""
    return [f"--external:./{p.name}" for p in sorted(dist.glob("*.js")) if p.name not in files]


def exported_names(dist: Path, files: list[str]) -> dict[str, list[str]]:
    """The names each of `files` exports, as esbuild reads them."""
    with tempfile.TemporaryDirectory() as tmp:
        meta = Path(tmp) / "meta.json"
        esbuild([*files, "--format=esm", f"--metafile={meta}", f"--outdir={tmp}"], dist)
        outputs = json.loads(meta.read_text())["outputs"]
    by_output = {Path(name).name: info["exports"] for name, info in outputs.items()}
    return {name: sorted(by_output[Path(name).name]) for name in files}


def namespace(file: str) -> str:
    """The property of the global that holds `file`'s exports (its name without .js)."""
    name = Path(file).stem
    if not IDENTIFIER.match(name):
        raise ValueError(f"{file}: its name is not an identifier")
    return name


def bundle(dist: Path, files: list[str]) -> str:
    """One classic script running `files` (entry first in the list) and publishing their exports."""
    entry = "".join(f'export * as {namespace(f)} from "./{f}";\n' for f in files)
    # main.js, imported dynamically, stays a file.
    code = esbuild(["--bundle", "--format=iife", f"--global-name={GLOBAL}", *externals(dist, files),
                    "--minify-whitespace", "--minify-syntax", "--legal-comments=none",
                    "--charset=utf8"], dist, stdin=entry)
    if re.search(r"</script|<!--", code, re.IGNORECASE):
        raise ValueError("the bundle holds text that would end an inline script")
    return code.strip()


def hand_on(file: str, names: list[str]) -> str:
    """The module that replaces `file` in dist/: the inline script's instance of its exports."""
    if any(not IDENTIFIER.match(n) or n == "default" for n in names):
        raise ValueError(f"{file}: exports {names} cannot be handed on by name")
    return (f"// {file} runs inline in index.html (tools/inline.py); this module hands on\n"
            "// the exports of that one instance.\n"
            f"const inline = globalThis.{GLOBAL}?.{namespace(file)};\n"
            f'if (!inline) throw new Error("{file}: the page\'s inline script did not run");\n'
            f"export const {{ {', '.join(names)} }} = inline;\n")


def allow(csp: str, directive: str, sources: list[str]) -> str:
    """`csp` with `sources` added to `directive` (which must be there)."""
    parts = [p.strip() for p in csp.split(";")]
    for k, part in enumerate(parts):
        if part.split(" ", 1)[0] == directive:
            parts[k] = " ".join([part, *sources])
            return "; ".join(parts)
    raise ValueError(f"the page's Content-Security-Policy has no {directive}")


def inline_page(dist: Path) -> Path:
    page_path = dist / PAGE
    html = page_path.read_text(encoding="utf-8")
    if html.count(FIRST_TAG) != 1:
        raise ValueError(f"{PAGE} must load {FIRST_SCRIPT} exactly once as {FIRST_TAG}")
    if html.index(FIRST_TAG) < html.index('id="board"'):
        raise ValueError(f"{FIRST_TAG} must come after the board: inline, it runs where it stands")
    if not CSP.search(html):
        raise ValueError(f"{PAGE} has no Content-Security-Policy <meta>")
    files = module_graphs(dist, [FIRST_SCRIPT])[FIRST_SCRIPT]
    names = exported_names(dist, files)
    script = bundle(dist, files)
    styles: list[tuple[str, str]] = []
    for href in STYLESHEET.findall(html):
        css = (dist / href).read_text(encoding="utf-8")
        if "</style" in css.lower():
            raise ValueError(f"{href} holds text that would end an inline style")
        styles.append((href, css))
    # Everything read and checked: now write.
    for href, css in styles:
        html = html.replace(f'<link rel="stylesheet" href="{href}">', f"<style>{css}</style>")
        (dist / href).unlink()
    for file in files:
        html = re.sub(rf'[ \t]*<link rel="modulepreload" href="{re.escape(file)}">\n?', "", html)
        if file == FIRST_SCRIPT:
            (dist / file).unlink()
        else:
            (dist / file).write_text(hand_on(file, names[file]), encoding="utf-8")
    html = html.replace(FIRST_TAG, f"<script>{script}</script>")
    csp = CSP.search(html)
    assert csp is not None
    policy = allow(csp.group(2), "script-src", [sha256_source(script)])
    policy = allow(policy, "style-src", [sha256_source(css) for _, css in styles])
    html = html[:csp.start(2)] + policy + html[csp.end(2):]
    page_path.write_text(html, encoding="utf-8")
    print(f"[build] {PAGE}: {', '.join(files)} ({len(script)} bytes) and "
          f"{', '.join(h for h, _ in styles)} inline", flush=True)
    return page_path


def or_skip(step: str, without: str, run: Callable[[], T]) -> T | None:
    """run()'s result, or None with a warning that `step` was skipped and what
    the page does `without` it, when it fails as a build step may (no esbuild,
    unexpected input)."""
    try:
        return run()
    except (RuntimeError, OSError, ValueError, KeyError) as error:
        print(f"[build] WARNING: {step} skipped, {without}: {error}", flush=True)
        return None


def write(dist: Path) -> Path | None:
    """Inline the first script and the styles into dist/index.html.

    Returns its path, or None when the step was skipped (with a warning)."""
    return or_skip("inline first script", "the page loads it by URL", lambda: inline_page(dist))
