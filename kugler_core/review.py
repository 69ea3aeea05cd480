"""The game review: every move judged, in points, against the computer's move.

A move is judged on exactly what the player saw before it (``player.View``:
the board, the three coming colours, their marks, the variant), never on the
deal beyond the three coming balls. The better move is the quick computer
player's (``player.choose(view, "quick")``). A move is worth

    worth(view, move) = E[ points of the move + points of the balls landing
                           + value(board after the move and the balls) ]

the expectation over where the balls land: on their marks, except a ball
whose mark the move took, which lands on a free cell the player cannot know
(each free cell as likely, which is what ``rng.landing`` gives a player who
does not know the deal), and every free cell is tried. After a move that
makes a line the same balls come on the same cells after the next move, so
they are put on their marks too. ``value`` is the points to come of a board
whose coming balls are not known yet (docs/review.md defines it and gives its
fit). The cost of a move is ``worth(best) - worth(played)``, clamped at 0,
and exactly 0 when the played move is the computer's; its grade is a
threshold on the cost (``GRADES``).

>>> g = Game.from_text('''
...     1111.....
...     .........
...     .........
...     .........
...     .........
...     .........
...     .........
...     .........
...     ........1
... ''', next=(2, 3, 4))
>>> v = View.of(g)
>>> best = choose(v)
>>> judge(v, best)
Judged(played=(80, 4), best=(80, 4), cost=0.0, grade='best')
>>> missed = judge(v, (80, 79))       # a line of 5 left standing
>>> missed.best, missed.cost > 0
((80, 4), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .board import CELL_OF
from .errors import IllegalMove
from .evaluate import CROWD, CROWDED, FREE, evaluate, settle, tables
from .game import Game
from .player import Move, View, choose

__all__ = ["GRADES", "Grade", "Judged", "accuracy", "features", "grade", "judge", "knot_weights",
           "outcomes", "review", "value", "worth"]

Grade = Literal["best", "good", "inaccuracy", "mistake", "blunder"]

GRADES: tuple[tuple[Grade, float], ...] = (
    ("good", 0.1),
    ("inaccuracy", 3.0),
    ("mistake", 8.5),
    ("blunder", 19.5),
)
"""The lowest cost of each grade: a move is "best" at cost 0 (the computer's, or
one worth as much), "good" below 3 points, an "inaccuracy" from 3, a "mistake"
from 8.5, a "blunder" from 19.5: the costs (to the half point) from which
the play-outs of the fit games measured a mean loss of 5, 10 and 20 points
(docs/review.md)."""

HORIZON = 20
"""The points to come are those of this many moves (docs/review.md)."""
KNOTS: tuple[int, ...] = (8, 16, 24, 32, 40)
"""The free-cell counts at which ``LEVEL`` and ``SLOPE`` are given (linear between,
constant beyond the ends)."""
LEVEL: tuple[float, ...] = (0.0, 17.9, 43.4, 63.7, 67.9)
"""Points to come of a board with no line potential, by free cells (``KNOTS``):
fitted on play-outs of positions of the fit games, never falling as cells free up."""
SLOPE: tuple[float, ...] = (0.329, 0.553, 0.264, 0.186, 0.058)
"""Points to come per unit of line potential, by free cells (``KNOTS``): fitted on
the measured loss of pairs of moves of the fit games."""
ACCURACY_SCALE = 10.0
"""The cost (points) at which a move's accuracy is 50 % (``accuracy``)."""


@dataclass(frozen=True, slots=True)
class Judged:
    """One move judged: ``played`` and the computer's ``best`` as ``(source,
    target)`` cell indices, the ``cost`` in points (≥ 0) and its ``grade``."""

    played: Move
    best: Move
    cost: float
    grade: Grade


def value(board: Sequence[int], line: int) -> float:
    """The points to come of ``board`` (81 ints) in variant ``line``, the coming
    balls not known yet: what the computer is expected to score in the next
    ``HORIZON`` moves, 0 for a full board. ``LEVEL(free) + SLOPE(free) *
    potential`` (``features``), fitted on play-outs (docs/review.md); never
    negative.

    >>> value([0] * 81, 5) > value([1, 2] * 40 + [0], 5) > value([1, 2] * 40 + [1], 5) == 0.0
    True
    """
    if 0 not in board:
        return 0.0
    level, slope, potential = features(board, line)
    return max(0.0, level + slope * potential)


def features(board: Sequence[int], line: int) -> tuple[float, float, float]:
    """What ``value`` is made of, for a board that is not full: the level and the
    slope at its number of free cells (``KNOTS``) and its line potential, the
    part of ``evaluate`` that is not free room (``evaluate.FREE`` a free cell
    and the penalty below ``evaluate.CROWDED``).

    >>> level, slope, potential = features([0] * 81, 5)
    >>> level, potential
    (67.9, 0.0)
    """
    free = board.count(0)
    potential = evaluate(board, tables(line)) - FREE * free
    if free < CROWDED:
        potential += CROWD * (CROWDED - free) ** 2
    return _knotted(LEVEL, free), _knotted(SLOPE, free), potential


def _knotted(values: Sequence[float], free: int) -> float:
    """``values`` (one per ``KNOTS``) at ``free`` cells: linear between the knots."""
    return sum(w * v for w, v in zip(knot_weights(free), values, strict=True))


def knot_weights(free: int) -> tuple[float, ...]:
    """The weight of each of ``KNOTS`` at ``free`` cells (linear between two
    knots, all on the nearest end beyond them); they add up to 1.

    >>> knot_weights(28), knot_weights(5), knot_weights(60)
    ((0.0, 0.0, 0.5, 0.5, 0.0), (1.0, 0.0, 0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 0.0, 1.0))
    """
    weights = [0.0] * len(KNOTS)
    if free <= KNOTS[0]:
        weights[0] = 1.0
    elif free >= KNOTS[-1]:
        weights[-1] = 1.0
    else:
        k = next(k for k in range(1, len(KNOTS)) if free <= KNOTS[k])
        share = (free - KNOTS[k - 1]) / (KNOTS[k] - KNOTS[k - 1])
        weights[k - 1] = 1.0 - share
        weights[k] = share
    return tuple(weights)


def outcomes(view: View, move: Move) -> list[tuple[float, int, tuple[int, ...]]]:
    """What ``move`` can lead to as the player sees it: ``(chance, points,
    board)`` for the board after the move and its coming balls, the points of
    the move and of the balls' lines. The chances add up to 1.

    The balls land on their marks; a ball whose mark is taken (by the move, or
    by a ball before it) lands on any free cell, each as likely. ``view`` is
    not changed. The move must be legal (not checked).

    >>> v = View.of(Game.new(deal=42))
    >>> sum(chance for chance, _, _ in outcomes(v, (v.board.index(1), 0))) == 1
    True
    """
    line = view.line
    board = list(view.board)
    source, target = move
    board[target] = board[source]
    board[source] = 0
    made = settle(board, (target,), line)
    out: list[tuple[float, int, tuple[int, ...]]] = []

    def land(b: list[int], i: int, chance: float, placed: list[int]) -> None:
        if i == len(view.landing):
            after = b[:]
            landed = settle(after, placed, line)
            out.append((chance, made + landed, tuple(after)))
            return
        colour = view.next[i]
        mark = view.landing[i]
        if not b[mark]:
            b[mark] = colour
            land(b, i + 1, chance, [*placed, mark])
            b[mark] = 0
            return
        free = [c for c in range(len(b)) if not b[c]]
        if not free:
            land(b, len(view.landing), chance, placed)
            return
        share = chance / len(free)
        for cell in free:
            b[cell] = colour
            land(b, i + 1, share, [*placed, cell])
            b[cell] = 0

    land(board, 0, 1.0, [])
    return out


def worth(view: View, move: Move) -> float:
    """The expected points of ``move`` and of the balls landing after it, plus the
    ``value`` of the board they leave, over ``outcomes``."""
    line = view.line
    return sum(chance * (points + value(board, line))
               for chance, points, board in outcomes(view, move))


def grade(cost: float) -> Grade:
    """The grade of a move that is not the computer's, by its ``cost`` (``GRADES``).

    >>> grade(0.0), grade(1.0), grade(7.0), grade(12.0), grade(50.0)
    ('best', 'good', 'inaccuracy', 'mistake', 'blunder')
    """
    if cost <= 0:
        return "best"
    name: Grade = "good"
    for grade_name, threshold in GRADES:
        if cost >= threshold:
            name = grade_name
    return name


def judge(view: View, played: Move, best: Move | None = None) -> Judged:
    """``played`` judged on ``view``: the computer's move (``best``, computed when
    not given), the cost and the grade. Raises IllegalMove (``game_over``) when
    ``view`` has no legal move."""
    if best is None:
        best = choose(view, "quick")
        if best is None:
            raise IllegalMove("there is no move to judge on a full board", "game_over")
    if played == best:
        return Judged(played, best, 0.0, "best")
    cost = max(0.0, worth(view, best) - worth(view, played))
    cost = round(cost, 1)
    return Judged(played, best, cost, grade(cost))


def review(deal: int, line: int, moves: Sequence[Move], rule: int, start: int = 0,
           count: int | None = None) -> list[Judged]:
    """Moves ``start`` .. ``start + count - 1`` of the game of ``deal``, ``line``
    and placement ``rule`` played by ``moves`` (all to the end when ``count`` is
    None), each judged on the view before it. The moves before ``start`` are
    only played. Raises DealError, VariantError or GameFieldError (the rule) for a
    bad deal, line or rule and IllegalMove for a move the rules refuse
    (``replay.decode`` has checked a code's moves).

    >>> [j.best for j in review(42, 5, [(30, 80)], rule=2)]
    [(30, 74)]
    """
    game = Game.new(deal=deal, line=line, rule=rule)
    end = len(moves) if count is None else min(len(moves), start + count)
    for s, t in moves[:start]:
        game.move(CELL_OF[s], CELL_OF[t])
    return review_on(game, moves[start:end])


def review_on(game: Game, moves: Sequence[Move]) -> list[Judged]:
    """Each of ``moves``, played on ``game`` in turn (``game`` changes), judged on
    the view before it: the review of a game from a position already reached
    (the facade's chunks start from the replayed positions). Raises IllegalMove
    for a move the rules refuse.

    >>> [j.best for j in review_on(Game.new(deal=42, line=5, rule=2), [(30, 80)])]
    [(30, 74)]
    """
    out: list[Judged] = []
    for s, t in moves:
        out.append(judge(View.of(game), (s, t)))
        game.move(CELL_OF[s], CELL_OF[t])
    return out


def accuracy(costs: Sequence[float]) -> float:
    """The accuracy of a game, 0 to 100 %: the mean over its moves of
    ``100 * ACCURACY_SCALE / (ACCURACY_SCALE + cost)`` (a move's share: 100 % at
    cost 0, 50 % at ``ACCURACY_SCALE`` points). 100 % for no moves.

    >>> accuracy([0.0, 0.0]), accuracy([0.0, 10.0]), accuracy([])
    (100.0, 75.0, 100.0)
    """
    if not costs:
        return 100.0
    return round(sum(100 * ACCURACY_SCALE / (ACCURACY_SCALE + c) for c in costs) / len(costs),
                 1)
