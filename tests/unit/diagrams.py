"""Helpers for tests written as 9x9 diagrams ('.' empty, '1'..'7' a colour).

Coming balls of ``Game.from_text`` positions come from deal SPAWN_DEAL unless
a test says otherwise: its balls 0, 1, 2 prefer the cells (8, 4), (1, 8) and
(2, 2) (checked in test_spawn_deal); after them, ``next`` shows the colours of
balls 3, 4, 5: (3, 7, 6).
"""

from __future__ import annotations

from kugler_core import Game
from kugler_core.board import from_text

SPAWN_DEAL = 478683
SPAWN_CELLS = ((8, 4), (1, 8), (2, 2))
NEXT_AFTER_SPAWN = (3, 7, 6)


def game(diagram: str, next: tuple[int, int, int] = (1, 2, 3), line: int = 5,
         deal: int = SPAWN_DEAL) -> Game:
    return Game.from_text(diagram, next=next, line=line, deal=deal)


def text(diagram: str) -> str:
    """A diagram normalised like ``Game.to_text`` (9 stripped lines)."""
    return "\n".join(line.strip() for line in diagram.strip().splitlines() if line.strip())


def balls(diagram: str) -> int:
    return sum(1 for c in from_text(diagram) if c)
