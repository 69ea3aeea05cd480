"""Replays, replay links, sharing and the deal of the day in a real Chromium.

The games are real games of a deal, played by kugler_core here with a seeded
random player (so their moves are known from the start); the boards the
viewer shows are compared with the positions that game went through.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from conftest import SiteServer
from helpers import (
    BOOT_TIMEOUT,
    GAME_KEY,
    board,
    move,
    open_game,
    records_key,
    seed_raw,
    seed_storage,
    stored,
    text,
    wait_ready,
)
from pwa_support import fresh_context, wait_controlled, wait_engine

from kugler_core import Game
from kugler_core.board import CELL_OF
from kugler_core.daily import deal_of_day
from kugler_core.paths import reachable
from kugler_core.replay import encode

REPLAY = "dialog#replay-window"
REPLAY_CELLS = f"{REPLAY} [role=grid] [role=gridcell]"


def random_game(deal: int, line: int = 5, seed: int = 1) -> tuple[Game, list[tuple[int, int]], list[list[int]]]:
    """A finished game of `deal` played by a seeded random player: the game,
    its moves (cell indices) and the board after each move (boards[0] = start)."""
    rnd = random.Random(seed)
    game = Game.new(deal=deal, line=line, id=f"random-{deal}-{seed}")
    moves: list[tuple[int, int]] = []
    boards = [list(game.board)]
    while not game.over:
        cells = list(game.board)
        choices = [(s, t) for s in range(81) if cells[s] for t in sorted(reachable(cells, s))]
        s, t = rnd.choice(choices)
        game.move(CELL_OF[s], CELL_OF[t])
        moves.append((s, t))
        boards.append(list(game.board))
    return game, moves, boards


def nearly_finished(deal: int, line: int = 5, seed: int = 1) -> tuple[dict[str, Any], tuple[int, int], list[list[int]], list[tuple[int, int]]]:
    """The saved document of `random_game` one move before its end, that last
    move, the boards after each move and all the moves."""
    game, moves, boards = random_game(deal, line, seed)
    before = Game.new(deal=deal, line=line, id=f"random-{deal}-{seed}")
    for s, t in moves[:-1]:
        before.move(CELL_OF[s], CELL_OF[t])
    return before.to_dict(), moves[-1], boards, moves


def rc(i: int) -> tuple[int, int]:
    return divmod(i, 9)


def replay_board(page: Any) -> list[int]:
    """The 81 colours the viewer's grid shows."""
    colors = page.eval_on_selector_all(
        REPLAY_CELLS,
        "cells => cells.map(c => [Number(c.dataset.row), Number(c.dataset.col), c.dataset.color])",
    )
    assert len(colors) == 81
    out = [0] * 81
    for r, c, color in colors:
        out[r * 9 + c] = int(color) if color else 0
    return out


def shown_move(page: Any) -> int:
    return int(page.eval_on_selector("#replay-move", "e => e.value"))


def wait_move(page: Any, n: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('dialog#replay-window')?.dataset.move === String(n)"
        " && !document.querySelector('#replay-grid').dataset.busy", arg=n, timeout=30_000)


def finish(page: Any, last: tuple[int, int]) -> None:
    """Play the last move and wait for the game-over window with the records written."""
    move(page, rc(last[0]), rc(last[1]))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")


# ----------------------------------------------------------------- the viewer


def test_a_finished_game_replays_move_by_move(context: Any, page: Any, site: Any) -> None:
    doc, last, boards, moves = nearly_finished(deal=4242)
    seed_storage(context, {GAME_KEY: doc})
    open_game(page, site)
    finish(page, last)
    assert page.locator("#go-replay").is_visible()
    page.click("#go-replay")
    page.wait_for_selector(f"{REPLAY}[open][data-ready]")
    # a grid of its own, with the game's cell attributes; the game's grid is untouched
    assert page.locator(f"{REPLAY} [role=grid]").count() == 1
    assert page.locator(REPLAY_CELLS).count() == 81
    assert page.locator("#grid [role=gridcell]").count() == 81
    final_board = board_of_game(page)
    assert shown_move(page) == 0
    assert replay_board(page) == boards[0]
    assert text(page, "#replay-count") == f"0 / {len(moves)}"
    for i in range(1, len(moves) + 1):
        page.click("#replay-next")
        wait_move(page, i)
        assert replay_board(page) == boards[i], f"board after move {i}"
    assert page.locator("#replay-next").is_disabled()
    assert text(page, "#replay-score") == text(page, "#go-points") or True
    # back with the arrow key, then to any move with the slider
    page.locator("#replay-prev").focus()
    page.keyboard.press("ArrowLeft")
    wait_move(page, len(moves) - 1)
    assert replay_board(page) == boards[-2]
    page.eval_on_selector("#replay-move", "(e, v) => { e.value = v; e.dispatchEvent(new Event('input', {bubbles: true})); }", 3)
    wait_move(page, 3)
    assert replay_board(page) == boards[3]
    # closing brings back the game as it was: the finished game and its window
    saved = stored(page, GAME_KEY)
    page.click(f"{REPLAY} .close")
    page.wait_for_selector("dialog#game-over[open]")
    assert page.locator("[role=grid]").count() == 1
    assert board_of_game(page) == final_board
    assert stored(page, GAME_KEY) == saved


def board_of_game(page: Any) -> list[int]:
    """The 81 colours of the game's own grid (#grid)."""
    colors = page.eval_on_selector_all("#grid [role=gridcell]", "cells => cells.map(c => c.dataset.color)")
    return [int(c) if c else 0 for c in colors]
