"""The game document: round trip, and validation that only ever raises DocumentError."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kugler_core import DocumentError, Game
from kugler_core.board import CELL_OF
from kugler_core.paths import reachable


def played(deal: int = 9, line: int = 5, moves: int = 12, seed: int = 1) -> Game:
    rnd = random.Random(seed)
    g = Game.new(deal=deal, line=line, id="abc")
    for _ in range(moves):
        if g.over:
            break
        board = g.board
        for s in sorted((i for i, c in enumerate(board) if c), key=lambda _: rnd.random()):
            targets = sorted(reachable(board, s))
            if targets:
                g.move(CELL_OF[s], CELL_OF[rnd.choice(targets)])
                break
    g.seconds = 95
    return g


def finished(line: int = 5) -> Game:
    return played(deal=3, line=line, moves=10_000)


def with_lines() -> Game:
    """A played game that removed at least one line (so 'lines' is not empty)."""
    for seed in range(200):
        for moves in range(1, 40):
            g = played(deal=11 + seed, moves=moves, seed=seed, line=4)
            if g.over:
                break
            if g.lines_by_length:
                return g
    raise AssertionError("no game with lines found")


def test_shape() -> None:
    g = played()
    d = g.to_dict()
    assert list(d) == ["kind", "version", "id", "deal", "line", "ball", "board", "next", "score",
                       "moves", "seconds", "lines", "over", "hints", "computer", "daily", "rule",
                       "landing", "undo", "history"]
    assert d["kind"] == "kugler/game" and d["version"] == 3 and d["id"] == "abc"
    assert d["rule"] == 2 and d["landing"] == [r * 9 + c for (r, c), _ in g.landing()]
    assert len(d["history"]) == d["moves"] == 12 and d["hints"] == d["computer"] == 0
    assert d["daily"] is None
    assert d["board"] == g.to_text().splitlines()
    assert d["seconds"] == 95 and d["moves"] == 12 and d["over"] is False
    assert isinstance(d["undo"], dict)
    assert set(d["undo"]) == {"board", "next", "ball", "score", "moves", "lines", "landing"}
    assert json.loads(json.dumps(d)) == d


def test_lines_have_string_keys() -> None:
    g = with_lines()
    d = g.to_dict()
    assert d["lines"] == {str(n): c for n, c in g.lines_by_length.items()}
    assert Game.from_dict(json.loads(json.dumps(d))).to_dict() == d


def test_round_trip_with_undo() -> None:
    g = played()
    back = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert back.to_dict() == g.to_dict()
    back.undo()
    g.undo()
    assert back.to_dict() == g.to_dict()
    assert back.to_dict()["undo"] is None


def test_finished_game() -> None:
    g = finished()
    d = g.to_dict()
    assert d["over"] is True and d["undo"] is None
    assert Game.from_dict(d).over


def test_from_text_game_round_trip() -> None:
    g = Game.from_text(".........\n" * 8 + "1........", next=(7, 7, 7), deal=5)
    d = g.to_dict()
    assert d["ball"] == 0 and d["next"] == [7, 7, 7]
    assert Game.from_dict(d).to_dict() == d


def test_newer_version() -> None:
    d = played().to_dict()
    d["version"] = 4
    d["something_new"] = {"x": 1}
    with pytest.raises(DocumentError) as info:
        Game.from_dict(d)
    assert info.value.code == "newer_version"


def edit(path: str, value: Any) -> Any:
    def change(d: dict[str, Any]) -> None:
        *parents, key = path.split(".")
        target = d
        for p in parents:
            target = target[p]
        if value is DELETE:
            del target[key]
        else:
            target[key] = value
    return change


DELETE = object()

BAD = [
    ("kind", "kugler/records", "kind"),
    ("kind", DELETE, "kind"),
    ("version", 0, "version"),
    ("version", True, "version"),
    ("version", "1", "version"),
    ("id", 5, "id"),
    ("id", "x" * 65, "id"),
    ("deal", 0, "deal"),
    ("deal", 1_000_000_000, "deal"),
    ("deal", True, "deal"),
    ("deal", 9.0, "deal"),
    ("deal", DELETE, "deal"),
    ("line", 3, "line"),
    ("line", 6, "line"),
    ("ball", -3, "ball"),
    ("ball", 10**12, "ball"),
    ("ball", 7, "ball"),
    ("ball", 1, "ball"),
    ("board", ["........."] * 8, "board"),
    ("board", ["........."] * 8 + ["........8"], "board"),
    ("board", ["........."] * 8 + ["........ "], "board"),
    ("board", ["........."] * 8 + [".........."], "board"),
    ("board", "." * 81, "board"),
    ("board", [[0] * 9] * 9, "board"),
    ("next", [1, 2], "next"),
    ("next", [1, 2, 8], "next"),
    ("next", [1, 2, True], "next"),
    ("next", None, "next"),
    ("score", -1, "score"),
    ("score", 10, "score"),
    ("moves", -1, "moves"),
    ("moves", False, "moves"),
    ("seconds", -5, "seconds"),
    ("seconds", 10**9 + 1, "seconds"),
    ("seconds", 1.5, "seconds"),
    ("lines", [], "lines"),
    ("lines", {"3": 1}, "lines"),
    ("lines", {"10": 1}, "lines"),
    ("lines", {"05": 1}, "lines"),
    ("lines", {"5": 0}, "lines"),
    ("lines", {"5": True}, "lines"),
    ("lines", {"5": 1}, "score"),
    ("over", True, "over"),
    ("over", 0, "over"),
    ("undo", [], "undo"),
    ("undo.moves", 0, "moves"),
    ("undo.score", 10**9, "score"),
    ("undo.extra", 1, "extra"),
    ("undo.next", [9, 9, 9], "next"),
    ("undo.board", DELETE, "board"),
    ("extra", 1, "extra"),
]


@pytest.mark.parametrize(("path", "value", "word"), BAD,
                         ids=[f"{p}={v!r}"[:40] for p, v, _ in BAD])
def test_bad_documents(path: str, value: Any, word: str) -> None:
    d = played().to_dict()
    assert Game.from_dict(copy.deepcopy(d)).to_dict() == d
    edit(path, value)(d)
    with pytest.raises(DocumentError, match=word) as info:
        Game.from_dict(d)
    assert info.value.code == "bad_document"


def test_next_must_match_the_deal() -> None:
    d = played().to_dict()
    d["next"] = [c % 7 + 1 for c in d["next"]]  # every colour changed
    with pytest.raises(DocumentError, match="deal"):
        Game.from_dict(d)


def test_undo_with_a_finished_game() -> None:
    g = finished()
    d = g.to_dict()
    d["undo"] = played().to_dict()["undo"]
    with pytest.raises(DocumentError, match="finished"):
        Game.from_dict(d)


def test_over_must_agree_with_the_board() -> None:
    d = finished().to_dict()
    d["over"] = False
    with pytest.raises(DocumentError, match="over"):
        Game.from_dict(d)


@pytest.mark.parametrize("doc", [None, 1, "x", [], [1, 2], {}, {"kind": "kugler/game"}, True])
def test_not_a_document(doc: object) -> None:
    with pytest.raises(DocumentError):
        Game.from_dict(doc)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=9) | st.dictionaries(st.text(max_size=8), inner,
                                                                   max_size=6),
    max_leaves=15,
)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_arbitrary_json_never_crashes(doc: object) -> None:
    try:
        Game.from_dict(doc)
    except DocumentError as error:
        assert error.code in ("bad_document", "newer_version")


small_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=9) | st.dictionaries(st.text(max_size=8), inner,
                                                                   max_size=6),
    max_leaves=5,
)

BASE_DOCS = [played().to_dict(), finished().to_dict(), with_lines().to_dict()]
FIELDS = sorted(set(BASE_DOCS[0]) | {f"undo.{k}" for k in BASE_DOCS[0]["undo"]})


# Any small JSON value, and integers far outside every field's range.
mutations = small_json | st.integers(min_value=-(10**20), max_value=10**20)


@settings(max_examples=350, deadline=None)
@given(base=st.sampled_from(BASE_DOCS), field=st.sampled_from(FIELDS), value=mutations,
       delete=st.booleans())
def test_mutated_documents_never_crash(base: dict[str, Any], field: str, value: object,
                                       delete: bool) -> None:
    d = copy.deepcopy(base)
    if field.startswith("undo.") and not isinstance(d["undo"], dict):
        return
    edit(field, DELETE if delete else value)(d)
    try:
        g = Game.from_dict(d)
    except DocumentError as error:
        assert error.code in ("bad_document", "newer_version")
    else:
        assert not delete
        assert Game.from_dict(g.to_dict()).to_dict() == g.to_dict()
