"""Build step: a trimmed, precompiled Python standard library for the browser.

The stock python_stdlib.zip (2.5 MB) holds 560 modules as *source*, so every
import at start-up is compiled in the page. This step boots the pinned Pyodide
under Node, installs the kugler_core wheel, imports every engine module plus
every module the engine names in an import statement, plays the engine through
its facade (PROBE), and keeps exactly the stdlib modules that were loaded from
the zip, compiled to .pyc by that same runtime. The list of all module names of
the full zip goes in too, so that web/boot.js can fetch the full zip lazily if
a module outside the trimmed one is ever imported.

    write_trimmed_stdlib(dist, wheel) -> Path | None
        dist/pyodide/kugler-stdlib.zip + dist/pyodide/kugler-stdlib.json

The step never breaks the build: when Node or the runtime fails it prints a
warning, leaves no partial output and returns None (web/boot.js then boots on
the full python_stdlib.zip); tests/unit/test_startup_build.py catches that.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NODE_SCRIPT = ROOT / "tools" / "snapshot.mjs"
STDLIB_FILE = "kugler-stdlib.zip"
STDLIB_INFO = "kugler-stdlib.json"
NAMES_FILE = "kugler-stdlib-full.txt"  # must match NAMES_FILE in web/kugler_boot.py
FULL_STDLIB = "python_stdlib.zip"
ZIP_DATE = (2020, 1, 1, 0, 0, 0)
# Bytecode like `python -OO`: no docstrings, no asserts in the stdlib. The
# snapshot's heap holds every imported code object, and without docstrings it
# compresses ~0.3 MB smaller (3.37 -> 3.06 MB). zipimport loads a .pyc whatever
# the interpreter's own -O level; the engine itself is compiled normally.
OPTIMIZE = 2  # fixed timestamps: the same input gives the same zip

# Run inside Pyodide with kugler_core installed. Imports everything the engine
# can import and drives every facade command, so their stdlib imports are seen.
PROBE = r'''
import ast, importlib, json, os, random, sys

import kugler_core

_root = kugler_core.__path__[0]
_wanted = set()
for _dir, _subdirs, _files in os.walk(_root):
    for _file in sorted(_files):
        if not _file.endswith(".py"):
            continue
        _path = os.path.join(_dir, _file)
        _rel = os.path.relpath(_path, os.path.dirname(_root))[:-3].replace(os.sep, ".")
        _wanted.add(_rel[: -len(".__init__")] if _rel.endswith(".__init__") else _rel)
        with open(_path, encoding="utf-8") as _handle:
            _tree = ast.parse(_handle.read())
        for _node in ast.walk(_tree):
            if isinstance(_node, ast.Import):
                _wanted.update(a.name for a in _node.names)
            elif isinstance(_node, ast.ImportFrom) and _node.level == 0 and _node.module:
                _wanted.add(_node.module)
for _name in sorted(_wanted):
    try:
        importlib.import_module(_name)
    except ImportError as _error:
        print(f"probe: cannot import {_name}: {_error}", file=sys.stderr)

from kugler_core.facade import Session

_session = Session()
_rng = random.Random(5)


def call(cmd, **args):
    """One facade round trip; a reply that is not an object counts as {}."""
    try:
        reply = json.loads(_session.handle_json(json.dumps({"id": 1, "cmd": cmd, "args": args})))
    except Exception as error:  # the facade must never raise; report, go on
        print(f"probe: {cmd} raised {error!r}", file=sys.stderr)
        return {}
    return reply if isinstance(reply, dict) else {}


def play(line):
    reply = call("new", line=line, deal=4242 + line, id=f"probe-{line}")
    state = reply.get("result", {}).get("state")
    for step in range(3000):
        if not state or state.get("over"):
            break
        balls = [i for i, v in enumerate(state["board"]) if v]
        _rng.shuffle(balls)
        moved = False
        for ball in balls:
            cell = [ball // 9, ball % 9]
            cells = call("reach", **{"from": cell}).get("result", {}).get("cells") or []
            if cells:
                reply = call("move", **{"from": cell, "to": _rng.choice(cells), "seconds": step})
                state = reply.get("result", {}).get("state", state)
                moved = True
                break
        if not moved:
            break
        if step % 17 == 3:
            state = call("undo", seconds=step).get("result", {}).get("state", state)
        if step % 29 == 5:
            state = call("time", seconds=step + 1).get("result", {}).get("state", state)
    return state


for _line in (5, 4):
    _state = play(_line) or {}
    _save = _state.get("save")
    call("load", save=_save)
    _records = call("records_load", doc=None, line=_line).get("result", {}).get("records")
    _added = call("records_add", records=_records, game=_save, date="2026-01-02T03:04:05Z",
                  name="Probe")
    _records = _added.get("result", {}).get("records", _records)
    call("records_load", doc=_records, line=_line)
    _settings = call("settings_load", doc=None).get("result", {}).get("settings")
    call("settings_load", doc={"kind": "kugler/settings", "version": 99})
    _export = call("export", game=_save, records={str(_line): _records}, settings=_settings,
                   date="2026-01-02T03:04:05Z").get("result", {}).get("doc")
    call("import", doc=_export)
    call("import", doc={"kind": "nonsense"})
for _text in ("", "#deal=123&line=4", "#deal=x&line=9&foo=bar", "#%zz"):
    call("fragment", text=_text)
for _bad in ("", "{", "[]", '{"id": 1}', '{"id": 1, "cmd": "move", "args": {"from": [9, 9]}}',
             '{"id": 2, "cmd": "move", "args": {"from": [0, 0], "to": [1, 1]}}'):
    try:
        _session.handle_json(_bad)
        Session().handle_json(_bad)
    except Exception as _error:
        print(f"probe: bad request raised {_error!r}", file=sys.stderr)
'''

# Modules a traceback or a warning may import late; kept so that an error
# report never needs the full zip.
ALWAYS = ("traceback", "linecache", "tokenize", "token", "warnings", "textwrap")


def run_node(mode: str, config: dict[str, object]) -> dict[str, object]:
    """Run tools/snapshot.mjs MODE with CONFIG; return its JSON result."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is needed for the fast-start build steps (Node >= 18)")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(config, handle)
    try:
        done = subprocess.run([node, "--no-warnings", str(NODE_SCRIPT), mode, handle.name],
                              cwd=ROOT, capture_output=True, text=True, check=False)
    finally:
        Path(handle.name).unlink()
    if done.returncode != 0:
        raise RuntimeError(f"node {NODE_SCRIPT.name} {mode} failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def unpack_wheel(wheel: Path, target: Path) -> Path:
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    return target


def full_names(full_zip: Path) -> list[str]:
    """Dotted names of every module and package in the stock stdlib zip."""
    names = set()
    with zipfile.ZipFile(full_zip) as archive:
        for name in archive.namelist():
            if not name.endswith(".py"):
                continue
            dotted = name[:-3].replace("/", ".")
            names.add(dotted.removesuffix(".__init__"))
    return sorted(names)


def write_zip(target: Path, pyc_dir: Path, names_text: str) -> None:
    """A deterministic zip of every file under pyc_dir plus the names list."""
    files = sorted(p for p in pyc_dir.rglob("*") if p.is_file())
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(pyc_dir).as_posix(), ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
        info = zipfile.ZipInfo(NAMES_FILE, ZIP_DATE)
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, names_text)


def warn(step: str, error: BaseException, leftovers: list[Path]) -> None:
    """Report a skipped fast-start step and remove what it half wrote."""
    for path in leftovers:
        path.unlink(missing_ok=True)
    print(f"[build] WARNING: {step} skipped, the page boots without it: {error}", flush=True)


def write_trimmed_stdlib(dist: Path, wheel: Path) -> Path | None:
    """Write dist/pyodide/kugler-stdlib.zip (+ .json) for the engine in `wheel`."""
    runtime = dist / "pyodide"
    try:
        return _write_trimmed_stdlib(runtime, wheel)
    except (RuntimeError, OSError, ValueError, KeyError) as error:
        warn("trimmed stdlib", error, [runtime / STDLIB_FILE, runtime / STDLIB_INFO])
        return None


def _write_trimmed_stdlib(runtime: Path, wheel: Path) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "probe.py"
        probe.write_text(PROBE + "".join(f"import {m}\n" for m in ALWAYS))
        pyc_dir = Path(tmp) / "pyc"
        result = run_node("trace", {"runtime": str(runtime), "wheel": str(wheel),
                                    "optimize": OPTIMIZE,
                                    "probe": str(probe), "out": str(pyc_dir)})
        target = runtime / STDLIB_FILE
        write_zip(target, pyc_dir, "\n".join(full_names(runtime / FULL_STDLIB)) + "\n")
    data = target.read_bytes()
    modules = result["modules"]
    assert isinstance(modules, list)
    info = {"file": STDLIB_FILE, "sha256": hashlib.sha256(data).hexdigest(), "size": len(data),
            "modules": len(modules), "full": FULL_STDLIB}
    (runtime / STDLIB_INFO).write_text(json.dumps(info, indent=2) + "\n")
    print(f"[build] trimmed stdlib: {len(modules)} modules, {len(data)} bytes", flush=True)
    return target
