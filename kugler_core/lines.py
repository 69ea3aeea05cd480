"""Lines: maximal runs of one colour through a cell, and their points.

A run is looked for in 4 directions: horizontal, vertical, diagonal (down
right) and anti-diagonal (down left). A run of at least ``minimum`` balls is
one line; its cells are listed from the end that comes first in row-major
order.

>>> points(5, 5), points(6, 5), points(7, 5), points(4, 4), points(5, 4)
(10, 24, 42, 8, 20)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .board import CELL_OF, CELLS, SIZE, Cell

DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Horizontal, vertical, diagonal, anti-diagonal."""


def windows(length: int) -> tuple[tuple[int, ...], ...]:
    """Every straight run of ``length`` cells on the board, as cell indices from
    its first cell in row-major order, cell by cell and direction by direction.

    >>> len(windows(5)), windows(5)[0]
    (140, (0, 1, 2, 3, 4))
    """
    out: list[tuple[int, ...]] = []
    for i in range(CELLS):
        r, c = divmod(i, SIZE)
        for dr, dc in DIRECTIONS:
            er, ec = r + dr * (length - 1), c + dc * (length - 1)
            if 0 <= er < SIZE and 0 <= ec < SIZE:
                out.append(tuple((r + dr * k) * SIZE + c + dc * k for k in range(length)))
    return tuple(out)


def _ray(i: int, dr: int, dc: int) -> tuple[int, ...]:
    row, col = divmod(i, SIZE)
    out = []
    row += dr
    col += dc
    while 0 <= row < SIZE and 0 <= col < SIZE:
        out.append(row * SIZE + col)
        row += dr
        col += dc
    return tuple(out)


RAYS: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...] = tuple(
    tuple((_ray(i, -dr, -dc), _ray(i, dr, dc)) for dr, dc in DIRECTIONS) for i in range(CELLS)
)
"""RAYS[i][d] = (cells going backwards, cells going forwards) from cell i in direction d."""


def points(length: int, minimum: int) -> int:
    """Points for a line of ``length`` balls when ``minimum`` in a row are needed."""
    return length * (length - minimum + 1) * 2


def runs_through(board: Sequence[int], cell: int, minimum: int) -> list[tuple[int, ...]]:
    """The maximal runs of at least ``minimum`` balls through ``cell``, as index tuples.

    One run per direction at most, in the order of DIRECTIONS; empty if the cell is empty.
    """
    color = board[cell]
    if not color:
        return []
    runs = []
    for back, forward in RAYS[cell]:
        nb = 0
        for j in back:
            if board[j] != color:
                break
            nb += 1
        nf = 0
        for j in forward:
            if board[j] != color:
                break
            nf += 1
        if nb + nf >= minimum - 1:
            runs.append((*back[nb - 1::-1], cell, *forward[:nf]) if nb else (cell, *forward[:nf]))
    return runs


def standing_runs(board: Sequence[int], minimum: int) -> list[tuple[int, ...]]:
    """Every maximal run of at least ``minimum`` balls anywhere on the board (no duplicates)."""
    found: dict[tuple[int, ...], None] = {}
    for i in range(CELLS):
        for run in runs_through(board, i, minimum):
            found[run] = None
    return list(found)


@dataclass(frozen=True, slots=True)
class Line:
    """A removed line: its cells (row-major first end first), colour and points."""

    cells: tuple[Cell, ...]
    color: int
    points: int

    @property
    def length(self) -> int:
        return len(self.cells)

    def to_dict(self) -> dict[str, Any]:
        """``{"cells": [[r, c], ...], "color": c, "points": p}``."""
        return {"cells": [[r, c] for r, c in self.cells], "color": self.color,
                "points": self.points}

    @classmethod
    def of(cls, run: Sequence[int], color: int, minimum: int) -> Line:
        """The Line of a run of cell indices."""
        return cls(tuple(CELL_OF[i] for i in run), color, points(len(run), minimum))
