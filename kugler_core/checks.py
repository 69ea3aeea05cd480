"""The one validation toolkit: the field checks of every document (game, settings,
records, export), of the facade's arguments and of the game's own inputs.

Every check takes the value and ``where`` (the field's name for the message)
and either returns the value (typed) or raises the error that ``error`` makes
of the message: by default ``bad`` (a ``DocumentError`` with code
``bad_document``); the facade passes its ``BadRequest``, the game its
``GameFieldError`` or ``VariantError``. The limits shared by all of them are here once: ``LINES``
(a line is 4 or 5), ``MAX_ID`` (an id is at most 64 characters).
``check_header`` is the one place where a stored version is judged:

* a version above the current one raises ``DocumentError`` with code
  ``newer_version`` (the page keeps such a document untouched, read-only);
* version 0, a missing or non-integer version raises ``bad_document``;
* an older version is brought up to date by the caller's migrations
  (``migrations[n]`` turns version n into n + 1, on a deep copy).

This module imports nothing of the package but ``errors``, ``rng`` and
``daily``, so every other module can use it.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Collection, Mapping
from datetime import datetime
from typing import Any

from kugler_core.daily import deal_of_day
from kugler_core.errors import DateError, DocumentCode, DocumentError
from kugler_core.rng import MAX_DEAL

__all__ = [
    "DATE_MAX",
    "LINES",
    "MAX_COUNT",
    "MAX_DEAL",
    "MAX_ID",
    "DocumentError",
    "ErrorOf",
    "Migration",
    "bad",
    "check_cell",
    "check_daily",
    "check_date",
    "check_day",
    "check_header",
    "check_id",
    "check_line",
    "clean_text",
    "expect_bool",
    "expect_dict",
    "expect_int",
    "expect_keys",
    "expect_list",
    "expect_str",
    "lines_counts",
]

MAX_COUNT = 10**12
"""Largest counter a document may hold (points, moves, seconds, games)."""
DATE_MAX = 40
"""Longest date text a document may hold."""
LINES = (4, 5)
"""The variants: the shortest line that vanishes, 5 or (the easy one) 4."""
MAX_ID = 64
"""Longest game id (the page makes them)."""

ErrorOf = Callable[[str], Exception]
"""Makes the error a failed check raises from its message (``bad`` by default)."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns a document of version n (a deep copy) into version n + 1."""

_DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}([T ][0-9:.+\-Z]{0,30})?", re.ASCII)
_DAY_RE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)


def bad(message: str, code: DocumentCode = "bad_document") -> DocumentError:
    """A DocumentError with ``code`` (``bad_document`` or ``newer_version``)."""
    return DocumentError(message, code)


def expect_dict(value: object, where: str, error: ErrorOf = bad) -> dict[str, Any]:
    """A JSON object (a dict with text keys)."""
    if not isinstance(value, dict):
        raise error(f"{where} must be an object")
    if not all(isinstance(k, str) for k in value):
        raise error(f"{where} has a key that is not text")
    return value


def expect_keys(
    d: Mapping[str, Any], required: Collection[str], allowed: Collection[str], where: str,
    error: ErrorOf = bad,
) -> None:
    """Every ``required`` key present, no key outside ``allowed``."""
    missing = sorted(k for k in required if k not in d)
    if missing:
        raise error(f"{where} has no {missing[0]!r}")
    extra = sorted(k for k in d if k not in allowed)
    if extra:
        raise error(f"{where} has an unknown field {extra[0][:40]!r}")


def expect_int(value: object, where: str, lo: int, hi: int | None, error: ErrorOf = bad
               ) -> int:
    """An int (never a bool) in lo..hi (no upper bound when ``hi`` is None)."""
    if type(value) is not int:
        raise error(f"{where} must be a whole number")
    if value < lo or (hi is not None and value > hi):
        raise error(f"{where} must be at least {lo}" if hi is None
                    else f"{where} must be between {lo} and {hi}")
    return value


def expect_bool(value: object, where: str, error: ErrorOf = bad) -> bool:
    """true or false (never 0 or 1)."""
    if type(value) is not bool:
        raise error(f"{where} must be true or false")
    return value


def expect_str(value: object, where: str, max_len: int, error: ErrorOf = bad) -> str:
    """Text of at most ``max_len`` characters."""
    if not isinstance(value, str):
        raise error(f"{where} must be text")
    if len(value) > max_len:
        raise error(f"{where} is longer than {max_len} characters")
    return value


def expect_list(value: object, where: str, max_len: int, error: ErrorOf = bad) -> list[Any]:
    """A list of at most ``max_len`` entries."""
    if not isinstance(value, list):
        raise error(f"{where} must be a list")
    if len(value) > max_len:
        raise error(f"{where} has more than {max_len} entries")
    return value


def check_line(value: object, where: str = "line", error: ErrorOf = bad) -> int:
    """A variant: 4 or 5 (``LINES``).

    >>> check_line(4), check_line(5)
    (4, 5)
    >>> check_line(3, error=ValueError)
    Traceback (most recent call last):
    ...
    ValueError: line must be 4 or 5
    """
    if type(value) is not int or value not in LINES:
        raise error(f"{where} must be 4 or 5")
    return value


def check_id(value: object, where: str = "id", error: ErrorOf = bad, *, empty: bool = True
             ) -> str:
    """A game id: text of at most ``MAX_ID`` characters (not empty unless ``empty``)."""
    text = expect_str(value, where, MAX_ID, error)
    if not text and not empty:
        raise error(f"{where} is empty")
    return text


def check_cell(value: object, where: str, error: ErrorOf = bad) -> tuple[int, int]:
    """A cell ``[row, col]`` (a list or tuple of two ints 0..8)."""
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or any(type(v) is not int or not 0 <= v <= 8 for v in value)):
        raise error(f"{where} must be a cell [row, col] with row and col in 0..8")
    return (value[0], value[1])


def lines_counts(value: object, line: int, where: str) -> dict[str, int]:
    """Lines removed, counted by length: keys "line".."9", values ≥ 0."""
    d = expect_dict(value, where)
    out: dict[str, int] = {}
    for key in sorted(d, key=lambda k: (len(k), k)):
        if key not in {str(n) for n in range(line, 10)}:
            raise bad(f"{where} has a line length {key[:12]!r} outside {line}..9")
        out[key] = expect_int(d[key], f"{where}.{key}", 0, MAX_COUNT)
    return out


def check_date(value: object, where: str, error: ErrorOf = bad) -> str:
    """An ISO date text (``YYYY-MM-DD`` with an optional time), ≤ 40 chars."""
    text = expect_str(value, where, DATE_MAX, error)
    if not _DATE_RE.fullmatch(text):
        raise error(f"{where} is not an ISO date")
    try:
        datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise error(f"{where} is not an ISO date") from None
    return text


def check_day(value: object, where: str, error: ErrorOf = bad) -> str:
    """A calendar day ``YYYY-MM-DD`` (no time), e.g. the date of a day's deal."""
    text = expect_str(value, where, 10, error)
    if not _DAY_RE.fullmatch(text):
        raise error(f"{where} is not a day YYYY-MM-DD")
    return check_date(text, where, error)


def check_daily(value: object, deal: int | None, where: str = "daily", error: ErrorOf = bad
                ) -> str:
    """A day whose deal of the day (``daily.deal_of_day``) exists and, when ``deal``
    is given, is ``deal``. Returns the day."""
    day = check_day(value, where, error)
    try:
        day_deal = deal_of_day(day)
    except DateError as exc:
        raise error(f"{where}: {exc}") from None
    if deal is not None and day_deal != deal:
        raise error(f"{where}: the deal of {day} is {day_deal}, not {deal}")
    return day


_INVISIBLE = (
    (0x00, 0x1F), (0x7F, 0x9F), (0xAD, 0xAD), (0x200B, 0x200F), (0x2028, 0x202E),
    (0x2060, 0x206F), (0xD800, 0xDFFF), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB),
)


def clean_text(text: str, max_len: int) -> str:
    """Plain text: control, bidi and zero-width characters removed, runs of
    whitespace made one space, trimmed, cut to ``max_len`` characters."""
    kept = [
        " " if ch.isspace() else ch
        for ch in text[: max_len * 8]
        if ch.isspace() or not any(lo <= ord(ch) <= hi for lo, hi in _INVISIBLE)
    ]
    return " ".join("".join(kept).split())[:max_len].rstrip()


def check_header(
    doc: object,
    kind: str,
    label: str,
    current: int,
    migrations: Mapping[int, Migration],
) -> dict[str, Any]:
    """Check ``kind`` and ``version`` and migrate an older version.

    Returns the document (a deep copy when migrated) at version ``current``.
    Raises DocumentError: ``newer_version`` when the version is above
    ``current``, ``bad_document`` for a wrong kind, a missing/invalid version
    or a version that ``migrations`` cannot bring up to date.
    """
    d = expect_dict(doc, label)
    if d.get("kind") != kind:
        raise bad(f"not a {label} document: kind must be {kind!r}")
    version = d.get("version")
    if type(version) is not int or version < 1:
        raise bad(f"{label} document has no valid version")
    if version > current:
        raise bad(
            f"{label} document is of version {version}, newer than this game knows ({current})",
            "newer_version",
        )
    while version < current:
        step = migrations.get(version)
        if step is None:
            raise bad(f"{label} document of version {version} cannot be read")
        d = step(copy.deepcopy(d))
        version += 1
    return d
