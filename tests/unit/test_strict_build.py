"""The strict build: an optional step that fails fails `build --strict` (and the
build of `build.py test`, so CI and the deploy), while a plain build skips it
and still gives a working dist/.

The four optional steps are replaced by stand-ins that succeed or fail as a
real step does (a path, or None after its warning); the rest of the build
runs as it is, into a folder of its own.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

import build
from tools import bundles, inline, snapshot, stdlib

STEPS = {  # the step's name in build.OPTIONAL_STEPS -> (module, function)
    "inline script": (inline, "write"),
    "bundles": (bundles, "write"),
    "trimmed stdlib": (stdlib, "write_trimmed_stdlib"),
    "snapshot": (snapshot, "write_snapshot"),
}


@pytest.fixture
def steps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, bool]:
    """Which steps succeed (all, until a test says otherwise); dist/ in tmp_path."""
    if not (build.PYODIDE_DIR / build.RUNTIME_FILES[0]).is_file():
        pytest.skip("node_modules/pyodide is not installed")
    ok = dict.fromkeys(STEPS, True)
    monkeypatch.setattr(build, "DIST", tmp_path / "dist")
    monkeypatch.setattr(build, "ensure_node_modules", lambda: None)
    for name, (module, function) in STEPS.items():
        def stand_in(dist: Path, *rest: Any, name: str = name) -> Path | None:
            if not ok[name]:
                print(f"[build] WARNING: {name} skipped (stand-in)")
                return None
            return dist / "index.html"
        monkeypatch.setattr(module, function, stand_in)
    return ok


def test_the_optional_steps_are_the_ones_the_build_may_skip() -> None:
    assert tuple(STEPS) == build.OPTIONAL_STEPS


@pytest.mark.parametrize("failing", list(STEPS))
def test_a_failing_optional_step_fails_the_strict_build(steps: dict[str, bool],
                                                       failing: str) -> None:
    steps[failing] = False
    with pytest.raises(build.StrictBuildError) as info:
        build.build(strict=True)
    assert f"the {failing} step failed" in str(info.value.code)
    assert not (build.DIST / "build.json").exists(), "no build id for a build that failed"


def test_a_plain_build_skips_failing_steps_and_still_gives_a_site(
        steps: dict[str, bool]) -> None:
    for name in steps:
        steps[name] = False
    assert build.build() == build.DIST
    assert (build.DIST / "build.json").is_file() and (build.DIST / "sw.js").is_file()


def test_a_strict_build_with_every_step_working_gives_a_site(steps: dict[str, bool]) -> None:
    assert build.build(strict=True) == build.DIST
    assert (build.DIST / "build.json").is_file()


def test_the_command_line_and_the_test_command_ask_for_strictness(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[bool] = []
    monkeypatch.setattr(build, "build", lambda strict=False: asked.append(strict))
    monkeypatch.setattr(build, "ensure_test_tools", lambda: None)
    monkeypatch.setattr(build, "run", lambda *a, **k: None)
    monkeypatch.setattr(subprocess, "call", lambda *a, **k: 0)
    assert build.main(["build", "--strict"]) == 0
    assert build.main(["build"]) == 0
    assert build.main([]) == 0
    assert build.main(["test", "tests/unit/test_rng.py"]) == 0
    assert asked == [True, False, False, True]
