"""The two error types of the engine, each with a machine-readable ``code``.

``IllegalMove`` is raised by ``Game.move``, ``Game.undo`` and ``Game.reachable``;
``DocumentError`` by ``Game.from_dict`` (and the other document validators).
Both subclass ``ValueError``; ``code`` is the facade's error code.

>>> try:
...     raise IllegalMove("no ball at (0, 0)", code="no_ball")
... except ValueError as error:
...     print(error.code, "-", error)
no_ball - no ball at (0, 0)
"""

from __future__ import annotations

from typing import Literal

MoveCode = Literal[  # the values of IllegalMove.code
    "bad_request", "no_ball", "target_taken", "unreachable", "game_over", "nothing_to_undo",
    "history_full", "no_game",
]
DocumentCode = Literal[  # the values of DocumentError.code
    "bad_document", "newer_version", "bad_replay"
]


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
