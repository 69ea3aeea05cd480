from __future__ import annotations

import pytest

from kugler_core.board import from_text
from kugler_core.lines import Line, points, runs_through, standing_runs


@pytest.mark.parametrize(("length", "minimum", "expected"), [
    (5, 5, 10), (6, 5, 24), (7, 5, 42), (8, 5, 64), (9, 5, 90), (4, 4, 8), (5, 4, 20),
    (9, 4, 108),
])
def test_points(length: int, minimum: int, expected: int) -> None:
    assert points(length, minimum) == expected


BOARD = from_text("""
    1111.1...
    2........
    2.3......
    2..3.....
    2...3...4
    2....3.4.
    ......34.
    .....4.3.
    ....4....
""")


def test_runs() -> None:
    assert runs_through(BOARD, 9, 5) == [(9, 18, 27, 36, 45)]  # column 0
    assert runs_through(BOARD, 0, 5) == []  # 1111.1 is 4 long
    assert runs_through(BOARD, 0, 4) == [(0, 1, 2, 3)]
    assert runs_through(BOARD, 4, 4) == []  # empty cell
    diagonal = (20, 30, 40, 50, 60, 70)
    assert runs_through(BOARD, 40, 5) == [diagonal]
    anti = (44, 52, 60, 68, 76)
    assert runs_through(BOARD, 52, 5) == []  # (6, 7) is 4, (6, 6) is 3: broken
    assert anti not in standing_runs(BOARD, 5)
    assert sorted(standing_runs(BOARD, 5)) == sorted([(9, 18, 27, 36, 45), diagonal])


def test_line_value() -> None:
    line = Line.of((0, 1, 2, 3, 4), 3, 5)
    assert line.cells == ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))
    assert line.length == 5 and line.points == 10
    assert line.to_dict() == {"cells": [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]], "color": 3,
                              "points": 10}
