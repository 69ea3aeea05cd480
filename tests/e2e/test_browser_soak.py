"""Browser soak: 500 random legal moves clicked on the grid as a player would.

Moves are chosen from what the grid shows (data-color) with a breadth-first
search for a reachable empty cell; a finished game is followed by «Nyt spil».
The `page` fixture fails the test on any console error, page error or failed
request. After the last move the saved game in localStorage must be the
engine's state: the same board as the grid, the same next balls and score as
the bar, and a document kugler_core accepts. KUGLER_SOAK_MOVES changes the
number of moves (default 500).
"""

from __future__ import annotations

import json
import os
import random
import time
from typing import Any

from helpers import GAME_KEY, open_game, reachable, stored, text, wait_idle

from kugler_core import Game

MOVES = int(os.environ.get("KUGLER_SOAK_MOVES", "500"))

READ = """() => {
  const cells = [...document.querySelectorAll('[role=gridcell]')];
  const board = new Array(81).fill(0);
  for (const c of cells) {
    board[Number(c.dataset.row) * 9 + Number(c.dataset.col)] = Number(c.dataset.color || 0);
  }
  return { board, over: document.querySelector('#game-over').open };
}"""


def test_500_random_moves_through_the_grid(page: Any, site: Any) -> None:
    rng = random.Random(20261129)
    open_game(page, site)
    started = time.monotonic()
    moves = games = 0
    while moves < MOVES:
        seen = page.evaluate(READ)
        cells: list[int] = seen["board"]
        if seen["over"] or all(cells):
            page.wait_for_selector("dialog#game-over[open][data-records=done]")
            page.click("#go-new")
            wait_idle(page)
            games += 1
            continue
        choices = [(i, sorted(reachable(cells, i))) for i, color in enumerate(cells) if color]
        choices = [(i, targets) for i, targets in choices if targets]
        assert choices, "a board with free cells always has a move"
        source, targets = rng.choice(choices)
        target = rng.choice(targets)
        page.click(f'[role=gridcell][data-row="{source // 9}"][data-col="{source % 9}"]')
        page.click(f'[role=gridcell][data-row="{target // 9}"][data-col="{target % 9}"]')
        wait_idle(page)
        after = page.evaluate(READ)["board"]
        assert after[source] == 0 or after != cells, "the move was not played"
        moves += 1
    page.wait_for_timeout(100)
    doc = stored(page, GAME_KEY)
    saved = Game.from_dict(json.loads(json.dumps(doc)))
    shown = page.evaluate(READ)["board"]
    assert list(saved.board) == shown
    assert text(page, "#score").replace(".", "").replace("\u00a0", "") == str(saved.score)
    next_colors = page.eval_on_selector_all(
        "#next > *", "els => els.map(e => Number(e.dataset.color))")
    # «Næste» is empty once a game is over (the last move may have ended one)
    assert next_colors == ([0, 0, 0] if saved.over else list(saved.next))
    assert text(page, "#deal") == str(saved.deal)
    print(f"\nbrowser soak: {moves} moves, {games} games finished, "
          f"{time.monotonic() - started:.0f} s, saved game at move {saved.moves}")
