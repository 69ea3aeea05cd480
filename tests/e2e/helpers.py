"""Helpers for the game's browser tests: prepared documents, storage, board reading.

Documents are built with kugler_core itself (the same engine the page runs),
so a prepared saved game is always one the engine accepts.
"""

from __future__ import annotations

import json
from typing import Any

from kugler_core import Game
from kugler_core.facade import Session

BOOT_TIMEOUT = 90_000  # ms: Pyodide boots in 3-6 s here, much slower under load
GAME_KEY = "kugler:1:game"
SETTINGS_KEY = "kugler:1:settings"
LOCALES = {"da": "da-DK", "sv": "sv-SE", "en": "en-GB"}  # the page's languages


# A ball at (0,0) behind a wall in column 1: reaching (0,2) needs a path
# down column 0, along row 8 and up column 2.
WALL_ROWS = [
    "12.......",
    ".3.......",
    ".2.......",
    ".3.......",
    ".2.......",
    ".3.......",
    ".2.......",
    ".3.......",
    ".........",
]


# Four reds in row 4 and a fifth red at (0,4) that can drop into (4,4).
LINE_ROWS = [
    "....1....",
    ".........",
    ".........",
    ".........",
    "1111.....",
    ".........",
    ".........",
    ".........",
    "........2",
]


def records_key(line: int) -> str:
    return f"kugler:1:records:{line}"


def diagram(rows: list[str]) -> str:
    """A 9x9 diagram from 9 strings ('.' empty, '1'..'7' colours)."""
    assert len(rows) == 9 and all(len(r) == 9 for r in rows), rows
    return "\n".join(rows)


def game_doc(rows: list[str], *, line: int = 5, deal: int = 7, next_colors: list[int] | None = None,
             game_id: str = "prepared", seconds: int = 0) -> dict[str, Any]:
    """A saved game document for the board `rows`."""
    game = Game.from_text(diagram(rows), next=next_colors, line=line, deal=deal, id=game_id)
    game.seconds = seconds
    return game.to_dict()


def records_with(line: int, points: int, game_id: str = "old-game") -> dict[str, Any]:
    """A records document of `line` holding one finished game worth `points`
    (a full board whose score and lines are set to one line of `points`)."""
    rows = no_line_rows()
    game = Game.from_text(diagram(rows), line=line, deal=3, id=game_id)
    doc = game.to_dict()
    length = {(5, 10): 5, (5, 24): 6, (4, 8): 4, (4, 20): 5}[(line, points)]
    doc["score"] = points
    doc["lines"] = {str(length): 1}
    reply = Session().handle({"cmd": "records_add", "args": {
        "records": None, "game": doc, "date": "2026-01-02T10:00:00Z"}})
    assert reply["ok"], reply
    records: dict[str, Any] = reply["result"]["records"]
    return records


def no_line_rows() -> list[str]:
    """A full board with no two equal neighbours in any direction."""
    return ["".join(str((r * 3 + c) % 7 + 1) for c in range(9)) for r in range(9)]


def nearly_full(points: int = 0, game_id: str = "nearly-full", deal: int = 7) -> dict[str, Any]:
    """A board with 3 free cells (8,6..8) worth `points` already (one line of 5
    when not 0), 95 s played; (7,8)->(8,8) ends it."""
    rows = [list(r) for r in no_line_rows()]
    rows[8][6] = rows[8][7] = rows[8][8] = "."
    doc = game_doc(["".join(r) for r in rows], deal=deal, game_id=game_id, seconds=95)
    if points:
        doc["score"] = points
        doc["lines"] = {"5": 1}
    return doc


def seed_storage(context: Any, items: dict[str, Any]) -> None:
    """Put JSON documents into localStorage before the page's scripts run, once
    per tab (a reload keeps what the page stored since)."""
    payload = json.dumps({key: json.dumps(value) for key, value in items.items()})
    context.add_init_script(
        "if (typeof sessionStorage !== 'undefined'"
        " && !sessionStorage.getItem('kugler-test-seeded')) {"
        f"  for (const [k, v] of Object.entries({payload})) localStorage.setItem(k, v);"
        "  sessionStorage.setItem('kugler-test-seeded', '1');"
        "}"
    )


def open_game(page: Any, site: Any, fragment: str = "", *, reduced_motion: bool = True) -> None:
    """Open the game and wait until the engine is ready and nothing is busy."""
    if reduced_motion:
        page.emulate_media(reduced_motion="reduce")
    page.goto(site.url + fragment)
    wait_ready(page)


def wait_ready(page: Any) -> None:
    page.wait_for_selector("html[data-engine=ready]", timeout=BOOT_TIMEOUT)
    wait_idle(page)


def wait_idle(page: Any) -> None:
    page.wait_for_selector("[role=grid]:not([data-busy])", timeout=30_000)


def board(page: Any) -> list[int]:
    """The 81 colours the grid shows, row-major (0 = empty)."""
    colors = page.eval_on_selector_all(
        "[role=gridcell]",
        "cells => cells.map(c => [Number(c.dataset.row), Number(c.dataset.col), c.dataset.color])",
    )
    out = [0] * 81
    assert len(colors) == 81
    for r, c, color in colors:
        out[r * 9 + c] = int(color) if color else 0
    return out


def cell(page: Any, r: int, c: int) -> Any:
    return page.locator(f'[role=gridcell][data-row="{r}"][data-col="{c}"]')


def tap(page: Any, r: int, c: int) -> None:
    cell(page, r, c).click()


def move(page: Any, source: tuple[int, int], target: tuple[int, int]) -> None:
    """Select the ball at `source`, tap `target`, wait until the move is done.

    Tapping is synchronous up to the engine request: the grid is busy when the
    click returns, so waiting for it to be idle again waits for the whole move.
    """
    tap(page, *source)
    assert cell(page, *source).get_attribute("aria-selected") == "true"
    tap(page, *target)
    wait_idle(page)


def stored(page: Any, key: str) -> Any:
    text = page.evaluate("k => localStorage.getItem(k)", key)
    return None if text is None else json.loads(text)


def same_game(now: Any, before: Any) -> bool:
    """The stored game `now` is the game `before`: every field equal but the clock,
    which a save on leaving the page may move on, never back."""
    if now is None or before is None:
        return bool(now is before)
    rest_now = {k: v for k, v in now.items() if k != "seconds"}
    rest_before = {k: v for k, v in before.items() if k != "seconds"}
    return bool(rest_now == rest_before and now.get("seconds", 0) >= before.get("seconds", 0))


def text(page: Any, selector: str) -> str:
    return str(page.locator(selector).inner_text()).strip()


def seed_raw(context: Any, items: dict[str, str]) -> None:
    """Like seed_storage, but the values are stored as given (e.g. text that is not JSON)."""
    payload = json.dumps(items)
    context.add_init_script(
        "if (typeof sessionStorage !== 'undefined'"
        " && !sessionStorage.getItem('kugler-test-raw-seeded')) {"
        f"  for (const [k, v] of Object.entries({payload})) localStorage.setItem(k, v);"
        "  sessionStorage.setItem('kugler-test-raw-seeded', '1');"
        "}"
    )


def stored_keys(page: Any) -> list[str]:
    return sorted(page.evaluate("Object.keys(localStorage)"))


def reachable(cells: list[int], source: int) -> set[int]:
    """Empty cells reachable from `source` by orthogonal steps over empty cells."""
    seen: set[int] = set()
    todo = [source]
    while todo:
        i = todo.pop()
        r, c = divmod(i, 9)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            j = rr * 9 + cc
            if 0 <= rr < 9 and 0 <= cc < 9 and j not in seen and cells[j] == 0:
                seen.add(j)
                todo.append(j)
    return seen


# ------------------------------------------------------------------ boxes on the screen

# The boxes a notice or a control must never cover: every cell, the next
# balls, the points and the record (each with its label).
PROTECTED = """() => {
  const out = [];
  for (const c of document.querySelectorAll('#grid [role=gridcell]')) {
    out.push({what: 'cell ' + c.dataset.row + ',' + c.dataset.col, ...box(c)});
  }
  for (const s of ['.next-box', '.stat-score', '.stat-record']) {
    out.push({what: s, ...box(document.querySelector(s))});
  }
  return out;
  function box(el) {
    const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  }
}"""


def box_of(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not shown"
    return {"left": found["x"], "top": found["y"], "right": found["x"] + found["width"],
            "bottom": found["y"] + found["height"]}


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5)


def covered(page: Any, selector: str) -> list[str]:
    """What of PROTECTED the element at `selector` covers."""
    mine = box_of(page, selector)
    return [b["what"] for b in page.evaluate(PROTECTED) if overlaps(mine, b)]


def inside_viewport(page: Any, selector: str, width: int, height: int) -> None:
    b = box_of(page, selector)
    assert b["left"] >= -0.5 and b["top"] >= -0.5, (selector, b)
    assert b["right"] <= width + 0.5 and b["bottom"] <= height + 0.5, (selector, b)


def in_view_of(page: Any, selector: str, dialog: str) -> None:
    """`selector` is whole inside the dialog's box and the viewport, without scrolling."""
    b = box_of(page, selector)
    w = box_of(page, dialog)
    assert w["top"] - 0.5 <= b["top"] and b["bottom"] <= w["bottom"] + 0.5, (selector, b, w)
    assert w["left"] - 0.5 <= b["left"] and b["right"] <= w["right"] + 0.5, (selector, b, w)


# The text of a button or select that does not fit its box: the words' boxes
# (a Range over the text nodes) against the control's box less its border and 1 px.
CUT_TEXT = """(root) => {
  const out = [];
  for (const el of root.querySelectorAll('.btn, select')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || el.closest('[hidden]')) continue;
    const style = getComputedStyle(el);
    const inner = {left: r.left + parseFloat(style.borderLeftWidth) + 1,
                   right: r.right - parseFloat(style.borderRightWidth) - 1,
                   top: r.top + parseFloat(style.borderTopWidth) + 1,
                   bottom: r.bottom - parseFloat(style.borderBottomWidth) - 1};
    if (el.tagName === 'SELECT') {
      // the chosen option's words, in the select's font, beside the arrow (about 20 px)
      const probe = document.createElement('span');
      probe.style.font = style.font;
      probe.style.position = 'absolute';
      probe.style.whiteSpace = 'nowrap';
      probe.textContent = el.selectedOptions[0]?.textContent ?? '';
      document.body.append(probe);
      const need = probe.getBoundingClientRect().width + parseFloat(style.paddingLeft) + 20;
      probe.remove();
      if (need > inner.right - inner.left) out.push([el.id, probe.textContent, need, r.width]);
      continue;
    }
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const holder = node.parentElement;
      const hs = getComputedStyle(holder);
      if (hs.clipPath !== 'none' || hs.display === 'none') continue;  // an accessible name only
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const t of range.getClientRects()) {
        if (t.left < inner.left || t.right > inner.right
            || t.top < inner.top || t.bottom > inner.bottom) {
          out.push([el.id || el.className, node.textContent.trim(),
                    t.left, t.top, t.right, t.bottom, inner]);
        }
      }
    }
  }
  return out;
}"""


def opened(page: Any, site: Any, fragment: str = "") -> Any:
    page.goto(site.url + fragment)
    wait_ready(page)
    return page
