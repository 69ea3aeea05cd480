"""How good a board looks to the computer player (see docs/player.md).

``evaluate(board, tables(line))`` is a number, higher is better, for a board
between two moves. It adds up:

* the line potential: every window of ``line`` consecutive cells (in the 4
  directions) that holds balls of one colour only is worth ``WEIGHTS[n]`` for
  its ``n`` balls (a window with two colours is worth nothing);
* reach: a window counts ``DEAD`` times as much when no ball of its colour
  outside it touches the empty region of one of its empty cells, ``SHORT``
  times when fewer such balls than the window has empty cells;
* spread over colours: the windows are added up colour by colour, and each
  colour's sum ``p`` counts as ``top * (p / top) ** SPREAD`` (``top`` the
  weight of a window one ball short of a line). With ``SPREAD`` below 1 a
  second near-line of one colour is worth less than a first near-line of
  another, so the player keeps several colours close to a line and can use
  whichever colour the new balls bring;
* free room: ``FREE`` per free cell, and a growing penalty once fewer than
  ``CROWDED`` cells are free.

A full board is ``INF_LOSS``. ``settle`` removes the lines a move or new balls
made and returns their points, as the rules do.

>>> t = tables(5)
>>> len(t.windows), len(t.cell_windows[40])
(140, 20)
>>> evaluate([0] * 81, t) > evaluate([1] + [0] * 80, t) > evaluate([1, 1] + [0] * 79, t)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .board import CELLS
from .lines import points, runs_through
from .lines import windows as line_windows
from .paths import NEIGHBOURS, empty_regions

__all__ = ["INF_LOSS", "Tables", "evaluate", "settle", "tables"]

INF_LOSS = -1.0e6
"""The value of a lost (full) board."""

WEIGHTS: dict[int, tuple[float, ...]] = {
    5: (0.0, 0.0, 1.0, 6.0, 50.0),
    4: (0.0, 0.0, 5.0, 20.0),
}
"""Value of a one-colour window by its number of balls, per variant."""

SPREAD = 0.7
FREE = 100.0
CROWDED = 24
CROWD = 5.0
DEAD = 0.25
SHORT = 0.5


class Tables:
    """Precomputed windows for one variant.

    ``windows``: the cell indices of every window of ``line`` cells;
    ``cell_windows[i]``: the windows through cell ``i``; ``shared[a * 81 + b]``:
    the windows holding both cells ``a`` and ``b`` (absent when none);
    ``partners[a]``: the cells that share a window with ``a``.
    """

    __slots__ = ("cell_windows", "line", "partners", "shared", "weights", "windows")

    def __init__(self, line: int) -> None:
        self.line = line
        self.weights = WEIGHTS[line] + (0.0,)
        self.windows = windows = line_windows(line)
        through: list[list[int]] = [[] for _ in range(CELLS)]
        shared: dict[int, list[int]] = {}
        for w, cells in enumerate(windows):
            for a in cells:
                through[a].append(w)
                for b in cells:
                    if a != b:
                        shared.setdefault(a * CELLS + b, []).append(w)
        self.cell_windows = tuple(tuple(x) for x in through)
        self.shared = {k: tuple(v) for k, v in shared.items()}
        self.partners = tuple(frozenset(b for b in range(CELLS) if a * CELLS + b in shared)
                              for a in range(CELLS))


@lru_cache(maxsize=2)
def tables(line: int) -> Tables:
    """The tables of variant ``line`` (4 or 5), built once."""
    return Tables(line)


def evaluate(board: Sequence[int], t: Tables) -> float:
    """The value of ``board`` (81 ints) for the player about to move."""
    label, empty = empty_regions(board)
    regions = len(empty)
    free = board.count(0)
    if not free:
        return INF_LOSS
    # reach[r * 8 + c]: balls of colour c next to empty region r; near[i]: the
    # regions next to the ball on cell i
    reach = [0] * (regions * 8)
    near: list[set[int]] = [set()] * CELLS
    for i, nbs in enumerate(NEIGHBOURS):
        c = board[i]
        if c:
            touched = {label[nb] for nb in nbs if not board[nb]}
            if touched:
                near[i] = touched
                for r in touched:
                    reach[r * 8 + c] += 1
    weights = t.weights
    dead = DEAD
    short = SHORT
    line = t.line
    by_colour = [0.0] * 8
    for cells in t.windows:
        col = 0
        n = 0
        for i in cells:
            v = board[i]
            if v:
                if v != col:
                    if col:
                        n = 0
                        break
                    col = v
                n += 1
        if n < 2:
            continue
        value = weights[n]
        need = line - n
        seen = -1
        for i in cells:
            if not board[i]:
                r = label[i]
                if r == seen:
                    continue
                seen = r
                have = reach[r * 8 + col]
                if have:
                    for j in cells:
                        if r in near[j]:
                            have -= 1
                if have < need:
                    value *= dead if have <= 0 else short
                    break
        by_colour[col] += value
    top = weights[line - 1]
    total = FREE * free
    for p in by_colour:
        if p:
            total += top * (p / top) ** SPREAD
    if free < CROWDED:
        total -= CROWD * (CROWDED - free) ** 2
    return total


def settle(board: list[int], placed: Sequence[int], line: int) -> int:
    """Remove the lines through the ``placed`` cells of ``board`` (in place); their points."""
    runs: list[tuple[int, ...]] = []
    for i in placed:
        for run in runs_through(board, i, line):
            if run not in runs:
                runs.append(run)
    gained = 0
    for run in runs:
        gained += points(len(run), line)
    for run in runs:
        for i in run:
            board[i] = 0
    return gained
