"""The Options window and what it shows: the choices are remembered, the
coming balls' marks are where the balls land, the shapes are drawn, and the
live region tells what a move did."""

from __future__ import annotations

import json
from typing import Any

from helpers import (
    GAME_KEY,
    SETTINGS_KEY,
    board,
    cell,
    game_doc,
    move,
    open_game,
    reachable,
    seed_storage,
    stored,
    text,
    wait_ready,
)

from kugler_core import Game
from kugler_core.game import Turn


def settings(**options: Any) -> dict[str, Any]:
    doc = {"kind": "kugler/settings", "version": 2, "language": "en", "line": 5, "speed": None,
           "watch_speed": "normal", "marks": False, "symbols": False, "sound": False, "volume": 60}
    return {**doc, **options}


def coming(page: Any) -> dict[int, int]:
    """data-coming of the grid: {cell index: colour}."""
    marks = page.eval_on_selector_all(
        "[role=gridcell][data-coming]",
        "cells => cells.map(c => [Number(c.dataset.row) * 9 + Number(c.dataset.col),"
        " Number(c.dataset.coming)])")
    return dict(marks)


def cell_pixels(page: Any, index: int, radius: float = 0.3) -> list[int]:
    """The canvas's RGBA bytes in a square of ±radius cells around the centre of cell `index`
    (as one JSON text: Playwright hands a large array over element by element, slowly)."""
    return list(json.loads(page.evaluate(
        """([index, radius]) => {
          const canvas = document.getElementById("board");
          const frame = canvas.width * 0.03;
          const size = (canvas.width - 2 * frame) / 9;
          const x = frame + (index % 9 + 0.5) * size;
          const y = frame + (Math.floor(index / 9) + 0.5) * size;
          const r = Math.max(2, Math.round(size * radius));
          const ctx = canvas.getContext("2d");
          const left = Math.round(x - r);
          const top = Math.round(y - r);
          return JSON.stringify(Array.from(ctx.getImageData(left, top, 2 * r, 2 * r).data));
        }""",
        [index, radius],
    )))


def differs(a: list[int], b: list[int]) -> int:
    """How many bytes differ by more than 24."""
    return sum(1 for x, y in zip(a, b, strict=True) if abs(x - y) > 24)


def next_frames(page: Any) -> None:
    """Wait until the board has drawn two more frames."""
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def open_options(page: Any) -> None:
    page.click("#menu")
    page.click("#options")
    page.wait_for_selector("dialog#options-window[open]")


def test_options_are_remembered_after_a_reload(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {SETTINGS_KEY: settings()})
    open_game(page, site)
    open_options(page)
    for name in ("marks", "symbols", "sound"):
        assert not page.is_checked(f"input[name={name}]")  # off by default
    # no speed chosen: the system's (reduced motion here)
    assert page.is_checked("input[name=speed][value=off]")
    page.check("input[name=marks]")
    page.check("input[name=symbols]")
    page.check("input[name=sound]")
    page.fill("input[name=volume]", "35")
    page.dispatch_event("input[name=volume]", "change")
    page.check("input[name=speed][value=fast]")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('kugler:1:settings') || '{}').speed === 'fast'")
    saved = stored(page, SETTINGS_KEY)
    assert (saved["marks"], saved["symbols"], saved["sound"], saved["volume"], saved["speed"]) == (
        True, True, True, 35, "fast")
    page.reload()
    wait_ready(page)
    page.wait_for_selector("html[data-symbols]")
    page.wait_for_function(
        "() => document.querySelectorAll('[role=gridcell][data-coming]').length === 3")
    assert len(coming(page)) == 3
    open_options(page)
    for name in ("marks", "symbols", "sound"):
        assert page.is_checked(f"input[name={name}]")
    assert page.input_value("input[name=volume]") == "35"
    assert page.is_checked("input[name=speed][value=fast]")
    page.check("input[name=symbols]")
    page.uncheck("input[name=symbols]")
    page.uncheck("input[name=marks]")
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-symbols')")
    # each change is applied once the engine answered it: the marks go with the last one
    page.wait_for_function("() => !document.querySelector('[role=gridcell][data-coming]')")
    assert coming(page) == {}


def test_marks_are_where_the_balls_land(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {SETTINGS_KEY: settings(marks=True)})
    open_game(page, site)
    checked = 0
    for _ in range(8):
        marks = coming(page)
        game = Game.from_dict(stored(page, GAME_KEY))
        # the marks are the engine's answer, on the right cells with the right colours
        assert marks == {r * 9 + c: colour for (r, c), colour in game.landing()}
        assert len(marks) == 3
        before = board(page)
        # a move that makes no line, to a cell without a mark, where the balls
        # land as marked (a ball whose own cell is taken takes a free cell
        # counted over the board, which a move can shift: the engine decides)
        chosen: tuple[int, int, Turn | None] | None = None
        for source in (i for i, colour in enumerate(before) if colour):
            for target in sorted(reachable(before, source) - set(marks)):
                trial = Game.from_dict(stored(page, GAME_KEY))
                turn = trial.move(divmod(source, 9), divmod(target, 9))
                if not turn.lines:
                    chosen = chosen or (source, target, None)
                    if {r * 9 + c: colour for (r, c), colour in turn.spawned} == marks:
                        chosen = (source, target, turn)
                        break
            if chosen and chosen[2]:
                break
        assert chosen is not None
        source, target, expected = chosen
        move(page, divmod(source, 9), divmod(target, 9))
        after = board(page)
        if expected is not None:
            spawned = {i: after[i] for i in range(81) if after[i] and not before[i] and i != target}
            assert spawned == marks
            checked += 1
    assert checked >= 5


def test_marks_and_shapes_are_drawn_on_the_canvas(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {SETTINGS_KEY: settings(marks=True)})
    open_game(page, site)
    marked = next(iter(coming(page)))
    shade = (marked // 9 + marked % 9) % 2  # an empty tile of the same shade
    empty = next(i for i, colour in enumerate(board(page)) if not colour and i not in coming(page)
                 and (i // 9 + i % 9) % 2 == shade)
    with_mark = cell_pixels(page, marked)
    assert differs(with_mark, cell_pixels(page, empty)) > 100  # a small ball on the marked cell
    ball = next(i for i, colour in enumerate(board(page)) if colour)
    plain = cell_pixels(page, ball, 0.2)
    open_options(page)
    page.uncheck("input[name=marks]")
    page.check("input[name=symbols]")
    page.wait_for_function("() => document.documentElement.hasAttribute('data-symbols')")
    next_frames(page)
    assert differs(cell_pixels(page, marked), cell_pixels(page, empty)) < 20  # the mark is gone
    shaped = cell_pixels(page, ball, 0.2)
    assert differs(plain, shaped) > 200  # the ball's shape is drawn over its middle
    page.uncheck("input[name=symbols]")
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-symbols')")
    next_frames(page)
    assert differs(plain, cell_pixels(page, ball, 0.2)) < 20
    # the Next bar's balls wear the same shapes
    after = "b => getComputedStyle(b, '::after').backgroundImage"
    assert page.eval_on_selector("#next > *", after) in ("none", "")
    page.check("input[name=symbols]")
    page.wait_for_function("() => document.documentElement.hasAttribute('data-symbols')")
    assert page.eval_on_selector("#next > *", after).startswith('url("data:image/svg+xml')


LINE_ROWS = [
    "1111.....",
    ".........",
    "....2....",
    ".........",
    ".......3.",
    ".........",
    "..4......",
    ".........",
    "1........",
]


def test_the_live_region_tells_a_line_and_new_balls(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {SETTINGS_KEY: settings(),
                           GAME_KEY: game_doc(LINE_ROWS, next_colors=[5, 6, 7])})
    open_game(page, site)
    assert page.get_attribute("#announce", "aria-live") == "polite"
    move(page, (8, 0), (0, 4))  # the fifth red ball: a line of 5, no new balls
    assert text(page, "#announce") == (
        "Red ball from A9 to E1. 5 in a row removed: red, A1 to E1. 10 points. Score: 10.")
    move(page, (2, 4), (3, 4))  # no line: three new balls
    message = text(page, "#announce")
    assert message.startswith("Green ball from E3 to E4. New balls: ")
    assert message.endswith(" Score: 10.")
    new = board(page)
    names = [f"{'ABCDEFGHI'[i % 9]}{i // 9 + 1}" for i in range(81)]
    colours = ["", "red", "green", "blue", "yellow", "pink", "light blue", "orange"]
    listed = message.split("New balls: ")[1].split(". Score")[0].split(", ")
    assert len(listed) == 3
    for item in listed:
        colour, name = item.rsplit(" at ", 1)
        assert colours[new[names.index(name)]] == colour
        index = names.index(name)
        label = cell(page, index // 9, index % 9).get_attribute("aria-label")
        assert label == f"{name}, {colour} ball"
    page.keyboard.press("u")
    page.wait_for_function(
        "() => document.getElementById('announce').textContent.startsWith('Move undone')")
    assert text(page, "#announce") == "Move undone. Score: 10."


WATCH_AUDIO = """
  window.kuglerTestAudio = { contexts: 0, notes: 0 };
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.kuglerTestAudio.contexts += 1; }
    createOscillator() {
      const osc = super.createOscillator();
      const start = osc.start.bind(osc);
      osc.start = (...args) => { window.kuglerTestAudio.notes += 1; return start(...args); };
      return osc;
    }
  };
"""


def test_sound_only_when_on_and_after_a_gesture(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {SETTINGS_KEY: settings(sound=True),
                           GAME_KEY: game_doc(LINE_ROWS, next_colors=[5, 6, 7])})
    context.add_init_script(WATCH_AUDIO)
    open_game(page, site)
    assert page.evaluate("window.kuglerTestAudio") == {"contexts": 0, "notes": 0}
    move(page, (8, 0), (0, 4))  # select, roll, a line
    audio = page.evaluate("window.kuglerTestAudio")
    assert audio["contexts"] == 1 and audio["notes"] >= 1 + 1 + 5
    open_options(page)
    page.uncheck("input[name=sound]")
    page.keyboard.press("Escape")
    move(page, (2, 4), (3, 4))
    assert page.evaluate("window.kuglerTestAudio.notes") == audio["notes"]  # silent now


def test_no_sound_when_off(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {SETTINGS_KEY: settings()})
    context.add_init_script(WATCH_AUDIO)
    open_game(page, site)
    start = board(page)
    source = next(i for i, colour in enumerate(start) if colour)
    target = min(reachable(start, source))
    move(page, divmod(source, 9), divmod(target, 9))
    assert page.evaluate("window.kuglerTestAudio") == {"contexts": 0, "notes": 0}
