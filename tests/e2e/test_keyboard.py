"""Keyboard only: a whole short game (4 in a row) played and every window
used without one pointer event; the focus returns where it was after a window."""

from __future__ import annotations

from typing import Any

from helpers import (
    GAME_KEY,
    SETTINGS_KEY,
    board,
    game_doc,
    no_line_rows,
    reachable,
    seed_storage,
    stored,
    text,
    wait_idle,
    wait_ready,
)

COUNT_POINTERS = """
  window.kuglerTestPointers = 0;
  for (const type of ["pointerdown", "mousedown", "touchstart", "pointerup", "mouseup"]) {
    window.addEventListener(type, () => { window.kuglerTestPointers += 1; }, true);
  }
"""


def short_game() -> dict[str, Any]:
    """4 in a row, 12 free cells (row 9 and G8..I8): a few moves fill the board."""
    rows = [list(r) for r in no_line_rows()]
    for c in range(9):
        rows[8][c] = "."
    rows[7][6] = rows[7][7] = rows[7][8] = "."
    return game_doc(["".join(r) for r in rows], line=4, deal=11, game_id="keyboard")


def focused(page: Any) -> int:
    """The index of the focused cell, or -1 when the focus is not on a cell."""
    return int(page.evaluate(
        "() => { const a = document.activeElement;"
        " return a?.dataset?.row ? Number(a.dataset.row) * 9 + Number(a.dataset.col) : -1; }"))


def go(page: Any, index: int) -> None:
    """Walk the focus to cell `index` with the arrow keys."""
    here = focused(page)
    assert here >= 0
    (r0, c0), (r1, c1) = divmod(here, 9), divmod(index, 9)
    for _ in range(abs(r1 - r0)):
        page.keyboard.press("ArrowDown" if r1 > r0 else "ArrowUp")
    for _ in range(abs(c1 - c0)):
        page.keyboard.press("ArrowRight" if c1 > c0 else "ArrowLeft")
    assert focused(page) == index


def key_move(page: Any, source: int, target: int) -> None:
    go(page, source)
    page.keyboard.press("Enter")
    page.wait_for_selector(f'[role=gridcell][data-row="{source // 9}"][data-col="{source % 9}"]'
                           '[aria-selected=true]')
    go(page, target)
    page.keyboard.press("Enter")
    wait_idle(page)


def a_move(cells: list[int]) -> tuple[int, int]:
    for source, colour in enumerate(cells):
        if colour:
            targets = reachable(cells, source)
            if targets:
                return source, min(targets)
    raise AssertionError("no move on this board")


def window_by_key(page: Any, key: str, dialog: str) -> None:
    """Open `dialog` with `key`, close it with Escape; the focus is back on the board."""
    cell = focused(page)
    page.keyboard.press(key)
    page.wait_for_selector(f"dialog#{dialog}[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"dialog#{dialog}", state="hidden")
    page.wait_for_function(f"() => document.activeElement?.dataset?.row !== undefined"
                           f" && Number(document.activeElement.dataset.row) * 9"
                           f" + Number(document.activeElement.dataset.col) === {cell}")


def window_from_menu(page: Any, button: str, dialog: str) -> None:
    """M, Tab to `button`, Enter: `dialog` opens; Escape closes it and the focus is back."""
    cell = focused(page)
    page.keyboard.press("m")
    page.wait_for_selector("dialog#game-window[open]")
    for _ in range(20):
        if page.evaluate("() => document.activeElement?.id") == button:
            break
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement?.id") == button
    page.keyboard.press("Enter")
    page.wait_for_selector(f"dialog#{dialog}[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"dialog#{dialog}", state="hidden")
    page.wait_for_function("() => document.activeElement?.dataset?.row !== undefined")
    assert focused(page) == cell


def test_a_whole_game_and_every_window_by_keyboard(context: Any, page: Any, site: Any) -> None:
    settings = {"kind": "kugler/settings", "version": 2, "language": "en", "line": 4,
                "speed": "off", "watch_speed": "normal", "marks": False, "symbols": False,
                "sound": False, "volume": 60}
    seed_storage(context, {GAME_KEY: short_game(), SETTINGS_KEY: settings})
    context.add_init_script(COUNT_POINTERS)
    page.goto(site.url)
    wait_ready(page)
    for _ in range(10):  # Tab into the board
        if focused(page) >= 0:
            break
        page.keyboard.press("Tab")
    assert focused(page) >= 0

    # every window, by its key or from the game window, and back to the board
    window_by_key(page, "m", "game-window")
    window_by_key(page, "o", "options-window")
    window_by_key(page, "?", "help-window")
    window_by_key(page, "F1", "help-window")
    for button, dialog in [("stats", "stats-window"), ("ranking", "ranking-window"),
                           ("language", "language-window"), ("options", "options-window"),
                           ("help", "help-window")]:
        window_from_menu(page, button, dialog)

    # the marks and the shapes switched on in the Options window
    page.keyboard.press("o")
    page.wait_for_selector("dialog#options-window[open]")
    for name in ("marks", "symbols"):
        for _ in range(10):
            if page.evaluate("() => document.activeElement?.name") == name:
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Space")
        assert page.is_checked(f"input[name={name}]")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#options-window", state="hidden")
    # applied once the engine answered each change
    page.wait_for_function("() => document.querySelectorAll('[data-coming]').length === 3")
    page.wait_for_selector("html[data-symbols]")

    # a move, Escape deselects, undo with U and with Ctrl+Z
    start = board(page)
    source, target = a_move(start)
    go(page, source)
    page.keyboard.press("Enter")
    assert page.get_attribute(f'[role=gridcell][data-row="{source // 9}"][data-col="{source % 9}"]',
                              "aria-selected") == "true"
    page.keyboard.press("Escape")
    assert page.locator("[role=gridcell][aria-selected]").count() == 0
    key_move(page, source, target)
    assert board(page) != start
    assert text(page, "#announce").endswith("Score: 0.")
    page.keyboard.press("u")
    wait_idle(page)
    page.wait_for_function("() => document.getElementById('announce').textContent"
                           ".startsWith('Move undone')")
    assert board(page) == start
    key_move(page, source, target)
    page.keyboard.press("Control+z")
    page.wait_for_function("() => !document.querySelector('#undo:not([disabled])')")
    assert board(page) == start

    # N in a game under way asks; Escape keeps the game
    key_move(page, source, target)
    moved = board(page)
    page.keyboard.press("n")
    page.wait_for_selector("dialog#confirm-window[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#confirm-window", state="hidden")
    assert board(page) == moved

    # play on to the end of the game
    for _ in range(30):
        if stored(page, GAME_KEY)["over"]:
            break
        key_move(page, *a_move(board(page)))
    assert stored(page, GAME_KEY)["over"]
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    assert "Game over" in text(page, "#announce")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#game-over", state="hidden")

    # N after the end starts a new game at once
    page.wait_for_function("() => document.activeElement?.dataset?.row !== undefined")
    page.keyboard.press("n")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('kugler:1:game')).moves === 0")
    wait_idle(page)
    assert text(page, "#announce").startswith("New game, deal ")
    assert page.evaluate("window.kuglerTestPointers") == 0
