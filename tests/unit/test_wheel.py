"""The site's wheel (tools/wheel.py, written by build.py) is the wheel pip builds.

pyproject.toml's backend is flit_core; build.py writes the same wheel with the
standard library so that a site build needs nothing installed. Both are built
here from this checkout and compared: the same files under the same names,
the engine's files byte for byte, the same name, version, Python and licence
in the metadata, and no README text in either.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest

from tools.wheel import write_wheel

ROOT = Path(__file__).resolve().parents[2]
FIELDS = ("Name", "Version", "Summary", "Requires-Python", "License-Expression", "License-File",
          "Classifier", "Requires-Dist", "Provides-Extra")


def contents(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def fields(metadata: bytes) -> tuple[dict[str, list[str]], str]:
    """The headers of a METADATA file that both writers give (each sorted), and its body."""
    headers, _, body = metadata.decode().partition("\n\n")
    out: dict[str, list[str]] = {}
    for line in headers.splitlines():
        key, _, value = line.partition(": ")
        if key in FIELDS:
            out.setdefault(key, []).append(value.replace(" ; ", "; "))
    return {key: sorted(values) for key, values in out.items()}, body


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, bytes], dict[str, bytes]]:
    buildapi = pytest.importorskip("flit_core.buildapi")
    ours = write_wheel(ROOT, tmp_path_factory.mktemp("ours"))
    theirs_dir = tmp_path_factory.mktemp("flit")
    here = Path.cwd()
    os.chdir(ROOT)  # a PEP 517 backend builds the project in the current directory
    try:
        name = buildapi.build_wheel(str(theirs_dir))
    finally:
        os.chdir(here)
    assert name == ours.name
    return contents(ours), contents(theirs_dir / name)


def test_the_site_wheel_holds_what_flit_core_puts_in_its_wheel(
        wheels: tuple[dict[str, bytes], dict[str, bytes]]) -> None:
    ours, theirs = wheels
    assert sorted(ours) == sorted(theirs)
    for name in ours:
        if not name.endswith((".dist-info/METADATA", ".dist-info/WHEEL", ".dist-info/RECORD")):
            assert ours[name] == theirs[name], name
    engine = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "kugler_core").iterdir()
                    if p.suffix == ".py" or p.name in ("py.typed", "value5.bin"))
    assert sorted(n for n in ours if n.startswith("kugler_core/")) == engine


def test_the_metadata_says_the_same_and_holds_no_readme(
        wheels: tuple[dict[str, bytes], dict[str, bytes]]) -> None:
    ours, theirs = wheels
    meta = next(n for n in ours if n.endswith(".dist-info/METADATA"))
    (our_fields, our_body), (their_fields, their_body) = fields(ours[meta]), fields(theirs[meta])
    assert our_fields == their_fields
    assert our_fields["License-Expression"] == ["MIT"]
    assert our_body.strip() == their_body.strip() == ""
