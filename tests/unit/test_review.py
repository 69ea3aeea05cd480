"""The game review's engine (kugler_core.review): outcomes, worth, cost, grades, accuracy."""

from __future__ import annotations

import pytest

from kugler_core.board import from_text, index
from kugler_core.player import View, choose
from kugler_core.review import (
    GRADES,
    LEVEL,
    accuracy,
    grade,
    judge,
    knot_weights,
    outcomes,
    review,
    value,
    worth,
)

EMPTY = "\n".join(["........."] * 9)

# four 2s on row 4, the coming 2 marked on (4, 4): whatever the move, a line lands
READY_TO_LAND = """
.........
.........
.........
.........
22.22....
.........
.........
1........
.........
"""

# a line of 5 in hand: (8, 8) to (0, 4)
LINE_IN_HAND = """
1111.....
.........
.........
.........
.........
.........
.........
.........
........1
"""


def view(diagram: str, next: tuple[int, int, int], marks: list[tuple[int, int]],
         line: int = 5) -> View:
    return View(from_text(diagram), next, tuple(index(c) for c in marks), line)


def test_the_balls_land_on_their_marks_and_their_line_scores() -> None:
    v = view(READY_TO_LAND, (2, 3, 4), [(4, 2), (0, 0), (8, 8)])
    [(chance, points, board)] = outcomes(v, (index((7, 0)), index((6, 0))))
    assert chance == 1.0 and points == 10
    assert [board[index((4, c))] for c in range(5)] == [0] * 5  # the line is gone
    assert board[index((0, 0))] == 3 and board[index((8, 8))] == 4
    assert board[index((6, 0))] == 1 and board[index((7, 0))] == 0


def test_a_ball_whose_mark_the_move_takes_may_land_on_any_free_cell() -> None:
    v = view(READY_TO_LAND, (5, 3, 4), [(0, 1), (0, 0), (8, 8)])
    found = outcomes(v, (index((7, 0)), index((0, 1))))
    # 76 free cells after the move: 74 outcomes for the first ball off the marks;
    # on (0, 0) the second ball lands anywhere (75 cells, one of them (8, 8), where
    # the third then does: 74 + 74), on (8, 8) the third does (74)
    assert len(found) == 74 + (74 + 74) + 74
    assert sum(chance for chance, _, _ in found) == pytest.approx(1.0)
    assert all(board[index((0, 1))] == 1 for _, _, board in found)


def test_a_line_in_hand_made_is_worth_its_points_more() -> None:
    v = view(LINE_IN_HAND, (2, 3, 4), [(2, 2), (5, 5), (7, 1)])
    take = (index((8, 8)), index((0, 4)))
    [(_, points, board)] = outcomes(v, take)
    assert points == 10 and sum(1 for c in board if c) == 3
    assert worth(v, take) > worth(v, (index((8, 8)), index((8, 7))))


def test_the_computers_move_costs_nothing_and_is_best() -> None:
    v = view(LINE_IN_HAND, (2, 3, 4), [(2, 2), (5, 5), (7, 1)])
    best = choose(v, "quick")
    assert best == (index((8, 8)), index((0, 4)))
    judged = judge(v, best)
    assert (judged.cost, judged.grade, judged.best) == (0.0, "best", best)


def test_a_line_left_in_hand_costs_points() -> None:
    v = view(LINE_IN_HAND, (2, 3, 4), [(2, 2), (5, 5), (7, 1)])
    judged = judge(v, (index((8, 8)), index((8, 7))))
    assert judged.best == (index((8, 8)), index((0, 4)))
    assert judged.cost > 0 and judged.grade != "best"


def test_a_judgement_reads_only_the_view() -> None:
    """Two views alike give the same judgement: nothing else is read (no deal)."""
    a = view(READY_TO_LAND, (2, 3, 4), [(4, 2), (0, 0), (8, 8)])
    b = View(a.board, a.next, a.landing, a.line)
    move = (index((7, 0)), index((8, 0)))
    assert judge(a, move) == judge(b, move)


def test_value_is_points_to_come_zero_on_a_full_board() -> None:
    full = [1 + (r + 2 * c) % 7 for r in range(9) for c in range(9)]  # no window of one colour
    assert value(full, 5) == 0.0
    crowded = full[:60] + [0] * 21
    assert value(from_text(EMPTY), 5) > value(crowded, 5) >= 0.0


@pytest.mark.parametrize(("cost", "name"), [
    (0.0, "best"), (GRADES[0][1], "good"), (GRADES[1][1] - 0.1, "good"),
    (GRADES[1][1], "inaccuracy"), (GRADES[2][1], "mistake"),
    (GRADES[3][1] - 0.1, "mistake"), (GRADES[3][1], "blunder"), (500.0, "blunder"),
])
def test_grades_are_thresholds_on_the_cost(cost: float, name: str) -> None:
    assert grade(cost) == name


def test_accuracy_is_100_only_without_cost_and_falls_with_it() -> None:
    assert accuracy([0.0] * 30) == 100.0
    assert 100.0 > accuracy([0.0, 1.0]) > accuracy([0.0, 10.0]) > accuracy([0.0, 100.0]) > 50
    assert accuracy([1000.0]) < 2.0


def test_a_review_in_chunks_is_the_review_whole() -> None:
    moves = [(30, 80), (80, 79), (79, 70)]
    whole = review(42, 5, moves, rule=2)
    assert len(whole) == 3
    assert review(42, 5, moves, 2, 0, 1) + review(42, 5, moves, 2, 1, 5) == whole
    assert review(42, 5, moves, 2, 3) == []


# a line of 5 in hand, (0, 8) to (0, 4), on a board with 13 free cells
CROWDED_LINE_IN_HAND = """
1111....1
234567234
567234567
723456723
.........
456723456
234567234
672345672
345672345
"""


def test_a_line_left_standing_on_a_crowded_board_is_a_mistake() -> None:
    """With 13 cells free a line in hand is the game's room: leaving it for later
    costs at least a line's points (a four kept standing is not worth them)."""
    v = view(CROWDED_LINE_IN_HAND, (2, 3, 4), [(4, 0), (4, 1), (4, 2)])
    assert choose(v, "quick") == (index((0, 8)), index((0, 4)))
    for kept in [(4, 8), (4, 5)]:
        judged = judge(v, (index((0, 8)), index(kept)))
        assert judged.cost >= 9.0 and judged.grade in ("mistake", "blunder")


@pytest.mark.parametrize("free", range(81))
def test_the_level_of_the_points_to_come_never_falls_as_cells_free_up(free: int) -> None:
    def level(n: int) -> float:
        return sum(w * v for w, v in zip(knot_weights(n), LEVEL, strict=True))

    assert level(free) <= level(free + 1)
    assert level(0) == 0.0
