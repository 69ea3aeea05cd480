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
from itertools import chain
from typing import Any

from .board import CELLS
from .lines import points, runs_through
from .lines import windows as line_windows

__all__ = ["INF_LOSS", "Tables", "evaluate", "evaluate_after", "kinds", "settle", "tables"]

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
    ``cell_windows[i]``: the windows through cell ``i``; ``masks``: each
    window's cells as bits (bit i: cell i), ``window_bits`` each of its cells
    as a bit; ``rays``: every whole row,
    column and diagonal at least ``line`` long, as a ``slice`` of
    ``bytes(board)`` (its cells have one stride, so its contents are read in
    one C call) and the windows along it in order; ``cell_rays[i]``: the
    numbers of the rays through cell ``i``; ``ray_kinds[r]``: what
    ``evaluate`` needs of ray ``r``'s contents met so far (``ray_kind``; at
    most ``RAY_KINDS`` per ray kept, then they are met again); ``ray_cells``: each
    ray's cells; ``ray_plans``: what ``kugler_core.player.cheap`` takes from
    each ray's contents met so far, by ray number and contents (at most
    ``RAY_PLANS``); ``values``: the evaluations of the boards met so far, by
    ``bytes(board)`` (at most ``VALUES``). The stores only save work: a value
    is the same whether it was kept or not.
    """

    __slots__ = ("cell_rays", "cell_windows", "line", "masks", "ray_cells", "ray_kinds",
                 "ray_plans", "rays", "values", "weights", "window_bits", "windows")

    def __init__(self, line: int) -> None:
        self.line = line
        self.weights = WEIGHTS[line] + (0.0,)
        self.windows = windows = line_windows(line)
        through: list[list[int]] = [[] for _ in range(CELLS)]
        for w, cells in enumerate(windows):
            for a in cells:
                through[a].append(w)
        self.cell_windows = tuple(tuple(x) for x in through)
        self.masks = tuple(sum(1 << i for i in cells) for cells in windows)
        self.window_bits = tuple(tuple(1 << i for i in cells) for cells in windows)
        number = {cells: w for w, cells in enumerate(windows)}
        rays = []
        for cells in windows:  # the windows that start a ray, and the ray
            step = cells[1] - cells[0]
            if tuple(i - step for i in cells) in number:
                continue
            ray = list(cells)
            while (*ray[1 - line:], ray[-1] + step) in number:
                ray.append(ray[-1] + step)
            rays.append((slice(ray[0], ray[-1] + 1, step),
                         tuple(number[tuple(ray[k:k + line])] for k in range(len(ray) - line + 1))))
        self.rays = tuple(rays)
        self.ray_cells = tuple(tuple(range(CELLS)[where]) for where, _along in rays)
        self.cell_rays = tuple(tuple(r for r, cells in enumerate(self.ray_cells) if i in cells)
                               for i in range(CELLS))
        self.ray_kinds: tuple[dict[bytes, Kind], ...] = tuple({} for _ in rays)
        self.ray_plans: dict[tuple[int, bytes], Any] = {}
        self.values: dict[bytes, float] = {}

    def ray_kind(self, r: int, contents: bytes) -> Kind:
        """For ray ``r`` holding ``contents``, its windows that hold at least
        two balls, all of one colour: ``(colour, weight, balls missing for a
        line, the window's cells as bits, its empty cells as bits)``. Kept in
        ``ray_kinds[r]``."""
        line = self.line
        along = self.rays[r][1]
        found = []
        for k in range(len(contents) - line + 1):
            window = contents[k:k + line]
            empty = window.count(0)
            n = line - empty
            if n < 2:
                continue
            colour = max(window)
            if window.count(colour) != n:
                continue
            w = along[k]
            bits = self.window_bits[w]
            found.append((colour, self.weights[n], empty, self.masks[w],
                          tuple(bits[e] for e in range(line) if not window[e])))
        kept = self.ray_kinds[r]
        if len(kept) >= RAY_KINDS:
            kept.clear()
        kind = kept[contents] = tuple(found)
        return kind

    def forget(self) -> None:
        """Empty the stores (``values``, ``ray_kinds``, ``ray_plans``): the
        work done so far is not reused; every value stays the same.

        >>> t = Tables(5)
        >>> value = evaluate([0] * 81, t)
        >>> t.forget()
        >>> (len(t.values), sum(map(len, t.ray_kinds)), len(t.ray_plans))
        (0, 0, 0)
        >>> evaluate([0] * 81, t) == value
        True
        """
        self.values.clear()
        for kept in self.ray_kinds:
            kept.clear()
        self.ray_plans.clear()

    def keep_plan(self, r: int, contents: bytes, plan: Any) -> None:
        """Keep ``plan`` as what ``kugler_core.player.cheap`` takes from ray ``r``
        holding ``contents`` (at most ``RAY_PLANS`` kept, then the store starts again)."""
        if len(self.ray_plans) >= RAY_PLANS:
            self.ray_plans.clear()
        self.ray_plans[r, contents] = plan


Kind = tuple[tuple[int, float, int, int, tuple[int, ...]], ...]
"""What ``evaluate`` takes from one ray's contents (``Tables.ray_kind``)."""

RAY_KINDS = 1 << 8
"""How many contents of each ray ``Tables.ray_kinds`` keeps (36 rays of line 5:
about 1.5 MB; nearly every evaluation meets one ray it never met, so a larger
store gains little)."""

RAY_PLANS = 1 << 11
"""How many plans ``Tables.ray_plans`` keeps (about 1.7 kB each, so about
3.5 MB: a phone's memory; a store four times larger saves little)."""

VALUES = 1 << 14
"""How many evaluations ``Tables.values`` keeps (about 2 MB). In a search
about one board in six is met again: the same move reached from two sides."""


@lru_cache(maxsize=2)
def tables(line: int) -> Tables:
    """The tables of variant ``line`` (4 or 5), built once."""
    return Tables(line)


def evaluate(board: Sequence[int], t: Tables) -> float:
    """The value of ``board`` (81 ints) for the player about to move."""
    b = bytes(board)
    kept = t.values.get(b)
    if kept is not None:
        return kept
    if len(t.values) >= VALUES:
        t.values.clear()
    t.values[b] = value = _evaluate(b, board.count(0), t, kinds(b, t))
    return value


def kinds(b: bytes, t: Tables) -> list[Kind]:
    """What ``evaluate`` takes from each ray of the board ``b`` (``bytes(board)``),
    by ray number: the ``before`` of ``evaluate_after``."""
    out: list[Kind] = []
    for (where, _along), kept in zip(t.rays, t.ray_kinds, strict=True):
        contents = b[where]
        kind = kept.get(contents)
        out.append(t.ray_kind(len(out), contents) if kind is None else kind)
    return out


def evaluate_after(board: Sequence[int], t: Tables, before: list[Kind],
                   changed: Sequence[int]) -> float:
    """``evaluate(board, t)`` for a board that differs only on the cells
    ``changed`` from the board whose ``kinds`` are ``before`` (the board
    before a move): only the rays through those cells are read again.

    >>> t = tables(5)
    >>> board = [1, 1, 0, 2] + [0] * 77
    >>> after = [1, 0, 1, 2] + [0] * 77
    >>> evaluate_after(after, t, kinds(bytes(board), t), (1, 2)) == evaluate(after, t)
    True
    """
    b = bytes(board)
    kept = t.values.get(b)
    if kept is not None:
        return kept
    found = before[:]
    rays = t.rays
    ray_kinds = t.ray_kinds
    for cell in changed:
        for r in t.cell_rays[cell]:
            contents = b[rays[r][0]]
            kind = ray_kinds[r].get(contents)
            found[r] = t.ray_kind(r, contents) if kind is None else kind
    if len(t.values) >= VALUES:
        t.values.clear()
    t.values[b] = value = _evaluate(b, board.count(0), t, found)
    return value


def _evaluate(b: bytes, free: int, t: Tables, found: list[Kind]) -> float:
    """``evaluate`` of the board ``b`` with ``free`` empty cells and the
    ``kinds`` ``found``, not kept."""
    if not free:
        return INF_LOSS
    weights = t.weights
    line = t.line
    by_colour = [0.0] * 8
    empty = -1  # the empty cells as bits (bit i: cell i), read when first needed
    regions: list[int] = []  # empty regions met so far, as bits
    around: list[int] = []  # each region with the cells next to it
    colours = [0] * 8  # the balls of each colour as bits, read when first needed
    have_of: dict[int, int] = {}
    not_first = _NOT_FIRST
    not_last = _NOT_LAST
    for col, value, need, mask, empties in chain.from_iterable(found):
        seen = -1
        for bit in empties:
            r = 0
            for region in regions:
                if region & bit:
                    break
                r += 1
            else:  # a region not met yet: fill it from this cell
                if empty < 0:
                    empty = int(b.translate(_EMPTY)[::-1], 2)
                region = bit
                while True:  # grown: the region with its neighbours up, down, left and right
                    grown = (region | (region << 1 & not_first) | (region >> 1 & not_last)
                             | region << 9 | region >> 9)
                    if grown & empty == region:
                        break
                    region = grown & empty
                regions.append(region)
                around.append(grown)
            if r == seen:
                continue
            seen = r
            mine = colours[col]
            if not mine:
                mine = colours[col] = int(b.translate(_COLOUR[col])[::-1], 2)
            key = r * 8 + col
            have = have_of.get(key)
            if have is None:  # the balls of this colour next to the region
                have = have_of[key] = (around[r] & mine).bit_count()
            if have:
                have -= (around[r] & mine & mask).bit_count()
            if have < need:
                value *= DEAD if have <= 0 else SHORT
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


_NOT_FIRST = sum(1 << i for i in range(CELLS) if i % 9)  # no cell of the first column
_NOT_LAST = sum(1 << i for i in range(CELLS) if i % 9 != 8)  # no cell of the last column
_EMPTY = bytes(49 if v == 0 else 48 for v in range(256))  # "1" for an empty cell, "0"
_COLOUR = tuple(bytes(49 if v == c else 48 for v in range(256)) for c in range(8))


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
