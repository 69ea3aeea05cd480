"""Records document: add finished games, rank them, validate stored documents."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kugler_core.documents import DocumentError
from kugler_core.records import (
    RANKING_SIZE,
    RECENT_SIZE,
    add_game,
    clean_name,
    empty_records,
    merge_records,
    summary,
    validate_records,
)

DATE = "2026-11-29T18:00:00.000Z"


def game(
    gid: str,
    score: int,
    *,
    line: int = 5,
    moves: int = 10,
    seconds: int = 60,
    lines: dict[str, int] | None = None,
    deal: int = 7,
    over: bool = True,
) -> dict[str, Any]:
    """The fields of a finished game document that the records read."""
    return {
        "kind": "kugler/game",
        "version": 1,
        "id": gid,
        "deal": deal,
        "line": line,
        "score": score,
        "moves": moves,
        "seconds": seconds,
        "lines": ({"5": score // 10} if score else {}) if lines is None else lines,
        "over": over,
    }


def play(scores: list[int], line: int = 5) -> dict[str, Any]:
    doc = empty_records(line)
    for i, s in enumerate(scores):
        doc = add_game(doc, game(f"g{i}", s, line=line), f"2026-01-01T00:00:{i % 60:02d}Z").doc
    return doc


# -- adding games ------------------------------------------------------------


def test_first_game_sets_record_rank_and_stats() -> None:
    res = add_game(empty_records(5), game("a", 30, moves=12, seconds=99), DATE, "Ann")
    assert res.rank == 1 and res.new_record and res.previous_record == 0
    assert not res.already_counted
    d = res.doc
    assert d["record"] == 30 and d["stats"]["best"] == 30
    assert d["stats"]["games"] == 1 and d["stats"]["points"] == 30
    assert d["stats"]["moves"] == 12 and d["stats"]["seconds"] == 99
    assert d["stats"]["lines"] == {"5": 3}
    assert d["stats"]["recent"] == [
        {"id": "a", "points": 30, "moves": 12, "seconds": 99, "lines": {"5": 3}}
    ]
    assert d["ranking"] == [
        {"id": "a", "points": 30, "moves": 12, "seconds": 99, "lines": {"5": 3},
         "deal": 7, "date": DATE, "name": "Ann"}
    ]
    assert validate_records(d, 5) == d


def test_zero_point_game_enters_stats_and_ranking() -> None:
    """The help pages: every finished game goes into the statistics and onto the
    ranking with its points, 0 included."""
    res = add_game(empty_records(5), game("z", 0), DATE)
    assert res.rank == 1 and not res.new_record and res.previous_record == 0
    assert res.doc["record"] == 0
    assert [(e["id"], e["points"]) for e in res.doc["ranking"]] == [("z", 0)]
    assert res.doc["stats"]["games"] == 1
    assert res.doc["stats"]["recent"] == [
        {"id": "z", "points": 0, "moves": 10, "seconds": 60, "lines": {}}
    ]
    assert validate_records(res.doc, 5) == res.doc


def test_zero_point_games_fill_the_ranking_below_the_others() -> None:
    d = play([0, 20, 0])
    assert [(e["id"], e["points"]) for e in d["ranking"]] == [("g1", 20), ("g0", 0), ("g2", 0)]
    full = play([10] * RANKING_SIZE)
    res = add_game(full, game("z", 0), DATE)
    assert res.rank is None and res.doc["ranking"] == full["ranking"]
    assert res.doc["stats"]["games"] == RANKING_SIZE + 1


def test_same_game_twice_is_counted_once() -> None:
    first = add_game(empty_records(5), game("a", 20), DATE).doc
    again = add_game(first, game("a", 20), DATE)
    assert again.already_counted and again.doc == first and again.rank == 1
    assert not again.new_record


def test_zero_point_game_twice_is_counted_once() -> None:
    first = add_game(empty_records(5), game("z", 0), DATE).doc
    again = add_game(first, game("z", 0), DATE)
    assert again.already_counted and again.doc["stats"]["games"] == 1


def test_replayed_deal_is_a_new_game() -> None:
    d = add_game(empty_records(5), game("a", 20, deal=9), DATE).doc
    res = add_game(d, game("b", 20, deal=9), "2026-11-29T19:00:00Z")
    assert not res.already_counted and res.rank == 2 and not res.new_record
    assert res.doc["stats"]["games"] == 2 and len(res.doc["ranking"]) == 2


def test_ties_go_to_the_earlier_date_then_id() -> None:
    d = empty_records(5)
    d = add_game(d, game("m", 50), "2026-03-01T00:00:00Z").doc
    d = add_game(d, game("b", 50), "2026-03-01T00:00:00Z").doc
    d = add_game(d, game("x", 50), "2026-01-01T00:00:00Z").doc
    assert [e["id"] for e in d["ranking"]] == ["x", "b", "m"]


def test_ranking_keeps_ten_best() -> None:
    scores = [10, 50, 20, 90, 0, 30, 70, 40, 60, 80, 100, 5, 0, 15]
    d = play(scores)
    assert [e["points"] for e in d["ranking"]] == sorted(scores, reverse=True)[:RANKING_SIZE]
    assert d["record"] == 100 and d["stats"]["games"] == len(scores)
    res = add_game(d, game("low", 1), DATE)
    assert res.rank is None and res.doc["ranking"] == d["ranking"]
    assert res.doc["stats"]["games"] == len(scores) + 1


def test_new_record_flags() -> None:
    d = play([40])
    assert add_game(d, game("n", 41), DATE).new_record
    equal = add_game(d, game("n", 40), DATE)
    assert not equal.new_record and equal.previous_record == 40 and equal.rank == 2


def test_recent_keeps_the_last_200_in_play_order() -> None:
    d = play([i % 7 * 10 for i in range(RECENT_SIZE + 5)])
    recent = d["stats"]["recent"]
    assert len(recent) == RECENT_SIZE
    assert recent[0]["id"] == "g5" and recent[-1]["id"] == f"g{RECENT_SIZE + 4}"
    assert d["stats"]["games"] == RECENT_SIZE + 5


def test_lines_are_added_by_length() -> None:
    d = add_game(empty_records(4), game("a", 28, line=4, lines={"4": 1, "5": 1}), DATE).doc
    d = add_game(d, game("b", 8, line=4, lines={"4": 1}), DATE).doc
    assert d["stats"]["lines"] == {"4": 2, "5": 1}


@pytest.mark.parametrize(
    ("g", "message"),
    [
        (game("a", 10, over=False), "not over"),
        (game("", 10), "no id"),
        (game("a", 8, line=4, lines={"4": 1}), "other variant"),
    ],
)
def test_add_game_refuses(g: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        add_game(empty_records(5), g, DATE)
    assert not isinstance(info.value, DocumentError)


def test_add_game_refuses_a_bad_date_and_a_bad_doc() -> None:
    with pytest.raises(ValueError, match="ISO date"):
        add_game(empty_records(5), game("a", 10), "yesterday")
    broken = empty_records(5)
    broken["record"] = -1
    with pytest.raises(DocumentError):
        add_game(broken, game("a", 10), DATE)


def test_add_game_does_not_change_its_input() -> None:
    d = play([10, 20])
    before = copy.deepcopy(d)
    add_game(d, game("new", 30), DATE)
    assert d == before


# -- names ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        (None, None),
        ("", None),
        ("   ", None),
        ("Ann", "Ann"),
        ("  Ann \t Berg ", "Ann Berg"),
        ("A\x00n\x1bn\u202e", "Ann"),
        ("x" * 30, "x" * 24),
        ("<img src=x onerror=alert(1)>", "<img src=x onerror=alert"),
        ("zero\u200bwidth", "zerowidth"),
    ],
)
def test_clean_name(raw: str | None, clean: str | None) -> None:
    assert clean_name(raw) == clean


def test_name_is_stored_clean() -> None:
    d = add_game(empty_records(5), game("a", 10), DATE, "\x07Bo\u202e\n").doc
    assert d["ranking"][0]["name"] == "Bo"


# -- validation ----------------------------------------------------------------


def _set(path: str, value: Any) -> dict[str, Any]:
    d = play([30, 0, 20])
    node: Any = d
    keys = path.split(".")
    for k in keys[:-1]:
        node = node[int(k)] if isinstance(node, list) else node[k]
    last = keys[-1]
    if value is _DELETE:
        del node[last]
    elif isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return d


_DELETE = object()

BAD_DOCUMENTS = [
    ("kind", "kugler/settings"),
    ("kind", _DELETE),
    ("version", 0),
    ("version", _DELETE),
    ("version", "1"),
    ("version", True),
    ("version", 1.0),
    ("line", 4),
    ("line", True),
    ("record", -1),
    ("record", 31),
    ("record", True),
    ("record", 10**12 + 1),
    ("record", 30.0),
    ("ranking", {}),
    ("ranking.0.points", 0),
    ("ranking.0.points", -1),
    ("ranking.0.points", 10),
    ("ranking.0.id", ""),
    ("ranking.0.id", "x" * 65),
    ("ranking.0.deal", 0),
    ("ranking.0.deal", 10**9),
    ("ranking.0.date", "tuesday"),
    ("ranking.0.date", "2026-13-40"),
    ("ranking.0.name", "a\x00b"),
    ("ranking.0.name", 5),
    ("ranking.0.lines", {"4": 1}),
    ("ranking.0.lines", {"10": 1}),
    ("ranking.0.lines", {"05": 1}),
    ("ranking.0.lines", {"5": -1}),
    ("ranking.0.lines", {"5": False}),
    ("ranking.0.extra", 1),
    ("ranking.1", _DELETE),
    ("stats.games", 1),
    ("stats.games", -3),
    ("stats.points", 40),
    ("stats.best", 20),
    ("stats.moves", -1),
    ("stats.seconds", None),
    ("stats.recent", "x"),
    ("stats.recent.0.points", 40),
    ("stats.recent.0.points", 31),
    ("stats.recent.1.id", "g0"),
    ("stats.recent.0", {"id": "g0", "points": 30}),
    ("stats.recent.0.moves", 10**6),
    ("stats.recent.0.seconds", 10**6),
    ("stats.recent.0.lines", {"5": 99}),
    ("stats.recent.2.moves", 11),
    ("stats.recent.0.extra", 1),
    ("stats.lines", []),
    ("stats", _DELETE),
    ("surprise", 1),
]


@pytest.mark.parametrize(("path", "value"), BAD_DOCUMENTS)
def test_tampered_documents_are_rejected(path: str, value: Any) -> None:
    if path == "ranking.1":
        d = play([30, 0, 20])
        d["ranking"].reverse()
    else:
        d = _set(path, value)
    with pytest.raises(DocumentError) as info:
        validate_records(d, 5)
    assert info.value.code == "bad_document"
    assert str(info.value)


def test_more_than_ten_ranking_entries_is_rejected() -> None:
    d = play(list(range(10, 130, 10)))
    d["ranking"].append(dict(d["ranking"][-1], id="extra", points=1))
    with pytest.raises(DocumentError, match="more than 10"):
        validate_records(d, 5)


def test_newer_version_is_reported_as_such() -> None:
    d = play([10])
    d["version"] = 2
    with pytest.raises(DocumentError) as info:
        validate_records(d, 5)
    assert info.value.code == "newer_version"


@pytest.mark.parametrize("doc", [None, [], "x", 1, True, {"kind": "kugler/records"}])
def test_non_documents_are_rejected(doc: object) -> None:
    with pytest.raises(DocumentError):
        validate_records(doc, 5)


def test_wrong_variant_is_rejected() -> None:
    with pytest.raises(DocumentError, match="4 in a row"):
        validate_records(play([8], line=4), 5)


def test_valid_document_round_trips_through_json() -> None:
    d = play([30, 0, 20, 50])
    assert validate_records(json.loads(json.dumps(d)), 5) == d


def test_summary() -> None:
    s = summary(play([30, 0, 20]))
    assert s == {
        "games": 3, "points": 50, "average": 16.7, "best": 30, "moves": 30,
        "seconds": 180, "lines": {"5": 5}, "recent_points": [30, 0, 20],
    }
    assert summary(empty_records(4))["average"] == 0.0


# -- properties ------------------------------------------------------------------

scores_st = st.lists(st.integers(0, 12) .map(lambda n: n * 10), max_size=40)


@settings(max_examples=60, deadline=None)
@given(scores_st, st.data())
def test_records_properties(scores: list[int], data: st.DataObject) -> None:
    doc = empty_records(5)
    for i, s in enumerate(scores):
        date = f"2026-01-{1 + data.draw(st.integers(0, 27)):02d}T00:00:00Z"
        res = add_game(doc, game(f"id{i}", s), date)
        assert res.doc["record"] >= res.previous_record
        assert res.new_record == (s > res.previous_record)
        # adding the same game again changes nothing
        again = add_game(res.doc, game(f"id{i}", s), date)
        assert again.already_counted and again.doc == res.doc
        doc = res.doc
    assert doc["stats"]["games"] == len(scores)
    assert doc["stats"]["points"] == sum(scores)
    assert doc["record"] == doc["stats"]["best"] == max(scores, default=0)
    pts = [e["points"] for e in doc["ranking"]]
    assert pts == sorted(pts, reverse=True) and len(pts) <= RANKING_SIZE
    assert pts == sorted(scores, reverse=True)[:RANKING_SIZE]
    assert len(pts) == min(len(scores), RANKING_SIZE)
    assert validate_records(json.loads(json.dumps(doc)), 5) == doc


# -- merging two copies (two tabs) ----------------------------------------------------


def _add_all(doc: dict[str, Any], games: list[tuple[str, int]]) -> dict[str, Any]:
    for gid, pts in games:
        doc = add_game(doc, game(gid, pts, moves=pts // 10 + 3, seconds=pts + 1),
                       "2026-05-01T00:00:00Z").doc
    return doc


def _serial(games: list[tuple[str, int]]) -> dict[str, Any]:
    return _add_all(empty_records(5), games)


def test_merge_two_tabs_loses_nothing() -> None:
    base = _serial([("b1", 10), ("b2", 0)])
    tab_a = _add_all(base, [("a1", 30)])
    tab_b = _add_all(base, [("x1", 50), ("x2", 0)])
    res = merge_records(tab_a, tab_b)
    assert res.complete
    expected = _serial([("b1", 10), ("b2", 0), ("a1", 30), ("x1", 50), ("x2", 0)])
    assert res.doc == expected
    other = merge_records(tab_b, tab_a)
    assert other.complete and other.doc["stats"] == {
        **expected["stats"],
        "recent": [r for r in expected["stats"]["recent"] if r["id"] != "a1"]
        + [r for r in expected["stats"]["recent"] if r["id"] == "a1"],
    }
    assert other.doc["ranking"] == expected["ranking"]


def test_merge_is_idempotent_and_absorbs_a_stale_copy() -> None:
    base = _serial([("b1", 10)])
    newer = _add_all(base, [("n1", 20), ("n2", 0)])
    assert merge_records(newer, base).doc == newer
    assert merge_records(base, newer).doc == newer
    assert merge_records(newer, newer).doc == newer
    assert merge_records(newer, empty_records(5)).doc == newer
    assert merge_records(empty_records(5), newer).doc == newer


def test_merge_without_common_games() -> None:
    a = _serial([("a1", 10)])
    b = _serial([("x1", 20), ("x2", 0)])
    res = merge_records(a, b)
    assert res.complete and res.doc["stats"]["games"] == 3 and res.doc["record"] == 20


def test_merge_over_a_long_history() -> None:
    base = _serial([(f"b{i}", i % 5 * 10) for i in range(RECENT_SIZE + 20)])
    tab_a = _add_all(base, [(f"a{i}", 10) for i in range(30)])  # base drops out of a's window
    tab_b = _add_all(base, [("x1", 40)])
    res = merge_records(tab_a, tab_b)
    assert res.complete
    assert res.doc["stats"]["games"] == RECENT_SIZE + 20 + 30 + 1
    assert res.doc["stats"]["recent"][-1]["id"] == "x1"


def test_merge_that_cannot_line_up_is_flagged() -> None:
    a = _serial([(f"a{i}", 10) for i in range(RECENT_SIZE + 1)])
    b = _serial([("x1", 20)])
    res = merge_records(a, b)
    assert not res.complete and res.doc == a


def test_merge_refuses_bad_or_other_variant() -> None:
    with pytest.raises(DocumentError):
        merge_records(play([10]), play([8], line=4))
    with pytest.raises(DocumentError):
        merge_records({"kind": "x"}, play([10]))


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, 6), max_size=12),
    st.lists(st.integers(0, 6), max_size=12),
    st.lists(st.integers(0, 6), max_size=12),
)
def test_merge_counts_every_game_once(base: list[int], xs: list[int], ys: list[int]) -> None:
    b_games = [(f"b{i}", p * 10) for i, p in enumerate(base)]
    x_games = [(f"x{i}", p * 10) for i, p in enumerate(xs)]
    y_games = [(f"y{i}", p * 10) for i, p in enumerate(ys)]
    common = _serial(b_games)
    res = merge_records(_add_all(common, x_games), _add_all(common, y_games))
    assert res.complete
    assert res.doc == _serial(b_games + x_games + y_games)
