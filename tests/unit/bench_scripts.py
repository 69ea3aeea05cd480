"""Loading the scripts of bench/ (not a package) as modules, for their tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load(filename: str) -> ModuleType:
    """bench/<filename> imported as module "kugler_bench_<stem>", once: every
    test module gets the same module object (doctest finds a function only in
    the module that sys.modules holds under its name)."""
    name = f"kugler_bench_{Path(filename).stem}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCH / filename)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
