from __future__ import annotations

import pytest

from kugler_core import board


def test_round_trip() -> None:
    cells = tuple((i * 5) % 8 for i in range(81))
    assert board.from_text(board.to_text(cells)) == cells
    assert board.from_rows(board.to_rows(cells)) == cells
    assert board.to_text(cells).count("\n") == 8


def test_whitespace_tolerated() -> None:
    text = "\n\n   1........ \n" + "\t.........\n" * 8 + "\n  \n"
    b = board.from_text(text)
    assert b[0] == 1 and board.count(b) == 1


@pytest.mark.parametrize("cell,index", [((0, 0), 0), ((0, 8), 8), ((8, 0), 72), ((8, 8), 80),
                                        ([4, 4], 40)])
def test_index(cell: object, index: int) -> None:
    assert board.index(cell) == index
    assert board.CELL_OF[index] == tuple(cell)  # type: ignore[arg-type]


@pytest.mark.parametrize("cell", [(9, 0), (0, -1), (1.0, 2), (True, 2), (1, 2, 3), "ab", None,
                                  {0: 1, 1: 2}])
def test_bad_index(cell: object) -> None:
    with pytest.raises(ValueError):
        board.index(cell)


def test_free_cells() -> None:
    b = [1] * 81
    b[5] = b[70] = 0
    assert board.free_cells(b) == [5, 70]


def test_not_a_string() -> None:
    with pytest.raises(ValueError, match="string"):
        board.from_text(None)  # type: ignore[arg-type]
