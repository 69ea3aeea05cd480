"""The site's kugler_core wheel, written with the standard library.

pyproject.toml's build backend is flit_core (`pip install .`, `python -m
build`); the site needs the same wheel without installing anything, offline,
and byte for byte the same from the same source (its bytes go into the
memory snapshot and the build id). build.py calls `write_wheel`:

    write_wheel(root, out, epoch) -> Path
        out/kugler_core-<version>-py3-none-any.whl (PEP 427): the package's .py
        files and py.typed, then the .dist-info (METADATA, WHEEL, the licence,
        RECORD)

Files go in sorted order, with one date on every entry (`epoch`; 1980-01-01
by default) and fixed permissions; the metadata is made from pyproject.toml
alone (no tool version, no README text). tests/unit/test_wheel.py checks that
it holds the files flit_core's wheel holds. Errors: ValueError when
pyproject.toml lacks a field the metadata needs; OSError from reading the
source or writing `out`.
"""

from __future__ import annotations

import base64
import hashlib
import time
import tomllib
import zipfile
from pathlib import Path
from typing import Any

DEFAULT_DATE_EPOCH = 315532800
"""1980-01-01, the earliest date a zip entry can hold."""

WHEEL_TAG = "py3-none-any"
PACKAGE_DATA = ("py.typed", "value5.bin")


def project(root: Path) -> dict[str, Any]:
    """The [project] table of root/pyproject.toml; ValueError when name or version is missing."""
    table: dict[str, Any] = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    for key in ("name", "version"):
        if not isinstance(table.get(key), str):
            raise ValueError(f"pyproject.toml: [project] needs a string `{key}`")
    return table


def dist_name(meta: dict[str, Any]) -> str:
    """The name as it appears in file names (PEP 427: runs of -_. become _)."""
    return "_".join(part for part in str(meta["name"]).replace("-", "_").replace(".", "_")
                    .split("_") if part)


def package_files(root: Path, package: str) -> list[tuple[str, bytes]]:
    """The package's modules and data files as (archive name, bytes), sorted by name."""
    base = root / package
    if not (base / "__init__.py").is_file():
        raise ValueError(f"no package `{package}` in {root}")
    found = [p for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts
             and (p.suffix == ".py" or p.name in PACKAGE_DATA)]
    return sorted((p.relative_to(root).as_posix(), p.read_bytes()) for p in found)


def metadata(meta: dict[str, Any]) -> str:
    """Core metadata 2.4 from the [project] table (no long description): the
    licence as an SPDX expression (`license = "MIT"`) and its files."""
    lines = ["Metadata-Version: 2.4", f"Name: {meta['name']}", f"Version: {meta['version']}"]
    if meta.get("description"):
        lines.append(f"Summary: {meta['description']}")
    if meta.get("requires-python"):
        lines.append(f"Requires-Python: {meta['requires-python']}")
    if isinstance(meta.get("license"), str):
        lines.append(f"License-Expression: {meta['license']}")
    lines += [f"Classifier: {c}" for c in meta.get("classifiers", [])]
    lines += [f"License-File: {f}" for f in meta.get("license-files", [])]
    lines += [f"Requires-Dist: {d}" for d in meta.get("dependencies", [])]
    for extra, deps in meta.get("optional-dependencies", {}).items():
        lines += [f'Requires-Dist: {d} ; extra == "{extra}"' for d in deps]
        lines.append(f"Provides-Extra: {extra}")
    return "\n".join(lines) + "\n\n"


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def zip_date(epoch: int) -> tuple[int, int, int, int, int, int]:
    """`epoch` as a zip entry's date, clamped to the 1980-2107 range a zip can hold."""
    year, month, day, hour, minute, second = time.gmtime(epoch)[:6]
    if year < 1980:
        return (1980, 1, 1, 0, 0, 0)
    return (min(year, 2107), month, day, hour, minute, second)


def write_archive(target: Path, files: list[tuple[str, bytes]], epoch: int) -> None:
    """A zip of `files` in the order given, every entry with the same date and mode."""
    date = zip_date(epoch)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            info = zipfile.ZipInfo(name, date)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, whatever the machine: the mode below is read
            info.external_attr = 0o100644 << 16
            archive.writestr(info, data)


def write_wheel(root: Path, out: Path, epoch: int = DEFAULT_DATE_EPOCH) -> Path:
    """Write the wheel of the project in `root` into `out` and return its path."""
    meta = project(root)
    name = dist_name(meta)
    info = f"{name}-{meta['version']}.dist-info"
    package = meta["name"].replace("-", "_")
    files = package_files(root, package)
    wheel = (f"Wheel-Version: 1.0\nGenerator: kugler-site\nRoot-Is-Purelib: true\n"
             f"Tag: {WHEEL_TAG}\n\n")
    files += [(f"{info}/licenses/{f}", (root / f).read_bytes())
              for f in meta.get("license-files", [])]
    files += [(f"{info}/WHEEL", wheel.encode()), (f"{info}/METADATA", metadata(meta).encode())]
    record = "".join(record_line(n, d) + "\n" for n, d in files) + f"{info}/RECORD,,\n"
    files.append((f"{info}/RECORD", record.encode()))
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{name}-{meta['version']}-{WHEEL_TAG}.whl"
    write_archive(target, files, epoch)
    return target
