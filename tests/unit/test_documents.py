"""Settings and export documents, version handling and the shared text cleaner."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kugler_core.checks import DocumentError, check_header, clean_text
from kugler_core.documents import (
    default_settings,
    make_export,
    read_export,
    validate_game,
    validate_settings,
)
from kugler_core.game import Game
from kugler_core.records import empty_records

DATE = "2026-11-29T18:00:00Z"
V1 = {"kind": "kugler/settings", "version": 1}


# -- settings --------------------------------------------------------------------


def test_default_settings() -> None:
    assert default_settings() == {
        "kind": "kugler/settings", "version": 3, "language": None, "line": 5,
        "speed": None, "watch_speed": "normal", "look": None, "marks": False,
        "symbols": None, "sound": False, "volume": 60,
    }


@pytest.mark.parametrize(
    "doc",
    [
        default_settings(),
        dict(default_settings(), language="da", line=4, speed="off"),
        dict(default_settings(), language="sv", speed="fast", watch_speed="max"),
        dict(default_settings(), language="en", speed="normal", watch_speed="slow"),
        dict(default_settings(), marks=True, symbols=True, sound=True, volume=0),
        dict(default_settings(), volume=100, watch_speed="fast"),
        dict(default_settings(), symbols=False),
        *(dict(default_settings(), look=look) for look in
          ("wood", "light", "dark", "contrast", "classic")),
    ],
)
def test_valid_settings_round_trip(doc: dict[str, Any]) -> None:
    assert validate_settings(doc) == doc


def test_missing_settings_fields_take_defaults() -> None:
    v3 = {"kind": "kugler/settings", "version": 3}
    assert validate_settings(v3) == default_settings()
    assert validate_settings({**v3, "line": 4})["line"] == 4
    assert validate_settings({**v3, "sound": True}) == dict(default_settings(), sound=True)


V2_FULL = {"kind": "kugler/settings", "version": 2, "language": "sv", "line": 4,
           "speed": "fast", "watch_speed": "max", "marks": True, "symbols": False,
           "sound": True, "volume": 35}


@pytest.mark.parametrize(
    ("v2", "v3"),
    [
        ({}, {}),
        (V2_FULL, {**V2_FULL, "version": 3, "look": None, "symbols": None}),
        ({**V2_FULL, "symbols": True}, {**V2_FULL, "version": 3, "look": None, "symbols": True}),
        ({"symbols": False}, {"symbols": None}),
        ({"speed": None, "language": None}, {}),
    ],
)
def test_version_2_settings_are_read(v2: dict[str, Any], v3: dict[str, Any]) -> None:
    """A version-2 document (stored before the looks) loads with its choices
    kept, the look following the system and the shapes following the look."""
    old = {"kind": "kugler/settings", "version": 2, **v2}
    before = dict(old)
    assert validate_settings(old) == {**default_settings(), **v3}
    assert old == before  # the stored document is not changed


@pytest.mark.parametrize("field", [{"look": "wood"}, {"symbols": None}, {"theme": "dark"}])
def test_bad_version_2_settings(field: dict[str, Any]) -> None:
    """A field version 2 did not have (or not that value) is no version-2 document."""
    with pytest.raises(DocumentError) as info:
        validate_settings({"kind": "kugler/settings", "version": 2, **field})
    assert info.value.code == "bad_document"


@pytest.mark.parametrize(
    ("v1", "v2"),
    [
        ({}, {}),
        ({"reduced_motion": None}, {"speed": None}),
        ({"reduced_motion": True}, {"speed": "off"}),
        ({"reduced_motion": False}, {"speed": "normal"}),
        ({"language": "sv", "line": 4, "reduced_motion": True},
         {"language": "sv", "line": 4, "speed": "off"}),
    ],
)
def test_version_1_settings_are_read(v1: dict[str, Any], v2: dict[str, Any]) -> None:
    old = {**V1, **v1}
    before = dict(old)
    assert validate_settings(old) == {**default_settings(), **v2}
    assert old == before  # the stored document is not changed


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"version": 4}, "newer_version"),
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
        ({"reduced_motion": True}, "bad_document"),  # a version-1 field in version 2
        ({"speed": "slow"}, "bad_document"),
        ({"speed": True}, "bad_document"),
        ({"speed": "OFF"}, "bad_document"),
        ({"watch_speed": None}, "bad_document"),
        ({"watch_speed": "off"}, "bad_document"),
        ({"marks": 1}, "bad_document"),
        ({"symbols": "yes"}, "bad_document"),
        ({"sound": None}, "bad_document"),
        ({"volume": 101}, "bad_document"),
        ({"volume": -1}, "bad_document"),
        ({"volume": 50.0}, "bad_document"),
        ({"volume": True}, "bad_document"),
        ({"theme": "dark"}, "bad_document"),
        ({"look": "auto"}, "bad_document"),
        ({"look": "Dark"}, "bad_document"),
        ({"look": ""}, "bad_document"),
        ({"look": 1}, "bad_document"),
        ({"look": False}, "bad_document"),
        ({"symbols": 0}, "bad_document"),
    ],
)
def test_bad_settings(change: dict[str, Any], expected: str) -> None:
    with pytest.raises(DocumentError) as info:
        validate_settings({**default_settings(), **change})
    assert info.value.code == expected
    assert str(info.value)


@pytest.mark.parametrize(
    "v1",
    [
        {"reduced_motion": 1},
        {"reduced_motion": "yes"},
        {"speed": "off"},  # a version-2 field in version 1
        {"marks": True},
        {"language": "de"},
    ],
)
def test_bad_version_1_settings(v1: dict[str, Any]) -> None:
    with pytest.raises(DocumentError) as info:
        validate_settings({**V1, **v1})
    assert info.value.code == "bad_document"


def test_settings_without_version_or_kind() -> None:
    for key in ("version", "kind"):
        doc = default_settings()
        del doc[key]
        with pytest.raises(DocumentError) as info:
            validate_settings(doc)
        assert info.value.code == "bad_document"
    bad: object
    for bad in (None, [], "settings", 1):
        with pytest.raises(DocumentError):
            validate_settings(bad)


# -- versions and migrations ----------------------------------------------------------


def test_an_older_version_is_migrated() -> None:
    """A kind at version 3 whose version 1 had ``motion`` and version 2 ``fast``."""

    def v1_to_v2(d: dict[str, Any]) -> dict[str, Any]:
        d["reduced_motion"] = d.pop("motion")
        d["version"] = 2
        return d

    def v2_to_v3(d: dict[str, Any]) -> dict[str, Any]:
        d["fast"] = False
        d["version"] = 3
        return d

    steps = {1: v1_to_v2, 2: v2_to_v3}
    old = {"kind": "k", "version": 1, "language": "sv", "motion": True}
    new = check_header(old, "k", "thing", 3, steps)
    assert new == {"kind": "k", "version": 3, "language": "sv", "reduced_motion": True,
                   "fast": False}
    assert old["motion"] is True  # the input is not changed
    assert check_header(dict(new), "k", "thing", 3, steps) == new
    with pytest.raises(DocumentError) as info:
        check_header(dict(old, version=4), "k", "thing", 3, steps)
    assert info.value.code == "newer_version"


def test_a_version_without_migration_is_refused() -> None:
    with pytest.raises(DocumentError) as info:
        check_header({"kind": "k", "version": 1}, "k", "thing", 3, {2: lambda d: d})
    assert info.value.code == "bad_document"
    assert "version 1 cannot be read" in str(info.value)


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
        validate_game(dict(_played(), version=4))
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
        ({"records": {"4": {**empty_records(4), "version": 4}}}, "newer_version"),
        ({"settings": {**default_settings(), "version": 4}}, "newer_version"),
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


def test_an_old_export_still_imports() -> None:
    """An export written before records and settings went to version 2."""
    records_v1 = {
        "kind": "kugler/records", "version": 1, "line": 5, "record": 10,
        "ranking": [{"id": "g0", "points": 10, "moves": 4, "seconds": 9, "lines": {"5": 1},
                     "deal": 3, "date": DATE, "name": None}],
        "stats": {"games": 1, "points": 10, "moves": 4, "seconds": 9, "best": 10,
                  "lines": {"5": 1},
                  "recent": [{"id": "g0", "points": 10, "moves": 4, "seconds": 9,
                              "lines": {"5": 1}}]},
    }
    old = {
        "kind": "kugler/export", "version": 1, "date": DATE, "game": _played(),
        "records": {"5": records_v1},
        "settings": {"kind": "kugler/settings", "version": 1, "language": "da",
                     "line": 4, "reduced_motion": True},
    }
    parts = read_export(old)
    assert parts["settings"] == dict(default_settings(), language="da", line=4, speed="off")
    five = parts["records"]["5"]
    assert five["version"] == 3 and five["ranking"][0]["history"] is None
    assert five["ranking"][0]["rule"] == 1
    assert five["stats"]["assisted"] == {"games": 0, "points": 0}
    assert parts["records"]["4"] == empty_records(4)
    again = make_export(parts["game"], parts["records"], parts["settings"], DATE)
    assert read_export(again) == parts
    # the stored parts may still be of version 1 when an export is made
    made = make_export(None, {"5": records_v1}, old["settings"], DATE)
    assert made["records"]["5"] == five and made["settings"]["version"] == 3


settings_st = st.fixed_dictionaries(
    {},
    optional={
        "language": st.sampled_from([None, "da", "sv", "en"]),
        "line": st.sampled_from([4, 5]),
        "speed": st.sampled_from([None, "normal", "fast", "off"]),
        "watch_speed": st.sampled_from(["slow", "normal", "fast", "max"]),
        "look": st.sampled_from([None, "wood", "light", "dark", "contrast", "classic"]),
        "marks": st.booleans(),
        "symbols": st.none() | st.booleans(),
        "sound": st.booleans(),
        "volume": st.integers(0, 100),
    },
)


@settings(max_examples=100, deadline=None)
@given(settings_st)
def test_any_valid_settings_read_back_with_defaults(fields: dict[str, Any]) -> None:
    doc = {"kind": "kugler/settings", "version": 3, **fields}
    out = validate_settings(doc)
    assert out == {**default_settings(), **fields}
    assert validate_settings(out) == out


@settings(max_examples=100, deadline=None)
@given(settings_st.filter(lambda f: "look" not in f and f.get("symbols", True) is not None))
def test_any_version_2_settings_keep_their_choices(fields: dict[str, Any]) -> None:
    out = validate_settings({"kind": "kugler/settings", "version": 2, **fields})
    assert out == {**default_settings(), **fields, "symbols": fields.get("symbols") or None}


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["language", "line", "speed", "watch_speed", "look", "marks", "symbols",
                        "sound", "volume"]),
       st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=6) | st.floats())
def test_a_wrong_settings_field_is_a_bad_document(key: str, value: Any) -> None:
    doc = {**default_settings(), key: value}
    try:
        out = validate_settings(doc)
    except DocumentError as exc:
        assert exc.code == "bad_document" and key in str(exc)
        return
    assert out[key] == value  # accepted only when it is one of the allowed values
    assert type(out[key]) is type(value)
