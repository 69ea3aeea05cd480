"""The JSON facade: every command, every error code, and that errors change nothing."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from facade_calls import call, code, ok

from kugler_core.documents import default_settings
from kugler_core.facade import Session
from kugler_core.game import Game
from kugler_core.records import empty_records, unpack_history
from kugler_core.rng import MAX_DEAL

DATE = "2026-11-29T18:00:00.000Z"

# The ball at (2,4) rolls up to (0,4) and completes 5 ones; (8,8) is walled in.
LINE_READY = """
1111.....
.........
....1....
.........
.........
.........
.........
.......22
.......23
"""

FULL = "\n".join(
    "".join(str((r * 3 + c) % 7 + 1) for c in range(9)) for r in range(9)
)  # no two neighbours (any direction) share a colour: no line stands


def save_of(diagram: str, *, line: int = 5, gid: str = "t1", deal: int = 3) -> dict[str, Any]:
    return Game.from_text(diagram, next=(4, 5, 6), line=line, deal=deal, id=gid).to_dict()


def finished(gid: str = "done", fives: int = 2, line: int = 5) -> dict[str, Any]:
    """A finished game document (full board) that removed ``fives`` lines of 5."""
    d = save_of(FULL, gid=gid, line=line)
    d["lines"] = {"5": fives} if fives else {}
    d["score"] = fives * (10 if line == 5 else 20)
    return d


def loaded(diagram: str = LINE_READY, **kw: Any) -> Session:
    s = Session()
    ok(s, "load", save=save_of(diagram, **kw))
    return s


def snapshot(s: Session) -> Any:
    return None if s.game is None else s.game.to_dict()


# -- protocol -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "", "{", "nul", "[1,2]", "42", '"move"', "null", "true", "NaN",
        '{"cmd": "time", "args": {"seconds": NaN}}',
        '{"cmd": "time", "args": {"seconds": Infinity}}',
        '{"cmd": "nope"}', '{"cmd": 5}', '{"args": {}}', '{"cmd": "new", "args": []}',
        '{"cmd": "new", "args": "x"}', '{"cmd": "undo", "extra": 1}',
        '{"cmd": "new", "id": [1], "args": {"line": 5, "deal": 1}}',
        "[" * 100_000, '{"a":' * 5000,
        '{"cmd": "time", "args": {"seconds": ' + "9" * 5000 + "}}",
    ],
)
def test_malformed_requests_are_bad_requests(text: str) -> None:
    s = loaded()
    before = snapshot(s)
    reply = json.loads(s.handle_json(text))
    assert reply["ok"] is False
    assert reply["error"]["code"] == "bad_request"
    assert "id" not in reply
    assert snapshot(s) == before


def test_non_text_to_handle_json() -> None:
    reply = json.loads(Session().handle_json(b"{}"))  # type: ignore[arg-type]
    assert reply["error"]["code"] == "bad_request"


@pytest.mark.parametrize("rid", [7, "abc", None, 1.5, True, 0])
def test_scalar_ids_are_echoed(rid: Any) -> None:
    s = Session()
    good = call(s, "settings_load", rid=rid, doc=None)
    bad = call(s, "nope", rid=rid)
    assert good["id"] == rid and bad["id"] == rid
    assert good["ok"] and not bad["ok"]


def test_no_id_no_echo() -> None:
    reply = json.loads(Session().handle_json('{"cmd": "settings_load", "args": {"doc": null}}'))
    assert reply == {"ok": True, "result": {"settings": default_settings(), "variants": [5, 4]}}


def test_handle_takes_objects() -> None:
    s = Session()
    reply = s.handle({"id": 3, "cmd": "new", "args": {"line": 4, "deal": 9}})
    assert reply["id"] == 3 and reply["ok"] and reply["result"]["state"]["line"] == 4
    assert s.handle(object())["error"]["code"] == "bad_request"
    assert s.handle({"cmd": "new", "args": {1: 2}})["error"]["code"] == "bad_request"


def test_unexpected_exception_is_internal_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = loaded()
    before = snapshot(s)

    def boom(self: Game, a: object, b: object, by: str = "player") -> None:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(Game, "move", boom)
    reply = call(s, "move", **{"from": [2, 4], "to": [0, 4], "seconds": 50})
    assert reply["error"] == {"code": "internal", "message": "RuntimeError: kaboom"}
    assert snapshot(s) == before


def test_replies_are_ascii_json_even_with_lone_surrogates() -> None:
    text = Session().handle_json('{"id": "\\ud800", "cmd": "\\udfff"}')
    assert text.isascii()
    assert json.loads(text)["error"]["code"] == "bad_request"


# -- new --------------------------------------------------------------------------


def test_new_with_deal() -> None:
    s = Session()
    st = ok(s, "new", line=5, deal=42, id="abc")["state"]
    g = Game.new(deal=42, line=5, id="abc")
    assert st["board"] == list(g.board) and st["next"] == list(g.next)
    assert (st["deal"], st["line"], st["id"], st["score"], st["moves"]) == (42, 5, "abc", 0, 0)
    assert (st["over"], st["can_undo"], st["seconds"], st["lines"]) == (False, False, 0, {})
    assert st["save"] == g.to_dict()


@pytest.mark.parametrize(
    ("entropy", "deal"), [(0, 1), (MAX_DEAL - 1, MAX_DEAL), (MAX_DEAL, 1), (2**53 + 5, None)]
)
def test_new_with_entropy(entropy: int, deal: int | None) -> None:
    st = ok(Session(), "new", line=4, entropy=entropy)["state"]
    assert st["deal"] == (deal if deal is not None else 1 + entropy % MAX_DEAL)
    assert 1 <= st["deal"] <= MAX_DEAL and st["id"] == ""


@pytest.mark.parametrize(
    "args",
    [
        {}, {"deal": 1}, {"line": 5}, {"line": 5, "deal": 1, "entropy": 1},
        {"line": 6, "deal": 1}, {"line": True, "deal": 1}, {"line": "5", "deal": 1},
        {"line": 5.0, "deal": 1}, {"line": 5, "deal": 0}, {"line": 5, "deal": MAX_DEAL + 1},
        {"line": 5, "deal": "7"}, {"line": 5, "deal": 7.0}, {"line": 5, "deal": True},
        {"line": 5, "entropy": -1}, {"line": 5, "entropy": 1.5}, {"line": 5, "entropy": None},
        {"line": 5, "deal": 1, "id": 5}, {"line": 5, "deal": 1, "id": "x" * 65},
        {"line": 5, "deal": 1, "colour": 3},
    ],
)
def test_new_bad_arguments(args: dict[str, Any]) -> None:
    s = loaded()
    before = snapshot(s)
    assert code(s, "new", **args) == "bad_request"
    assert snapshot(s) == before


# -- load -------------------------------------------------------------------------


def test_load_gives_the_state_of_the_save() -> None:
    save = save_of(LINE_READY)
    st = ok(Session(), "load", save=save)["state"]
    assert st["save"] == save and st["id"] == "t1" and st["board"][0:4] == [1, 1, 1, 1]


def test_the_state_tells_the_boards_size() -> None:
    st = ok(Session(), "new", line=5, deal=4)["state"]
    assert st["size"] == 9 and len(st["board"]) == st["size"] ** 2
    assert len(st["save"]["board"]) == st["size"]  # the stored document's rows


def _tampered(key: str, value: Any) -> dict[str, Any]:
    d = save_of(LINE_READY)
    d[key] = value
    return d


@pytest.mark.parametrize(
    ("save", "expected"),
    [
        (None, "bad_document"),
        ([], "bad_document"),
        ("x", "bad_document"),
        ({}, "bad_document"),
        (_tampered("score", -1), "bad_document"),
        (_tampered("score", 10), "bad_document"),  # not the sum of its lines
        (_tampered("board", ["." * 10] * 9), "bad_document"),
        (_tampered("board", ["8" * 9] * 9), "bad_document"),
        (_tampered("over", True), "bad_document"),
        (_tampered("version", 0), "bad_document"),
        (_tampered("version", 4), "newer_version"),
        (_tampered("kind", "kugler/records"), "bad_document"),
    ],
)
def test_failed_load_leaves_the_game(save: Any, expected: str) -> None:
    s = loaded(FULL, gid="keep")
    before = snapshot(s)
    assert code(s, "load", save=save) == expected
    assert snapshot(s) == before


def test_load_needs_save() -> None:
    assert code(Session(), "load") == "bad_request"
    assert code(Session(), "load", save=None, extra=1) == "bad_request"


# -- move, reach, undo, time ------------------------------------------------------------


def test_move_scores_a_line_and_saves_the_time() -> None:
    s = loaded()
    res = ok(s, "move", **{"from": [2, 4], "to": [0, 4], "seconds": 77})
    turn, st = res["turn"], res["state"]
    assert turn["path"] == [[2, 4], [1, 4], [0, 4]]
    assert turn["points"] == 10 and turn["spawned"] == []
    assert sorted(map(tuple, turn["lines"][0]["cells"])) == [(0, c) for c in range(5)]
    assert [e["type"] for e in turn["events"]][:2] == ["roll", "clear"]
    assert st["score"] == 10 and st["moves"] == 1 and st["lines"] == {"5": 1}
    assert st["seconds"] == 77 and st["save"]["seconds"] == 77 and st["can_undo"]
    assert st["board"][0:5] == [0] * 5


def test_move_without_line_spawns() -> None:
    s = loaded()
    res = ok(s, "move", **{"from": [2, 4], "to": [4, 4]})
    assert len(res["turn"]["spawned"]) == 3 and res["state"]["seconds"] == 0
    assert sum(1 for c in res["state"]["board"] if c) == 9 + 3


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ({"from": [5, 5], "to": [5, 6]}, "no_ball"),
        ({"from": [2, 4], "to": [0, 0]}, "target_taken"),
        ({"from": [8, 8], "to": [0, 8]}, "unreachable"),
        ({"from": [9, 0], "to": [0, 4]}, "bad_request"),
        ({"from": [-1, 0], "to": [0, 4]}, "bad_request"),
        ({"from": [2, 4], "to": [0, 9]}, "bad_request"),
        ({"from": [2], "to": [0, 4]}, "bad_request"),
        ({"from": [2, 4, 0], "to": [0, 4]}, "bad_request"),
        ({"from": [True, 4], "to": [0, 4]}, "bad_request"),
        ({"from": [2.0, 4], "to": [0, 4]}, "bad_request"),
        ({"from": "2,4", "to": [0, 4]}, "bad_request"),
        ({"from": {"r": 2, "c": 4}, "to": [0, 4]}, "bad_request"),
        ({"from": None, "to": [0, 4]}, "bad_request"),
        ({"from": [2, 4]}, "bad_request"),
        ({"from": [2, 4], "to": [0, 4], "seconds": -1}, "bad_request"),
        ({"from": [2, 4], "to": [0, 4], "seconds": 10**8 + 1}, "bad_request"),
        ({"from": [2, 4], "to": [0, 4], "seconds": True}, "bad_request"),
        ({"from": [2, 4], "to": [0, 4], "seconds": 3.0}, "bad_request"),
        ({"from": [2, 4], "to": [0, 4], "speed": 3}, "bad_request"),
    ],
)
def test_move_errors_change_nothing(args: dict[str, Any], expected: str) -> None:
    s = loaded()
    ok(s, "time", seconds=5)
    before = snapshot(s)
    assert code(s, "move", **args) == expected
    assert snapshot(s) == before


def test_failed_move_keeps_the_old_seconds() -> None:
    s = loaded()
    assert code(s, "move", **{"from": [8, 8], "to": [0, 8], "seconds": 999}) == "unreachable"
    assert s.game is not None and s.game.seconds == 0


def test_move_when_over() -> None:
    s = loaded(FULL)
    assert code(s, "move", **{"from": [0, 0], "to": [0, 1]}) == "game_over"


@pytest.mark.parametrize("cmd", ["move", "reach", "undo", "time"])
def test_no_game(cmd: str) -> None:
    each: dict[str, dict[str, Any]] = {
        "move": {"from": [0, 0], "to": [0, 1]}, "reach": {"from": [0, 0]},
        "undo": {}, "time": {"seconds": 1},
    }
    args = each[cmd]
    s = Session()
    assert code(s, cmd, **args) == "no_game"
    assert s.game is None


def test_reach() -> None:
    s = loaded()
    cells = ok(s, "reach", **{"from": [2, 4]})["cells"]
    assert [0, 4] in cells and [8, 0] in cells and [0, 0] not in cells
    assert cells == sorted(cells) and len(cells) == 81 - 9
    assert ok(s, "reach", **{"from": [8, 8]})["cells"] == []
    assert code(s, "reach", **{"from": [5, 5]}) == "no_ball"
    assert code(s, "reach", **{"from": [5, 9]}) == "bad_request"
    assert code(s, "reach") == "bad_request"


def test_undo() -> None:
    s = loaded()
    before = snapshot(s)
    assert code(s, "undo") == "nothing_to_undo"
    ok(s, "move", **{"from": [2, 4], "to": [4, 4], "seconds": 30})
    st = ok(s, "undo", seconds=31)["state"]
    assert st["board"] == list(Game.from_dict(before).board)
    assert st["moves"] == 0 and not st["can_undo"] and st["seconds"] == 31
    after = snapshot(s)
    assert code(s, "undo", seconds=40) == "nothing_to_undo"
    assert snapshot(s) == after
    assert code(s, "undo", seconds="1") == "bad_request"


def test_time() -> None:
    s = loaded()
    assert ok(s, "time", seconds=123)["state"]["save"]["seconds"] == 123
    for bad in (-1, 10**8 + 1, "5", None, 1.0, False):
        assert code(s, "time", seconds=bad) == "bad_request"
    assert code(s, "time") == "bad_request"
    assert s.game is not None and s.game.seconds == 123


# -- records ------------------------------------------------------------------------


def test_records_load() -> None:
    s = Session()
    res = ok(s, "records_load", doc=None, line=4)
    assert res["records"] == empty_records(4)
    assert res["summary"]["games"] == 0 and res["summary"]["average"] == 0.0
    doc = ok(s, "records_add", records=None, game=finished(), date=DATE)["records"]
    again = ok(s, "records_load", doc=doc, line=5)
    assert again["records"] == doc and again["summary"]["best"] == 20
    v1 = copy.deepcopy(doc)
    v1["version"] = 1
    del v1["stats"]["assisted"], v1["stats"]["daily"], v1["ranking"][0]["history"]
    del v1["ranking"][0]["rule"], v1["stats"]["recent"][0]["assisted"]
    read = ok(s, "records_load", doc=v1, line=5)["records"]  # version 1 is read
    assert doc["ranking"][0]["rule"] == 2 and read["ranking"][0]["rule"] == 1  # of rule 1
    doc["ranking"][0]["rule"] = 1
    assert read == doc


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ({"doc": {"kind": "kugler/records"}, "line": 5}, "bad_document"),
        ({"doc": dict(empty_records(5), version=4), "line": 5}, "newer_version"),
        ({"doc": dict(empty_records(5), record=-1), "line": 5}, "bad_document"),
        ({"doc": empty_records(4), "line": 5}, "bad_document"),
        ({"doc": "[]", "line": 5}, "bad_document"),
        ({"doc": None, "line": 3}, "bad_request"),
        ({"doc": None}, "bad_request"),
        ({"line": 5}, "bad_request"),
    ],
)
def test_records_load_errors(args: dict[str, Any], expected: str) -> None:
    assert code(Session(), "records_load", **args) == expected


def test_records_add() -> None:
    s = Session()
    first = ok(s, "records_add", records=None, game=finished("a", 2), date=DATE, name="Ann")
    assert first["rank"] == 1 and first["new_record"] and first["previous_record"] == 0
    assert not first["already_counted"] and first["summary"]["games"] == 1
    assert first["records"]["ranking"][0]["name"] == "Ann"
    again = ok(s, "records_add", records=first["records"], game=finished("a", 2), date=DATE)
    assert again["already_counted"] and again["records"] == first["records"]
    second = ok(s, "records_add", records=first["records"], game=finished("b", 3), date=DATE,
                name=None)
    assert second["rank"] == 1 and second["new_record"] and second["previous_record"] == 20
    zero = ok(s, "records_add", records=second["records"], game=finished("c", 0), date=DATE)
    assert zero["rank"] == 3 and zero["summary"]["games"] == 3  # 0 points: ranked too
    four = ok(s, "records_add", records=None, game=finished("d", 1, line=4), date=DATE)
    assert four["records"]["line"] == 4 and four["records"]["record"] == 20


def test_records_add_reports_help_and_daily_bests_of_a_version_1_game() -> None:
    res = ok(Session(), "records_add", records=None, game=finished("a", 2), date=DATE)
    assert res["assisted"] is False
    assert res["daily_best"] is None and res["daily_beaten"] is False
    assert res["records"]["version"] == 3 and res["records"]["ranking"][0]["history"] is None
    assert res["summary"]["assisted"] == {"games": 0, "points": 0}
    assert res["summary"]["daily"] == []


def test_records_add_counts_an_assisted_game_apart() -> None:
    s = Session()
    first = ok(s, "records_add", records=None, game=finished("a", 2), date=DATE)
    helped = dict(finished("h", 3), hints=1)
    res = ok(s, "records_add", records=first["records"], game=helped, date=DATE)
    assert res["assisted"] is True and res["rank"] is None and not res["new_record"]
    assert res["records"]["record"] == 20 and res["records"]["ranking"] == (
        first["records"]["ranking"])
    assert res["summary"]["assisted"] == {"games": 1, "points": 30}
    assert res["summary"]["games"] == 1


def test_the_state_says_whether_the_game_can_set_the_record() -> None:
    """counts_for_record is records.py's rule: true until a hint is shown or the
    computer moves, and then never again (undo and a reload keep it false); a
    finished game's records_add agrees with it."""
    s = Session()
    st = ok(s, "new", line=5, deal=42, id="a")["state"]
    assert st["counts_for_record"] is True
    for _ in range(2):  # the player's own moves (the suggestion only read here)
        move = ok(s, "suggest", strength="quick")["move"]
        st = ok(s, "move", **{"from": move["from"], "to": move["to"]})["state"]
    assert st["counts_for_record"] is True
    st = ok(s, "hint_shown")["state"]
    assert st["counts_for_record"] is False and st["assisted"] is True
    assert ok(s, "undo")["state"]["counts_for_record"] is False
    assert ok(Session(), "load", save=st["save"])["state"]["counts_for_record"] is False
    computer = Session()
    ok(computer, "new", line=5, deal=42, id="b")
    move = ok(computer, "suggest", strength="quick")["move"]
    st = ok(computer, "move", **{"from": move["from"], "to": move["to"], "by": "computer"})["state"]
    assert st["counts_for_record"] is False
    for counts in (True, False):
        doc = dict(finished(f"over-{counts}"), hints=0 if counts else 1)
        assert ok(Session(), "load", save=doc)["state"]["counts_for_record"] is counts
        res = ok(Session(), "records_add", records=None, game=doc, date="2026-01-02T10:00:00Z")
        assert (res["rank"] is not None, res["new_record"]) == (counts, counts)


def test_records_add_keeps_the_moves_of_a_ranked_game() -> None:
    s = Session()
    g = Game.new(deal=11, line=4, id="played")
    while not g.over:
        balls = [i for i, c in enumerate(g.board) if c]
        source, target = next(
            ((i // 9, i % 9), t) for i in balls
            for t in sorted(g.reachable((i // 9, i % 9)))[:1]
        )
        g.move(source, target)
    doc = g.to_dict()
    res = ok(s, "records_add", records=None, game=doc, date=DATE)
    entry = res["records"]["ranking"][0]
    assert entry["moves"] == g.moves
    assert unpack_history(entry["history"]) == doc["history"]


def test_records_add_keeps_a_hostile_name_as_text() -> None:
    name = "<img src=x onerror=alert(1)>"
    res = ok(Session(), "records_add", records=None, game=finished(), date=DATE, name=name)
    assert res["records"]["ranking"][0]["name"] == name[:24]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ({"records": None, "game": save_of(LINE_READY), "date": DATE}, "bad_request"),
        ({"records": None, "game": finished(""), "date": DATE}, "bad_request"),
        ({"records": None, "game": finished(), "date": "soon"}, "bad_request"),
        ({"records": None, "game": finished(), "date": 5}, "bad_request"),
        ({"records": None, "game": finished(), "date": DATE, "name": 5}, "bad_request"),
        ({"records": None, "game": finished(), "date": DATE, "name": "x" * 1001}, "bad_request"),
        ({"records": None, "game": finished()}, "bad_request"),
        ({"records": None, "game": {"kind": "kugler/game"}, "date": DATE}, "bad_document"),
        ({"records": None, "game": dict(finished(), score=5), "date": DATE}, "bad_document"),
        ({"records": {"x": 1}, "game": finished(), "date": DATE}, "bad_document"),
        ({"records": empty_records(4), "game": finished(), "date": DATE}, "bad_document"),
        ({"records": dict(empty_records(5), version=9), "game": finished(), "date": DATE},
         "newer_version"),
    ],
)
def test_records_add_errors(args: dict[str, Any], expected: str) -> None:
    assert code(Session(), "records_add", **args) == expected


def test_records_merge() -> None:
    s = Session()
    base = ok(s, "records_add", records=None, game=finished("b", 1), date=DATE)["records"]
    tab_a = ok(s, "records_add", records=base, game=finished("a", 2), date=DATE)["records"]
    tab_b = ok(s, "records_add", records=base, game=finished("x", 3), date=DATE)["records"]
    res = ok(s, "records_merge", a=tab_a, b=tab_b, line=5)
    assert res["complete"] and res["summary"]["games"] == 3 and res["records"]["record"] == 30
    assert [e["id"] for e in res["records"]["ranking"]] == ["x", "a", "b"]
    assert ok(s, "records_merge", a=None, b=tab_b, line=5)["records"] == tab_b
    assert ok(s, "records_merge", a=tab_a, b=None, line=5)["records"] == tab_a
    assert code(s, "records_merge", a=tab_a, b=empty_records(4), line=5) == "bad_document"
    assert code(s, "records_merge", a=dict(tab_a, version=4), b=None, line=5) == "newer_version"
    assert code(s, "records_merge", a=tab_a, b=None, line=4) == "bad_document"
    assert code(s, "records_merge", a=tab_a, b=None) == "bad_request"


# -- settings, fragment -------------------------------------------------------------------


def test_settings_load() -> None:
    s = Session()
    assert ok(s, "settings_load", doc=None)["settings"] == default_settings()
    doc = dict(default_settings(), language="sv", line=4, speed="fast", marks=True,
               symbols=True, sound=True, volume=35, watch_speed="max")
    assert ok(s, "settings_load", doc=doc)["settings"] == doc
    partial = {"kind": "kugler/settings", "version": 1, "language": "da"}
    assert ok(s, "settings_load", doc=partial)["settings"] == dict(
        default_settings(), language="da")
    v1 = {"kind": "kugler/settings", "version": 1, "language": "en", "line": 4,
          "reduced_motion": True}
    assert ok(s, "settings_load", doc=v1)["settings"] == dict(
        default_settings(), language="en", line=4, speed="off")
    assert code(s, "settings_load", doc=dict(doc, language="de")) == "bad_document"
    assert code(s, "settings_load", doc=dict(doc, volume=101)) == "bad_document"
    assert code(s, "settings_load", doc=dict(doc, speed="slow")) == "bad_document"
    assert code(s, "settings_load", doc=dict(doc, version=4)) == "newer_version"
    assert code(s, "settings_load") == "bad_request"


def test_settings_load_tells_the_variants_the_usual_first() -> None:
    s = Session()
    assert ok(s, "settings_load", doc=None)["variants"] == [5, 4]
    four = dict(default_settings(), line=4)
    assert ok(s, "settings_load", doc=four)["variants"] == [5, 4]
    for line in ok(s, "settings_load", doc=None)["variants"]:
        assert ok(s, "records_load", doc=None, line=line)["records"]["line"] == line
        assert ok(s, "new", line=line, deal=1)["state"]["line"] == line


def test_fragment() -> None:
    s = Session()
    assert ok(s, "fragment", text="#deal=42&line=4") == {"deal": 42, "daily": False, "line": 4,
                                                          "replay": None, "notices": []}
    assert ok(s, "fragment", text="#daily&line=4") == {"deal": None, "daily": True, "line": 4,
                                                        "replay": None, "notices": []}
    res = ok(s, "fragment", text="#deal=abc&line=7&x=1")
    assert res["deal"] is None and res["line"] is None
    assert [n["code"] for n in res["notices"]] == ["bad_deal", "bad_line", "unknown_key"]
    assert all(isinstance(n["text"], str) for n in res["notices"])
    assert ok(s, "fragment", text="#deal=" + "1" * 10_000)["deal"] is None
    assert code(s, "fragment", text=5) == "bad_request"
    assert code(s, "fragment") == "bad_request"


# -- export, import -----------------------------------------------------------------------


def _parts() -> dict[str, Any]:
    s = Session()
    r5 = ok(s, "records_add", records=None, game=finished("a", 2), date=DATE)["records"]
    return {
        "game": save_of(LINE_READY),
        "records": {"4": None, "5": r5},
        "settings": dict(default_settings(), language="en"),
        "date": DATE,
    }


def test_export_import_round_trip() -> None:
    s = Session()
    parts = _parts()
    doc = ok(s, "export", **parts)["doc"]
    assert doc["kind"] == "kugler/export" and doc["version"] == 1 and doc["date"] == DATE
    back = ok(s, "import", doc=json.loads(json.dumps(doc)))
    assert back["game"] == parts["game"]
    assert back["records"] == {"4": empty_records(4), "5": parts["records"]["5"]}
    assert back["settings"] == parts["settings"]
    none = ok(s, "export", game=None, records={}, settings=None, date=DATE)["doc"]
    assert ok(s, "import", doc=none)["game"] is None


def _export_with(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    s = Session()
    doc: dict[str, Any] = copy.deepcopy(ok(s, "export", **_parts())["doc"])
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return doc


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        (("version",), 2, "newer_version"),
        (("version",), 0, "bad_document"),
        (("kind",), "kugler/game", "bad_document"),
        (("game", "score"), -5, "bad_document"),
        (("game", "version"), 4, "newer_version"),
        (("records", "5", "record"), 999, "bad_document"),
        (("records", "5", "version"), 4, "newer_version"),
        (("records", "5", "stats", "daily"), {"2026-11-29": 999}, "bad_document"),
        (("records", "5", "ranking", 0, "history"), "0", "bad_document"),
        (("settings", "version"), 4, "newer_version"),
        (("settings", "volume"), 101, "bad_document"),
        (("settings", "speed"), "slow", "bad_document"),
        (("settings", "look"), "auto", "bad_document"),
        (("records", "4"), {"kind": "kugler/records"}, "bad_document"),
        (("records", "6"), None, "bad_document"),
        (("settings", "line"), 6, "bad_document"),
        (("settings",), None, "bad_document"),
        (("date",), "never", "bad_document"),
        (("extra",), 1, "bad_document"),
    ],
)
def test_import_errors(path: tuple[str, ...], value: Any, expected: str) -> None:
    assert code(Session(), "import", doc=_export_with(path, value)) == expected


def test_import_of_an_export_with_version_1_parts() -> None:
    s = Session()
    doc = ok(s, "export", **_parts())["doc"]
    five = doc["records"]["5"]
    five["version"] = 1
    del five["stats"]["assisted"], five["stats"]["daily"]
    for e in five["ranking"]:
        del e["history"], e["rule"]
    for r in five["stats"]["recent"]:
        del r["assisted"]
    doc["settings"] = {"kind": "kugler/settings", "version": 1, "language": "en",
                       "reduced_motion": False}
    back = ok(s, "import", doc=doc)
    expected = _parts()["records"]["5"]
    for e in expected["ranking"]:
        e["rule"] = 1  # a version-1 document's games were all played by rule 1
    assert back["records"]["5"] == expected
    assert back["settings"] == dict(default_settings(), language="en", speed="normal")


def test_import_rejects_non_documents() -> None:
    bad: object
    for bad in (None, [], "x", 3):
        assert code(Session(), "import", doc=bad) == "bad_document"
    missing = _export_with(("version",), 1)
    del missing["version"]
    assert code(Session(), "import", doc=missing) == "bad_document"


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"game": {"kind": "kugler/game"}}, "bad_document"),
        ({"records": {"5": {}}}, "bad_document"),
        ({"records": []}, "bad_document"),
        ({"settings": {"kind": "kugler/settings", "version": 4}}, "newer_version"),
        ({"date": "x"}, "bad_request"),
    ],
)
def test_export_errors(change: dict[str, Any], expected: str) -> None:
    assert code(Session(), "export", **{**_parts(), **change}) == expected
