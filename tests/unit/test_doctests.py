"""Run the doctests of every kugler_core module."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import kugler_core

MODULES = sorted(m.name for m in pkgutil.iter_modules(kugler_core.__path__))


@pytest.mark.parametrize("name", ["", *MODULES])
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"kugler_core.{name}" if name else "kugler_core")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
