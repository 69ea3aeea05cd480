"""The worker step of the build (tools/worker_bundle.py): the engine worker is
one module, so it asks for the runtime without another round of requests.

The check on dist/ is skipped when dist/ is not built; a build whose worker
step was skipped fails it. The step itself is also run on a copy of web/.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
DIST = ROOT / "dist"

sys.path.insert(0, str(ROOT))
from tools import inline, worker_bundle  # noqa: E402

STATIC_IMPORT = re.compile(r"^\s*(?:import|export)\b[^(]*\bfrom\s*[\"']", re.M)


def check_worker(site: Path) -> None:
    code = (site / "worker.js").read_text(encoding="utf-8")
    assert STATIC_IMPORT.search(code) is None, "the worker imports nothing by URL at start"
    assert "async function bootEngine(" in code and "self.onmessage" in code
    # The runtime's modules are still imported by URL when the boot needs them.
    assert 'import(at("pyodide.mjs"))' in code
    assert not (site / "boot.js").exists()


@pytest.mark.skipif(not (DIST / "build.json").exists(),
                    reason="dist/ is not built: run `python build.py`")
def test_built_worker_is_one_module() -> None:
    check_worker(DIST)


def test_step_on_a_copy_of_the_site(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(WEB, site)
    assert STATIC_IMPORT.search((site / "worker.js").read_text()) is not None
    assert worker_bundle.write(site) == site / "worker.js"
    check_worker(site)
    # The page's own modules are not touched.
    for name in ("main.js", "engine.js", "first.js"):
        assert (site / name).read_bytes() == (WEB / name).read_bytes(), name


def test_step_skips_and_leaves_the_worker_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    site = tmp_path / "site"
    shutil.copytree(WEB, site)
    monkeypatch.setattr(inline, "ESBUILD", tmp_path / "no-esbuild")
    assert worker_bundle.write(site) is None
    assert "WARNING: worker bundle skipped" in capsys.readouterr().out
    for name in ("worker.js", "boot.js"):
        assert (site / name).read_bytes() == (WEB / name).read_bytes(), name
