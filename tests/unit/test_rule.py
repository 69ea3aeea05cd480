"""The placement rule, version 2: where the coming balls land is fixed when they are
announced (they enter «Næste»), shown by the marks, kept by undo; games begun before
it keep rule 1 forever (their documents, records and replay codes).

Diagrams use deal SPAWN_DEAL (diagrams.py): its balls 0, 1, 2 prefer (8, 4), (1, 8)
and (2, 2).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from diagrams import SPAWN_DEAL
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import random_move_index

from kugler_core import MAX_DEAL, Game, rng
from kugler_core.board import CELL_OF
from kugler_core.errors import ReplayError
from kugler_core.facade import Session
from kugler_core.records import unpack_history
from kugler_core.replay import decode, encode, replay, verify

FIXTURES = Path(__file__).parent / "fixtures"
OLD = json.loads((FIXTURES / "rule1_games.json").read_text())
"""Games played, saved and ranked by the code before rule 2 (main 9083075): see
``made_with``; never regenerate them with the code of today."""

FALLBACK = """
    5........
    .........
    .........
    .........
    .........
    .........
    .........
    .........
    ....4....
"""
"""Ball 0's preferred cell (8, 4) is taken: its mark is a fallback, (4, 3)."""


def rows(board: tuple[int, ...] | list[int]) -> str:
    return "".join(".1234567"[c] for c in board)


# -- diagrams ------------------------------------------------------------------------


@pytest.mark.parametrize(("rule", "first"), [(2, (4, 3)), (1, (4, 2))])
def test_a_fallback_mark_holds_under_rule_2(rule: int, first: tuple[int, int]) -> None:
    """The move frees (0, 0), before the mark (4, 3) in row-major order: under rule 1
    the fallback, computed after the move, lands one cell before its mark; under
    rule 2 the ball lands on its mark."""
    g = Game.from_text(FALLBACK, next=(1, 2, 3), deal=SPAWN_DEAL, rule=rule)
    assert g.landing() == [((4, 3), 1), ((1, 8), 2), ((2, 2), 3)]
    turn = g.move((0, 0), (8, 8))
    assert turn.spawned == ((first, 1), ((1, 8), 2), ((2, 2), 3))


def test_a_ball_whose_marked_cell_the_move_takes_lands_by_its_fallback() -> None:
    g = Game.from_text("5........\n" + ".........\n" * 8, next=(1, 2, 3), deal=SPAWN_DEAL)
    assert g.landing() == [((8, 4), 1), ((1, 8), 2), ((2, 2), 3)]
    turn = g.move((0, 0), (1, 8))  # onto ball 1's mark
    board = [0] * 81
    board[17], board[76] = 5, 1  # the moved ball, ball 0 on its mark
    fallback = rng.landing(rng.ball(SPAWN_DEAL, 1), board)
    assert fallback is not None and CELL_OF[fallback] == (5, 3)
    assert turn.spawned == (((8, 4), 1), ((5, 3), 2), ((2, 2), 3))


def test_a_line_keeps_the_marks_for_the_next_move() -> None:
    g = Game.from_text("""
        1111.....
        .........
        .........
        .........
        .........
        .....2...
        .........
        ......1..
        .........
    """, next=(4, 5, 6), deal=SPAWN_DEAL)
    marks = g.landing()
    assert marks == [((8, 4), 4), ((1, 8), 5), ((2, 2), 6)]
    turn = g.move((7, 6), (0, 4))  # a line of 5: nothing comes
    assert turn.lines and not turn.spawned
    assert g.landing() == marks and g.position.landing == (76, 17, 20)
    g.undo()
    assert g.landing() == marks  # undo keeps them too
    g.move((7, 6), (0, 4))
    turn = g.move((5, 5), (5, 0))  # the next move that makes no line
    assert turn.spawned == tuple(marks)


def test_the_marks_are_announced_on_the_board_after_the_new_balls() -> None:
    g = Game.new(deal=1, line=5)
    rnd = random.Random(1)
    for _ in range(30):
        if g.over:
            break
        s, t = random_move_index(g, rnd)
        turn = g.move(CELL_OF[s], CELL_OF[t])
        if turn.spawned and not g.over:
            expected = rng.landing_on(list(g.board), 1, g.ball, g.next)
            assert g.position.landing == tuple(cell for cell, _ in expected)


def test_a_document_with_marks_that_do_not_fit_is_refused() -> None:
    g = Game.from_text(FALLBACK, next=(1, 2, 3), deal=SPAWN_DEAL)
    doc = g.to_dict()
    assert doc["rule"] == 2 and doc["landing"] == [39, 17, 20]
    for bad in ([39, 17], [39, 39, 20], [0, 17, 20], [39, 17, 81], None, "x"):
        with pytest.raises(ValueError, match="landing"):
            Game.from_dict({**doc, "landing": bad})
    with pytest.raises(ValueError, match="landing"):
        Game.from_dict({**doc, "rule": 1})  # rule 1 announces nothing
    assert Game.from_dict({**doc, "rule": 1, "landing": None}).rule == 1


# -- the property --------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, MAX_DEAL), line=st.sampled_from([4, 5]), seed=st.integers(0, 2**32))
def test_every_new_ball_stands_on_its_mark(deal: int, line: int, seed: int) -> None:
    """Rule 2, many deals, random play to the end: after every move that makes no
    line and whose target is not a marked cell, each new ball stands on its mark
    (and when the target is marked, every ball whose cell neither the move nor an
    earlier new ball took)."""
    g = Game.new(deal=deal, line=line)
    rnd = random.Random(seed)
    checked = 0
    while not g.over:
        marks = g.landing()
        s, t = random_move_index(g, rnd)
        turn = g.move(CELL_OF[s], CELL_OF[t])
        if turn.lines and not turn.spawned:
            # the same marks; a ball announced without a cell (a full board) gets one
            assert g.landing()[:len(marks)] == marks
            continue
        if turn.events[1].type == "clear":
            continue  # the move made a line that emptied the board
        placed = turn.spawned[:len(marks)]
        assert len(placed) == len(marks)
        marked = [cell for cell, _ in marks]
        if CELL_OF[t] not in marked:
            assert placed == tuple(marks)
            checked += 1
        else:
            for k, (ball, mark) in enumerate(zip(placed, marks, strict=True)):
                taken = {CELL_OF[t]} | {cell for cell, _ in placed[:k]}
                assert ball == mark or mark[0] in taken
    assert checked > 0 or g.moves < 3


# -- games played before rule 2 -------------------------------------------------------


def test_an_old_rule_game_replays_move_for_move() -> None:
    for key in ("saved", "ranked"):
        old = OLD[key]
        frames = replay(old["deal"], old["line"], old["history"], 1)
        assert [rows(f.position.board) for f in frames] == old["boards"]
        with pytest.raises(ReplayError):  # the same moves are another game under rule 2
            replay(old["deal"], old["line"], old["history"], 2)


def test_an_old_replay_code_decodes_under_rule_1() -> None:
    ranked = OLD["ranked"]
    found = decode(OLD["code"])
    assert tuple(found) == (ranked["deal"], ranked["line"],
                            tuple(tuple(m) for m in ranked["history"]), 1)
    assert encode(found.deal, found.line, found.moves, 1) == OLD["code"]
    reply = Session().handle({"cmd": "replay_decode", "args": {"code": OLD["code"]}})
    assert reply["ok"] and reply["result"]["rule"] == 1
    assert [rows(f["board"]) for f in reply["result"]["frames"]] == ranked["boards"]


def test_a_game_saved_before_rule_2_continues_by_its_rule_into_the_records() -> None:
    old = OLD["saved"]
    doc = old["doc"]
    assert doc["version"] == 2 and "rule" not in doc
    s = Session()
    st: dict[str, Any] = s.handle({"cmd": "load", "args": {"save": doc}})["result"]["state"]
    assert st["rule"] == 1 and st["save"]["rule"] == 1 and st["save"]["landing"] is None
    at = old["at"]
    assert rows(st["board"]) == old["boards"][at]
    assert st["landing"] == old["marks"][at]
    for n, (a, b) in enumerate(old["history"][at:], at + 1):
        # each move through the page's path: stored, loaded again, moved
        st = s.handle({"cmd": "load", "args": {"save": st["save"]}})["result"]["state"]
        reply = s.handle({"cmd": "move", "args": {"from": list(CELL_OF[a]),
                                                  "to": list(CELL_OF[b])}})
        assert reply["ok"], reply
        st = reply["result"]["state"]
        assert rows(st["board"]) == old["boards"][n], f"move {n}"
        assert st["landing"] == old["marks"][n]
    assert st["over"] and st["score"] == old["final_score"]
    assert s.game is not None and verify(s.game)
    added = s.handle({"cmd": "records_add", "args": {
        "records": OLD["records"], "game": st["save"], "date": "2026-12-01T18:00:00.000Z"}})
    assert added["ok"], added
    records = added["result"]["records"]
    assert records["version"] == 3 and records["stats"]["games"] == 2
    by_id = {e["id"]: e for e in records["ranking"]}
    assert by_id["rule1-ranked"]["rule"] == 1  # made before: rule 1
    assert by_id["rule1-saved"]["rule"] == 1  # the old game finished now: still rule 1
    for entry in records["ranking"]:
        coded = s.handle({"cmd": "replay_encode", "args": {
            "deal": entry["deal"], "line": 5, "history": entry["history"],
            "rule": entry["rule"]}})
        assert coded["ok"], coded
        frames = s.handle({"cmd": "replay_decode", "args": {"code": coded["result"]["code"]}}
                          )["result"]["frames"]
        boards = OLD["ranked" if entry["id"] == "rule1-ranked" else "saved"]["boards"]
        assert [rows(f["board"]) for f in frames] == boards
        assert unpack_history(entry["history"]) == OLD[
            "ranked" if entry["id"] == "rule1-ranked" else "saved"]["history"]


def test_the_records_made_before_rule_2_keep_their_games_rule() -> None:
    records = OLD["records"]
    assert records["version"] == 2
    reply = Session().handle({"cmd": "records_load", "args": {"doc": records, "line": 5}})
    assert reply["ok"], reply
    entry = reply["result"]["records"]["ranking"][0]
    assert entry["rule"] == 1 and entry["history"] == records["ranking"][0]["history"]


def test_a_new_game_enters_the_records_with_rule_2() -> None:
    s = Session()
    st = s.handle({"cmd": "new", "args": {"line": 5, "deal": 1999, "id": "new"}})["result"]
    st = st["state"]
    assert st["rule"] == 2
    rnd = random.Random(4)
    while not st["over"]:
        assert s.game is not None
        a, b = random_move_index(s.game, rnd)
        st = s.handle({"cmd": "move", "args": {"from": list(CELL_OF[a]),
                                               "to": list(CELL_OF[b])}})["result"]["state"]
    added = s.handle({"cmd": "records_add", "args": {
        "records": OLD["records"], "game": st["save"], "date": "2026-12-01T18:00:00.000Z"}})
    entry = next(e for e in added["result"]["records"]["ranking"] if e["id"] == "new")
    assert entry["rule"] == 2
    code = s.handle({"cmd": "replay_encode", "args": {
        "deal": 1999, "line": 5, "history": entry["history"], "rule": 2}})["result"]["code"]
    assert decode(code).rule == 2
