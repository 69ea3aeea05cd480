"""The deal generator: splitmix64, counter based.

A deal is a number ``d`` in ``1..MAX_DEAL``. Every ball ``k`` (0, 1, 2, ...) of
a deal has three fixed properties derived only from ``(d, k)``: its colour
(1..7), its preferred cell (0..80, row-major) and a fallback key. The stream
does not depend on the play: each ball always takes exactly one 64-bit word,
whatever the board.

The algorithm (all arithmetic modulo 2**64 unless marked exact)::

    GAMMA = 0x9E3779B97F4A7C15
    mix(z):  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
             z = (z ^ (z >> 27)) * 0x94D049BB133111EB
             return z ^ (z >> 31)
    seed(d)    = mix(d + GAMMA)                  # splitmix64's first output from state d
    word(d, n) = mix(seed(d) + (n + 1) * GAMMA)  # output n of splitmix64 from state seed(d)

    ball k:  w = word(d, k)
             x = w * 7                 (exact)   colour    = 1 + (x >> 64)
             y = (x mod 2**64) * 81    (exact)   preferred = y >> 64
                                                 fallback  = y mod 2**64

(the colour and the cell are the first two digits, in bases 7 and 81, of the
fraction w / 2**64; the fallback is what is left.)

A ball lands on its preferred cell when that cell is free; otherwise on
``free[fallback % len(free)]``, ``free`` being the free cells in row-major
order; when no cell is free it is not placed (``landing``). The first 5 balls
of a new game are balls 0..4 (placed one after another by the same rule), and
the coming balls start at ball 5.

Where the coming balls land (``landing_on``, the placement rule; a game
document says which version it plays by, ``RULES``):

* rule 2 (every new game): the landing cell of each coming ball is announced
  when the ball enters «Næste», by ``landing`` on the board at that moment,
  each ball after the ones before it; the marks show these cells. After the
  next move that makes no line, each ball lands on its announced cell if it
  is still free; only a ball whose cell the move (or an earlier coming ball)
  took lands by ``landing`` on the board as it is then. A move that makes a
  line changes nothing: the same balls come, on the same cells, after the
  next move that makes no line (a ball announced without a cell, the board
  being full then, gets one once a line has freed cells).
* rule 1 (games begun before rule 2): nothing is announced; each ball lands
  by ``landing`` on the board after the move, so a mark was a guess whenever
  the move changed the free cells before a ball that fell back.

This must never change: a deal number means the same game forever. The test
``tests/unit/test_golden_deal.py`` pins deal 1.

>>> hex(splitmix64_output(0))      # the reference first output of splitmix64 from state 0
'0xe220a8397b1dcdaf'
>>> ball(1, 0) == ball(1, 0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import compress
from operator import not_
from typing import NamedTuple

from .errors import DealError

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
MUL1 = 0xBF58476D1CE4E5B9
MUL2 = 0x94D049BB133111EB

MAX_DEAL = 999_999_999
"""Deals are numbered 1..MAX_DEAL."""

RULES = (1, 2)
"""The versions of the placement rule (see the module); a game keeps the one it began with."""
RULE = 2
"""The placement rule every new game plays by."""

_CELLS = range(81)
FIRST_COMING = 5
"""Index of the first coming ball of a new game (balls 0..4 start on the board)."""


def mix(z: int) -> int:
    """The splitmix64 output function (a bijection of 64-bit words)."""
    z = ((z ^ (z >> 30)) * MUL1) & MASK64
    z = ((z ^ (z >> 27)) * MUL2) & MASK64
    return z ^ (z >> 31)


def splitmix64_output(state: int) -> int:
    """The first output of splitmix64 started from ``state``."""
    return mix((state + GAMMA) & MASK64)


@lru_cache(maxsize=64)
def seed(deal: int) -> int:
    """The splitmix64 state of a deal's stream."""
    return splitmix64_output(deal)


def word(deal: int, n: int) -> int:
    """Word ``n`` (0-based) of the stream of ``deal``: counter based, no state."""
    return mix((seed(deal) + (n + 1) * GAMMA) & MASK64)


class Ball(NamedTuple):
    """Ball ``k`` of a deal: colour 1..7, preferred cell 0..80, fallback key."""

    color: int
    cell: int
    fallback: int


@lru_cache(maxsize=4096)
def ball(deal: int, k: int) -> Ball:
    """Ball ``k`` of ``deal`` (both ints ≥ 0; the caller validates the deal).

    >>> b = ball(7, 3)
    >>> 1 <= b.color <= 7 and 0 <= b.cell <= 80
    True
    """
    x = word(deal, k) * 7
    y = (x & MASK64) * 81
    return Ball(1 + (x >> 64), y >> 64, y & MASK64)


def landing(b: Ball, board: Sequence[int]) -> int | None:
    """The cell where ball ``b`` lands on ``board`` (81 ints), or None if the board is full.

    >>> b = Ball(color=3, cell=0, fallback=5)
    >>> landing(b, [0] * 81), landing(b, [1] + [0] * 80), landing(b, [1] * 81)
    (0, 6, None)
    """
    if not board[b.cell]:
        return b.cell
    free = list(compress(_CELLS, map(not_, board)))
    if not free:
        return None
    return free[b.fallback % len(free)]


def landing_on(board: Sequence[int], deal: int, first: int, colours: Sequence[int],
               announced: Sequence[int] = ()) -> list[tuple[int, int]]:
    """Where balls ``first``, ``first + 1``, ... of ``deal`` land on ``board``, one after
    another, with the given ``colours``: a list of ``(cell index, colour)``.

    Ball ``i`` lands on ``announced[i]`` (its announced cell, if it has one) when
    that cell is still free; otherwise by ``landing`` on the board as the balls
    before it left it. A ball that finds the board full is not placed (the list
    is then shorter). ``board`` is not changed. This is the one placement rule
    of the game (``RULES``): the start of a new game, the announcement of the
    coming balls, and where they land after a move (with their announced cells
    under rule 2, without any under rule 1).

    >>> landing_on([0] * 81, 1, 0, [4, 4]) == landing_on([0] * 81, 1, 0, [4, 4])
    True
    >>> landing_on([1] * 80 + [0], 1, 0, [2, 3, 5])
    [(80, 2)]

    Deal 1's balls 5, 6, 7 prefer cells 34, 31 and 59. Announced on cells 10,
    31 and 12, with cell 12 taken since, the first two land where announced and
    the third by ``landing`` (its preferred cell 59 is free):

    >>> board = [0] * 81; board[12] = 1
    >>> landing_on(board, 1, 5, [6, 5, 2], announced=[10, 31, 12])
    [(10, 6), (31, 5), (59, 2)]
    """
    cells = list(board)
    placed: list[tuple[int, int]] = []
    for i, colour in enumerate(colours):
        cell: int | None = announced[i] if i < len(announced) else None
        if cell is None or cells[cell]:
            cell = landing(ball(deal, first + i), cells)
        if cell is None:
            break
        cells[cell] = colour
        placed.append((cell, colour))
    return placed


def colors(deal: int, k: int) -> tuple[int, int, int]:
    """The colours of balls k, k+1, k+2: the "next" bar when ball k comes first."""
    return (ball(deal, k).color, ball(deal, k + 1).color, ball(deal, k + 2).color)


def check_deal(deal: object) -> int:
    """Return ``deal`` if it is an int in 1..MAX_DEAL, else raise DealError."""
    if type(deal) is not int or not 1 <= deal <= MAX_DEAL:
        raise DealError(f"deal must be an integer in 1..{MAX_DEAL}, got {deal!r}")
    return deal
