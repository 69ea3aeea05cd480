"""Settings and export documents (the shared field checks are in ``checks``).

Settings (``kind: "kugler/settings"``, version 3)::

    {"kind": "kugler/settings", "version": 3,
     "language": "da" | "sv" | "en" | null, "line": 4 | 5,
     "speed": null | "normal" | "fast" | "off",
     "watch_speed": "slow" | "normal" | "fast" | "max",
     "look": null | "wood" | "light" | "dark" | "contrast" | "classic",
     "marks": false, "symbols": null | bool, "sound": false, "volume": 60}

``speed`` is the animation speed (null: follow the system's
``prefers-reduced-motion`` until the player chooses); ``watch_speed`` is the
pace of the computer playing; ``look`` is the page's look (null: follow the
system's ``prefers-color-scheme`` and ``prefers-contrast`` until the player
chooses); ``marks`` shows where the coming balls land; ``symbols`` draws a
shape on every ball (null: as the look has it, on in the high-contrast look
only); ``sound`` and ``volume`` (0..100) are the sounds. A missing field
takes its default; a wrong one is a ``bad_document``. Version 1
(``language``, ``line``, ``reduced_motion``) is read: ``reduced_motion`` true
becomes ``speed: "off"``, false ``"normal"``, null ``null``. Version 2 (no
``look``, ``symbols`` a bool) is read: ``symbols`` false, its default then
and so no choice apart from it, becomes null; true stays true.

Export (``kind: "kugler/export"``, version 1): ``date``, ``game`` (a game
document or null), ``records`` ``{"4": records doc, "5": records doc}``,
``settings``. Each part carries its own version, so an export holding older
parts still reads (each part is brought up to date by its own validator: the
game through ``Game.from_dict``, the records through ``validate_records``).
"""

from __future__ import annotations

from typing import Any

from kugler_core.checks import (
    LINES,
    Migration,
    bad,
    check_date,
    check_header,
    check_line,
    expect_bool,
    expect_dict,
    expect_int,
    expect_keys,
)
from kugler_core.errors import DocumentError, InputError
from kugler_core.game import Game
from kugler_core.records import empty_records, validate_records

__all__ = [
    "EXPORT_VERSION",
    "SETTINGS_MIGRATIONS",
    "SETTINGS_VERSION",
    "DocumentError",
    "default_settings",
    "make_export",
    "read_export",
    "validate_game",
    "validate_settings",
]

SETTINGS_KIND = "kugler/settings"
SETTINGS_VERSION = 3
EXPORT_KIND = "kugler/export"
EXPORT_VERSION = 1
LANGUAGES = ("da", "sv", "en")
SPEEDS = ("normal", "fast", "off")
WATCH_SPEEDS = ("slow", "normal", "fast", "max")
LOOKS = ("wood", "light", "dark", "contrast", "classic")
VOLUME_DEFAULT = 60


# -- settings --

_SETTINGS_V1_KEYS = frozenset({"kind", "version", "language", "line", "reduced_motion"})
_SETTINGS_V2_KEYS = frozenset({
    "kind", "version", "language", "line", "speed", "watch_speed", "marks", "symbols",
    "sound", "volume",
})
_SETTINGS_KEYS = _SETTINGS_V2_KEYS | {"look"}


def _settings_1_to_2(d: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: ``reduced_motion`` (null | bool) becomes ``speed``."""
    expect_keys(d, (), _SETTINGS_V1_KEYS, "settings")
    motion = d.pop("reduced_motion", None)
    if motion is not None:
        d["speed"] = "off" if expect_bool(motion, "settings.reduced_motion") else "normal"
    d["version"] = 2
    return d


def _settings_2_to_3(d: dict[str, Any]) -> dict[str, Any]:
    """Version 2 -> 3: ``look`` comes (missing: null, the system's), and
    ``symbols`` false (the default, no choice apart from it) becomes null."""
    expect_keys(d, (), _SETTINGS_V2_KEYS, "settings")
    if "symbols" in d and not expect_bool(d["symbols"], "settings.symbols"):
        d["symbols"] = None
    d["version"] = 3
    return d


SETTINGS_MIGRATIONS: dict[int, Migration] = {1: _settings_1_to_2, 2: _settings_2_to_3}
"""``SETTINGS_MIGRATIONS[n]`` turns a version-n settings document into n + 1."""


def default_settings() -> dict[str, Any]:
    """Settings for a first visit: browser language, 5 in a row, system
    motion and look, shapes as the look has them, every other option off,
    volume 60."""
    return {
        "kind": SETTINGS_KIND,
        "version": SETTINGS_VERSION,
        "language": None,
        "line": 5,
        "speed": None,
        "watch_speed": "normal",
        "look": None,
        "marks": False,
        "symbols": None,
        "sound": False,
        "volume": VOLUME_DEFAULT,
    }


def _choice(d: dict[str, Any], key: str, choices: tuple[str, ...], nullable: bool) -> object:
    value = d[key]
    if value is None and nullable:
        return None
    if not isinstance(value, str) or value not in choices:
        names = ", ".join(repr(c) for c in choices) + (" or null" if nullable else "")
        raise bad(f"settings.{key} must be one of {names}")
    return value


def validate_settings(doc: object) -> dict[str, Any]:
    """Check a settings document (version 1, 2 or 3) and return it at version 3;
    missing fields take their defaults.

    Raises DocumentError (``newer_version`` or ``bad_document``).
    """
    d = check_header(doc, SETTINGS_KIND, "settings", SETTINGS_VERSION, SETTINGS_MIGRATIONS)
    expect_keys(d, (), _SETTINGS_KEYS, "settings")
    out = default_settings()
    if "language" in d and d["language"] is not None:
        out["language"] = _choice(d, "language", LANGUAGES, True)
    if "line" in d:
        out["line"] = check_line(d["line"], "settings.line")
    if "speed" in d:
        out["speed"] = _choice(d, "speed", SPEEDS, True)
    if "watch_speed" in d:
        out["watch_speed"] = _choice(d, "watch_speed", WATCH_SPEEDS, False)
    if "look" in d:
        out["look"] = _choice(d, "look", LOOKS, True)
    for key in ("marks", "symbols", "sound"):
        if key in d and not (key == "symbols" and d[key] is None):
            out[key] = expect_bool(d[key], f"settings.{key}")
    if "volume" in d:
        out["volume"] = expect_int(d["volume"], "settings.volume", 0, 100)
    return out


# -- saved game --


def validate_game(doc: object) -> dict[str, Any]:
    """Check a game document through ``Game.from_dict`` and return its
    normalized form (``to_dict`` of the loaded game). Raises DocumentError."""
    try:
        game = Game.from_dict(doc)
    except InputError as exc:  # pragma: no cover - a document the reader accepts is a game
        raise bad(f"game: {exc}") from None
    result: dict[str, Any] = game.to_dict()
    return result


# -- export --

_EXPORT_KEYS = frozenset({"kind", "version", "date", "game", "records", "settings"})


def _records_pair(records: object) -> dict[str, dict[str, Any]]:
    d = expect_dict(records, "records")
    expect_keys(d, (), ("4", "5"), "records")
    out: dict[str, dict[str, Any]] = {}
    for line in LINES:
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
    return {
        "kind": EXPORT_KIND,
        "version": EXPORT_VERSION,
        "date": check_date(date, "date"),
        "game": None if game is None else validate_game(game),
        "records": _records_pair(records),
        "settings": default_settings() if settings is None else validate_settings(settings),
    }


def read_export(doc: object) -> dict[str, Any]:
    """Validate an export document (e.g. an imported file) and return its
    parts: ``{"game": doc|None, "records": {"4": doc, "5": doc},
    "settings": doc}``. Raises DocumentError (``newer_version``/``bad_document``)."""
    d = check_header(doc, EXPORT_KIND, "export", EXPORT_VERSION, {})
    expect_keys(d, _EXPORT_KEYS, _EXPORT_KEYS, "export")
    check_date(d["date"], "export.date")
    return {
        "game": None if d["game"] is None else validate_game(d["game"]),
        "records": _records_pair(d["records"]),
        "settings": validate_settings(d["settings"]),
    }
