"""The facade's ``review`` command: a replay code's moves judged, in chunks."""

from __future__ import annotations

import base64
import random
import zlib
from typing import Any

import pytest
from facade_calls import code, ok
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kugler_core import Game
from kugler_core.board import CELL_OF
from kugler_core.facade import Session
from kugler_core.paths import reachable
from kugler_core.player import View, choose
from kugler_core.replay import encode

GRADE_NAMES = {"best", "good", "inaccuracy", "mistake", "blunder"}
FEW = settings(max_examples=12, deadline=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def random_game(deal: int, seed: int, moves: int, computer_share: float = 0.5
                ) -> list[tuple[int, int]]:
    """The moves of a game of ``deal``: the quick player's or random legal ones."""
    g = Game.new(deal=deal)
    rnd = random.Random(seed)
    out: list[tuple[int, int]] = []
    while len(out) < moves and not g.over:
        if rnd.random() < computer_share:
            found = choose(View.of(g), "quick")
            assert found is not None
            move = found
        else:
            s = rnd.choice([i for i, c in enumerate(g.board) if c and reachable(g.board, i)])
            move = (s, rnd.choice(sorted(reachable(g.board, s))))
        out.append(move)
        g.move(CELL_OF[move[0]], CELL_OF[move[1]])
    return out


def cells(move: tuple[int, int]) -> list[list[int]]:
    return [list(CELL_OF[move[0]]), list(CELL_OF[move[1]])]


GAME = random_game(4242, 1, 6)
CODE = encode(4242, 5, GAME, 2)


def test_every_move_is_judged_with_its_better_move() -> None:
    result = ok(Session(), "review", code=CODE)
    assert result["total"] == len(GAME) == len(result["moves"])
    g = Game.new(deal=4242)
    for n, (move, judged) in enumerate(zip(GAME, result["moves"], strict=True)):
        best = choose(View.of(g), "quick")
        assert best is not None
        assert judged["index"] == n
        assert judged["played"] == cells(move) and judged["best"] == cells(best)
        assert judged["grade"] in GRADE_NAMES and judged["cost"] >= 0
        assert (judged["cost"], judged["grade"]) == (0.0, "best") or move != best
        g.move(CELL_OF[move[0]], CELL_OF[move[1]])


def test_the_computers_own_game_is_all_best() -> None:
    moves = random_game(77, 0, 5, computer_share=1.0)
    result = ok(Session(), "review", code=encode(77, 5, moves, 2))
    assert [(m["cost"], m["grade"], m["accuracy"]) for m in result["moves"]] == [
        (0.0, "best", 100.0)] * 5


def test_start_and_count_give_a_chunk() -> None:
    s = Session()
    whole = ok(s, "review", code=CODE)["moves"]
    assert ok(s, "review", code=CODE, start=2, count=3) == {"moves": whole[2:5], "total": 6}
    assert ok(s, "review", code=CODE, start=4) == {"moves": whole[4:], "total": 6}
    assert ok(s, "review", code=CODE, start=6) == {"moves": [], "total": 6}
    assert ok(s, "review", code=CODE, start=5, count=100)["moves"] == whole[5:]


def test_an_empty_game_has_nothing_to_review() -> None:
    assert ok(Session(), "review", code=encode(5, 4, [], 2)) == {"moves": [], "total": 0}


@pytest.mark.parametrize(("args", "expected"), [
    ({"code": CODE[:-2]}, "bad_replay"),
    ({"code": CODE.replace(CODE[12], "A" if CODE[12] != "A" else "B", 1)}, "bad_replay"),
    ({"code": "not a code!"}, "bad_replay"),
    ({"code": encode(4242, 5, GAME, 2)[:9] + "AAAA"}, "bad_replay"),
    ({}, "bad_request"),
    ({"code": 12}, "bad_request"),
    ({"code": CODE, "start": -1}, "bad_request"),
    ({"code": CODE, "start": 7}, "bad_request"),
    ({"code": CODE, "start": 1.5}, "bad_request"),
    ({"code": CODE, "start": True}, "bad_request"),
    ({"code": CODE, "count": -2}, "bad_request"),
    ({"code": CODE, "count": "3"}, "bad_request"),
    ({"code": CODE, "moves": 3}, "bad_request"),
])
def test_bad_arguments_are_refused_and_change_nothing(args: dict[str, Any], expected: str
                                                       ) -> None:
    s = Session()
    ok(s, "new", line=5, deal=9)
    assert s.game is not None
    before = s.game.to_dict()
    assert code(s, "review", **args) == expected
    assert s.game is not None and s.game.to_dict() == before


def test_a_code_with_an_illegal_move_is_a_bad_replay() -> None:
    """A well-formed code (its check right) whose move the rules refuse: from an
    empty cell. ``encode`` never makes one, so its bytes are laid out here."""
    empty = Game.new(deal=4242).board.index(0)
    body = bytearray([2, 5]) + (4242).to_bytes(4, "big") + (1).to_bytes(3, "big")
    body += ((empty << 7 | (empty + 1)) << 2).to_bytes(2, "big")
    body += zlib.crc32(bytes(body), zlib.crc32(b"kugler")).to_bytes(4, "big")
    forged = base64.urlsafe_b64encode(bytes(body)).rstrip(b"=").decode()
    assert code(Session(), "review", code=forged) == "bad_replay"


@FEW
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16), moves=st.integers(0, 7),
       cut=st.integers(0, 8))
def test_cost_is_never_negative_and_chunks_make_the_whole(deal: int, seed: int, moves: int,
                                                        cut: int) -> None:
    game = random_game(deal, seed, moves)
    text = encode(deal, 5, game, 2)
    s = Session()
    whole = ok(s, "review", code=text)
    assert whole["total"] == len(game)
    for judged in whole["moves"]:
        assert judged["cost"] >= 0 and judged["grade"] in GRADE_NAMES
        if judged["played"] == judged["best"]:
            assert (judged["cost"], judged["grade"], judged["accuracy"]) == (0.0, "best", 100.0)
        assert (judged["grade"] == "best") == (judged["cost"] == 0)
    cut = min(cut, len(game))
    first = ok(s, "review", code=text, count=cut)
    rest = ok(s, "review", code=text, start=cut)
    assert first["moves"] + rest["moves"] == whole["moves"]


def test_a_session_reviewing_games_in_turn_judges_each_as_a_new_one() -> None:
    other = random_game(99, 2, 5)
    other_code = encode(99, 5, other, 2)
    alone = [ok(Session(), "review", code=CODE)["moves"],
             ok(Session(), "review", code=other_code)["moves"]]
    s = Session()
    chunks: list[list[Any]] = [[], []]
    for start in range(0, 6, 2):
        for n, text in enumerate((CODE, other_code)):
            chunks[n] += ok(s, "review", code=text, start=start, count=2)["moves"]
    assert chunks == alone
    # a damaged code after a good one is still refused
    assert code(s, "review", code=CODE[:-2]) == "bad_replay"
    assert ok(s, "review", code=CODE, start=5)["moves"] == alone[0][5:]
