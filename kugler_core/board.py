"""The board: an immutable tuple of 81 ints (0 empty, 1..7 a colour), row-major.

Cells are ``(row, col)`` pairs, 0-based, row 0 at the top; internally a cell is
its index ``row * 9 + col``. The text format is 9 lines of 9 characters,
``.`` for an empty cell and ``1``..``7`` for a colour.

>>> b = from_text('''
...     1........
...     .........
...     .........
...     .........
...     .........
...     .........
...     .........
...     .........
...     ........7
... ''')
>>> b[0], b[80], count(b)
(1, 7, 2)
>>> to_rows(b)[0]
'1........'
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import CellError, DiagramError

SIZE = 9
CELLS = SIZE * SIZE
COLORS = 7
SYMBOLS = ".1234567"

Board = tuple[int, ...]
"""81 ints, row-major: 0 empty, 1..7 a colour."""
Cell = tuple[int, int]
"""(row, col), 0-based."""

EMPTY: Board = (0,) * CELLS
CELL_OF: tuple[Cell, ...] = tuple((i // SIZE, i % SIZE) for i in range(CELLS))
"""Cell index -> (row, col)."""


def index(cell: object) -> int:
    """The index of a ``(row, col)`` pair; CellError unless two ints in 0..8.

    >>> index((2, 3))
    21
    """
    if not isinstance(cell, (tuple, list)) or len(cell) != 2:
        raise CellError(f"a cell is a (row, col) pair, got {cell!r}")
    row, col = cell[0], cell[1]
    if type(row) is not int or type(col) is not int or not (0 <= row < SIZE and 0 <= col < SIZE):
        raise CellError(f"cell {cell!r} is not on the board (row and column are 0..8)")
    return row * SIZE + col


def free_cells(board: Sequence[int]) -> list[int]:
    """Indices of the empty cells, row-major."""
    return [i for i, c in enumerate(board) if not c]


def count(board: Sequence[int]) -> int:
    """Number of balls on the board."""
    return CELLS - list(board).count(0)


def from_rows(rows: Sequence[str]) -> Board:
    """A board from 9 strings of 9 symbols; DiagramError with the reason otherwise."""
    if len(rows) != SIZE:
        raise DiagramError(f"a board has {SIZE} rows, got {len(rows)}")
    cells: list[int] = []
    for r, row in enumerate(rows):
        if len(row) != SIZE:
            raise DiagramError(f"row {r} must have {SIZE} cells, got {len(row)}: {row!r}")
        for c, ch in enumerate(row):
            value = SYMBOLS.find(ch)
            if value < 0 or len(ch) != 1:
                raise DiagramError(
                    f"row {r}, column {c}: {ch!r} is not '.' or a colour '1'..'7'"
                )
            cells.append(value)
    return tuple(cells)


def from_text(text: str) -> Board:
    """A board from a 9x9 diagram; blank lines and surrounding spaces are ignored.
    DiagramError unless 9 rows of 9 symbols."""
    if not isinstance(text, str):
        raise DiagramError(f"a diagram is a string, got {type(text).__name__}")
    return from_rows([line.strip() for line in text.splitlines() if line.strip()])


def to_rows(board: Sequence[int]) -> list[str]:
    """The board as 9 strings of 9 symbols, row 0 first."""
    symbols = [SYMBOLS[c] for c in board]
    return ["".join(symbols[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)]


def to_text(board: Sequence[int]) -> str:
    """The board as 9 lines of 9 symbols joined by newlines (no trailing newline)."""
    return "\n".join(to_rows(board))
