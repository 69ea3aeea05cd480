"""Records document: add finished games, rank them, validate stored documents."""

from __future__ import annotations

import copy
import datetime as dt
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kugler_core.checks import DocumentError
from kugler_core.records import (
    DAILY_SIZE,
    HISTORY_ALPHABET,
    HISTORY_MAX,
    RANKING_SIZE,
    RECENT_SIZE,
    add_game,
    clean_name,
    empty_records,
    game_extras,
    merge_records,
    pack_history,
    summary,
    unpack_history,
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
    **v2: Any,
) -> dict[str, Any]:
    """The fields of a finished game document that the records read; ``v2``
    adds fields of the version-2 game document (history, hints, computer,
    daily), which a version-1 document lacks."""
    return {
        "kind": "kugler/game",
        "version": 2 if v2 else 1,
        "id": gid,
        "deal": deal,
        "line": line,
        "score": score,
        "moves": moves,
        "seconds": seconds,
        "lines": ({"5": score // 10} if score else {}) if lines is None else lines,
        "over": over,
        **v2,
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
        {"id": "a", "points": 30, "moves": 12, "seconds": 99, "lines": {"5": 3},
         "assisted": False}
    ]
    assert d["stats"]["assisted"] == {"games": 0, "points": 0}
    assert d["stats"]["daily"] == {}
    assert d["ranking"] == [
        {"id": "a", "points": 30, "moves": 12, "seconds": 99, "lines": {"5": 3},
         "deal": 7, "date": DATE, "name": "Ann", "history": None, "rule": 1}
    ]
    assert not res.assisted and res.daily_best is None and not res.daily_beaten
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
        {"id": "z", "points": 0, "moves": 10, "seconds": 60, "lines": {}, "assisted": False}
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
    ("stats.recent.0.assisted", 0),
    ("stats.recent.0.assisted", None),
    ("stats.recent.0.assisted", _DELETE),
    ("stats.recent.0.assisted", True),  # a ranked game cannot be assisted
    ("stats.assisted", _DELETE),
    ("stats.assisted", []),
    ("stats.assisted.games", -1),
    ("stats.assisted.points", 5),  # points without games
    ("stats.assisted.extra", 0),
    ("stats.daily", _DELETE),
    ("stats.daily", []),
    ("stats.daily", {"2026-11-29": 31}),  # beats the record
    ("stats.daily", {"2026-11-29": -1}),
    ("stats.daily", {"2026-11-29": "10"}),
    ("stats.daily", {"2026-11-29T10:00Z": 10}),
    ("stats.daily", {"2026-02-30": 10}),
    ("stats.daily", {"yesterday": 10}),
    ("ranking.0.history", _DELETE),
    ("ranking.0.history", []),
    ("ranking.0.history", "00"),  # one move, the game has ten
    ("ranking.0.history", "0" * 19 + "#"),  # not a cell
    ("ranking.0.history", "0" * 19 + '"'),
    ("ranking.0.history", 5),
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
    d["version"] = 4
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
        "assisted": {"games": 0, "points": 0}, "daily": [],
    }
    assert summary(empty_records(4))["average"] == 0.0


def test_summary_shows_assisted_games_and_daily_bests() -> None:
    d = play([30, 0])
    d = add_game(d, game("h", 500, hints=1), DATE).doc
    d = add_game(d, game("d1", 20, daily="2026-11-28"), DATE).doc
    d = add_game(d, game("d2", 10, daily="2026-11-29"), DATE).doc
    s = summary(d)
    assert s["games"] == 4 and s["points"] == 60 and s["average"] == 15.0
    assert s["recent_points"] == [30, 0, 20, 10]  # the game with help is apart
    assert s["assisted"] == {"games": 1, "points": 500}
    assert s["daily"] == [{"date": "2026-11-29", "points": 10},
                          {"date": "2026-11-28", "points": 20}]


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


# -- assisted games (hints or computer moves) -------------------------------------------


@pytest.mark.parametrize(("hints", "computer"), [(1, 0), (0, 1), (3, 250)])
def test_assisted_game_counts_apart(hints: int, computer: int) -> None:
    before = play([30, 0, 20])
    res = add_game(before, game("help", 900, moves=99, hints=hints, computer=computer), DATE)
    assert res.assisted and res.rank is None and not res.new_record
    assert res.previous_record == 30 and not res.already_counted
    d = res.doc
    assert d["record"] == 30 and d["ranking"] == before["ranking"]
    assert d["stats"]["assisted"] == {"games": 1, "points": 900}
    for key in ("games", "points", "moves", "seconds", "best", "lines", "daily"):
        assert d["stats"][key] == before["stats"][key], key
    assert d["stats"]["recent"][-1] == {
        "id": "help", "points": 900, "moves": 99, "seconds": 60, "lines": {"5": 90},
        "assisted": True,
    }
    assert validate_records(json.loads(json.dumps(d)), 5) == d
    again = add_game(d, game("help", 900, moves=99, hints=hints, computer=computer), DATE)
    assert again.already_counted and again.doc == d and again.assisted


def test_assisted_game_on_an_empty_document() -> None:
    res = add_game(empty_records(4), game("h", 0, line=4, lines={}, computer=5), DATE)
    assert res.rank is None and res.doc["ranking"] == [] and res.doc["record"] == 0
    assert res.doc["stats"]["games"] == 0 and res.doc["stats"]["assisted"]["games"] == 1


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        ({}, (None, 0, 0, None)),  # a version-1 game document
        ({"history": None, "hints": 0, "computer": 0, "daily": None}, (None, 0, 0, None)),
        ({"history": [[0, 80], [40, 41]], "hints": 2}, ([[0, 80], [40, 41]], 2, 0, None)),
        ({"computer": 7, "daily": "2026-11-29"}, (None, 0, 7, "2026-11-29")),
    ],
)
def test_game_extras(doc: dict[str, Any], expected: tuple[Any, ...]) -> None:
    moves = 2 if doc.get("history") else 0
    extras = game_extras(doc, moves)
    assert (extras.history, extras.hints, extras.computer, extras.daily) == expected
    assert extras.assisted == (expected[1] > 0 or expected[2] > 0)


@pytest.mark.parametrize(
    "doc",
    [
        {"hints": -1},
        {"hints": True},
        {"hints": None},
        {"computer": 1.0},
        {"daily": "29.11.2026"},
        {"daily": "2026-11-29T00:00:00Z"},
        {"daily": 20261129},
        {"history": [[0, 1]]},  # one move, the game has two
        {"history": [[0, 1], [2]]},
        {"history": [[0, 1], [2, 3, 4]]},
        {"history": [[0, 1], [2, 81]]},
        {"history": [[0, 1], [-1, 3]]},
        {"history": [[0, 1], [True, 3]]},
        {"history": [[0, 1], "23"]},
        {"history": "0123"},
    ],
)
def test_game_extras_refuses(doc: dict[str, Any]) -> None:
    with pytest.raises(DocumentError) as info:
        game_extras(doc, 2)
    assert info.value.code == "bad_document"


def test_add_game_refuses_a_bad_history_and_changes_nothing() -> None:
    d = play([10])
    before = copy.deepcopy(d)
    with pytest.raises(DocumentError, match="history"):
        add_game(d, game("x", 20, moves=3, history=[[0, 1], [1, 2]]), DATE)
    assert d == before


# -- the moves of ranked games ------------------------------------------------------------


def test_ranking_keeps_the_moves_and_recent_does_not() -> None:
    moves = [[0, 80], [80, 40], [9, 10]]
    d = add_game(empty_records(5), game("a", 10, moves=3, history=moves), DATE).doc
    entry = d["ranking"][0]
    assert entry["history"] == pack_history(moves) and len(entry["history"]) == 6
    assert unpack_history(entry["history"]) == moves
    assert "history" not in d["stats"]["recent"][0]
    unknown = add_game(d, game("b", 10, moves=3), DATE).doc  # a version-1 game
    assert unknown["ranking"][1]["history"] is None


def test_a_history_beyond_the_cap_is_not_kept() -> None:
    n = HISTORY_MAX + 1
    long = game("long", 10, moves=n, history=[[i % 81, (i + 1) % 81] for i in range(n)])
    d = add_game(empty_records(5), long, DATE).doc
    assert d["ranking"][0]["history"] is None and d["ranking"][0]["moves"] == n
    exact = game("cap", 10, moves=HISTORY_MAX, history=[[1, 2]] * HISTORY_MAX)
    d = add_game(d, exact, DATE).doc
    kept = {e["id"]: e["history"] for e in d["ranking"]}
    assert kept["long"] is None
    assert unpack_history(kept["cap"]) == [[1, 2]] * HISTORY_MAX
    assert validate_records(d, 5) == d


def test_history_alphabet() -> None:
    assert len(HISTORY_ALPHABET) == len(set(HISTORY_ALPHABET)) == 81
    assert all(ch.isascii() and ch.isprintable() and not ch.isspace()
               for ch in HISTORY_ALPHABET)
    assert not set(HISTORY_ALPHABET) & set("\"\\<>&'")
    assert json.dumps(HISTORY_ALPHABET) == '"' + HISTORY_ALPHABET + '"'


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 80), st.integers(0, 80)).map(list), max_size=60))
def test_pack_history_round_trips(moves: list[list[int]]) -> None:
    text = pack_history(moves)
    assert len(text) == 2 * len(moves)
    assert unpack_history(text) == moves


@pytest.mark.parametrize("text", ["0", "012", "0#", "0 ", '0"', "0\\", "0é"])
def test_unpack_history_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        unpack_history(text)


@pytest.mark.parametrize("moves", [[[0, 81]], [[-1, 0]], [[0]], [[0, 1, 2]], [[True, 1]]])
def test_pack_history_refuses(moves: list[list[int]]) -> None:
    with pytest.raises(ValueError):
        pack_history(moves)


def _largest(line: int) -> dict[str, Any]:
    """The largest realistic records: ten ranked 5,000-move games with names,
    a full list of recent games and of daily bests."""
    doc = empty_records(line)
    moves = [[(7 * i) % 81, (13 * i + 5) % 81] for i in range(5000)]
    lines = {str(line): 10**4}
    for day in range(DAILY_SIZE):
        date = (dt.date(2025, 1, 1) + dt.timedelta(days=day)).isoformat()
        doc = add_game(doc, game(f"d{day:03d}", 0, line=line, lines={}, daily=date), DATE).doc
    for i in range(RECENT_SIZE):
        big = i >= RECENT_SIZE - RANKING_SIZE
        g = game(f"{'game-' * 6}{i:04d}", 10**5 + i if big else i, line=line, lines=lines,
                 moves=5000 if big else 100, seconds=99_999,
                 history=moves if big else [[0, 1]] * 100)
        doc = add_game(doc, g, DATE, "Ååå Øøø " * 3).doc
    return doc


def test_the_largest_records_stay_small() -> None:
    """Ten 5,000-move games per variant, both variants: the two stored
    documents stay far inside localStorage (about 5 MB per site, counted in
    UTF-16 by some browsers: 2.5 million characters)."""
    docs = [_largest(5), _largest(4)]
    assert all(len(d["stats"]["daily"]) == DAILY_SIZE for d in docs)
    assert all(len(d["ranking"]) == RANKING_SIZE for d in docs)
    assert all(e["moves"] == 5000 and e["history"] for d in docs for e in d["ranking"])
    chars = sum(len(_stored(d)) for d in docs)  # measured: 265,094
    assert 200_000 < chars < 300_000
    # The same moves as JSON lists [[from, to], ...] would take 3 times more (840,354).
    as_lists = sum(
        len(_stored({**d, "ranking": [
            {**e, "history": unpack_history(e["history"])} for e in d["ranking"]
        ]})) for d in docs
    )
    assert as_lists > 3 * chars


def _stored(doc: dict[str, Any]) -> str:
    """The text the page stores: JSON.stringify's compact form."""
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


# -- daily bests --------------------------------------------------------------------------

DAY = "2026-11-29"


def test_daily_best_is_kept_and_beaten() -> None:
    first = add_game(empty_records(5), game("a", 20, daily=DAY), DATE)
    assert first.daily_best is None and not first.daily_beaten
    assert first.doc["stats"]["daily"] == {DAY: 20}
    lower = add_game(first.doc, game("b", 10, daily=DAY), DATE)
    assert lower.daily_best == 20 and not lower.daily_beaten
    assert lower.doc["stats"]["daily"] == {DAY: 20}
    equal = add_game(lower.doc, game("c", 20, daily=DAY), DATE)
    assert equal.daily_best == 20 and not equal.daily_beaten
    higher = add_game(equal.doc, game("d", 30, daily=DAY), DATE)
    assert higher.daily_best == 20 and higher.daily_beaten
    assert higher.doc["stats"]["daily"] == {DAY: 30}
    other = add_game(higher.doc, game("e", 0, daily="2026-11-30"), DATE)
    assert other.daily_best is None and not other.daily_beaten
    assert other.doc["stats"]["daily"] == {DAY: 30, "2026-11-30": 0}
    plain = add_game(other.doc, game("f", 50), DATE)  # not a daily game
    assert plain.daily_best is None and plain.doc["stats"]["daily"] == other.doc["stats"]["daily"]
    again = add_game(higher.doc, game("d", 30, daily=DAY), DATE)
    assert again.already_counted and again.daily_best == 30 and not again.daily_beaten


def test_an_assisted_daily_game_leaves_the_daily_best() -> None:
    d = add_game(empty_records(5), game("a", 20, daily=DAY), DATE).doc
    res = add_game(d, game("b", 90, daily=DAY, hints=1), DATE)
    assert res.assisted and res.daily_best == 20 and not res.daily_beaten
    assert res.doc["stats"]["daily"] == {DAY: 20}
    fresh = add_game(empty_records(5), game("c", 90, daily=DAY, computer=3), DATE)
    assert fresh.doc["stats"]["daily"] == {}


def test_daily_keeps_the_last_400_dates() -> None:
    d = empty_records(5)
    days = [(dt.date(2025, 6, 1) - dt.timedelta(days=3 * i)).isoformat()
            for i in range(DAILY_SIZE + 5)]
    for i, day in enumerate(days):
        d = add_game(d, game(f"g{i}", 10, daily=day), DATE).doc
    assert list(d["stats"]["daily"]) == sorted(days)[-DAILY_SIZE:]
    old = add_game(d, game("old", 20, daily="2020-01-01"), DATE).doc  # older than all kept
    assert old["stats"]["daily"] == d["stats"]["daily"]


# -- version 1 documents -------------------------------------------------------------------

V1 = {
    "kind": "kugler/records", "version": 1, "line": 5, "record": 30,
    "ranking": [{"id": "g0", "points": 30, "moves": 10, "seconds": 60, "lines": {"5": 3},
                 "deal": 7, "date": DATE, "name": "Bo"}],
    "stats": {"games": 2, "points": 30, "moves": 20, "seconds": 120, "best": 30,
              "lines": {"5": 3},
              "recent": [{"id": "g0", "points": 30, "moves": 10, "seconds": 60,
                          "lines": {"5": 3}},
                         {"id": "g1", "points": 0, "moves": 10, "seconds": 60, "lines": {}}]},
}


def test_version_1_records_are_read() -> None:
    old = copy.deepcopy(V1)
    d = validate_records(old, 5)
    assert old == V1  # the stored document is not changed
    assert d["version"] == 3
    assert d["ranking"] == [{**V1["ranking"][0], "history": None,  # type: ignore[index]
                             "rule": 1}]
    assert d["stats"]["assisted"] == {"games": 0, "points": 0} and d["stats"]["daily"] == {}
    assert [r["assisted"] for r in d["stats"]["recent"]] == [False, False]
    assert validate_records(d, 5) == d
    res = add_game(old, game("g2", 0), DATE)  # a version-1 document takes a new game
    assert res.doc["version"] == 3 and res.rank == 2


@pytest.mark.parametrize(
    "path",
    ["ranking.0.history", "stats.assisted", "stats.daily", "stats.recent.0.assisted"],
)
def test_version_1_records_with_a_version_2_field_are_refused(path: str) -> None:
    d: Any = copy.deepcopy(V1)
    *parents, last = path.split(".")
    node = d
    for k in parents:
        node = node[int(k)] if isinstance(node, list) else node[k]
    node[last] = None
    with pytest.raises(DocumentError) as info:
        validate_records(d, 5)
    assert info.value.code == "bad_document"


def test_merge_with_a_version_1_copy() -> None:
    newer = add_game(V1, game("n1", 40, daily=DAY), DATE).doc
    res = merge_records(V1, newer)
    assert res.complete and res.doc == newer
    assert merge_records(newer, V1).doc == newer


# -- merging version-2 copies: assisted games and daily bests ----------------------------

Played = tuple[str, int, dict[str, Any]]


def _add_v2(doc: dict[str, Any], games: list[Played]) -> dict[str, Any]:
    for gid, pts, v2 in games:
        doc = add_game(doc, game(gid, pts, moves=pts // 10 + 3, seconds=pts + 1, **v2),
                       "2026-05-01T00:00:00Z").doc
    return doc


def test_merge_of_two_tabs_with_assisted_and_daily_games() -> None:
    base = _add_v2(empty_records(5), [
        ("b1", 10, {"daily": "2026-05-01"}), ("b2", 500, {"hints": 1}),
    ])
    tab_a = _add_v2(base, [("a1", 30, {"daily": "2026-05-02"}), ("a2", 70, {"computer": 9})])
    tab_b = _add_v2(base, [
        ("x1", 40, {"daily": "2026-05-02"}), ("x2", 20, {"daily": "2026-05-01"}),
        ("x3", 900, {"hints": 2, "daily": "2026-05-03"}),
    ])
    res = merge_records(tab_a, tab_b)
    assert res.complete
    stats = res.doc["stats"]
    assert stats["games"] == 4 and stats["points"] == 100  # b1 a1 x1 x2
    assert stats["assisted"] == {"games": 3, "points": 1470}  # b2 a2 x3, each once
    assert stats["daily"] == {"2026-05-01": 20, "2026-05-02": 40}  # the higher of each date
    assert [e["id"] for e in res.doc["ranking"]] == ["x1", "a1", "x2", "b1"]
    assert res.doc == _add_v2(base, [
        ("a1", 30, {"daily": "2026-05-02"}), ("a2", 70, {"computer": 9}),
        ("x1", 40, {"daily": "2026-05-02"}), ("x2", 20, {"daily": "2026-05-01"}),
        ("x3", 900, {"hints": 2, "daily": "2026-05-03"}),
    ])
    assert merge_records(res.doc, tab_b).doc == res.doc  # a second join adds nothing
    assert merge_records(res.doc, tab_a).doc == res.doc


def test_merge_counts_assisted_games_when_lining_up_without_a_common_game() -> None:
    a = _add_v2(empty_records(5), [("a1", 10, {}), ("a2", 50, {"hints": 1})])
    b = _add_v2(empty_records(5), [("x1", 70, {"computer": 1})])
    res = merge_records(a, b)
    assert res.complete and res.doc["stats"]["assisted"] == {"games": 2, "points": 120}
    assert res.doc["stats"]["games"] == 1 and res.doc["record"] == 10


def test_merge_that_cannot_line_up_counts_assisted_games_as_seen() -> None:
    a = _add_v2(empty_records(5), [(f"a{i}", 10, {"hints": 1}) for i in range(RECENT_SIZE + 1)])
    b = _add_v2(empty_records(5), [("x1", 20, {})])
    res = merge_records(a, b)
    assert not res.complete and res.doc == a
    res = merge_records(b, a)
    assert not res.complete and res.doc == a  # the copy that has seen more games


played_st = st.lists(
    st.tuples(
        st.integers(0, 6),
        st.booleans(),
        st.none() | st.sampled_from(["2026-05-01", "2026-05-02"]),
    ),
    max_size=10,
)


def _named(prefix: str, games: list[tuple[int, bool, str | None]]) -> list[Played]:
    out: list[Played] = []
    for i, (p, helped, day) in enumerate(games):
        v2: dict[str, Any] = {"hints": int(helped)}
        if day:
            v2["daily"] = day
        out.append((f"{prefix}{i}", p * 10, v2))
    return out


@settings(max_examples=40, deadline=None)
@given(played_st, played_st, played_st)
def test_merge_of_version_2_copies_counts_every_game_once(
    base: list[tuple[int, bool, str | None]],
    xs: list[tuple[int, bool, str | None]],
    ys: list[tuple[int, bool, str | None]],
) -> None:
    b, x, y = _named("b", base), _named("x", xs), _named("y", ys)
    common = _add_v2(empty_records(5), b)
    res = merge_records(_add_v2(common, x), _add_v2(common, y))
    assert res.complete
    serial = _add_v2(empty_records(5), b + x + y)
    assert res.doc == serial
    own = [p for _, p, v2 in b + x + y if not v2["hints"]]
    helped = [p for _, p, v2 in b + x + y if v2["hints"]]
    assert res.doc["stats"]["games"] == len(own) and res.doc["stats"]["points"] == sum(own)
    assert res.doc["stats"]["assisted"] == {"games": len(helped), "points": sum(helped)}
    assert res.doc["record"] == max(own, default=0)
    ranked = {e["id"] for e in res.doc["ranking"]}
    assert not ranked & {gid for gid, _, v2 in b + x + y if v2["hints"]}
