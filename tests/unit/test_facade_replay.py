"""The facade's commands for replays, the deal of the day, hints, computer moves and
where the coming balls land."""

from __future__ import annotations

import random
from typing import Any

import pytest
from facade_calls import call, error, ok

from kugler_core.board import CELL_OF
from kugler_core.daily import deal_of_day
from kugler_core.facade import Session
from kugler_core.game import Game
from kugler_core.paths import reachable
from kugler_core.replay import encode


def a_move(state: dict[str, Any], rnd: random.Random) -> tuple[list[int], list[int]]:
    board = state["board"]
    sources = [i for i, c in enumerate(board) if c]
    rnd.shuffle(sources)
    for s in sources:
        targets = sorted(reachable(board, s))
        if targets:
            return list(CELL_OF[s]), list(CELL_OF[rnd.choice(targets)])
    raise AssertionError("no move")


def play(s: Session, moves: int, seed: int = 1) -> list[dict[str, Any]]:
    """Play up to ``moves`` random moves through the facade; returns the move replies."""
    rnd = random.Random(seed)
    state = call(s, "time", seconds=0)["result"]["state"]
    replies = []
    for _ in range(moves):
        if state["over"]:
            break
        source, target = a_move(state, rnd)
        res = ok(s, "move", **{"from": source, "to": target})
        replies.append(res)
        state = res["state"]
    return replies


# -- state ------------------------------------------------------------------------


def test_state_has_the_new_fields() -> None:
    s = Session()
    st = ok(s, "new", line=5, deal=42, id="a")["state"]
    g = Game.new(deal=42, line=5)
    assert st["landing"] == [[list(cell), colour] for cell, colour in g.landing()]
    assert len(st["landing"]) == 3
    assert (st["history_known"], st["hints"], st["computer"], st["assisted"], st["daily"]) == (
        True, 0, 0, False, None)
    assert st["counts_for_record"] is True
    assert st["save"]["version"] == 3 and st["save"]["history"] == []
    assert st["rule"] == st["save"]["rule"] == 2  # every new game plays by rule 2


def test_landing_follows_every_move_undo_and_load() -> None:
    s = Session()
    ok(s, "new", line=4, deal=8, id="a")
    for res in play(s, 10, seed=2):
        st = res["state"]
        g = Game.from_dict(st["save"])
        assert st["landing"] == [[list(c), k] for c, k in g.landing()]
    if s.game is not None and s.game.can_undo:
        st = ok(s, "undo")["state"]
        assert st["landing"] == [[list(c), k] for c, k in Game.from_dict(st["save"]).landing()]
    assert s.game is not None
    save = s.game.to_dict()
    st = ok(Session(), "load", save=save)["state"]
    assert st["landing"] == [[list(c), k] for c, k in s.game.landing()]


def test_the_marks_are_where_the_balls_land_after_a_move_that_makes_no_line() -> None:
    """Rule 2 through the protocol: after a move that makes no line, every new ball
    whose marked cell the move did not take stands on its mark; a move that makes a
    line keeps the marks."""
    s = Session()
    st = ok(s, "new", line=5, deal=1234, id="a")["state"]
    rnd = random.Random(5)
    checked = 0
    for _ in range(60):
        if st["over"]:
            break
        source, target = a_move(st, rnd)
        res = ok(s, "move", **{"from": source, "to": target})
        turn = res["turn"]
        if not turn["lines"]:
            spawned = turn["spawned"][:len(st["landing"])]
            if list(target) not in [cell for cell, _ in st["landing"]]:
                assert spawned == st["landing"]
                checked += 1
            else:
                for ball, mark in zip(spawned, st["landing"], strict=True):
                    assert ball == mark or mark[0] == list(target)
        elif not turn["spawned"]:
            assert res["state"]["landing"] == st["landing"]
        st = res["state"]
    assert checked > 0


def test_an_old_game_has_no_history() -> None:
    g = Game.new(deal=5, line=5, id="old")
    old = {k: v for k, v in g.to_dict().items()
           if k not in ("history", "hints", "computer", "daily", "rule", "landing")}
    st = ok(Session(), "load", save={**old, "version": 1})["state"]
    assert st["history_known"] is False and st["save"]["history"] is None
    assert st["rule"] == st["save"]["rule"] == 1 and st["save"]["landing"] is None


# -- new daily, daily --------------------------------------------------------------


def test_new_daily_game() -> None:
    s = Session()
    st = ok(s, "new", line=5, daily="2026-03-01", id="d")["state"]
    assert st["deal"] == deal_of_day("2026-03-01") and st["daily"] == "2026-03-01"
    assert st["save"]["daily"] == "2026-03-01"
    assert ok(s, "daily", date="2026-03-01") == {"deal": deal_of_day("2026-03-01")}


@pytest.mark.parametrize("args", [
    {"line": 5, "daily": "2026-03-01", "deal": 3},
    {"line": 5, "daily": "2026-03-01", "entropy": 3},
    {"line": 5, "daily": "2026-02-30"},
    {"line": 5, "daily": "2026-03-01T00:00Z"},
    {"line": 5, "daily": 20260301},
    {"line": 5, "daily": None},
])
def test_new_daily_bad_arguments(args: dict[str, Any]) -> None:
    s = Session()
    ok(s, "new", line=4, deal=9)
    before = s.game.to_dict() if s.game else None
    assert error(s, "new", **args)[0] == "bad_request"
    assert (s.game.to_dict() if s.game else None) == before


@pytest.mark.parametrize("args", [{}, {"date": "x"}, {"date": "2026-1-1"}, {"date": 1},
                                  {"date": "2026-01-01", "x": 1}])
def test_daily_bad_arguments(args: dict[str, Any]) -> None:
    assert error(Session(), "daily", **args)[0] == "bad_request"


# -- hints and computer moves -----------------------------------------------------------


def test_hint_shown_and_computer_moves_are_counted() -> None:
    s = Session()
    assert error(s, "hint_shown")[0] == "no_game"
    st = ok(s, "new", line=5, deal=42, id="a")["state"]
    st = ok(s, "hint_shown")["state"]
    assert (st["hints"], st["assisted"], st["save"]["hints"]) == (1, True, 1)
    source, target = a_move(st, random.Random(1))
    st = ok(s, "move", **{"from": source, "to": target, "by": "computer"})["state"]
    assert (st["computer"], st["save"]["computer"]) == (1, 1)
    st = ok(s, "undo")["state"]
    assert (st["hints"], st["computer"], st["assisted"]) == (1, 1, True)
    assert error(s, "hint_shown", x=1)[0] == "bad_request"
    before = s.game.to_dict() if s.game else None
    assert error(s, "move", **{"from": source, "to": target, "by": "robot"})[0] == "bad_request"
    assert (s.game.to_dict() if s.game else None) == before


def test_no_hint_after_the_end() -> None:
    s = Session()
    full = "\n".join("".join(str((r * 3 + c) % 7 + 1) for c in range(9)) for r in range(9))
    ok(s, "load", save=Game.from_text(full, id="f").to_dict())
    assert error(s, "hint_shown")[0] == "game_over"


# -- replay_encode, replay_decode -------------------------------------------------------


def test_replay_round_trip_gives_every_frame() -> None:
    s = Session()
    start = ok(s, "new", line=4, deal=77, id="a")["state"]
    replies = play(s, 200, seed=3)
    assert s.game is not None and s.game.history is not None
    history = [list(m) for m in s.game.history]
    code = ok(s, "replay_encode", deal=77, line=4, history=history, rule=2)["code"]
    assert code == encode(77, 4, s.game.history, 2)
    res = ok(Session(), "replay_decode", code=code)
    assert (res["deal"], res["line"], res["history"], res["rule"]) == (77, 4, history, 2)
    frames = res["frames"]
    assert len(frames) == len(replies) + 1
    assert frames[0] == {"board": start["board"], "next": start["next"], "score": 0,
                         "moves": 0, "over": False, "turn": None}
    for frame, reply in zip(frames[1:], replies, strict=True):
        st = reply["state"]
        assert frame == {"board": st["board"], "next": st["next"], "score": st["score"],
                         "moves": st["moves"], "over": st["over"], "turn": reply["turn"]}


def test_replay_encode_errors() -> None:
    s = Session()
    assert error(s, "replay_encode", deal=42, line=5, history=[[0, 1]], rule=2) == (
        "bad_replay", "move 1 ([0, 0] to [0, 1]) is not legal: no ball at (0, 0)")
    for args in ({"deal": 0, "line": 5, "history": [], "rule": 2},
                 {"deal": 1, "line": 3, "history": [], "rule": 2},
                 {"deal": 1, "line": 5, "history": [[0]], "rule": 2},
                 {"deal": 1, "line": 5, "history": [[0, 81]], "rule": 2},
                 {"deal": 1, "line": 5, "history": "abc", "rule": 2},
                 {"deal": 1, "line": 5, "history": 5, "rule": 2},
                 {"deal": 1, "line": 5, "rule": 2},
                 {"deal": 1, "line": 5, "history": []},
                 {"deal": 1, "line": 5, "history": [], "rule": 3},
                 {"deal": 1, "line": 5, "history": [], "rule": "2"},
                 {"deal": 1, "line": 5, "history": [], "rule": 2, "x": 1}):
        assert error(s, "replay_encode", **args)[0] == "bad_request", args


@pytest.mark.parametrize(("code", "word"), [
    ("", "empty"),
    ("AQUAAAAqAAABPAD9pN9", "damaged"),
    ("AQUAAAAqAAABPAD9pN9x", "damaged"),
    ("AQUA!", "characters"),
])
def test_replay_decode_errors(code: str, word: str) -> None:
    s = Session()
    ok(s, "new", line=5, deal=3)
    before = s.game.to_dict() if s.game else None
    got = error(s, "replay_decode", code=code)
    assert got[0] == "bad_replay" and word in got[1]
    assert (s.game.to_dict() if s.game else None) == before
    assert error(s, "replay_decode", code=5)[0] == "bad_request"
    assert error(s, "replay_decode")[0] == "bad_request"


# -- fragment ----------------------------------------------------------------------------


def test_fragment_gives_the_replay_code() -> None:
    code = encode(42, 5, [(30, 0)], 2)
    res = ok(Session(), "fragment", text=f"#replay={code}")
    assert res == {"deal": None, "daily": False, "line": None, "replay": code, "notices": []}
    res = ok(Session(), "fragment", text="#replay=a+b")
    assert res["replay"] is None and [n["code"] for n in res["notices"]] == ["bad_replay"]


def test_replay_encode_takes_a_ranking_entrys_stored_history() -> None:
    """A ranking entry keeps its moves packed (records.pack_history): the page
    passes them as they are and gets the same code as from the game's list."""
    from kugler_core.records import pack_history

    s = Session()
    ok(s, "new", line=4, deal=11)
    play(s, 12)
    game = s.game
    assert game is not None and game.history
    history = [list(pair) for pair in game.history]
    packed = pack_history(history)
    assert isinstance(packed, str)
    from_list = ok(s, "replay_encode", deal=11, line=4, history=history, rule=2)["code"]
    assert ok(s, "replay_encode", deal=11, line=4, history=packed, rule=2)["code"] == from_list
    assert error(s, "replay_encode", deal=11, line=4, history=packed[:-1], rule=2
                 )[0] == "bad_request"
