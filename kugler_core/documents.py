"""Settings and export documents, and the checks every document loader shares.

Every document is a JSON object with ``kind`` and ``version``.
``check_header`` is the one place where a stored version is judged:

* a version above the current one raises ``DocumentError`` with code
  ``newer_version`` (the page keeps such a document untouched, read-only);
* version 0, a missing or non-integer version raises ``bad_document``;
* an older version is brought up to date by the functions in ``MIGRATIONS``
  (``MIGRATIONS[kind][n]`` turns version n into n + 1). Version 1 is the
  first version, so there are none yet.

Settings (``kind: "kugler/settings"``, version 1)::

    {"kind": "kugler/settings", "version": 1,
     "language": "da" | "sv" | "en" | null, "line": 4 | 5,
     "reduced_motion": null | true | false}

Export (``kind: "kugler/export"``, version 1): ``date``, ``game`` (a game
document or null), ``records`` ``{"4": records doc, "5": records doc}``,
``settings``. Reading one validates every part with the same validators as
the stored documents (the game through ``Game.from_dict``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Mapping
from typing import Any

from kugler_core.errors import DocumentError
from kugler_core.rng import MAX_DEAL

__all__ = [
    "MAX_COUNT",
    "MAX_DEAL",
    "MIGRATIONS",
    "DocumentError",
    "bad",
    "check_header",
    "default_settings",
    "make_export",
    "read_export",
    "validate_game",
    "validate_settings",
]

MAX_COUNT = 10**12
"""Largest counter a document may hold (points, moves, seconds, games)."""

SETTINGS_KIND = "kugler/settings"
EXPORT_KIND = "kugler/export"
CURRENT_VERSION: dict[str, int] = {
    "kugler/settings": 1,
    "kugler/export": 1,
    "kugler/records": 1,
}
LANGUAGES = ("da", "sv", "en")

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[str, dict[int, Migration]] = {
    "kugler/settings": {},
    "kugler/export": {},
    "kugler/records": {},
}
"""``MIGRATIONS[kind][n]`` turns a version-n document into version n + 1."""


def bad(message: str, code: str = "bad_document") -> DocumentError:
    """A DocumentError with ``code`` (``bad_document`` or ``newer_version``)."""
    return DocumentError(message, code)


# -- shared field checks (all raise DocumentError with code bad_document) --


def expect_dict(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise bad(f"{where} must be an object")
    if not all(isinstance(k, str) for k in value):
        raise bad(f"{where} has a key that is not text")
    return value


def expect_keys(
    d: Mapping[str, Any], required: Collection[str], allowed: Collection[str], where: str
) -> None:
    missing = sorted(k for k in required if k not in d)
    if missing:
        raise bad(f"{where} has no {missing[0]!r}")
    extra = sorted(k for k in d if k not in allowed)
    if extra:
        raise bad(f"{where} has an unknown field {extra[0][:40]!r}")


def expect_int(value: object, where: str, lo: int, hi: int) -> int:
    """An int (never a bool) in lo..hi."""
    if type(value) is not int:
        raise bad(f"{where} must be a whole number")
    if not lo <= value <= hi:
        raise bad(f"{where} must be between {lo} and {hi}")
    return value


def expect_bool(value: object, where: str) -> bool:
    if type(value) is not bool:
        raise bad(f"{where} must be true or false")
    return value


def expect_str(value: object, where: str, max_len: int) -> str:
    if not isinstance(value, str):
        raise bad(f"{where} must be text")
    if len(value) > max_len:
        raise bad(f"{where} is longer than {max_len} characters")
    return value


def expect_list(value: object, where: str, max_len: int) -> list[Any]:
    if not isinstance(value, list):
        raise bad(f"{where} must be a list")
    if len(value) > max_len:
        raise bad(f"{where} has more than {max_len} entries")
    return value


def lines_counts(value: object, line: int, where: str) -> dict[str, int]:
    """Lines removed, counted by length: keys "line".."9", values ≥ 0."""
    d = expect_dict(value, where)
    out: dict[str, int] = {}
    for key in sorted(d, key=lambda k: (len(k), k)):
        if key not in {str(n) for n in range(line, 10)}:
            raise bad(f"{where} has a line length {key[:12]!r} outside {line}..9")
        out[key] = expect_int(d[key], f"{where}.{key}", 0, MAX_COUNT)
    return out


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


def check_header(doc: object, kind: str, label: str) -> dict[str, Any]:
    """Check ``kind`` and ``version`` and migrate an older version.

    Returns the document (a deep copy when migrated) at the current version.
    Raises DocumentError: ``newer_version`` when the version is above the
    current one, ``bad_document`` for a wrong kind or a missing/invalid version.
    """
    d = expect_dict(doc, label)
    if d.get("kind") != kind:
        raise bad(f"not a {label} document: kind must be {kind!r}")
    version = d.get("version")
    if type(version) is not int or version < 1:
        raise bad(f"{label} document has no valid version")
    current = CURRENT_VERSION[kind]
    if version > current:
        raise bad(
            f"{label} document is of version {version}, newer than this game knows ({current})",
            "newer_version",
        )
    steps = MIGRATIONS[kind]
    while version < current:
        step = steps.get(version)
        if step is None:
            raise bad(f"{label} document of version {version} cannot be read")
        d = step(copy.deepcopy(d))
        version += 1
    return d


# -- settings --

_SETTINGS_KEYS = frozenset({"kind", "version", "language", "line", "reduced_motion"})


def default_settings() -> dict[str, Any]:
    """Settings for a first visit: browser language, 5 in a row, system motion."""
    return {
        "kind": SETTINGS_KIND,
        "version": 1,
        "language": None,
        "line": 5,
        "reduced_motion": None,
    }


def validate_settings(doc: object) -> dict[str, Any]:
    """Check a settings document; missing fields take their defaults.

    Raises DocumentError (``newer_version`` or ``bad_document``).
    """
    d = check_header(doc, SETTINGS_KIND, "settings")
    expect_keys(d, (), _SETTINGS_KEYS, "settings")
    out = default_settings()
    if "language" in d and d["language"] is not None:
        if d["language"] not in LANGUAGES:
            raise bad("settings.language must be 'da', 'sv', 'en' or null")
        out["language"] = d["language"]
    if "line" in d:
        out["line"] = expect_int(d["line"], "settings.line", 4, 5)
    if "reduced_motion" in d and d["reduced_motion"] is not None:
        out["reduced_motion"] = expect_bool(d["reduced_motion"], "settings.reduced_motion")
    return out


# -- saved game --


def validate_game(doc: object) -> dict[str, Any]:
    """Check a game document through ``Game.from_dict`` and return its
    normalized form (``to_dict`` of the loaded game). Raises DocumentError."""
    from kugler_core.game import Game

    try:
        game = Game.from_dict(doc)
    except DocumentError:
        raise
    except ValueError as exc:
        raise bad(f"game: {exc}") from None
    result: dict[str, Any] = game.to_dict()
    return result


# -- export --

_EXPORT_KEYS = frozenset({"kind", "version", "date", "game", "records", "settings"})


def _records_pair(records: object) -> dict[str, dict[str, Any]]:
    from kugler_core.records import empty_records, validate_records

    d = expect_dict(records, "records")
    expect_keys(d, (), ("4", "5"), "records")
    out: dict[str, dict[str, Any]] = {}
    for line in (4, 5):
        doc = d.get(str(line))
        out[str(line)] = empty_records(line) if doc is None else validate_records(doc, line)
    return out


def make_export(
    game: object, records: object, settings: object, date: str
) -> dict[str, Any]:
    """Build an export document from the stored parts, validating each one.

    ``game`` may be None; ``records`` is ``{"4": doc|None, "5": doc|None}``
    (None: no games yet); ``settings`` may be None for the defaults.
    Raises DocumentError when a part is bad.
    """
    from kugler_core.records import check_date

    return {
        "kind": EXPORT_KIND,
        "version": 1,
        "date": check_date(date, "date"),
        "game": None if game is None else validate_game(game),
        "records": _records_pair(records),
        "settings": default_settings() if settings is None else validate_settings(settings),
    }


def read_export(doc: object) -> dict[str, Any]:
    """Validate an export document (e.g. an imported file) and return its
    parts: ``{"game": doc|None, "records": {"4": doc, "5": doc},
    "settings": doc}``. Raises DocumentError (``newer_version``/``bad_document``)."""
    from kugler_core.records import check_date

    d = check_header(doc, EXPORT_KIND, "export")
    expect_keys(d, _EXPORT_KEYS, _EXPORT_KEYS, "export")
    check_date(d["date"], "export.date")
    return {
        "game": None if d["game"] is None else validate_game(d["game"]),
        "records": _records_pair(d["records"]),
        "settings": validate_settings(d["settings"]),
    }
