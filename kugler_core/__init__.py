"""Kugler (Color Lines): the rules as a pure, typed, deterministic engine.

>>> from kugler_core import Game, IllegalMove
>>> g = Game.new(deal=42, line=5)
>>> len(g.to_text().splitlines()), len(g.next), g.score, g.moves, g.over
(9, 3, 0, 0, False)
"""

from .errors import (
    CellError,
    DateError,
    DealError,
    DiagramError,
    DocumentError,
    GameFieldError,
    HistoryError,
    IllegalMove,
    InputError,
    RecordEntryError,
    ReplayError,
    StrengthError,
    VariantError,
)
from .game import Clear, Event, Game, Position, Roll, Spawn, Turn
from .lines import Line, points
from .rng import MAX_DEAL

__version__ = "1.0.0"

__all__ = [
    "MAX_DEAL", "CellError", "Clear", "DateError", "DealError", "DiagramError", "DocumentError",
    "Event", "Game", "GameFieldError", "HistoryError", "IllegalMove", "InputError", "Line",
    "Position", "RecordEntryError", "ReplayError", "Roll", "Spawn", "StrengthError", "Turn",
    "VariantError", "points",
]
