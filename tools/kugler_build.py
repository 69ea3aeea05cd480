"""The project's build backend: the kugler_core wheel, written with the standard library.

A PEP 517 backend (pyproject.toml: `build-backend = "kugler_build"`,
`backend-path = ["tools"]`) that needs nothing installed to build, so a new
virtual environment with no setuptools and no wheel builds the site, and an
offline rebuild needs no download. build.py calls `write_wheel` directly; pip
and `python -m build` call the hooks below.

    write_wheel(root, out, epoch) -> Path
        out/kugler_core-<version>-py3-none-any.whl (PEP 427): the package's .py
        files and py.typed, then the .dist-info (METADATA, WHEEL, LICENSE, RECORD)

The same source gives the same bytes: files in sorted order, one date on every
entry (`epoch`, SOURCE_DATE_EPOCH for the hooks, 1980-01-01 when unset), fixed
permissions, and metadata made from pyproject.toml alone (no tool version, no
README text). Errors: ValueError when pyproject.toml lacks a field the
metadata needs; OSError from reading the source or writing `out`.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import os
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path
from typing import Any

DEFAULT_DATE_EPOCH = 315532800
"""1980-01-01, the earliest date a zip entry can hold."""

WHEEL_TAG = "py3-none-any"
PACKAGE_DATA = ("py.typed", "value5.bin")
LICENSE_FILE = "LICENSE"


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
    """Core metadata 2.1 from the [project] table (no long description)."""
    lines = ["Metadata-Version: 2.1", f"Name: {meta['name']}", f"Version: {meta['version']}"]
    if meta.get("description"):
        lines.append(f"Summary: {meta['description']}")
    licence = meta.get("license")
    if isinstance(licence, dict) and licence.get("text"):
        lines.append(f"License: {licence['text']}")
    elif isinstance(licence, str):
        lines.append(f"License: {licence}")
    lines += [f"Classifier: {c}" for c in meta.get("classifiers", [])]
    if meta.get("requires-python"):
        lines.append(f"Requires-Python: {meta['requires-python']}")
    lines += [f"Requires-Dist: {d}" for d in meta.get("dependencies", [])]
    for extra, deps in meta.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {d}; extra == "{extra}"' for d in deps]
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


def write_wheel(root: Path, out: Path, epoch: int = DEFAULT_DATE_EPOCH,
                extra: list[tuple[str, bytes]] | None = None) -> Path:
    """Write the wheel of the project in `root` into `out` and return its path.

    `extra` (archive name, bytes) files go in beside the package; an editable
    wheel puts its path hook there instead of the package."""
    meta = project(root)
    name = dist_name(meta)
    info = f"{name}-{meta['version']}.dist-info"
    package = meta["name"].replace("-", "_")
    files = extra if extra is not None else package_files(root, package)
    wheel = (f"Wheel-Version: 1.0\nGenerator: kugler_build\nRoot-Is-Purelib: true\n"
             f"Tag: {WHEEL_TAG}\n\n")
    files = [*files, (f"{info}/METADATA", metadata(meta).encode()),
             (f"{info}/WHEEL", wheel.encode())]
    if (root / LICENSE_FILE).is_file():
        files.append((f"{info}/{LICENSE_FILE}", (root / LICENSE_FILE).read_bytes()))
    record = "".join(record_line(n, d) + "\n" for n, d in files) + f"{info}/RECORD,,\n"
    files.append((f"{info}/RECORD", record.encode()))
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{name}-{meta['version']}-{WHEEL_TAG}.whl"
    write_archive(target, files, epoch)
    return target


def source_date_epoch() -> int:
    value = os.environ.get("SOURCE_DATE_EPOCH", "")
    return int(value) if value.isdigit() else DEFAULT_DATE_EPOCH


EDITABLE_FINDER = '''"""Editable install: import {package} from {path}."""
import importlib.util
import sys

PATH = {path!r}


class Finder:
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name != {package!r}:
            return None
        return importlib.util.spec_from_file_location(
            name, PATH + "/__init__.py", submodule_search_locations=[PATH])


def install():
    if Finder not in sys.meta_path:
        sys.meta_path.append(Finder)
'''


def editable_hook(root: Path, package: str) -> list[tuple[str, bytes]]:
    """A .pth file and the finder it installs: `import <package>` loads root/<package>
    (and nothing else of root becomes importable, unlike a plain path entry)."""
    finder = f"__editable___{package}_finder"
    source = EDITABLE_FINDER.format(package=package, path=str((root / package).resolve()))
    return [(f"{finder}.py", source.encode()),
            (f"__editable__.{package}.pth", f"import {finder}; {finder}.install()\n".encode())]


# ----------------------------------------------------------------- PEP 517 / 660 hooks


def get_requires_for_build_wheel(config_settings: object = None) -> list[str]:
    return []


def get_requires_for_build_sdist(config_settings: object = None) -> list[str]:
    return []


def get_requires_for_build_editable(config_settings: object = None) -> list[str]:
    return []


def build_wheel(wheel_directory: str, config_settings: object = None,
                metadata_directory: object = None) -> str:
    return write_wheel(Path.cwd(), Path(wheel_directory), source_date_epoch()).name


def build_editable(wheel_directory: str, config_settings: object = None,
                   metadata_directory: object = None) -> str:
    root = Path.cwd()
    hook = editable_hook(root, project(root)["name"].replace("-", "_"))
    return write_wheel(root, Path(wheel_directory), source_date_epoch(), extra=hook).name


SDIST_FILES = ("pyproject.toml", "README.md", LICENSE_FILE, "tools/kugler_build.py")


def build_sdist(sdist_directory: str, config_settings: object = None) -> str:
    """A .tar.gz of the package, pyproject.toml, README, LICENSE and this backend."""
    root = Path.cwd()
    meta = project(root)
    base = f"{dist_name(meta)}-{meta['version']}"
    package = meta["name"].replace("-", "_")
    files = [(n, (root / n).read_bytes()) for n in SDIST_FILES if (root / n).is_file()]
    files += [*package_files(root, package), ("PKG-INFO", metadata(meta).encode())]
    epoch = source_date_epoch()
    target = Path(sdist_directory) / f"{base}.tar.gz"
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for name, data in sorted(files):
            entry = tarfile.TarInfo(f"{base}/{name}")
            entry.size, entry.mtime, entry.mode = len(data), epoch, 0o644
            archive.addfile(entry, io.BytesIO(data))
    with open(target, "wb") as handle, \
            gzip.GzipFile(fileobj=handle, mode="wb", mtime=0, filename="") as packed:
        packed.write(raw.getvalue())
    return target.name
