"""The engine's errors: every bad input raises its named error (a ValueError with
the facade's code), no module raises a bare ValueError, and the facade answers
bad requests with the codes it always gave."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from facade_calls import call

import kugler_core.errors as errors
from kugler_core import board, daily, records, rng, value
from kugler_core.errors import (
    CellError,
    DateError,
    DealError,
    DiagramError,
    GameFieldError,
    HistoryError,
    InputError,
    RecordEntryError,
    StrengthError,
    VariantError,
)
from kugler_core.facade import Session
from kugler_core.game import Game
from kugler_core.player import choose, suggest
from kugler_core.position import Position
from kugler_core.records import add_game, empty_records, pack_history, unpack_history

PACKAGE = Path(__file__).resolve().parents[2] / "kugler_core"
DATE = "2026-11-29T18:00:00.000Z"
EMPTY = ".........\n" * 9
FULL = "\n".join("".join(str((r * 3 + c) % 7 + 1) for c in range(9)) for r in range(9))


def finished(line: int = 5, gid: str = "done") -> Game:
    return Game.from_text(FULL, line=line, id=gid)


def with_position(**fields: Any) -> Callable[[], object]:
    """Game(...) of an empty board with ``fields`` as its other arguments."""
    position = Position(board=(0,) * 81, next=(1, 2, 3), ball=0)
    args: dict[str, Any] = {"deal": 1, "line": 5, "rule": 1, **fields}
    return lambda: Game(position, **args)


# (what, the call, the error it raises exactly)
BAD_INPUTS: list[tuple[str, Callable[[], object], type[InputError]]] = [
    ("cell not a pair", lambda: board.index(3), CellError),
    ("cell off the board", lambda: board.index((9, 0)), CellError),
    ("cell of a bool", lambda: board.index((True, 0)), CellError),
    ("diagram not text", lambda: board.from_text(42), DiagramError),  # type: ignore[arg-type]
    ("diagram of 8 rows", lambda: board.from_text(".........\n" * 8), DiagramError),
    ("row of 8 cells", lambda: board.from_rows([".........", *["........."] * 7, "........"]),
     DiagramError),
    ("colour 8", lambda: board.from_rows(["8........", *["........."] * 8]), DiagramError),
    ("a diagram of the game", lambda: Game.from_text("x"), DiagramError),
    ("deal 0", lambda: rng.check_deal(0), DealError),
    ("deal too high", lambda: Game.new(deal=rng.MAX_DEAL + 1), DealError),
    ("deal of text", lambda: Game.from_text(EMPTY, deal="7"), DealError),  # type: ignore[arg-type]
    ("date not a date", lambda: daily.deal_of_day("tomorrow"), DateError),
    ("day that does not exist", lambda: daily.day_number("2025-02-30"), DateError),
    ("date of a number", lambda: daily.deal_of_day(20250101), DateError),
    ("line 3", lambda: Game.new(line=3), VariantError),
    ("line 6 of a diagram", lambda: Game.from_text(EMPTY, line=6), VariantError),
    ("records of line 3", lambda: empty_records(3), VariantError),
    ("learned value of line 6", lambda: value.Layout(6), VariantError),
    ("records checked as line 6", lambda: records.validate_records(empty_records(5), 6),
     VariantError),
    ("id too long", lambda: Game.new(id="x" * 65), GameFieldError),
    ("rule 3", lambda: Game.new(rule=3), GameFieldError),
    ("daily of another deal", lambda: Game.new(deal=1, daily="2025-01-01"), GameFieldError),
    ("daily not a date", lambda: Game.new(deal=1, daily="2025-13-01"), GameFieldError),
    ("next of colour 0", lambda: Game.from_text(EMPTY, next=(0, 1, 2)), GameFieldError),
    ("next of two", lambda: Game.from_text(EMPTY, next=(1, 2)), GameFieldError),
    ("seconds below 0", lambda: setattr(Game.new(), "seconds", -1), GameFieldError),
    ("hints below 0", with_position(hints=-1), GameFieldError),
    ("computer too many", with_position(computer=10**9 + 1), GameFieldError),
    ("history too long", with_position(history=[(0, 1)]), GameFieldError),
    ("landing under rule 1", lambda: Game(Position((0,) * 81, (1, 2, 3), 0, landing=(4,)),
                                          deal=1, line=5, rule=1), GameFieldError),
    ("landing short under rule 2", lambda: Game(Position((0,) * 81, (1, 2, 3), 0, landing=(4,)),
                                                deal=1, line=5, rule=2), GameFieldError),
    ("move of one cell", lambda: pack_history([[1]]), HistoryError),
    ("move off the board", lambda: pack_history([[1, 81]]), HistoryError),
    ("stored history of odd length", lambda: unpack_history("abc"), HistoryError),
    ("stored history of a strange character", lambda: unpack_history("a\""), HistoryError),
    ("record of a game not over", lambda: add_game(empty_records(5), Game.new(id="g"), DATE),
     RecordEntryError),
    ("record of a game without id", lambda: add_game(empty_records(5), finished(gid=""), DATE),
     RecordEntryError),
    ("record of the other variant", lambda: add_game(empty_records(4), finished(5), DATE),
     RecordEntryError),
    ("record on a day that is not one", lambda: add_game(empty_records(5), finished(), "soon"),
     RecordEntryError),
    ("record with a name that is not text", lambda: add_game(empty_records(5), finished(), DATE, 7),  # type: ignore[arg-type]
     RecordEntryError),
    ("hint of no strength", lambda: suggest(Game.new(), "best"),  # type: ignore[arg-type]
     StrengthError),
    ("choice of no strength", lambda: choose(None, "best"),  # type: ignore[arg-type]
     StrengthError),
]


@pytest.mark.parametrize(("call_it", "error"), [(c, e) for _, c, e in BAD_INPUTS],
                         ids=[what for what, _, _ in BAD_INPUTS])
def test_each_bad_input_raises_its_named_error(call_it: Callable[[], object],
                                               error: type[InputError]) -> None:
    with pytest.raises(ValueError) as info:
        call_it()
    assert type(info.value) is error, (type(info.value), info.value)
    assert info.value.code == error.code
    assert str(info.value)


def named_errors() -> list[type[InputError]]:
    return [c for _, c in inspect.getmembers(errors, inspect.isclass)
            if issubclass(c, InputError) and c is not InputError]


def test_every_named_error_is_raised_in_the_table_and_documented_with_its_code() -> None:
    raised = {error for _, _, error in BAD_INPUTS}
    doc = errors.__doc__ or ""
    for error in named_errors():
        assert error in raised, error
        assert issubclass(error, ValueError)
        row = next((line for line in doc.splitlines() if line.startswith(f"``{error.__name__}``")),
                   None)
        assert row is not None, f"{error.__name__} is not in the table of errors.py"
        assert f"``{error.code}``" in row, (error.__name__, error.code, row)
        assert f"Code ``{error.code}``" in " ".join((error.__doc__ or "").split())


def test_no_module_raises_a_bare_value_error() -> None:
    found = []
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and node.exc is not None:
                target = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                if isinstance(target, ast.Name) and target.id == "ValueError":
                    found.append(f"{path.name}:{node.lineno}")
    assert found == []


# (command, arguments, the code the facade has always answered)
BAD_REQUESTS: list[tuple[str, dict[str, Any], str]] = [
    ("new", {"line": 3, "deal": 1}, "bad_request"),
    ("new", {"line": 5, "deal": 0}, "bad_request"),
    ("new", {"line": 5, "daily": "2025-02-30"}, "bad_request"),
    ("new", {"line": 5, "deal": 1, "id": "x" * 65}, "bad_request"),
    ("move", {"from": [9, 0], "to": [0, 0]}, "bad_request"),
    ("reach", {"from": [0, "a"]}, "bad_request"),
    ("daily", {"date": "tomorrow"}, "bad_request"),
    ("replay_encode", {"deal": 1, "line": 5, "history": "abc", "rule": 2}, "bad_request"),
    ("replay_encode", {"deal": 1, "line": 5, "history": "a\"", "rule": 2}, "bad_request"),
    ("replay_encode", {"deal": 1, "line": 5, "history": [[0, 81]], "rule": 2}, "bad_request"),
    ("replay_encode", {"deal": 1, "line": 6, "history": [], "rule": 2}, "bad_request"),
    ("records_load", {"doc": None, "line": 3}, "bad_request"),
    ("records_add", {"records": None, "game": Game.new(id="g").to_dict(), "date": DATE},
     "bad_request"),
    ("records_add", {"records": None, "game": finished(gid="").to_dict(), "date": DATE},
     "bad_request"),
    ("records_add", {"records": empty_records(4), "game": finished(5).to_dict(), "date": DATE},
     "bad_document"),
    ("records_add", {"records": None, "game": finished().to_dict(), "date": "soon"},
     "bad_request"),
    ("suggest", {"strength": "best"}, "bad_request"),
    ("load", {"save": {**Game.new().to_dict(), "board": ["x"] * 9}}, "bad_document"),
    ("load", {"save": {**Game.new().to_dict(), "deal": 0}}, "bad_document"),
    ("load", {"save": {**Game.new().to_dict(), "version": 4}}, "newer_version"),
    ("load", {"save": {**Game.new().to_dict(), "next": [0, 1, 2]}}, "bad_document"),
    ("load", {"save": {**Game.new().to_dict(), "landing": [0]}}, "bad_document"),
]


@pytest.mark.parametrize(("cmd", "args", "expected"), BAD_REQUESTS,
                         ids=[f"{cmd}-{i}" for i, (cmd, _, _) in enumerate(BAD_REQUESTS)])
def test_the_facade_answers_bad_input_with_its_code(cmd: str, args: dict[str, Any],
                                                    expected: str) -> None:
    s = Session()
    assert call(s, "new", line=5, deal=42)["ok"]
    before = s.game.to_dict() if s.game else None
    reply = call(s, cmd, **args)
    assert reply["ok"] is False and reply["error"]["code"] == expected, reply
    assert (s.game.to_dict() if s.game else None) == before


class _Raises(Session):
    """A session whose `time` command meets an engine input error (a bug)."""

    def __init__(self, error: InputError) -> None:
        super().__init__()
        self._error = error
        self._commands["time"] = self._raise

    def _raise(self, args: dict[str, Any]) -> dict[str, Any]:
        raise self._error


@pytest.mark.parametrize("error", [DiagramError, DealError, StrengthError])
def test_an_input_error_that_reaches_the_facade_gives_its_code(error: type[InputError]) -> None:
    reply = call(_Raises(error("out of its domain")), "time", seconds=1)
    assert reply["error"] == {"code": error.code, "message": "out of its domain"}
