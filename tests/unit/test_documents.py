"""Settings and export documents, version handling and the shared text cleaner."""

from __future__ import annotations

from typing import Any

import pytest

from kugler_core import documents
from kugler_core.documents import (
    DocumentError,
    check_header,
    clean_text,
    default_settings,
    make_export,
    read_export,
    validate_game,
    validate_settings,
)
from kugler_core.game import Game
from kugler_core.records import empty_records

DATE = "2026-11-29T18:00:00Z"


# -- settings --------------------------------------------------------------------


@pytest.mark.parametrize(
    "doc",
    [
        default_settings(),
        dict(default_settings(), language="da", line=4, reduced_motion=False),
        dict(default_settings(), language="sv", reduced_motion=True),
        dict(default_settings(), language="en"),
    ],
)
def test_valid_settings_round_trip(doc: dict[str, Any]) -> None:
    assert validate_settings(doc) == doc


def test_missing_settings_fields_take_defaults() -> None:
    assert validate_settings({"kind": "kugler/settings", "version": 1}) == default_settings()
    assert validate_settings({"kind": "kugler/settings", "version": 1, "line": 4})["line"] == 4


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"version": 2}, "newer_version"),
        ({"version": 10**6}, "newer_version"),
        ({"version": 0}, "bad_document"),
        ({"version": -1}, "bad_document"),
        ({"version": "1"}, "bad_document"),
        ({"version": True}, "bad_document"),
        ({"version": None}, "bad_document"),
        ({"kind": "kugler/game"}, "bad_document"),
        ({"language": "de"}, "bad_document"),
        ({"language": ""}, "bad_document"),
        ({"language": 1}, "bad_document"),
        ({"line": 6}, "bad_document"),
        ({"line": True}, "bad_document"),
        ({"line": "4"}, "bad_document"),
        ({"reduced_motion": 1}, "bad_document"),
        ({"reduced_motion": "yes"}, "bad_document"),
        ({"theme": "dark"}, "bad_document"),
    ],
)
def test_bad_settings(change: dict[str, Any], expected: str) -> None:
    with pytest.raises(DocumentError) as info:
        validate_settings({**default_settings(), **change})
    assert info.value.code == expected


def test_settings_without_version_or_kind() -> None:
    for key in ("version", "kind"):
        doc = default_settings()
        del doc[key]
        with pytest.raises(DocumentError) as info:
            validate_settings(doc)
        assert info.value.code == "bad_document"
    for doc in (None, [], "settings", 1):
        with pytest.raises(DocumentError):
            validate_settings(doc)


# -- versions and migrations ----------------------------------------------------------


def test_an_older_version_is_migrated(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend settings are at version 2, where ``motion`` became ``reduced_motion``."""

    def v1_to_v2(d: dict[str, Any]) -> dict[str, Any]:
        d["reduced_motion"] = d.pop("motion")
        d["version"] = 2
        return d

    monkeypatch.setitem(documents.CURRENT_VERSION, "kugler/settings", 2)
    monkeypatch.setitem(documents.MIGRATIONS, "kugler/settings", {1: v1_to_v2})
    old = {"kind": "kugler/settings", "version": 1, "language": "sv", "motion": True}
    new = check_header(old, "kugler/settings", "settings")
    assert new == {"kind": "kugler/settings", "version": 2, "language": "sv",
                   "reduced_motion": True}
    assert old["motion"] is True  # the input is not changed
    with pytest.raises(DocumentError) as info:
        check_header(dict(old, version=3), "kugler/settings", "settings")
    assert info.value.code == "newer_version"


def test_a_version_without_migration_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(documents.CURRENT_VERSION, "kugler/settings", 2)
    with pytest.raises(DocumentError) as info:
        check_header(default_settings(), "kugler/settings", "settings")
    assert info.value.code == "bad_document"


# -- clean text -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "limit", "clean"),
    [
        ("abc", 10, "abc"),
        ("a\x00b\x7fc\x9f", 10, "abc"),
        ("\u202eevil\u202c", 10, "evil"),
        ("a\u200b\u2060\ufeffb", 10, "ab"),
        ("a \n\t b", 10, "a b"),
        ("  x  ", 10, "x"),
        ("abcdef", 3, "abc"),
        ("ab cdef", 3, "ab"),
        ("\ud800x", 10, "x"),
        ("Søren Åström 😀", 20, "Søren Åström 😀"),
    ],
)
def test_clean_text(raw: str, limit: int, clean: str) -> None:
    assert clean_text(raw, limit) == clean


# -- game and export --------------------------------------------------------------------


def _played(moves: int = 6) -> dict[str, Any]:
    g = Game.new(deal=5, line=4, id="p")
    for _ in range(moves):
        balls = [i for i, c in enumerate(g.board) if c]
        done = False
        for i in balls:
            cells = sorted(g.reachable((i // 9, i % 9)))
            if cells:
                g.move((i // 9, i % 9), cells[0])
                done = True
                break
        if not done or g.over:
            break
    g.seconds = 42
    return g.to_dict()


def test_validate_game_round_trips() -> None:
    d = _played()
    assert validate_game(d) == d


def test_validate_game_rejects() -> None:
    for bad in (None, {}, dict(_played(), score=-1), dict(_played(), next=[1, 2, 9])):
        with pytest.raises(DocumentError):
            validate_game(bad)
    with pytest.raises(DocumentError) as info:
        validate_game(dict(_played(), version=3))
    assert info.value.code == "newer_version"


def test_export_and_read_back() -> None:
    records = {"4": empty_records(4), "5": None}
    doc = make_export(_played(), records, None, DATE)
    assert doc["kind"] == "kugler/export" and doc["version"] == 1
    parts = read_export(doc)
    assert parts == {
        "game": _played(),
        "records": {"4": empty_records(4), "5": empty_records(5)},
        "settings": default_settings(),
    }


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"version": 2}, "newer_version"),
        ({"version": 0}, "bad_document"),
        ({"version": None}, "bad_document"),
        ({"kind": "kugler/settings"}, "bad_document"),
        ({"date": 5}, "bad_document"),
        ({"records": {"5": empty_records(4)}}, "bad_document"),
        ({"records": {"4": {**empty_records(4), "version": 2}}}, "newer_version"),
        ({"settings": {**default_settings(), "version": 2}}, "newer_version"),
        ({"game": {**_played(), "board": ["."] * 9}}, "bad_document"),
    ],
)
def test_read_export_refuses(change: dict[str, Any], expected: str) -> None:
    doc = {**make_export(None, {}, None, DATE), **change}
    with pytest.raises(DocumentError) as info:
        read_export(doc)
    assert info.value.code == expected


def test_export_without_version_is_bad() -> None:
    doc = make_export(None, {}, None, DATE)
    del doc["version"]
    with pytest.raises(DocumentError) as info:
        read_export(doc)
    assert info.value.code == "bad_document"


def test_make_export_refuses_bad_parts() -> None:
    with pytest.raises(DocumentError):
        make_export({"kind": "kugler/game"}, {}, None, DATE)
    with pytest.raises(DocumentError):
        make_export(None, {"4": {"kind": "x"}}, None, DATE)
    with pytest.raises(DocumentError):
        make_export(None, {}, {"kind": "kugler/settings", "version": 1, "line": 3}, DATE)
    with pytest.raises(DocumentError):
        make_export(None, {}, None, "today")
