"""Hypothesis: arbitrary JSON never crashes the facade or a document loader.

* the facade answers every request with a dict (``ok`` a bool), as JSON text
  too, and a failed request leaves the game as it was;
* ``validate_records``, ``validate_settings``, ``read_export`` and
  ``Game.from_dict`` given arbitrary JSON, or a valid document with one part
  replaced, raise DocumentError or nothing; valid documents round-trip.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kugler_core.documents import (
    DocumentError,
    default_settings,
    make_export,
    read_export,
    validate_settings,
)
from kugler_core.facade import Session
from kugler_core.game import Game
from kugler_core.records import add_game, empty_records, validate_records

FAST = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

scalars = (
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.integers(-3, 12)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
    | st.sampled_from(["kugler/game", "kugler/records", "kugler/settings", "kugler/export",
                       "5", "4", "da", ".........", "2026-01-01"])
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.text(max_size=8) | st.sampled_from(["kind", "version", "line"]),
                      inner, max_size=5),
    max_leaves=15,
)


def _played_game(seed: int, moves: int) -> Game:
    rnd = random.Random(seed)
    g = Game.new(deal=1 + seed % 1000, line=rnd.choice((4, 5)), id=f"g{seed}")
    for _ in range(moves):
        if g.over:
            break
        balls = [(i // 9, i % 9) for i, c in enumerate(g.board) if c]
        rnd.shuffle(balls)
        for cell in balls:
            targets = sorted(g.reachable(cell))
            if targets:
                g.move(cell, rnd.choice(targets))
                break
    g.seconds = rnd.randrange(0, 5000)
    return g


def _finished_game(seed: int) -> dict[str, Any]:
    g = _played_game(seed, 10_000)
    assert g.over
    return g.to_dict()


GAMES = [_played_game(s, m).to_dict() for s, m in ((1, 0), (2, 3), (3, 20))]
FINISHED = [_finished_game(s) for s in (4, 5)]


def _records(line: int) -> dict[str, Any]:
    doc = empty_records(line)
    for g in FINISHED:
        if g["line"] == line:
            doc = add_game(doc, Game.from_dict(g), "2026-02-03T04:05:06Z", "Bo").doc
    return doc


DOCS: list[tuple[str, dict[str, Any]]] = [
    *[("game", g) for g in GAMES + FINISHED],
    ("records4", _records(4)),
    ("records5", _records(5)),
    ("settings", dict(default_settings(), language="da")),
    ("export", make_export(GAMES[1], {"4": _records(4), "5": _records(5)}, None,
                           "2026-02-03T04:05:06Z")),
]


def _load(kind: str, doc: object) -> Any:
    if kind == "game":
        return Game.from_dict(doc).to_dict()
    if kind == "records4":
        return validate_records(doc, 4)
    if kind == "records5":
        return validate_records(doc, 5)
    if kind == "settings":
        return validate_settings(doc)
    return read_export(doc)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, Any]:
    """A valid document with one part replaced by arbitrary JSON, or deleted."""
    kind, doc = draw(st.sampled_from(DOCS))
    doc = copy.deepcopy(doc)
    paths = _paths(doc)
    path = draw(st.sampled_from(paths[1:]))
    node = doc
    for k in path[:-1]:
        node = node[k]
    if isinstance(node, dict) and draw(st.booleans()) and draw(st.booleans()):
        del node[path[-1]]
    else:
        node[path[-1]] = draw(json_values)
    return kind, doc


def _only_document_errors(kind: str, doc: Any) -> None:
    try:
        out = _load(kind, doc)
    except DocumentError as exc:
        assert exc.code in ("bad_document", "newer_version")
        assert str(exc)
    else:
        # whatever was accepted is a valid document: loading it again is a fixed point
        if kind == "export":
            again = make_export(out["game"], out["records"], out["settings"], "2026-01-01")
            assert read_export(json.loads(json.dumps(again))) == out
        else:
            assert _load(kind, json.loads(json.dumps(out))) == out


def test_valid_documents_round_trip() -> None:
    for kind, doc in DOCS:
        assert _load(kind, json.loads(json.dumps(doc))) == (
            read_export(doc) if kind == "export" else doc
        )


@FAST
@given(st.sampled_from([k for k, _ in DOCS]), json_values)
def test_arbitrary_json_gives_only_document_errors(kind: str, value: Any) -> None:
    _only_document_errors(kind, value)


@FAST
@given(mutated())
def test_mutated_documents_give_only_document_errors(case: tuple[str, Any]) -> None:
    _only_document_errors(*case)


# -- the facade ----------------------------------------------------------------------

COMMANDS = ["new", "load", "move", "reach", "undo", "time", "records_load", "records_add",
            "records_merge", "settings_load", "fragment", "export", "import", "hint_shown",
            "daily", "replay_encode", "replay_decode"]
cells = st.lists(st.integers(-1, 9), min_size=2, max_size=2) | st.lists(
    st.integers(0, 8), min_size=2, max_size=2)
arg_values = {
    "line": st.sampled_from([4, 5, 3, True, "5", None]),
    "deal": st.integers(-2, 10**9 + 2) | json_values,
    "entropy": st.integers(-2, 2**64) | json_values,
    "id": st.text(max_size=70) | json_values,
    "save": st.sampled_from(GAMES + FINISHED) | mutated().map(lambda c: c[1]) | json_values,
    "from": cells | json_values,
    "to": cells | json_values,
    "seconds": st.integers(-2, 10**8 + 2) | json_values,
    "doc": st.sampled_from([d for _, d in DOCS]) | mutated().map(lambda c: c[1]) | json_values,
    "records": st.sampled_from([None, _records(4), _records(5)]) | json_values,
    "a": st.sampled_from([None, _records(4), _records(5)]) | json_values,
    "b": st.sampled_from([None, _records(4), _records(5)]) | json_values,
    "game": st.sampled_from(FINISHED + GAMES) | json_values,
    "date": st.sampled_from(["2026-01-01T00:00:00Z", "2026-01-01", "x"]) | json_values,
    "daily": st.sampled_from(["2026-01-01", "2026-02-30"]) | json_values,
    "by": st.sampled_from(["player", "computer", "robot"]) | json_values,
    "history": st.sampled_from([[], [[30, 0]], [[0, 1]], [[1, 2, 3]]]) | json_values,
    "code": st.sampled_from(["AQUAAAAqAAABPAD9pN9h", "AQUAAAAqAAABPAD9pN9i", ""]) | json_values,
    "name": st.text(max_size=30) | json_values,
    "text": st.text(max_size=40) | st.just("#deal=42&line=4") | json_values,
    "settings": st.sampled_from([None, default_settings()]) | json_values,
}
requests = st.fixed_dictionaries(
    {"cmd": st.sampled_from(COMMANDS) | json_values},
    optional={
        "id": json_values,
        "args": st.dictionaries(st.sampled_from(sorted(arg_values)), st.none(), max_size=4)
        .flatmap(lambda d: st.fixed_dictionaries({k: arg_values[k] for k in d}))
        | json_values,
    },
)


@settings(FAST, max_examples=80)
@given(st.lists(requests, min_size=1, max_size=5))
def test_facade_never_raises_and_errors_change_nothing(reqs: list[dict[str, Any]]) -> None:
    s = Session()
    s.handle({"cmd": "new", "args": {"line": 5, "deal": 7, "id": "x"}})
    for req in reqs:
        before = None if s.game is None else s.game.to_dict()
        text = s.handle_json(json.dumps(req))
        reply = json.loads(text)
        assert isinstance(reply, dict) and type(reply["ok"]) is bool
        assert reply.get("error", {}).get("code") != "internal", reply
        if reply["ok"]:
            assert set(reply) <= {"id", "ok", "result"}
        else:
            assert isinstance(reply["error"]["code"], str)
            assert isinstance(reply["error"]["message"], str)
            assert (None if s.game is None else s.game.to_dict()) == before
        if "id" in req and isinstance(req["id"], (type(None), bool, int, float, str)):
            assert reply["id"] == req["id"]
        # the direct entry point answers the same way
        assert type(s.handle(req)["ok"]) is bool


@FAST
@given(st.text(max_size=200) | st.binary(max_size=50).map(lambda b: b.decode("latin-1")))
def test_facade_any_text(text: str) -> None:
    reply = json.loads(Session().handle_json(text))
    assert isinstance(reply, dict) and type(reply["ok"]) is bool
