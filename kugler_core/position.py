"""One immutable game position, the moves of a history, and their checks.

A ``Position`` is what the board shows at one moment: the balls, the three
coming ones (and under placement rule 2 the cells announced for them), the
points, the moves made and the lines removed. ``Game`` keeps the current one
and the one undo goes back to; the game document (``game_document``) writes
and reads them. The checks here raise the error their caller names (the game
its ``GameFieldError``, the document reader its ``DocumentError``).

>>> p = Position(board=(0,) * 81, next=(1, 2, 3), ball=5)
>>> p.over, p.landing
(False, ())
>>> check_colours([1, 2, 8], "next", ValueError)
Traceback (most recent call last):
...
ValueError: next must be 3 colours 1..7
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import rng
from .board import CELLS, COLORS, Board
from .checks import ErrorOf

__all__ = [
    "MAX_HISTORY", "MAX_INT", "MOVES", "Move", "Position", "announce", "check_colours",
    "check_history", "check_landing",
]

MAX_INT = 10**9
"""Every counter of a game (and of its document) is capped at this value."""
MAX_HISTORY = 1_000_000
"""Longest move history a document may hold (about 8 MB in memory, 9 MB of JSON)."""

Move = tuple[int, int]
"""A move of the history: (source, target) cell indices 0..80."""
MOVES: tuple[Move, ...] = tuple((s, t) for s in range(CELLS) for t in range(CELLS))
"""Every possible move, made once: a history holds references to these (8 bytes a move);
move ``(s, t)`` is ``MOVES[s * 81 + t]``."""


@dataclass(frozen=True, slots=True)
class Position:
    """One immutable game position.

    ``ball`` is the index (in the deal) of the first coming ball; ``next`` the
    colours of the 3 coming balls; ``lines`` the removed lines counted by
    length, as sorted ``(length, count)`` pairs; ``over`` is true when no cell
    is free. ``landing`` is the announced cell of each coming ball under rule 2
    (``rng.landing_on``; fewer than 3 only when fewer cells are free, none when
    the game is over), and always empty under rule 1.
    """

    board: Board
    next: tuple[int, int, int]
    ball: int
    score: int = 0
    moves: int = 0
    lines: tuple[tuple[int, int], ...] = ()
    over: bool = False
    landing: tuple[int, ...] = ()


def announce(board: Sequence[int], deal: int, ball: int, coming: Sequence[int],
             announced: Sequence[int] = ()) -> tuple[int, ...]:
    """The announced cells of the coming balls ``ball``.. (colours ``coming``) on
    ``board`` under rule 2: those already ``announced`` where still free, the
    others by ``rng.landing_on`` (each ball after the ones before it)."""
    return tuple([cell for cell, _ in rng.landing_on(board, deal, ball, coming, announced)])


def check_landing(position: Position, rule: int, error: ErrorOf) -> None:
    """``error`` unless ``position.landing`` fits ``rule``: empty under rule 1 and
    for a finished game; under rule 2 one distinct free cell for each coming ball,
    as many as there are free cells up to 3."""
    cells = position.landing
    if rule == 1 or position.over:
        if cells:
            raise error("landing must be empty under rule 1 and when the game is over")
        return
    free = position.board.count(0)
    if (len(cells) != min(3, free) or len(set(cells)) != len(cells)
            or any(type(c) is not int or not 0 <= c < CELLS or position.board[c]
                   for c in cells)):
        raise error(f"landing must be {min(3, free)} different free cells")


def check_colours(colours: object, where: str, error: ErrorOf) -> tuple[int, int, int]:
    """The colours of the 3 coming balls (each 1..7)."""
    if (not isinstance(colours, (tuple, list)) or len(colours) != 3
            or any(type(c) is not int or not 1 <= c <= COLORS for c in colours)):
        raise error(f"{where} must be 3 colours 1..{COLORS}")
    return (colours[0], colours[1], colours[2])


def check_history(history: Sequence[Sequence[int]], moves: int, error: ErrorOf) -> list[Move]:
    """The history as a list of shared move pairs (``MOVES``); ``error`` unless it
    is ``moves`` pairs of two different cell indices 0..80 (the moves are checked
    by replaying)."""
    if len(history) > MAX_HISTORY:
        raise error(f"history holds at most {MAX_HISTORY} moves")
    if len(history) != moves:
        raise error(f"history has {len(history)} moves, the game {moves}")
    out = []
    for n, pair in enumerate(history, 1):
        if (not isinstance(pair, (list, tuple)) or len(pair) != 2
                or type(pair[0]) is not int or type(pair[1]) is not int
                or not 0 <= pair[0] < CELLS or not 0 <= pair[1] < CELLS
                or pair[0] == pair[1]):
            raise error(f"history: move {n} is not a pair of two different cells 0..80")
        out.append(MOVES[pair[0] * CELLS + pair[1]])
    return out
