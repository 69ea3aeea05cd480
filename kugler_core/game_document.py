"""The game document: the saved game's schema, its writer and its one reader.

A game in progress is stored (``localStorage["kugler:1:game"]``, the export)
as this JSON object, version 3::

    {"kind": "kugler/game", "version": 3, "id": "…", "deal": 42, "line": 5,
     "ball": 17, "board": ["…9 symbols…", … 9 rows], "next": [3, 1, 7],
     "score": 10, "moves": 6, "seconds": 95, "lines": {"5": 1}, "over": false,
     "hints": 0, "computer": 0, "daily": null | "YYYY-MM-DD", "rule": 2,
     "landing": [40, 41, 12] | null,
     "undo": null | {"board", "next", "ball", "score", "moves", "lines", "landing"},
     "history": null | [[from, to], …]}

``board`` rows use ``.`` for an empty cell and ``1``..``7`` for a colour;
``ball`` is the index in the deal of the first coming ball; ``lines`` counts the
removed lines by length; ``landing`` holds the announced cells of the coming
balls under placement rule 2 and is null under rule 1; ``history`` is null when
the game's start is unknown (a game from a diagram or of version 1).

Older versions are read (``MIGRATIONS``): version 1 (no history, hints,
computer, daily) and version 2 (no rule, landing), both as games of placement
rule 1. A document of a newer version is refused with code ``newer_version``
and left as it is. The module knows positions (``position``), not ``Game``:
``Game.to_dict`` and ``Game.from_dict`` call ``to_dict`` and ``from_dict`` here.

>>> from kugler_core import Game
>>> doc = Game.new(deal=42).to_dict()
>>> doc["kind"], doc["version"], doc["moves"], doc["history"]
('kugler/game', 3, 0, [])
>>> from_dict({**doc, "version": 4}).deal
Traceback (most recent call last):
...
kugler_core.errors.DocumentError: game document is of version 4, newer than this game knows (3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from . import rng
from .board import CELLS, SIZE, from_rows, to_rows
from .checks import (
    Migration,
    bad,
    check_daily,
    check_header,
    check_id,
    check_line,
    expect_bool,
    expect_dict,
    expect_int,
    expect_keys,
    expect_list,
)
from .errors import DiagramError
from .lines import points
from .position import (
    MAX_HISTORY,
    MAX_INT,
    Move,
    Position,
    check_colours,
    check_history,
    check_landing,
)

__all__ = ["KIND", "MIGRATIONS", "VERSION", "SavedGame", "Saving", "from_dict", "to_dict"]

KIND = "kugler/game"
VERSION = 3
"""The version written; versions 1 (no history, hints, computer, daily) and 2 (no rule,
landing) are still read, as games of placement rule 1."""


class Saving(Protocol):
    """What ``to_dict`` reads of a game (``Game`` has it)."""

    @property
    def position(self) -> Position: ...
    @property
    def previous(self) -> Position | None: ...
    @property
    def deal(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def id(self) -> str: ...
    @property
    def seconds(self) -> int: ...
    @property
    def hints(self) -> int: ...
    @property
    def computer(self) -> int: ...
    @property
    def daily(self) -> str | None: ...
    @property
    def rule(self) -> int: ...
    @property
    def history(self) -> Sequence[Move] | None: ...


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game document read and checked: the arguments of ``Game``."""

    position: Position
    previous: Position | None
    deal: int
    line: int
    id: str
    seconds: int
    rule: int
    history: list[Move] | None
    hints: int
    computer: int
    daily: str | None


def to_dict(game: Saving) -> dict[str, Any]:
    """The game document of ``game`` (version 3), JSON-safe."""
    p = game.position
    prev = game.previous
    rule = game.rule
    history = game.history
    return {
        "kind": KIND,
        "version": VERSION,
        "id": game.id,
        "deal": game.deal,
        "line": game.line,
        "ball": p.ball,
        "board": to_rows(p.board),
        "next": list(p.next),
        "score": p.score,
        "moves": p.moves,
        "seconds": game.seconds,
        "lines": _lines_dict(p.lines),
        "over": p.over,
        "hints": game.hints,
        "computer": game.computer,
        "daily": game.daily,
        "rule": rule,
        "landing": _landing_list(p, rule),
        "undo": None if prev is None or p.over else {
            "board": to_rows(prev.board),
            "next": list(prev.next),
            "ball": prev.ball,
            "score": prev.score,
            "moves": prev.moves,
            "lines": _lines_dict(prev.lines),
            "landing": _landing_list(prev, rule),
        },
        "history": None if history is None else [[s, t] for s, t in history],
    }


def from_dict(doc: object) -> SavedGame:
    """Read a game document (version 3; 2: placement rule 1; 1: rule 1, no history,
    no help, not daily) into the arguments of ``Game``.

    Raises DocumentError (code ``bad_document`` or ``newer_version``) for
    anything that is not a valid game document. The history is checked for
    shape and length only; ``replay.verify`` replays it."""
    d = check_header(doc, KIND, "game", VERSION, MIGRATIONS)
    expect_keys(d, _TOP_FIELDS, _TOP_FIELDS, "game")
    game_id = check_id(d["id"])
    deal = expect_int(d["deal"], "deal", 1, rng.MAX_DEAL)
    line = check_line(d["line"])
    seconds = expect_int(d["seconds"], "seconds", 0, MAX_INT)
    over = expect_bool(d["over"], "over")
    rule = expect_int(d["rule"], "rule", min(rng.RULES), max(rng.RULES))
    position = _position(d, deal, line, "", rule)
    if position.over != over:
        raise bad("over disagrees with the board: a game is over exactly "
                  "when no cell is free")
    previous = None
    if d["undo"] is not None:
        if over:
            raise bad("a finished game has no undo")
        u = expect_dict(d["undo"], "undo")
        expect_keys(u, _UNDO_FIELDS, _UNDO_FIELDS, "undo")
        previous = _position(u, deal, line, "undo.", rule)
        if previous.over:
            raise bad("undo is a full board: no move could follow it")
        if previous.moves + 1 != position.moves:
            raise bad("undo.moves must be one less than moves")
        if previous.score > position.score or previous.ball > position.ball:
            raise bad("undo is not a position before the current one")
        now = dict(position.lines)
        if any(now.get(n, 0) < c for n, c in previous.lines):
            raise bad("undo.lines has lines the current game does not have")
    history = d["history"]
    if history is not None:
        history = check_history(expect_list(history, "history", MAX_HISTORY), position.moves,
                                bad)
    daily = None if d["daily"] is None else check_daily(d["daily"], deal)
    return SavedGame(position, previous, deal, line, game_id, seconds, rule, history,
                     expect_int(d["hints"], "hints", 0, MAX_INT),
                     expect_int(d["computer"], "computer", 0, MAX_INT), daily)


# --------------------------------------------------------------------------- the schema

_POSITION_FIELDS = ("board", "next", "ball", "score", "moves", "lines")
_V1_FIELDS = ("kind", "version", "id", "deal", "line", *_POSITION_FIELDS, "seconds", "over",
              "undo")
_V2_FIELDS = (*_V1_FIELDS, "hints", "computer", "daily", "history")
_TOP_FIELDS = (*_V2_FIELDS, "rule", "landing")
_UNDO_FIELDS = (*_POSITION_FIELDS, "landing")
_LENGTH_KEYS = {str(n): n for n in range(4, SIZE + 1)}


def _game_1_to_2(d: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: a game saved before its moves and its help were kept."""
    expect_keys(d, (), _V1_FIELDS, "game")
    return {**d, "version": 2, "hints": 0, "computer": 0, "daily": None, "history": None}


def _game_2_to_3(d: dict[str, Any]) -> dict[str, Any]:
    """Version 2 -> 3: a game begun before placement rule 2 plays by rule 1 (nothing
    announced, in the position or its undo)."""
    expect_keys(d, (), _V2_FIELDS, "game")
    undo = d.get("undo")
    if isinstance(undo, dict):
        expect_keys(undo, (), _POSITION_FIELDS, "undo")
        undo = {**undo, "landing": None}
    return {**d, "version": 3, "rule": 1, "landing": None, "undo": undo}


MIGRATIONS: dict[int, Migration] = {1: _game_1_to_2, 2: _game_2_to_3}
"""``MIGRATIONS[n]`` turns a version-n game document into version n + 1."""


def _lines_dict(lines: tuple[tuple[int, int], ...]) -> dict[str, int]:
    return {str(n): c for n, c in lines if c}


def _landing_list(position: Position, rule: int) -> list[int] | None:
    """A position's ``landing`` field: the announced cells (rule 2), null under rule 1."""
    return list(position.landing) if rule == 2 else None


def _position(d: Mapping[str, object], deal: int, line: int, prefix: str, rule: int
              ) -> Position:
    rows = d["board"]
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise bad(f"{prefix}board must be a list of 9 strings")
    try:
        board = from_rows(rows)
    except DiagramError as error:
        raise bad(f"{prefix}board: {error}") from None
    coming = check_colours(d["next"], f"{prefix}next", bad)
    ball = expect_int(d["ball"], f"{prefix}ball", 0, MAX_INT)
    score = expect_int(d["score"], f"{prefix}score", 0, MAX_INT)
    moves = expect_int(d["moves"], f"{prefix}moves", 0, MAX_INT)
    if ball != 0 and (ball < 3 or (ball % 3 == 2 and ball < rng.FIRST_COMING) or ball % 3 == 1):
        raise bad(f"{prefix}ball {ball} is not a possible ball index")
    if ball >= 3 and coming != rng.colors(deal, ball):
        raise bad(f"{prefix}next does not match the deal")
    raw = d["lines"]
    if not isinstance(raw, Mapping):
        raise bad(f"{prefix}lines must be an object like {{\"5\": 2}}")
    counts: dict[int, int] = {}
    for key, value in raw.items():
        length = _LENGTH_KEYS.get(key) if isinstance(key, str) else None
        if length is None or length < line:
            raise bad(f"{prefix}lines: {key!r} is not a line length in {line}..{SIZE}")
        counts[length] = expect_int(value, f"{prefix}lines[{key!r}]", 1, MAX_INT)
    if sum(points(n, line) * c for n, c in counts.items()) != score:
        raise bad(f"{prefix}score {score} is not the sum of the points of its lines")
    landing: tuple[int, ...] = ()
    raw_landing = d["landing"]
    if rule == 2:
        cells = expect_list(raw_landing, f"{prefix}landing", 3)
        landing = tuple(expect_int(c, f"{prefix}landing", 0, CELLS - 1) for c in cells)
    elif raw_landing is not None:
        raise bad(f"{prefix}landing must be null under rule 1")
    position = Position(board, coming, ball, score, moves, tuple(sorted(counts.items())),
                        0 not in board, landing)
    check_landing(position, rule, lambda message: bad(f"{prefix}{message}"))
    return position

