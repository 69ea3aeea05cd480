"""The facade's ``suggest`` command: the computer player's move with its path."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kugler_core.facade import Session
from kugler_core.game import Game
from kugler_core.paths import shortest_path

# The ball at (2,4) rolls up to (0,4) and completes 5 ones.
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

FULL = "\n".join("".join(str((r * 3 + c) % 7 + 1) for c in range(9)) for r in range(9))


def call(s: Session, rid: Any = 1, **args: Any) -> dict[str, Any]:
    reply = json.loads(s.handle_json(json.dumps({"id": rid, "cmd": "suggest", "args": args})))
    assert isinstance(reply, dict)
    return reply


def loaded(diagram: str, line: int = 5) -> Session:
    s = Session()
    save = Game.from_text(diagram, next=(4, 5, 6), line=line, deal=3, id="t").to_dict()
    assert s.handle({"cmd": "load", "args": {"save": save}})["ok"]
    return s


@pytest.mark.parametrize("strength", ["quick", "strong"])
def test_suggest_takes_the_line_with_its_path(strength: str) -> None:
    s = loaded(LINE_READY)
    before = s.game.to_dict() if s.game else None
    reply = call(s, strength=strength)
    assert reply == {"id": 1, "ok": True, "result": {"move": {
        "from": [2, 4], "to": [0, 4], "path": [[2, 4], [1, 4], [0, 4]]}}}
    assert s.game is not None and s.game.to_dict() == before


def test_strength_defaults_to_quick() -> None:
    s = loaded(LINE_READY)
    assert call(s) == call(s, strength="quick")


def test_the_path_is_the_one_the_move_takes() -> None:
    s = Session()
    assert s.handle({"cmd": "new", "args": {"line": 5, "deal": 77}})["ok"]
    for _ in range(5):
        before = s.game.to_dict() if s.game else None
        move = call(s)["result"]["move"]
        assert s.game is not None and s.game.to_dict() == before
        board = list(s.game.board)
        src, dst = move["from"], move["to"]
        expected = shortest_path(board, src[0] * 9 + src[1], dst[0] * 9 + dst[1])
        assert expected is not None
        assert move["path"] == [[i // 9, i % 9] for i in expected]
        reply = s.handle({"cmd": "move", "args": {"from": src, "to": dst}})
        assert reply["ok"] and reply["result"]["turn"]["path"] == move["path"]


def test_game_over_gives_no_move() -> None:
    s = loaded(FULL)
    assert call(s, strength="strong") == {"id": 1, "ok": True, "result": {"move": None}}


def test_no_game() -> None:
    reply = call(Session(), strength="quick")
    assert reply["ok"] is False and reply["error"]["code"] == "no_game"


@pytest.mark.parametrize("args", [
    {"strength": "hard"}, {"strength": 1}, {"strength": None}, {"strength": "Quick"},
    {"strength": "quick", "deal": 3}, {"depth": 2},
])
def test_bad_request_changes_nothing(args: dict[str, Any]) -> None:
    s = loaded(LINE_READY)
    before = s.game.to_dict() if s.game else None
    reply = call(s, **args)
    assert reply["ok"] is False and reply["error"]["code"] == "bad_request"
    assert reply["error"]["message"]
    assert s.game is not None and s.game.to_dict() == before
