"""The game: immutable positions, turns, one undo, the saved-game document.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from . import rng
from .board import CELL_OF, CELLS, COLORS, SIZE, Board, Cell, from_rows, to_rows
from .board import from_text as board_from_text
from .board import index as cell_index
from .board import to_text as board_to_text
from .daily import deal_of_day
from .errors import DocumentError, IllegalMove
from .lines import Line, points, runs_through
from .paths import reachable as reachable_cells
from .paths import shortest_path

__all__ = [
    "Clear", "DocumentError", "Event", "Game", "IllegalMove", "Line", "Move", "Position",
    "Roll", "Spawn", "Turn", "play",
]

KIND = "kugler/game"
VERSION = 3
"""The version written; versions 1 (no history, hints, computer, daily) and 2 (no rule,
landing) are still read, as games of placement rule 1."""
MAX_INT = 10**9
"""Every counter in a document is capped at this value."""
MAX_ID = 64
MAX_HISTORY = 1_000_000
"""Longest move history a document may hold (about 8 MB in memory, 9 MB of JSON)."""
LINE_VARIANTS = (4, 5)
PLAYERS = ("player", "computer")

Move = tuple[int, int]
"""A move of the history: (source, target) cell indices 0..80."""
_MOVES: tuple[Move, ...] = tuple((s, t) for s in range(CELLS) for t in range(CELLS))
"""Every possible move, made once: a history holds references to these (8 bytes a move)."""


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


def _check_line(line: object) -> int:
    if type(line) is not int or line not in LINE_VARIANTS:
        raise ValueError(f"line must be 4 or 5, got {line!r}")
    return line


def _check_id(game_id: object) -> str:
    if not isinstance(game_id, str) or len(game_id) > MAX_ID:
        raise ValueError(f"id must be a string of at most {MAX_ID} characters")
    return game_id


def _check_rule(rule: object) -> int:
    if type(rule) is not int or rule not in rng.RULES:
        raise ValueError(f"rule must be 1 or 2, got {rule!r}")
    return rule


def check_landing(position: Position, rule: int) -> None:
    """ValueError unless ``position.landing`` fits ``rule``: empty under rule 1 and
    for a finished game; under rule 2 one distinct free cell for each coming ball,
    as many as there are free cells up to 3."""
    cells = position.landing
    if rule == 1 or position.over:
        if cells:
            raise ValueError("landing must be empty under rule 1 and when the game is over")
        return
    free = position.board.count(0)
    if (len(cells) != min(3, free) or len(set(cells)) != len(cells)
            or any(type(c) is not int or not 0 <= c < CELLS or position.board[c]
                   for c in cells)):
        raise ValueError(f"landing must be {min(3, free)} different free cells")


def _check_colors(colors: object) -> tuple[int, int, int]:
    if (not isinstance(colors, (tuple, list)) or len(colors) != 3
            or any(type(c) is not int or not 1 <= c <= COLORS for c in colors)):
        raise ValueError(f"next must be 3 colours 1..{COLORS}, got {colors!r}")
    return (colors[0], colors[1], colors[2])


def _cell(cell: object) -> int:
    try:
        return cell_index(cell)
    except ValueError as error:
        raise IllegalMove(str(error), "bad_request") from None


def _check_count(value: object, name: str) -> int:
    if type(value) is not int or not 0 <= value <= MAX_INT:
        raise ValueError(f"{name} must be an integer in 0..{MAX_INT}, got {value!r}")
    return value


def _check_history(history: Sequence[Sequence[int]] | None, moves: int) -> list[Move] | None:
    """The history as a list of shared move pairs; ValueError if it is not ``moves``
    pairs of cell indices 0..80 (the moves themselves are checked by replaying)."""
    if history is None:
        return None
    if len(history) > MAX_HISTORY:
        raise ValueError(f"a history holds at most {MAX_HISTORY} moves")
    if len(history) != moves:
        raise ValueError(f"the history has {len(history)} moves, the game {moves}")
    out = []
    for n, pair in enumerate(history, 1):
        if (not isinstance(pair, (list, tuple)) or len(pair) != 2
                or type(pair[0]) is not int or type(pair[1]) is not int
                or not 0 <= pair[0] < CELLS or not 0 <= pair[1] < CELLS
                or pair[0] == pair[1]):
            raise ValueError(f"move {n} is not a pair of two different cells 0..80")
        out.append(_MOVES[pair[0] * CELLS + pair[1]])
    return out


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
        """Raises ValueError for a bad deal, line, id, counter, daily date, rule, a
        position whose ``landing`` does not fit its rule (``check_landing``) or a
        history that is not ``position.moves`` pairs of cells (its legality is not
        checked)."""
        self._deal = rng.check_deal(deal)
        self._line = _check_line(line)
        self._id = _check_id(id)
        self._rule = _check_rule(rule)
        check_landing(position, rule)
        if previous is not None:
            check_landing(previous, rule)
        self._position = position
        self._previous = None if position.over else previous
        self._seconds = 0
        self.seconds = seconds
        self._history = _check_history(history, position.moves)
        self._hints = _check_count(hints, "hints")
        self._computer = _check_count(computer, "computer")
        if daily is not None:
            try:
                day_deal = deal_of_day(daily)
            except ValueError as error:
                raise ValueError(f"daily: {error}") from None
            if day_deal != deal:
                raise ValueError(f"daily: the deal of {daily} is {day_deal}, not {deal}")
        self._daily = daily

    # -- construction

    @classmethod
    def new(cls, deal: int = 1, line: int = 5, id: str = "", daily: str | None = None,
            rule: int = rng.RULE) -> Game:
        """A new game of ``deal`` (1..MAX_DEAL): balls 0..4 of the deal on the board,
        an empty history. ``daily`` (a date ``YYYY-MM-DD``) marks the deal of that day.
        ``rule`` is the placement rule (the current one; 1 only to replay an old game).

        Raises ValueError for a bad deal, line (4 or 5), id (string ≤ 64 chars),
        rule, or a ``daily`` date whose deal of the day is not ``deal``.

        >>> g = Game.new(deal=42, line=5)
        >>> sum(1 for c in g.board if c), g.ball, g.score, g.can_undo, g.history
        (5, 5, 0, False, ())
        """
        rng.check_deal(deal)
        _check_line(line)
        _check_rule(rule)
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
        Raises ValueError.
        """
        board = board_from_text(diagram)
        rng.check_deal(deal)
        _check_rule(rule)
        coming = rng.colors(deal, 0) if next is None else _check_colors(next)
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
        if type(value) is not int or not 0 <= value <= MAX_INT:
            raise ValueError(f"seconds must be an integer in 0..{MAX_INT}, got {value!r}")
        self._seconds = value

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
            self._history.append(_MOVES[s * CELLS + t])
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
        """The game document (``kind: "kugler/game"``, version 3), JSON-safe."""
        p = self._position
        prev = self._previous
        return {
            "kind": KIND,
            "version": VERSION,
            "id": self._id,
            "deal": self._deal,
            "line": self._line,
            "ball": p.ball,
            "board": to_rows(p.board),
            "next": list(p.next),
            "score": p.score,
            "moves": p.moves,
            "seconds": self._seconds,
            "lines": _lines_dict(p.lines),
            "over": p.over,
            "hints": self._hints,
            "computer": self._computer,
            "daily": self._daily,
            "rule": self._rule,
            "landing": _landing_list(p, self._rule),
            "undo": None if prev is None or p.over else {
                "board": to_rows(prev.board),
                "next": list(prev.next),
                "ball": prev.ball,
                "score": prev.score,
                "moves": prev.moves,
                "lines": _lines_dict(prev.lines),
                "landing": _landing_list(prev, self._rule),
            },
            "history": None if self._history is None else [[s, t] for s, t in self._history],
        }

    @classmethod
    def from_dict(cls, doc: object) -> Game:
        """A game from its document (version 3; 2: placement rule 1; 1: rule 1, no
        history, no help, not daily).

        Raises DocumentError (code ``bad_document`` or ``newer_version``) for
        anything that is not a valid game document. The history is checked for
        shape and length only; ``replay.verify`` replays it."""
        d = _fields(doc, _TOP_FIELDS, "game document", top=True)
        game_id = d["id"]
        if not isinstance(game_id, str) or len(game_id) > MAX_ID:
            raise DocumentError(f"'id' must be a string of at most {MAX_ID} characters")
        deal = _int(d, "deal", 1, rng.MAX_DEAL)
        line = _int(d, "line", 4, 5)
        seconds = _int(d, "seconds", 0, MAX_INT)
        over = d["over"]
        if type(over) is not bool:
            raise DocumentError(f"'over' must be true or false, got {_describe(over)}")
        version = d["version"]
        rule = _int(d, "rule", 1, 2) if version == VERSION else 1
        position = _position(d, deal, line, "", rule)
        if position.over != over:
            raise DocumentError("'over' disagrees with the board: a game is over exactly "
                                "when no cell is free")
        previous = None
        if d["undo"] is not None:
            if over:
                raise DocumentError("a finished game has no undo")
            u = _fields(d["undo"], _UNDO_FIELDS if version == VERSION else _POSITION_FIELDS,
                        "'undo'")
            previous = _position(u, deal, line, "undo.", rule)
            if previous.over:
                raise DocumentError("'undo' is a full board: no move could follow it")
            if previous.moves + 1 != position.moves:
                raise DocumentError("'undo.moves' must be one less than 'moves'")
            if previous.score > position.score or previous.ball > position.ball:
                raise DocumentError("'undo' is not a position before the current one")
            now = dict(position.lines)
            if any(now.get(n, 0) < c for n, c in previous.lines):
                raise DocumentError("'undo.lines' has lines the current game does not have")
        extra = _v2_fields(d, deal, position.moves)
        return cls(position, deal=deal, line=line, id=game_id, seconds=seconds,
                   previous=previous, rule=rule, **extra)


# --------------------------------------------------------------------------- validation

_POSITION_FIELDS = ("board", "next", "ball", "score", "moves", "lines")
_TOP_FIELDS = ("kind", "version", "id", "deal", "line", *_POSITION_FIELDS, "seconds", "over",
               "hints", "computer", "daily", "rule", "landing", "undo", "history")
_V2_ONLY = frozenset({"hints", "computer", "daily", "history"})
_V3_ONLY = frozenset({"rule", "landing"})
_UNDO_FIELDS = (*_POSITION_FIELDS, "landing")
_LENGTH_KEYS = {str(n): n for n in range(4, SIZE + 1)}


def _landing_list(position: Position, rule: int) -> list[int] | None:
    """A position's ``landing`` field: the announced cells (rule 2), null under rule 1."""
    return list(position.landing) if rule == 2 else None


def _lines_dict(lines: tuple[tuple[int, int], ...]) -> dict[str, int]:
    return {str(n): c for n, c in lines if c}


def _describe(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def _fields(doc: object, names: tuple[str, ...], what: str, top: bool = False
            ) -> Mapping[str, object]:
    if not isinstance(doc, Mapping):
        raise DocumentError(f"the {what} must be an object, got {_describe(doc)}")
    if top:
        if doc.get("kind") != KIND:
            raise DocumentError(f"not a game document: 'kind' must be {KIND!r}")
        version = doc.get("version")
        if type(version) is not int:
            raise DocumentError("'version' must be an integer")
        if version > VERSION:
            raise DocumentError(
                f"this game was saved by a newer version (document version {version}, "
                f"this program reads {VERSION})", "newer_version")
        if version not in (1, 2, VERSION):
            raise DocumentError(f"unknown document version {version}")
        if version < 3:
            names = tuple(n for n in names if n not in _V3_ONLY)
        if version == 1:
            names = tuple(n for n in names if n not in _V2_ONLY)
    for key in doc:
        if key not in names:
            raise DocumentError(f"unknown field {key!r} in the {what}")
    for name in names:
        if name not in doc:
            raise DocumentError(f"missing field {name!r} in the {what}")
    return doc


def _v2_fields(d: Mapping[str, object], deal: int, moves: int) -> dict[str, Any]:
    """``history``, ``hints``, ``computer`` and ``daily`` of a document (the
    defaults of an old game for version 1). Raises DocumentError."""
    if d["version"] == 1:
        return {"history": None, "hints": 0, "computer": 0, "daily": None}
    history = d["history"]
    if history is not None:
        if not isinstance(history, list):
            raise DocumentError(f"'history' must be a list of moves or null, got "
                                f"{_describe(history)}")
        try:
            _check_history(history, moves)
        except ValueError as error:
            raise DocumentError(f"'history': {error}") from None
    daily = d["daily"]
    if daily is not None:
        try:
            day_deal = deal_of_day(daily)
        except ValueError as error:
            raise DocumentError(f"'daily': {error}") from None
        if day_deal != deal:
            raise DocumentError(f"'daily': the deal of {daily} is {day_deal}, not {deal}")
    return {"history": history, "hints": _int(d, "hints", 0, MAX_INT),
            "computer": _int(d, "computer", 0, MAX_INT), "daily": daily}


def _int(d: Mapping[str, object], key: str, lo: int, hi: int, prefix: str = "") -> int:
    value = d[key]
    if type(value) is not int:
        raise DocumentError(f"'{prefix}{key}' must be an integer, got {_describe(value)}")
    if not lo <= value <= hi:
        raise DocumentError(f"'{prefix}{key}' must be in {lo}..{hi}, got {value}")
    return value


def _position(d: Mapping[str, object], deal: int, line: int, prefix: str, rule: int
              ) -> Position:
    rows = d["board"]
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise DocumentError(f"'{prefix}board' must be a list of 9 strings")
    try:
        board = from_rows(rows)
    except ValueError as error:
        raise DocumentError(f"'{prefix}board': {error}") from None
    try:
        coming = _check_colors(d["next"])
    except ValueError:
        raise DocumentError(f"'{prefix}next' must be a list of 3 colours 1..{COLORS}") from None
    ball = _int(d, "ball", 0, MAX_INT, prefix)
    score = _int(d, "score", 0, MAX_INT, prefix)
    moves = _int(d, "moves", 0, MAX_INT, prefix)
    if ball != 0 and (ball < 3 or (ball % 3 == 2 and ball < rng.FIRST_COMING) or ball % 3 == 1):
        raise DocumentError(f"'{prefix}ball' {ball} is not a possible ball index")
    if ball >= 3 and coming != rng.colors(deal, ball):
        raise DocumentError(f"'{prefix}next' does not match the deal")
    raw = d["lines"]
    if not isinstance(raw, Mapping):
        raise DocumentError(f"'{prefix}lines' must be an object like {{\"5\": 2}}")
    counts: dict[int, int] = {}
    for key, value in raw.items():
        length = _LENGTH_KEYS.get(key) if isinstance(key, str) else None
        if length is None or length < line:
            raise DocumentError(
                f"'{prefix}lines': {key!r} is not a line length in {line}..{SIZE}")
        if type(value) is not int or not 1 <= value <= MAX_INT:
            raise DocumentError(f"'{prefix}lines'[{key!r}] must be an integer in 1..{MAX_INT}")
        counts[length] = value
    if sum(points(n, line) * c for n, c in counts.items()) != score:
        raise DocumentError(f"'{prefix}score' {score} is not the sum of the points of its lines")
    landing: tuple[int, ...] = ()
    raw_landing = d.get("landing")
    if rule == 2:
        if (not isinstance(raw_landing, list)
                or any(type(c) is not int or not 0 <= c < CELLS for c in raw_landing)):
            raise DocumentError(f"'{prefix}landing' must be a list of cells 0..80 under rule 2")
        landing = tuple(raw_landing)
    elif raw_landing is not None:
        raise DocumentError(f"'{prefix}landing' must be null under rule 1")
    position = Position(board, coming, ball, score, moves, tuple(sorted(counts.items())),
                        0 not in board, landing)
    try:
        check_landing(position, rule)
    except ValueError as error:
        raise DocumentError(f"'{prefix}landing': {error}") from None
    return position
