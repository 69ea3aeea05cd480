"""Game document version 2: history, hints, computer moves, deal of the day, and
where the coming balls land (``Game.landing``)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from diagrams import SPAWN_CELLS, SPAWN_DEAL, game, text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import random_move_index as random_move

from kugler_core import MAX_DEAL, DocumentError, Game, IllegalMove, rng
from kugler_core.board import CELL_OF
from kugler_core.daily import deal_of_day

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def played(deal: int = 9, line: int = 4, moves: int = 15, seed: int = 1, rule: int = rng.RULE
           ) -> Game:
    rnd = random.Random(seed)
    g = Game.new(deal=deal, line=line, id="h", rule=rule)
    for _ in range(moves):
        if g.over:
            break
        s, t = random_move(g, rnd)
        g.move(CELL_OF[s], CELL_OF[t])
    return g


# -- landing --------------------------------------------------------------------

EMPTYISH = """
    111......
    .........
    .........
    .........
    .........
    .........
    .........
    .........
    ........1
"""


def test_landing_shows_the_preferred_cells_of_the_coming_balls() -> None:
    g = game(EMPTYISH, next=(2, 3, 4))
    assert g.landing() == [(SPAWN_CELLS[0], 2), (SPAWN_CELLS[1], 3), (SPAWN_CELLS[2], 4)]
    turn = g.move((8, 8), (0, 3))
    assert turn.spawned == tuple(game(EMPTYISH, next=(2, 3, 4)).landing())


def test_moving_onto_a_marked_cell_moves_the_mark() -> None:
    g = game(EMPTYISH, next=(2, 3, 4))
    assert g.landing()[0] == ((8, 4), 2)
    turn = g.move((8, 8), (8, 4))  # onto the cell where ball 0 would land
    # ball 0 prefers (8, 4), now taken: it falls back among the free cells
    assert turn.spawned[0][0] != (8, 4)
    assert turn.spawned[1:] == ((SPAWN_CELLS[1], 3), (SPAWN_CELLS[2], 4))
    board = list(game(EMPTYISH).board)
    board[8 * 9 + 8], board[8 * 9 + 4] = 0, 1
    free = [i for i, c in enumerate(board) if not c]
    assert turn.spawned[0] == (CELL_OF[free[rng.ball(SPAWN_DEAL, 0).fallback % len(free)]], 2)


def test_landing_with_fewer_free_cells_than_balls() -> None:
    g = game("""
        123456712
        345671234
        567123456
        712345671
        234567123
        456712345
        671234567
        123456712
        3456712..
    """)
    assert [colour for _, colour in g.landing()] == [1, 2]  # only two cells are free
    assert {cell for cell, _ in g.landing()} == {(8, 7), (8, 8)}


def test_landing_of_a_finished_game_is_empty() -> None:
    g = game("123456712\n" * 9)
    assert g.over and g.landing() == []


def test_landing_does_not_change_the_game() -> None:
    g = played()
    doc = g.to_dict()
    g.landing()
    assert g.to_dict() == doc


def test_landing_on_is_the_rule_of_rng_landing() -> None:
    board = [0] * 81
    board[0] = 5
    got = rng.landing_on(board, 7, 3, [1, 2, 3])
    want = []
    cells = list(board)
    for k, colour in enumerate([1, 2, 3]):
        cell = rng.landing(rng.ball(7, 3 + k), cells)
        assert cell is not None
        cells[cell] = colour
        want.append((cell, colour))
    assert got == want and board[1:] == [0] * 80


@SETTINGS
@given(deal=st.integers(1, MAX_DEAL), line=st.sampled_from([4, 5]),
       seed=st.integers(0, 2**32), moves=st.integers(0, 40))
def test_rule_1_new_balls_land_where_landing_said_for_the_board_after_the_roll(
        deal: int, line: int, seed: int, moves: int) -> None:
    """Rule 1 (games begun before rule 2), in many positions: for every legal move
    that makes no line, the new balls are exactly the landing of the position with
    the ball moved."""
    g = played(deal=deal, line=line, moves=moves, seed=seed, rule=1)
    rnd = random.Random(seed)
    checked = 0
    for _ in range(30):
        if g.over:
            break
        marks = g.landing()
        assert [c for _, c in marks] == list(g.next)[:len(marks)]
        s, t = random_move(g, rnd)
        rolled = Game.from_dict(g.to_dict())
        board = list(rolled.board)
        board[t], board[s] = board[s], 0
        expected = [(CELL_OF[i], c) for i, c in
                    rng.landing_on(board, deal, g.ball, g.next)]
        turn = g.move(CELL_OF[s], CELL_OF[t])
        if not turn.lines:
            assert list(turn.spawned) == expected
            checked += 1
        elif not turn.spawned:
            assert g.next == rolled.next and g.landing() != []  # a line: nothing came


@SETTINGS
@given(deal=st.integers(1, MAX_DEAL), seed=st.integers(0, 2**32))
def test_marks_hold_when_the_move_avoids_them_and_the_preferred_cells(
        deal: int, seed: int) -> None:
    """A move that makes no line, leaves no mark's cell and lands on none, with every
    coming ball's preferred cell free: the new balls are exactly the marks."""
    g = played(deal=deal, line=5, moves=5, seed=seed, rule=1)
    rnd = random.Random(seed)
    for _ in range(20):
        if g.over:
            return
        marks = g.landing()
        s, t = random_move(g, rnd)
        preferred = {rng.ball(deal, g.ball + k).cell for k in range(3)}
        marked = {r * 9 + c for (r, c), _ in marks}
        simple = (len(marks) == 3 and marked == preferred
                  and not ({s, t} & (marked | preferred)))
        turn = g.move(CELL_OF[s], CELL_OF[t])
        if simple and not turn.lines:
            assert list(turn.spawned) == marks


# -- history --------------------------------------------------------------------


def test_a_new_game_has_an_empty_history_and_each_move_adds_one() -> None:
    g = game(EMPTYISH)
    assert g.history is None  # a diagram's start is not a deal's
    g = Game.new(deal=5, line=4)
    assert g.history == ()
    rnd = random.Random(3)
    moves = []
    for _ in range(10):
        s, t = random_move(g, rnd)
        g.move(CELL_OF[s], CELL_OF[t])
        moves.append((s, t))
        assert g.history == tuple(moves)
        if g.over:
            break
    assert len(moves) == g.moves


def test_undo_removes_the_last_move_of_the_history() -> None:
    g = played(moves=6)
    before = g.history
    assert before is not None and len(before) == 6
    g.undo()
    assert g.history == before[:-1]
    assert g.to_dict()["history"] == [list(m) for m in before[:-1]]


def test_a_failed_move_adds_nothing() -> None:
    g = played(moves=3)
    before = g.to_dict()
    empty = next(i for i, c in enumerate(g.board) if not c)
    with pytest.raises(IllegalMove):
        g.move(CELL_OF[empty], CELL_OF[empty])
    with pytest.raises(IllegalMove) as info:
        g.move(CELL_OF[0], CELL_OF[1], by="robot")
    assert info.value.code == "bad_request"
    assert g.to_dict() == before


def test_document_round_trip_keeps_the_history() -> None:
    g = played(moves=12)
    d = g.to_dict()
    back = Game.from_dict(json.loads(json.dumps(d)))
    assert back.to_dict() == d and back.history == g.history
    back.undo()
    g.undo()
    assert back.to_dict() == g.to_dict()


# -- help counters ---------------------------------------------------------------


def test_hints_and_computer_moves_are_counted_and_undo_keeps_them() -> None:
    g = played(moves=2)
    assert (g.hints, g.computer, g.assisted) == (0, 0, False)
    g.count_hint()
    assert (g.hints, g.assisted) == (1, True)
    s, t = random_move(g, random.Random(1))
    g.move(CELL_OF[s], CELL_OF[t], by="computer")
    assert g.computer == 1
    g.undo()
    assert (g.hints, g.computer, g.assisted) == (1, 1, True)
    d = g.to_dict()
    assert (d["hints"], d["computer"]) == (1, 1)
    assert Game.from_dict(d).assisted


def test_a_player_move_is_not_a_computer_move() -> None:
    g = played(moves=0)
    s, t = random_move(g, random.Random(2))
    g.move(CELL_OF[s], CELL_OF[t], by="player")
    assert (g.computer, g.assisted) == (0, False)


def test_no_hint_in_a_finished_game() -> None:
    g = game("123456712\n" * 9)
    with pytest.raises(IllegalMove) as info:
        g.count_hint()
    assert info.value.code == "game_over"


# -- daily -----------------------------------------------------------------------


def test_a_daily_game_is_the_deal_of_its_day() -> None:
    deal = deal_of_day("2025-06-01")
    g = Game.new(deal=deal, line=5, daily="2025-06-01")
    assert g.daily == "2025-06-01" and g.to_dict()["daily"] == "2025-06-01"
    assert Game.from_dict(g.to_dict()).daily == "2025-06-01"
    with pytest.raises(ValueError, match="daily"):
        Game.new(deal=deal % MAX_DEAL + 1, line=5, daily="2025-06-01")
    with pytest.raises(ValueError, match="daily"):
        Game.new(deal=deal, line=5, daily="2025-6-1")


# -- version 1 -------------------------------------------------------------------


def version_1(doc: dict[str, Any]) -> dict[str, Any]:
    """A rule-1 game's document as version 1 wrote it."""
    old = {k: v for k, v in doc.items()
           if k not in ("hints", "computer", "daily", "history", "rule", "landing")}
    if old["undo"] is not None:
        old["undo"] = {k: v for k, v in old["undo"].items() if k != "landing"}
    old["version"] = 1
    return old


def test_a_version_1_game_loads_without_a_history() -> None:
    g = played(moves=8, rule=1)
    old = version_1(g.to_dict())
    loaded = Game.from_dict(old)
    assert loaded.history is None
    assert (loaded.hints, loaded.computer, loaded.daily, loaded.assisted) == (0, 0, None, False)
    assert loaded.board == g.board and loaded.score == g.score and loaded.moves == g.moves
    d = loaded.to_dict()
    assert d["version"] == 3 and d["history"] is None and d["rule"] == 1
    loaded.undo()
    s, t = random_move(loaded, random.Random(4))
    loaded.move(CELL_OF[s], CELL_OF[t])
    assert loaded.history is None  # its start stays unknown
    assert Game.from_dict(loaded.to_dict()).to_dict() == loaded.to_dict()


def test_a_version_1_document_with_version_2_fields_is_refused() -> None:
    d = played().to_dict()
    d["version"] = 1
    with pytest.raises(DocumentError, match="unknown field"):
        Game.from_dict(d)


def test_a_version_2_document_needs_the_new_fields() -> None:
    for key in ("hints", "computer", "daily", "history"):
        d = played().to_dict()
        del d[key]
        with pytest.raises(DocumentError, match=key):
            Game.from_dict(d)


BAD_V2: list[tuple[str, object, str]] = [
    ("hints", -1, "hints"),
    ("hints", True, "hints"),
    ("hints", 10**9 + 1, "hints"),
    ("computer", 1.5, "computer"),
    ("computer", None, "computer"),
    ("history", {}, "history"),
    ("history", "0-1", "history"),
    ("history", [[0, 1]], "history"),
    ("daily", "2025-13-01", "daily"),
    ("daily", "2025-01-01", "daily"),  # a date whose deal is not this game's
    ("daily", 20250101, "daily"),
]


@pytest.mark.parametrize(("key", "value", "word"), BAD_V2,
                         ids=[f"{k}={v!r}" for k, v, _ in BAD_V2])
def test_bad_version_2_fields(key: str, value: object, word: str) -> None:
    d = played().to_dict()
    d[key] = value
    with pytest.raises(DocumentError, match=word) as info:
        Game.from_dict(d)
    assert info.value.code == "bad_document"


@pytest.mark.parametrize("entry", [[0], [0, 1, 2], [0, 81], [-1, 5], [3, 3], [True, 4],
                                   [1.0, 4], "01", None, {"0": 1}])
def test_a_bad_move_in_the_history_is_named(entry: object) -> None:
    d = played(moves=15).to_dict()
    d["history"][6] = entry
    with pytest.raises(DocumentError, match="move 7") as info:
        Game.from_dict(d)
    assert info.value.code == "bad_document"


def test_a_long_history_loads() -> None:
    """5,000 moves of history are checked for shape only (legality is replay's job)."""
    g = played(moves=0)
    d = g.to_dict()
    d["history"] = [[i % 81, (i + 1) % 81] for i in range(5000)]
    d["moves"] = 5000
    loaded = Game.from_dict(d)
    assert loaded.history is not None and len(loaded.history) == 5000
    assert loaded.to_text() == text(g.to_text())
