"""A new user's first build: a clean clone, a new virtual environment, `build.py build`.

The venv is made with `python -m venv --without-pip` from the Python that runs
the tests, so nothing at all is installed in it (not even pip or setuptools):
the build must need nothing beyond the standard library and Node. pip is told
not to use an index, so the build cannot quietly download anything. The
clone's `node_modules` is a link to this checkout's, when that one holds the
pinned versions (the build would otherwise run `npm ci`).

Other Pythons (python3.11, python3.12, python3.13 on PATH, or the paths in
KUGLER_TEST_PYTHONS, separated by os.pathsep) build the same clone in a venv
of their own and must give the same build id; each is skipped when that
interpreter is not on the machine. The clone holds the committed source only.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.fresh_build

needs_git = pytest.mark.skipif(
    shutil.which("git") is None or not (ROOT / ".git").exists(),
    reason="needs git and a git checkout to clone")
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")

OTHER_PYTHONS = ("python3.11", "python3.12", "python3.13")


def interpreter(command: str) -> tuple[str, str] | None:
    """(path, "3.x") of `command` when it runs and is Python >= 3.11, else None."""
    found = shutil.which(command) or (command if Path(command).is_file() else None)
    if found is None:
        return None
    done = subprocess.run(
        [found, "-c", "import sys; print(sys.executable); print('%d.%d' % sys.version_info[:2])"],
        capture_output=True, text=True, check=False)
    lines = done.stdout.split()
    if done.returncode != 0 or len(lines) != 2 or tuple(map(int, lines[1].split("."))) < (3, 11):
        return None
    return lines[0], lines[1]


def candidates() -> list[str]:
    extra = [p for p in os.environ.get("KUGLER_TEST_PYTHONS", "").split(os.pathsep) if p]
    return [*extra, *OTHER_PYTHONS]


def clean_env() -> dict[str, str]:
    """This environment without anything that points Python at other packages."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "SOURCE_DATE_EPOCH")}
    env["PIP_NO_INDEX"] = "1"
    return env


def clone(target: Path) -> Path:
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(target)],
                   check=True)
    modules = ROOT / "node_modules"
    if modules.is_dir():
        (target / "node_modules").symlink_to(modules.resolve(), target_is_directory=True)
    return target


def fresh_venv_build(python: str, checkout: Path, venv: Path,
                     optional: bool = False) -> dict[str, str]:
    """Make a venv with nothing in it, run `build.py build` with it, return build.json.

    An `optional` Python that cannot make a venv (a distribution's Python
    without its venv module) skips the test instead of failing it."""
    env = clean_env()
    made = subprocess.run([python, "-m", "venv", "--without-pip", str(venv)],
                          capture_output=True, text=True, env=env, check=False)
    if made.returncode != 0 and optional:
        pytest.skip(f"{python} cannot make a venv here: {made.stderr.strip()[-300:]}")
    assert made.returncode == 0, made.stderr
    venv_python = venv / "bin" / "python"
    bare = subprocess.run([str(venv_python), "-c", "import setuptools"],
                          capture_output=True, env=env, check=False)
    assert bare.returncode != 0, "the new venv must not have setuptools"
    done = subprocess.run([str(venv_python), "build.py", "build"], cwd=checkout, env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    dist = checkout / "dist"
    manifest: dict[str, str] = json.loads((dist / "build.json").read_text())
    assert (dist / "index.html").is_file()
    assert (dist / manifest["wheel"]).is_file()
    assert manifest["wheel"].startswith("kugler_core-") and manifest["wheel"].endswith(
        "-py3-none-any.whl")
    return manifest


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return clone(tmp_path_factory.mktemp("clone") / "kugler")


@pytest.fixture(scope="module")
def reference(checkout: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The build of the clone by the Python that runs the tests, in a new venv."""
    return fresh_venv_build(sys.executable, checkout, tmp_path_factory.mktemp("venv") / "v")


@needs_git
@needs_node
def test_a_new_venv_of_this_python_builds_the_site(
        reference: dict[str, str], checkout: Path) -> None:
    wheel = checkout / "dist" / reference["wheel"]
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert archive.testzip() is None
        record = archive.read(names[-1]).decode().splitlines()
        listed = {}
        for line in record:
            name, digest, size = line.rsplit(",", 2)
            listed[name] = (digest, size)
            if name != names[-1]:
                data = archive.read(name)
                sha = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
                assert (digest, size) == (f"sha256={sha.decode()}", str(len(data))), name
    assert names[-1].endswith(".dist-info/RECORD") and listed[names[-1]] == ("", "")
    assert sorted(listed) == sorted(names), "RECORD names every file of the wheel once"
    engine = sorted(p.relative_to(checkout).as_posix() for p in (checkout / "kugler_core").iterdir()
                    if p.suffix == ".py" or p.name in ("py.typed", "value5.bin"))
    assert [n for n in names if n.startswith("kugler_core/")] == engine


@needs_git
@needs_node
@pytest.mark.parametrize("command", candidates())
def test_other_pythons_build_the_same_site(
        command: str, reference: dict[str, str], checkout: Path, tmp_path: Path) -> None:
    found = interpreter(command)
    if found is None:
        pytest.skip(f"{command} is not on this machine")
    path, version = found
    if version == f"{sys.version_info.major}.{sys.version_info.minor}":
        pytest.skip(f"{command} is the Python running the tests")
    manifest = fresh_venv_build(path, checkout, tmp_path / "venv", optional=True)
    assert manifest == reference, f"Python {version} built another site"
