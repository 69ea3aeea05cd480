"""The coming balls' marks as the player sees them (placement rule 2): the marks
read from the canvas's pixels are where the new balls land; and a game saved
before rule 2 goes on exactly as it was played, into the records, by rule 1."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from helpers import (
    GAME_KEY,
    SETTINGS_KEY,
    board,
    move,
    open_game,
    reachable,
    records_key,
    seed_storage,
    stored,
    tap,
    wait_idle,
    wait_ready,
)
from test_assist import hint_cells, midgame, watching
from test_options import differs, next_frames, settings

from kugler_core import Game

OLD = json.loads((Path(__file__).parent.parent / "unit" / "fixtures" / "rule1_games.json")
                 .read_text())
"""Games of the code before rule 2 (tests/unit/test_rule.py says how they were made)."""


CELL_PIXELS = """(index) => {
  const canvas = document.getElementById("board");
  const frame = canvas.width * 0.03;
  const size = (canvas.width - 2 * frame) / 9;
  const x = frame + (index % 9 + 0.5) * size;
  const y = frame + (Math.floor(index / 9) + 0.5) * size;
  const r = Math.max(2, Math.round(size * 0.3));
  const ctx = canvas.getContext("2d");
  return Array.from(ctx.getImageData(Math.round(x - r), Math.round(y - r), 2 * r, 2 * r).data);
}"""
"""The canvas's RGBA bytes in a square of ±0.3 cells around the centre of a cell
(as test_options.cell_pixels, for many cells in one call)."""


def drawn_marks(page: Any) -> set[int]:
    """The empty cells on which the canvas draws something: the look of an empty
    tile of each shade is the one most empty tiles of that shade have; a cell that
    differs from it in more than 100 bytes wears a mark."""
    next_frames(page)
    cells = board(page)
    empty = [i for i in range(81) if not cells[i]]
    # one JSON text: Playwright hands a large array over element by element (20 s and more)
    pixels = json.loads(page.evaluate(
        f"cells => JSON.stringify(cells.map(({CELL_PIXELS})))", empty))
    looks = dict(zip(empty, pixels, strict=True))
    plain = {}
    for shade in (0, 1):
        same = [tuple(p) for i, p in looks.items() if (i // 9 + i % 9) % 2 == shade]
        if same:
            plain[shade] = list(Counter(same).most_common(1)[0][0])
    return {i for i, p in looks.items() if differs(p, plain[(i // 9 + i % 9) % 2]) > 100}


def next_colours(page: Any) -> list[int]:
    return list(page.eval_on_selector_all(
        "#next > *", "balls => balls.map(b => Number(b.dataset.color))"))


def test_the_new_balls_land_on_the_marks_the_canvas_draws(
        context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {SETTINGS_KEY: settings(marks=True)})
    open_game(page, site)
    rnd = random.Random(24)
    checked = taken = 0
    for k in range(15):
        game = Game.from_dict(stored(page, GAME_KEY))
        if game.over:
            break
        marks = drawn_marks(page)
        assert marks == {r * 9 + c for (r, c), _ in game.landing()}, "the engine's marks"
        assert len(marks) == 3
        before = board(page)
        coming = next_colours(page)
        # a move that makes no line (the engine is asked only to choose it); every
        # third move onto a marked cell
        moves = [(s, t) for s in range(81) if before[s] for t in sorted(reachable(before, s))]
        rnd.shuffle(moves)
        onto_mark = k % 4 == 3
        for s, t in moves:
            if (t in marks) == onto_mark and not Game.from_dict(stored(page, GAME_KEY)).move(
                    divmod(s, 9), divmod(t, 9)).lines:
                break
        else:
            continue
        move(page, divmod(s, 9), divmod(t, 9))
        after = board(page)
        # the board after the roll; a ball whose cell the move took may land on
        # the cell the moved ball left
        rolled = before.copy()
        rolled[t], rolled[s] = rolled[s], 0
        new = {i for i in range(81) if after[i] and not rolled[i]}
        assert sorted(after[i] for i in new) == sorted(coming)
        if onto_mark:
            assert len(new - marks) == 1  # the ball whose cell was taken: another free cell
            taken += 1
        else:
            assert new == marks
            checked += 1
    assert checked >= 6 and taken >= 2


def test_a_game_saved_before_the_rule_goes_on_as_it_was_played(
        context: Any, page: Any, site: Any) -> None:
    old = OLD["saved"]
    seed_storage(context, {GAME_KEY: old["doc"], SETTINGS_KEY: settings(marks=True),
                           records_key(5): OLD["records"]})
    open_game(page, site)
    def cells(text: str) -> list[int]:
        return [".1234567".index(ch) for ch in text]

    at = old["at"]
    assert board(page) == cells(old["boards"][at])
    assert drawn_marks(page) == {r * 9 + c for (r, c), _ in old["marks"][at]}
    for n, (s, t) in enumerate(old["history"][at:], at + 1):
        move(page, divmod(s, 9), divmod(t, 9))
        assert board(page) == cells(old["boards"][n]), f"move {n}"
        if n == at + 3:
            page.reload()  # the stored game goes on after a reload too
            wait_ready(page)
            assert board(page) == cells(old["boards"][n])
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    saved = stored(page, GAME_KEY)
    assert saved["rule"] == 1 and saved["over"]
    records = stored(page, records_key(5))
    assert records["version"] == 3
    assert {e["id"]: e["rule"] for e in records["ranking"]} == {
        "rule1-ranked": 1, "rule1-saved": 1}


def landing_cells(page: Any) -> set[int]:
    """The cells where the stored game's three coming balls land (the engine's marks)."""
    return {r * 9 + c for (r, c), _ in Game.from_dict(stored(page, GAME_KEY)).landing()}


def test_a_hint_and_the_computer_playing_show_the_marks_with_the_option_off(
        context: Any, page: Any, site: Any) -> None:
    """The computer's move is based on where the coming balls land: while a hint
    is shown, and while the computer plays, the canvas draws those marks even
    with the option off; once the hint is gone, or the game is handed back, they
    go again."""
    seed_storage(context, {GAME_KEY: midgame(hints=1)})  # had help already: no question
    open_game(page, site)
    assert drawn_marks(page) == set(), "the option is off"
    page.click("#hint")
    page.wait_for_selector("[data-hint=to]")
    hint = hint_cells(page)
    ring_and_dots = set(hint["to"]) | set(hint["path"])  # drawn on empty cells too
    landing = landing_cells(page)
    assert len(landing) == 3
    assert drawn_marks(page) - ring_and_dots == landing - ring_and_dots
    assert page.eval_on_selector_all("[data-coming]", "els => els.length") == 3
    # another selection clears the hint, and the marks with it
    cells = board(page)
    other = next(i for i in range(81) if cells[i] and i not in hint["from"])
    tap(page, *divmod(other, 9))
    page.wait_for_function("() => !document.querySelector('[data-hint]')")
    assert drawn_marks(page) == set()
    assert page.eval_on_selector_all("[data-coming]", "els => els.length") == 0
    # while the computer plays, the marks of each position it plays from are shown
    page.click("#menu")
    page.click("#watch")
    page.wait_for_selector("html[data-watching=playing]")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('kugler:1:game')).moves >= 14", timeout=60_000)
    page.click("#watch-pause")
    wait_idle(page)
    assert watching(page)
    assert drawn_marks(page) == landing_cells(page)
    page.click("#watch-stop")
    assert not watching(page)
    assert drawn_marks(page) == set()
