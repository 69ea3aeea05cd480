"""Random legal moves for tests that play games: one helper for every test module."""

from __future__ import annotations

import random

from kugler_core import Game
from kugler_core.paths import reachable
from kugler_core.rng import RULE


def random_move_index(g: Game, rnd: random.Random) -> tuple[int, int]:
    """A random legal move of ``g`` as (source, target) cell indices 0..80."""
    board = g.board
    sources = [i for i, c in enumerate(board) if c]
    rnd.shuffle(sources)
    for s in sources:
        targets = sorted(reachable(board, s))
        if targets:
            return s, rnd.choice(targets)
    raise AssertionError("a game that is not over always has a move")


def random_game(deal: int, line: int, seed: int, moves: int = 10**6, game_id: str = "r",
                rule: int = RULE) -> Game:
    """A game of random legal moves from a new game of ``deal`` (to its end, or ``moves``)
    under placement rule ``rule``."""
    rnd = random.Random(seed)
    g = Game.new(deal=deal, line=line, id=game_id, rule=rule)
    while not g.over and g.moves < moves:
        s, t = random_move_index(g, rnd)
        g.move(divmod(s, 9), divmod(t, 9))
    return g
