"""The build steps that run esbuild (tools/inline.py, tools/bundles.py).

- inline: dist/index.html draws the board without another request, under a
  Content-Security-Policy without 'unsafe-inline', and the modules it took
  inline hand the same exports on;
- bundles: the page's modules are one file (main.js) and the engine worker's
  another (worker.js), so neither waits for a second round of requests.

The checks on dist/ are skipped when dist/ is not built; a build whose step
was skipped fails them. Each step is also run on a copy of web/, and without
esbuild (it warns and leaves the files as they were).
"""

from __future__ import annotations

import ast
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
DIST = ROOT / "dist"

sys.path.insert(0, str(ROOT))
from tools import bundles, inline  # noqa: E402

built = pytest.mark.skipif(not (DIST / "build.json").exists(),
                           reason="dist/ is not built: run `python build.py`")


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A copy of web/, as the build's steps find it in dist/."""
    target = tmp_path / "site"
    shutil.copytree(WEB, target)
    return target


@pytest.mark.parametrize(("write", "warning", "untouched"), [
    (inline.write, "inline first script skipped",
     ("index.html", "first.js", "render.js", "storage.js", "dom.js", "looks.js", "style.css",
      "looks.css")),
    (bundles.write, "module bundles skipped",
     ("main.js", "first.js", "worker.js", "boot-python.js", "wasm-data.js")),
], ids=["inline", "bundles"])
def test_step_skips_without_esbuild_and_leaves_the_files(
        site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], write: Callable[[Path], Path | None],
        warning: str, untouched: tuple[str, ...]) -> None:
    monkeypatch.setattr(inline, "ESBUILD", tmp_path / "no-esbuild")
    assert write(site) is None
    assert f"WARNING: {warning}" in capsys.readouterr().out
    for name in untouched:
        assert (site / name).read_bytes() == (WEB / name).read_bytes(), name
    if write is bundles.write:  # the boot's Python is still taken in: no module imports a .py
        check_texts_taken_in(site)


# ------------------------------------------------------------ inline

EXPORT = re.compile(r"^export (?:const|let|function\*?|class|async function) ([\w$]+)", re.M)


def source_exports(file: str) -> list[str]:
    """The names `web/<file>` exports, read from its `export ...` declarations."""
    return sorted(EXPORT.findall((WEB / file).read_text(encoding="utf-8")))


def csp_of(html: str) -> dict[str, list[str]]:
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert match, "no Content-Security-Policy <meta>"
    return {part.split()[0]: part.split()[1:] for part in match.group(1).split(";") if part.strip()}


def inline_elements(html: str, tag: str) -> list[str]:
    return re.findall(rf"<{tag}>(.*?)</{tag}>", html, re.S)


def check_page(html: str) -> None:
    """The built page: nothing to fetch before the board, each inline element allowed by hash."""
    head = html[: html.index('id="board"')]
    assert 'rel="stylesheet"' not in html and 'rel="modulepreload"' not in head
    assert re.search(r"<script[^>]* src=", html) is None, "the document loads no script by URL"
    scripts, styles = inline_elements(html, "script"), inline_elements(html, "style")
    assert len(scripts) == 1 and len(styles) == 3
    assert html.index("<script>") > html.index('id="board"'), "it runs after the board is parsed"
    assert "globalThis.kuglerInline" not in scripts[0] and "var kuglerInline=" in scripts[0]
    csp = csp_of(html)
    assert csp["script-src"] == ["'self'", "'wasm-unsafe-eval'", inline.sha256_source(scripts[0])]
    assert csp["style-src"] == ["'self'", *(inline.sha256_source(s) for s in styles)]
    assert "'unsafe-inline'" not in html


def check_hand_on(dist: Path) -> None:
    assert not (dist / "first.js").exists(), "nothing imports first.js: it runs inline only"
    for file, name in (("render.js", "render"), ("storage.js", "storage"), ("dom.js", "dom")):
        text = (dist / file).read_text(encoding="utf-8")
        exported = re.search(r"export const \{ (.*) \} = inline;", text)
        assert exported, file
        assert sorted(exported.group(1).split(", ")) == source_exports(file), file
        assert f"globalThis.kuglerInline?.{name};" in text


@built
def test_built_page_draws_the_board_without_another_request() -> None:
    check_page((DIST / "index.html").read_text(encoding="utf-8"))
    for name in ("looks.css", "style.css", "pwa.css"):
        assert not (DIST / name).exists(), name




def test_inline_step_on_a_copy_of_the_page(site: Path) -> None:
    assert inline.write(site) == site / "index.html"
    html = (site / "index.html").read_text(encoding="utf-8")
    check_page(html)
    check_hand_on(site)
    # The styles are the stylesheets, byte for byte; main.js stays a file.
    styles = inline_elements(html, "style")
    assert styles == [(WEB / name).read_text(encoding="utf-8")
                      for name in ("looks.css", "style.css", "pwa.css")]
    assert (site / "main.js").read_text() == (WEB / "main.js").read_text()
    assert 'import("./main.js")' in inline_elements(html, "script")[0]


def test_inline_step_refuses_a_first_script_before_the_board(site: Path) -> None:
    page = site / "index.html"
    html = page.read_text(encoding="utf-8").replace(inline.FIRST_TAG, "")
    page.write_text(html.replace("</head>", inline.FIRST_TAG + "\n</head>"), encoding="utf-8")
    with pytest.raises(ValueError, match="after the board"):
        inline.inline_page(site)


def test_policy_gets_sources_added_to_one_directive() -> None:
    csp = "default-src 'self'; script-src 'self'; style-src 'self'"
    assert inline.allow(csp, "style-src", ["'sha256-x'"]) == \
        "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-x'"
    with pytest.raises(ValueError, match="img-src"):
        inline.allow(csp, "img-src", ["'sha256-x'"])


def test_hash_source_is_base64_sha256_of_the_utf8_text() -> None:
    # The digest of "" is well known.
    assert inline.sha256_source("") == "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"


def test_a_default_export_is_not_handed_on() -> None:
    with pytest.raises(ValueError, match="default"):
        inline.hand_on("x.js", ["default"])


# ------------------------------------------------------------ bundles


STATIC_IMPORT = re.compile(r"^\s*(?:import|export)\b[^(]*\bfrom\s*[\"']", re.M)
BOOT_PYTHON = (WEB / "kugler_boot.py").read_text(encoding="utf-8")


def check_texts_taken_in(site: Path) -> None:
    """The boot's Python is inside the worker's modules as a string, and no longer a file."""
    assert not list(site.glob("*.py"))
    code = "".join(p.read_text(encoding="utf-8") for p in site.glob("*.js"))
    assert re.search(r"""from\s*["'][^"']*\.py["']""", code) is None
    literal = re.search(r"(?:const|var) BOOT_SOURCE\d* = "
                        r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*');""", code)
    assert literal, "the boot's Python is a string in the worker's code"
    assert ast.literal_eval(literal.group(1)) == BOOT_PYTHON  # a JS string's escapes are Python's
    assert "class LazyStdlibFinder" in BOOT_PYTHON and "def after_boot(" in BOOT_PYTHON


def check_bundles(site: Path) -> None:
    """main.js and worker.js are all the modules left, and import nothing at start."""
    assert sorted(p.name for p in site.glob("*.js")) == ["main.js", "sw.js", "worker.js"]
    main = (site / "main.js").read_text(encoding="utf-8")
    worker = (site / "worker.js").read_text(encoding="utf-8")
    for code in (main, worker):
        assert STATIC_IMPORT.search(code) is None, "a bundle imports nothing by URL at start"
    # The page's bundle takes the inline script's instance of the modules first.js
    # imports; first.js itself hands main.js what it made (main.start).
    assert "globalThis.kuglerInline?.first;" not in main
    for name in ("render", "storage", "dom"):
        assert f"globalThis.kuglerInline?.{name};" in main, name
    assert "await boardShown" in main and "var BoardGrid = class" in main
    assert "async function bootEngine(" in worker and "self.onmessage" in worker
    check_texts_taken_in(site)
    # The runtime's modules are still imported by URL when the boot needs them.
    assert 'import(at("pyodide.mjs"))' in worker


@built
def test_built_modules_are_two_bundles() -> None:
    check_bundles(DIST)


def test_bundle_step_on_a_copy_of_the_site(site: Path) -> None:
    assert inline.write(site) is not None
    page = (site / "index.html").read_bytes()
    assert bundles.write(site) == [site / "main.js", site / "worker.js"]
    check_bundles(site)
    assert (site / "index.html").read_bytes() == page


def test_bundle_step_refuses_modules_the_page_loads_itself(
        site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Without the inline step, index.html loads first.js's modules itself, which
    # main.js imports too: bundling them away would leave first.js without them.
    assert bundles.write(site) is None
    loads = "index.html loads ['dom.js', 'looks.js', 'render.js', 'storage.js']"
    assert loads in capsys.readouterr().out
    for name in ("main.js", "first.js", "worker.js", "wasm-data.js"):
        assert (site / name).read_bytes() == (WEB / name).read_bytes(), name
