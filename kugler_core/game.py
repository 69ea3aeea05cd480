"""The game: the rules of a move, turns, one undo (the document is ``game_document``).

>>> g = Game.from_text('''
...     11.11....
...     .........
...     .........
...     .........
...     ....5....
...     .........
...     .........
...     .........
...     ..1......
... ''', next=(2, 3, 4), line=5, deal=42)
>>> turn = g.move((8, 2), (0, 2))
>>> [(line.length, line.points) for line in turn.lines], turn.spawned, g.score
([(5, 10)], (), 10)
>>> [event.type for event in turn.events]
['roll', 'clear']
>>> g.undo()
>>> g.undo()
Traceback (most recent call last):
...
kugler_core.errors.IllegalMove: there is nothing to undo
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from . import game_document, rng
from .board import CELL_OF, CELLS, Board, Cell
from .board import from_text as board_from_text
from .board import index as cell_index
from .board import to_text as board_to_text
from .checks import check_cell, check_daily, check_id, check_line, expect_int
from .errors import DocumentError, GameFieldError, IllegalMove, VariantError
from .lines import Line, runs_through
from .paths import reachable as reachable_cells
from .paths import shortest_path
from .position import (
    MAX_HISTORY,
    MAX_INT,
    MOVES,
    Move,
    Position,
    announce,
    check_colours,
    check_history,
    check_landing,
)

__all__ = [
    "MAX_HISTORY", "PLAYERS", "Clear", "DocumentError", "Event", "Game", "IllegalMove", "Line",
    "Move", "Position", "Roll", "Spawn", "Turn", "play",
]

PLAYERS = ("player", "computer")

@dataclass(frozen=True, slots=True)
class Roll:
    """The moved ball rolls along ``path`` (source to target)."""

    path: tuple[Cell, ...]
    color: int
    type: ClassVar[Literal["roll"]] = "roll"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "roll", "path": [[r, c] for r, c in self.path], "color": self.color}


@dataclass(frozen=True, slots=True)
class Clear:
    """``lines`` vanish at once (a shared ball counts in each)."""

    lines: tuple[Line, ...]
    type: ClassVar[Literal["clear"]] = "clear"

    @property
    def points(self) -> int:
        return sum(line.points for line in self.lines)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "clear", "lines": [line.to_dict() for line in self.lines],
                "points": self.points}


@dataclass(frozen=True, slots=True)
class Spawn:
    """New balls ``(cell, colour)`` appear, in order."""

    balls: tuple[tuple[Cell, int], ...]
    type: ClassVar[Literal["spawn"]] = "spawn"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "spawn", "balls": [[[r, c], color] for (r, c), color in self.balls]}


Event = Roll | Clear | Spawn


@dataclass(frozen=True, slots=True)
class Turn:
    """What one move did: the path, the lines removed (by the move or by new balls,
    in removal order), the balls placed, the points, and the ordered ``events``."""

    path: tuple[Cell, ...]
    lines: tuple[Line, ...] = ()
    spawned: tuple[tuple[Cell, int], ...] = ()
    points: int = 0
    events: tuple[Event, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """The ``turn`` JSON of the facade protocol."""
        return {
            "path": [[r, c] for r, c in self.path],
            "points": self.points,
            "lines": [line.to_dict() for line in self.lines],
            "spawned": [[[r, c], color] for (r, c), color in self.spawned],
            "events": [event.to_dict() for event in self.events],
        }


# --------------------------------------------------------------------------- rules


def play(position: Position, deal: int, line: int, source: int, target: int, rule: int
         ) -> tuple[Position, Turn]:
    """Play the move ``source -> target`` (cell indices) under placement rule ``rule``
    (``rng.RULES``) and return the new position and turn.

    The coming balls land by ``rng.landing_on``: under rule 2 on the cells
    ``position.landing`` announced (those the move left free), and the new
    position announces the cells of the balls that come next; under rule 1
    on the board after the move, with nothing announced.
    Raises IllegalMove (game_over, no_ball, target_taken, unreachable).
    """
    if position.over:
        raise IllegalMove("the game is over", "game_over")
    board = list(position.board)
    color = board[source]
    if not color:
        raise IllegalMove(f"no ball at {CELL_OF[source]}", "no_ball")
    if board[target]:
        raise IllegalMove(f"cell {CELL_OF[target]} is taken", "target_taken")
    path = shortest_path(board, source, target)
    if path is None:
        raise IllegalMove(
            f"no free path from {CELL_OF[source]} to {CELL_OF[target]}", "unreachable")
    board[source] = 0
    board[target] = color
    cells_path = tuple([CELL_OF[i] for i in path])
    events: list[Event] = [Roll(cells_path, color)]
    removed: list[Line] = []
    counts = dict(position.lines)
    ball = position.ball
    coming = position.next
    announced = position.landing
    spawned: list[tuple[Cell, int]] = []

    def clear(runs: list[tuple[int, ...]]) -> None:
        new = []
        for run in runs:
            new.append(Line.of(run, board[run[0]], line))
            counts[len(run)] = counts.get(len(run), 0) + 1
        for run in runs:
            for i in run:
                board[i] = 0
        removed.extend(new)
        events.append(Clear(tuple(new)))

    runs = runs_through(board, target, line)
    if runs:
        clear(runs)
        must_spawn = not any(board)
    else:
        must_spawn = True
    while must_spawn:
        landed = rng.landing_on(board, deal, ball, coming, announced)
        placed = []
        for cell, colour in landed:
            board[cell] = colour
            placed.append(cell)
        balls = tuple([(CELL_OF[i], colour) for i, colour in landed])
        spawned.extend(balls)
        events.append(Spawn(balls))
        ball += 3
        coming = rng.colors(deal, ball)
        announced = ()
        runs = []
        for i in placed:
            for run in runs_through(board, i, line):
                if run not in runs:
                    runs.append(run)
        must_spawn = False
        if runs:
            clear(runs)
            must_spawn = not any(board)

    gained = sum(x.points for x in removed)
    over = 0 not in board
    new_position = Position(
        board=tuple(board),
        next=coming,
        ball=ball,
        score=position.score + gained,
        moves=position.moves + 1,
        lines=tuple(sorted(counts.items())) if removed else position.lines,
        over=over,
        landing=announce(board, deal, ball, coming, announced) if rule == 2 and not over
        else (),
    )
    turn = Turn(cells_path, tuple(removed), tuple(spawned), gained, tuple(events))
    return new_position, turn


def _rule(rule: object) -> int:
    return expect_int(rule, "rule", min(rng.RULES), max(rng.RULES), GameFieldError)


def _cell(cell: object) -> int:
    return cell_index(check_cell(cell, "a cell", IllegalMove))


class Game:
    """A game in progress: the current position and at most one previous one (undo).

    ``deal``, ``line``, ``id`` and ``daily`` are fixed; ``seconds`` (elapsed play
    time) is set by the UI and kept in the document; undo does not change it.
    ``history`` is the moves from the deal's start (None when unknown: a game
    from a diagram or an old document); ``hints`` and ``computer`` count the
    hints shown and the moves the computer made, and undo never lowers them.
    ``rule`` is the placement rule the game plays by (``rng.RULES``: 2 for every
    new game, 1 for a game begun before it), fixed for the game.
    """

    __slots__ = ("_computer", "_daily", "_deal", "_hints", "_history", "_id", "_line",
                 "_position", "_previous", "_rule", "_seconds")

    def __init__(self, position: Position, *, deal: int, line: int, id: str = "",
                 seconds: int = 0, previous: Position | None = None,
                 history: Sequence[Sequence[int]] | None = None, hints: int = 0,
                 computer: int = 0, daily: str | None = None, rule: int = rng.RULE) -> None:
        """Raises DealError for a bad deal, VariantError for a line other than 4 or 5,
        GameFieldError for a bad id, counter, daily date, rule, a position whose
        ``landing`` does not fit its rule (``position.check_landing``) or a history
        that is not ``position.moves`` pairs of cells (its legality is not checked)."""
        self._deal = rng.check_deal(deal)
        self._line = check_line(line, "line", VariantError)
        self._id = check_id(id, "id", GameFieldError)
        self._rule = _rule(rule)
        check_landing(position, rule, GameFieldError)
        if previous is not None:
            check_landing(previous, rule, GameFieldError)
        self._position = position
        self._previous = None if position.over else previous
        self._seconds = 0
        self.seconds = seconds
        self._history = (None if history is None
                         else check_history(history, position.moves, GameFieldError))
        self._hints = expect_int(hints, "hints", 0, MAX_INT, GameFieldError)
        self._computer = expect_int(computer, "computer", 0, MAX_INT, GameFieldError)
        self._daily = None if daily is None else check_daily(daily, deal, "daily", GameFieldError)

    # -- construction

    @classmethod
    def new(cls, deal: int = 1, line: int = 5, id: str = "", daily: str | None = None,
            rule: int = rng.RULE) -> Game:
        """A new game of ``deal`` (1..MAX_DEAL): balls 0..4 of the deal on the board,
        an empty history. ``daily`` (a date ``YYYY-MM-DD``) marks the deal of that day.
        ``rule`` is the placement rule (the current one; 1 only to replay an old game).

        Raises DealError for a bad deal, VariantError for a line other than 4 or 5,
        GameFieldError for a bad id (text of at most 64 characters), rule, or a
        ``daily`` date whose deal of the day is not ``deal``.

        >>> g = Game.new(deal=42, line=5)
        >>> sum(1 for c in g.board if c), g.ball, g.score, g.can_undo, g.history
        (5, 5, 0, False, ())
        """
        rng.check_deal(deal)
        check_line(line, "line", VariantError)
        _rule(rule)
        board = [0] * CELLS
        first = [rng.ball(deal, k).color for k in range(rng.FIRST_COMING)]
        for cell, colour in rng.landing_on(board, deal, 0, first):
            board[cell] = colour
        coming = rng.colors(deal, rng.FIRST_COMING)
        landing = announce(board, deal, rng.FIRST_COMING, coming) if rule == 2 else ()
        position = Position(tuple(board), coming, rng.FIRST_COMING, landing=landing)
        return cls(position, deal=deal, line=line, id=id, history=[], daily=daily, rule=rule)

    @classmethod
    def from_text(cls, diagram: str, next: Sequence[int] | None = None, line: int = 5,
                  deal: int = 1, id: str = "", rule: int = rng.RULE) -> Game:
        """A game from a 9x9 diagram (``.`` empty, ``1``..``7`` colours).

        Coming balls are the balls of ``deal`` from ball 0 on; ``next``
        overrides the colours of the first three; under rule 2 their cells are
        announced on the diagram's board. Lines already standing stay.
        A full board gives a game that is over. Its history is unknown (None).
        Raises DiagramError for a diagram that is not 9 rows of 9 symbols, and
        the errors of ``Game.new`` (``next``: GameFieldError).
        """
        board = board_from_text(diagram)
        rng.check_deal(deal)
        _rule(rule)
        coming = (rng.colors(deal, 0) if next is None
                  else check_colours(next, "next", GameFieldError))
        over = 0 not in board
        landing = announce(board, deal, 0, coming) if rule == 2 and not over else ()
        position = Position(board, coming, 0, over=over, landing=landing)
        return cls(position, deal=deal, line=line, id=id, rule=rule)

    # -- state

    @property
    def deal(self) -> int:
        return self._deal

    @property
    def line(self) -> int:
        """The minimum line length: 5, or 4 in the easy variant."""
        return self._line

    @property
    def id(self) -> str:
        return self._id

    @property
    def rule(self) -> int:
        """The placement rule this game plays by (``rng.RULES``)."""
        return self._rule

    @property
    def seconds(self) -> int:
        """Elapsed play time in seconds, set by the UI (int 0..10**9)."""
        return self._seconds

    @seconds.setter
    def seconds(self, value: int) -> None:
        self._seconds = expect_int(value, "seconds", 0, MAX_INT, GameFieldError)

    @property
    def history(self) -> tuple[Move, ...] | None:
        """The moves since the deal's start as (source, target) cell indices, in
        order; None when the start is unknown (the game cannot be replayed)."""
        return None if self._history is None else tuple(self._history)

    @property
    def hints(self) -> int:
        """Hints shown in this game (undo does not lower it)."""
        return self._hints

    @property
    def computer(self) -> int:
        """Moves the computer made in this game (undo does not lower it)."""
        return self._computer

    @property
    def assisted(self) -> bool:
        """True when a hint was shown or the computer moved: the game had help."""
        return self._hints > 0 or self._computer > 0

    @property
    def daily(self) -> str | None:
        """The UTC date ``YYYY-MM-DD`` whose deal of the day this game is, or None."""
        return self._daily

    @property
    def position(self) -> Position:
        return self._position

    @property
    def previous(self) -> Position | None:
        """The position undo goes back to, if any."""
        return self._previous

    @property
    def board(self) -> Board:
        return self._position.board

    @property
    def next(self) -> tuple[int, int, int]:
        return self._position.next

    @property
    def ball(self) -> int:
        """Index in the deal of the first coming ball."""
        return self._position.ball

    @property
    def score(self) -> int:
        return self._position.score

    @property
    def moves(self) -> int:
        return self._position.moves

    @property
    def over(self) -> bool:
        return self._position.over

    @property
    def can_undo(self) -> bool:
        return self._previous is not None and not self._position.over

    @property
    def lines_by_length(self) -> dict[int, int]:
        """Removed lines counted by length, e.g. ``{5: 2, 6: 1}``."""
        return dict(self._position.lines)

    def to_text(self) -> str:
        """9 lines of 9 chars: ``.`` empty, ``1``..``7`` a colour; row 0 first."""
        return board_to_text(self._position.board)

    def __repr__(self) -> str:
        p = self._position
        return (f"Game(deal={self._deal}, line={self._line}, score={p.score}, "
                f"moves={p.moves}, over={p.over})")

    # -- play

    def move(self, source: Cell, target: Cell, by: str = "player") -> Turn:
        """Move the ball at ``source`` to ``target`` along the shortest free path.

        ``by`` is ``"player"`` or ``"computer"`` (counted in ``computer``). The move
        is added to the history. Raises IllegalMove: bad_request (not a cell, or
        ``by`` not one of the two), game_over, no_ball, target_taken, unreachable,
        history_full. The game is unchanged after an error.
        """
        s = _cell(source)
        t = _cell(target)
        if by not in PLAYERS:
            raise IllegalMove(f"by must be 'player' or 'computer', got {by!r}"[:80])
        if self._history is not None and len(self._history) >= MAX_HISTORY:
            raise IllegalMove(f"a game holds at most {MAX_HISTORY} moves", "history_full")
        position, turn = play(self._position, self._deal, self._line, s, t, self._rule)
        self._previous = None if position.over else self._position
        self._position = position
        if self._history is not None:
            self._history.append(MOVES[s * CELLS + t])
        if by == "computer":
            self._computer = min(self._computer + 1, MAX_INT)
        return turn

    def undo(self) -> None:
        """Go back one move (and drop it from the history); ``hints`` and ``computer``
        stay. IllegalMove(nothing_to_undo) after an undo, before any move, or when
        the game is over."""
        if self._previous is None or self._position.over:
            raise IllegalMove("there is nothing to undo", "nothing_to_undo")
        self._position = self._previous
        self._previous = None
        if self._history:
            self._history.pop()

    def count_hint(self) -> None:
        """Count one hint shown in this game. IllegalMove(game_over) when it is over."""
        if self._position.over:
            raise IllegalMove("the game is over", "game_over")
        self._hints = min(self._hints + 1, MAX_INT)

    def landing(self) -> list[tuple[Cell, int]]:
        """Where the three coming balls land: ``(cell, colour)`` in the order they
        come (fewer when the board fills, none when the game is over); the marks.

        Under rule 2 these are the announced cells: after the next move that makes
        no line each ball lands there, unless the move took its cell. Under rule 1
        they are where the balls would land if the board did not change.

        >>> g = Game.new(deal=42)
        >>> [colour for _, colour in g.landing()] == list(g.next)
        True
        """
        p = self._position
        if p.over:
            return []
        if self._rule == 2:
            return [(CELL_OF[i], c) for i, c in zip(p.landing, p.next, strict=False)]
        return [(CELL_OF[i], c) for i, c in rng.landing_on(p.board, self._deal, p.ball, p.next)]

    def reachable(self, cell: Cell) -> frozenset[Cell]:
        """The free cells the ball at ``cell`` can roll to. IllegalMove if no ball there."""
        i = _cell(cell)
        if not self._position.board[i]:
            raise IllegalMove(f"no ball at {CELL_OF[i]}", "no_ball")
        return frozenset(CELL_OF[j] for j in reachable_cells(self._position.board, i))

    # -- document

    def to_dict(self) -> dict[str, Any]:
        """The game document (``kind: "kugler/game"``, version 3), JSON-safe:
        ``game_document.to_dict``."""
        return game_document.to_dict(self)

    @classmethod
    def from_dict(cls, doc: object) -> Game:
        """A game from its document, through its one reader ``game_document.from_dict``
        (every older version brought up to date). Raises DocumentError (code
        ``bad_document`` or ``newer_version``)."""
        s = game_document.from_dict(doc)
        return cls(s.position, deal=s.deal, line=s.line, id=s.id, seconds=s.seconds,
                   previous=s.previous, rule=s.rule, history=s.history, hints=s.hints,
                   computer=s.computer, daily=s.daily)
