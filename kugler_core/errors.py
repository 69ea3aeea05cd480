"""The engine's error types, each a ``ValueError`` with a machine-readable ``code``.

``code`` is the facade's error code: the ``error.code`` of the reply when the
error reaches ``Session.handle``. Three families:

* ``IllegalMove``: a move, undo or query the rules do not allow
  (``Game.move``, ``Game.undo``, ``Game.reachable``, ``Game.count_hint``).
* ``DocumentError`` (and ``ReplayError``): a stored document or a replay code
  that cannot be read (``Game.from_dict`` and the other document validators).
* ``InputError``: an argument of an engine function that is out of its
  domain, one subclass per kind of input (the table below). The facade
  checks its requests before it calls the engine, so these reach it only
  through a bug; a player never causes one.

======================  ===============  =========================================
error                   code             raised for
======================  ===============  =========================================
``CellError``           ``bad_request``  a cell that is not a (row, col) pair 0..8
``DiagramError``        ``bad_document`` a board diagram or row list that is not
                                         9 rows of 9 symbols ``.1234567``
``DealError``           ``bad_request``  a deal that is not an int 1..MAX_DEAL
``DateError``           ``bad_request``  a day that is not a date ``YYYY-MM-DD``
``VariantError``        ``bad_request``  a variant (``line``) other than 4 or 5
``GameFieldError``      ``bad_request``  a game's id, rule, coming colours,
                                         announced cells, history, counters,
                                         day or seconds out of range
``HistoryError``        ``bad_request``  a move list to pack, or stored moves to
                                         unpack, that is not cells 0..80
``RecordEntryError``    ``bad_request``  a game the records cannot take (not
                                         over, no id, the other variant), a bad
                                         date or name
``StrengthError``       ``bad_request``  a player strength other than "quick"
                                         or "strong"
======================  ===============  =========================================

>>> try:
...     raise IllegalMove("no ball at (0, 0)", code="no_ball")
... except ValueError as error:
...     print(error.code, "-", error)
no_ball - no ball at (0, 0)
>>> from kugler_core.rng import check_deal
>>> try:
...     check_deal(0)
... except DealError as error:
...     print(error.code, "-", error)
bad_request - deal must be an integer in 1..999999999, got 0
"""

from __future__ import annotations

from typing import ClassVar, Literal

__all__ = [
    "CellError", "DateError", "DealError", "DiagramError", "DocumentCode", "DocumentError",
    "GameFieldError", "HistoryError", "IllegalMove", "InputCode", "InputError", "MoveCode",
    "RecordEntryError", "ReplayError", "StrengthError", "VariantError",
]

MoveCode = Literal[  # the values of IllegalMove.code
    "bad_request", "no_ball", "target_taken", "unreachable", "game_over", "nothing_to_undo",
    "history_full", "no_game",
]
DocumentCode = Literal[  # the values of DocumentError.code
    "bad_document", "newer_version", "bad_replay"
]
InputCode = Literal["bad_request", "bad_document"]  # the values of InputError.code


class IllegalMove(ValueError):
    """A move, undo or query the rules do not allow.

    ``code`` is one of: ``bad_request`` (a cell that is not a (row, col) pair of
    0..8), ``no_ball``, ``target_taken``, ``unreachable``, ``game_over``,
    ``nothing_to_undo``, ``history_full`` (a game of a million moves), ``no_game``
    (the facade has no game yet).
    """

    code: MoveCode

    def __init__(self, message: str, code: MoveCode = "bad_request") -> None:
        super().__init__(message)
        self.code = code


class DocumentError(ValueError):
    """A document that is malformed, tampered with, or of an unknown version.

    ``code`` is ``bad_document`` or ``newer_version`` (a version this code
    does not know yet: keep the document, do not overwrite it), or
    ``bad_replay`` (a ``ReplayError``).
    """

    code: DocumentCode

    def __init__(self, message: str, code: DocumentCode = "bad_document") -> None:
        super().__init__(message)
        self.code = code


class ReplayError(DocumentError):
    """A replay code or move list that does not give a game (code ``bad_replay``).

    ``move`` is the number (1-based) of the first move that is not legal, or
    None when the code itself is damaged, truncated or of an unknown version.
    """

    move: int | None

    def __init__(self, message: str, move: int | None = None) -> None:
        super().__init__(message, "bad_replay")
        self.move = move


class InputError(ValueError):
    """An argument of an engine function out of its domain (the subclasses say
    which). ``code`` is a class attribute: the facade's code for it."""

    code: ClassVar[InputCode] = "bad_request"


class CellError(InputError):
    """A cell that is not a ``(row, col)`` pair of ints 0..8 (``board.index``).
    Code ``bad_request``."""


class DiagramError(InputError):
    """A board that is not 9 rows of 9 symbols ``.1234567`` (``board.from_rows``,
    ``board.from_text``). Code ``bad_document``: the one board the facade reads
    is the one of a saved game."""

    code: ClassVar[InputCode] = "bad_document"


class DealError(InputError):
    """A deal that is not an int 1..MAX_DEAL (``rng.check_deal``). Code ``bad_request``."""


class DateError(InputError):
    """A day that is not a calendar date ``YYYY-MM-DD`` (``daily.day_number``,
    ``daily.deal_of_day``). Code ``bad_request``."""


class VariantError(InputError):
    """A variant (``line``) other than 4 or 5 (``Game.new``, ``Game.from_text``,
    ``records.empty_records``, ``records.validate_records``). Code ``bad_request``."""


class GameFieldError(InputError):
    """A game built with a field out of range (``Game``, ``Game.new``,
    ``Game.from_text``, ``Game.seconds``): the id, the rule, the coming colours,
    the announced cells (``position.check_landing``), the history, the hint or
    computer counters, the day of a daily game or the seconds. Code
    ``bad_request`` (inside a game document the reader reports it as a
    ``DocumentError``)."""


class HistoryError(InputError):
    """A move list that is not pairs of cells 0..80 (``records.pack_history``),
    or stored moves ``pack_history`` cannot have written (``records.unpack_history``).
    Code ``bad_request``."""


class RecordEntryError(InputError):
    """A game the records cannot take (not over, without an id, of the other
    variant), or a date or name that is not one (``records.add_game``).
    Code ``bad_request``."""


class StrengthError(InputError):
    """A strength of the computer player other than "quick" or "strong"
    (``player.suggest``, ``player.choose``). Code ``bad_request``."""
