"""Paths: a ball rolls up, down, left or right over free cells only.

``shortest_path`` is a breadth-first search; neighbours are tried in the fixed
order up, down, left, right, so the path chosen is always the same.

>>> board = [0] * 81
>>> board[0] = 1
>>> shortest_path(board, 0, 2)
[0, 1, 2]
>>> board[1] = board[9] = 2          # wall the ball in
>>> shortest_path(board, 0, 2) is None, reachable(board, 0)
(True, set())
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import CELLS, SIZE


def _neighbours(i: int) -> tuple[int, ...]:
    row, col = divmod(i, SIZE)
    out = []
    if row > 0:
        out.append(i - SIZE)
    if row < SIZE - 1:
        out.append(i + SIZE)
    if col > 0:
        out.append(i - 1)
    if col < SIZE - 1:
        out.append(i + 1)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(CELLS))
"""Orthogonal neighbours of each cell index, in the order up, down, left, right."""


def shortest_path(board: Sequence[int], source: int, target: int) -> list[int] | None:
    """Cell indices from ``source`` to ``target`` inclusive over free cells, or None.

    ``source`` may hold a ball; ``target`` and every step must be free.
    """
    if board[target] or source == target:
        return None
    prev = [-1] * CELLS
    prev[source] = source
    queue = [source]
    neighbours = NEIGHBOURS
    for cur in queue:
        for nb in neighbours[cur]:
            if prev[nb] < 0 and not board[nb]:
                prev[nb] = cur
                if nb == target:
                    path = [nb]
                    while nb != source:
                        nb = prev[nb]
                        path.append(nb)
                    path.reverse()
                    return path
                queue.append(nb)
    return None


def reachable(board: Sequence[int], source: int) -> set[int]:
    """Indices of the free cells a ball at ``source`` can roll to."""
    seen = {source}
    queue = [source]
    for cur in queue:
        for nb in NEIGHBOURS[cur]:
            if nb not in seen and not board[nb]:
                seen.add(nb)
                queue.append(nb)
    seen.discard(source)
    return seen


def empty_regions(board: Sequence[int]) -> tuple[list[int], list[list[int]]]:
    """The board's empty cells split into regions joined up, down, left or right:
    ``(label, regions)``, ``label[i]`` the region of empty cell ``i`` (-1 for a
    ball) and ``regions[r]`` its cells. A ball can roll to every cell of each
    region next to it.

    >>> board = [0] * 81
    >>> board[1] = board[9] = 5           # (0, 0) walled off from the rest
    >>> label, regions = empty_regions(board)
    >>> len(regions), regions[0], label[0], label[1], len(regions[1])
    (2, [0], 0, -1, 78)
    """
    label = [-1] * CELLS
    regions: list[list[int]] = []
    neighbours = NEIGHBOURS
    for i in range(CELLS):
        if board[i] or label[i] >= 0:
            continue
        r = len(regions)
        label[i] = r
        cells = [i]
        for cur in cells:
            for nb in neighbours[cur]:
                if label[nb] < 0 and not board[nb]:
                    label[nb] = r
                    cells.append(nb)
        regions.append(cells)
    return label, regions
