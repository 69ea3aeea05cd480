"""The page's layout on small and wide screens, in Danish, Swedish and English.

At 320x568, 360x640, 640x360 and 1280x800: the page never scrolls sideways,
the bar's buttons are whole on the screen, and on a screen wider than tall
the bar stands beside the board, which is the largest square that fits. In
every window: nothing sticks out of the window, every control is at least
44x44 px and no text is under 12 px. The ranking with 10 long names and the
game-over window with its name field fit.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import watch_problems
from helpers import (
    GAME_KEY,
    LOCALES,
    game_doc,
    move,
    no_line_rows,
    open_game,
    records_key,
    seed_storage,
    text,
)

from kugler_core import Game
from kugler_core.facade import Session

SIZES = [(320, 568), (360, 640), (640, 360), (1280, 800)]
TIMES = "\u00d7"  # the old "1 \u00d7 4" way of writing lines
LONG_NAME = "Maximiliane Wolkenstein-"  # 24 characters, the longest name kept


def ranking_of_ten(line: int = 5) -> dict[str, Any]:
    """A records document whose ranking holds 10 games with long names and
    9-digit deals, made by the engine itself."""
    records: dict[str, Any] | None = None
    session = Session()
    for i in range(10):
        doc = Game.from_text("\n".join(no_line_rows()), line=line, deal=987654321 - i,
                             id=f"ranked-{i}").to_dict()
        lines = 100 - 7 * i
        doc["score"] = 10 * lines
        doc["lines"] = {"5": lines}
        doc["moves"] = 1500 + i
        doc["seconds"] = 36000 + 77 * i
        reply = session.handle({"cmd": "records_add", "args": {
            "records": records, "game": doc, "date": f"2025-1{i % 3}-2{i}T10:00:00Z",
            "name": LONG_NAME[: 14 + i]}})
        assert reply["ok"], reply
        records = reply["result"]["records"]
    assert records is not None and len(records["ranking"]) == 10
    return records


def ending_game(lines: int) -> dict[str, Any]:
    """A board with 3 free cells (8,6..8) worth 10 x `lines` points already;
    the move (7,8)->(8,8) ends it."""
    rows = [list(r) for r in no_line_rows()]
    rows[8][6] = rows[8][7] = rows[8][8] = "."
    doc = game_doc(["".join(r) for r in rows], deal=987654329, game_id="ending", seconds=95)
    doc["score"] = 10 * lines
    doc["lines"] = {"5": lines}
    return doc


@pytest.fixture
def sized(browser: Any, request: Any) -> Iterator[tuple[Any, int, int]]:
    """A page at (width, height, language) with the ranking of ten and a
    game that ends with a record (so the game-over window has its name field)."""
    width, height, lang = request.param
    ctx = browser.new_context(viewport={"width": width, "height": height},
                              locale=LOCALES[lang], has_touch=True)
    problems: list[str] = []
    try:
        seed_storage(ctx, {GAME_KEY: ending_game(150), records_key(5): ranking_of_ten()})
        page = ctx.new_page()
        watch_problems(page, problems)
        yield page, width, height
        assert problems == []
    finally:
        ctx.close()


CASES = [(w, h, lang) for (w, h) in SIZES for lang in LOCALES]
IDS = [f"{w}x{h}-{lang}" for (w, h, lang) in CASES]

NO_SIDEWAYS = "document.scrollingElement.scrollWidth <= innerWidth"

# Every visible control of `root` with its box; labels stand for their radios.
CONTROLS = """(root) => {
  const out = [];
  const selector = 'button, [role=tab], input, label.choice, select, a[href]';
  for (const el of root.querySelectorAll(selector)) {
    if (el.matches('input[type=radio], input[type=checkbox]') && el.closest('label')) continue;
    if (el.matches('input[type=file]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    out.push({what: el.id || el.className || el.tagName, text: el.textContent.trim().slice(0, 30),
              left: r.left, right: r.right, top: r.top, bottom: r.bottom,
              width: r.width, height: r.height});
  }
  return out;
}"""

# Elements of a window that could scroll sideways and have more to show than
# their width (a name cut with an ellipsis is meant to be cut).
SIDEWAYS_INSIDE = """(s) => [...document.querySelectorAll(s + ', ' + s + ' *')]
  .filter((e) => !['visible', 'clip'].includes(getComputedStyle(e).overflowX)
                 && getComputedStyle(e).textOverflow !== 'ellipsis'
                 && e.scrollWidth > e.clientWidth + 1)
  .map((e) => [e.id || e.className || e.tagName, e.scrollWidth, e.clientWidth])"""

# Every visible element with text of its own and its computed font size.
SMALL_TEXT = """(root) => {
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || el.closest('template, script, style, title, .visually-hidden, [hidden]')) continue;
    if (!el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const size = parseFloat(style.fontSize);
    const what = el.className || el.tagName;
    if (size < 12) out.push([what, node.textContent.trim().slice(0, 30), size]);
  }
  return out;
}"""


def check_window(page: Any, selector: str, width: int, height: int) -> None:
    """The open window `selector` fits the screen; its controls are 44x44 px
    and inside it; none of its text is under 12 px; nothing scrolls sideways."""
    dialog = page.locator(selector)
    box = dialog.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (selector, box)
    assert page.evaluate(NO_SIDEWAYS)
    # the window itself never scrolls sideways either
    assert page.evaluate(SIDEWAYS_INSIDE, selector) == [], selector
    for control in page.evaluate(CONTROLS, dialog.element_handle()):
        assert control["width"] >= 44 - 0.5 and control["height"] >= 44 - 0.5, (selector, control)
        left, right = box["x"] - 0.5, box["x"] + box["width"] + 0.5
        inside = left <= control["left"] and control["right"] <= right
        assert inside, (selector, control)
    assert page.evaluate(SMALL_TEXT, dialog.element_handle()) == [], selector


@pytest.mark.parametrize("sized", CASES, ids=IDS, indirect=True)
def test_board_bar_and_windows_fit(sized: tuple[Any, int, int], site: Any) -> None:
    page, width, height = sized
    open_game(page, site)
    assert page.evaluate(NO_SIDEWAYS)
    # the bar's buttons are whole on the screen, and 44x44 at least
    for control in page.evaluate(CONTROLS, page.locator(".bar").element_handle()):
        assert control["left"] >= 0 and control["right"] <= width, control
        assert control["top"] >= 0 and control["bottom"] <= height, control
        assert control["width"] >= 44 - 0.5 and control["height"] >= 44 - 0.5, control
    # every button of the bar shows something: its icon or its word (never empty)
    empty = page.evaluate("""() => [...document.querySelectorAll('.bar button')]
        .filter((b) => b.getClientRects().length)
        .filter((b) => ![...b.querySelectorAll('svg, span')].some((part) => {
            const r = part.getBoundingClientRect();
            return r.width > 4 && r.height > 4 && getComputedStyle(part).visibility !== 'hidden';
        }))
        .map((b) => b.id)""")
    assert empty == []
    assert page.evaluate(SMALL_TEXT, page.locator("body").element_handle()) == []
    bar = page.locator(".bar").bounding_box()
    board = page.locator("#board-wrap").bounding_box()
    assert bar is not None and board is not None
    assert bar["x"] >= 0 and bar["x"] + bar["width"] <= width + 0.5
    assert abs(board["width"] - board["height"]) < 1
    assert board["x"] >= 0 and board["x"] + board["width"] <= width + 0.5
    assert board["y"] >= 0 and board["y"] + board["height"] <= height + 0.5
    if width > height:
        # beside: the bar's right edge is left of the board, the two overlap in height
        assert bar["x"] + bar["width"] <= board["x"]
        assert bar["y"] < board["y"] + board["height"] and board["y"] < bar["y"] + bar["height"]
        # the largest square: all the height, or all the width the bar leaves
        assert board["width"] >= min(width - bar["width"], height) - 24, (board, bar)
    else:
        assert bar["y"] + bar["height"] <= board["y"]
        assert board["width"] >= min(width, height - bar["height"]) - 24, (board, bar)

    page.click("#menu")
    page.wait_for_selector("#game-window[open]")
    check_window(page, "#game-window", width, height)
    page.click("#stats")
    page.wait_for_selector("#stats-window[open] #stats-body svg.chart")
    check_window(page, "#stats-window", width, height)
    page.keyboard.press("Escape")
    page.click("#menu")
    page.click("#ranking")
    page.wait_for_selector("#ranking-window[open] #ranking-body tbody tr")
    assert page.locator("#ranking-body tbody tr").count() == 10
    check_window(page, "#ranking-window", width, height)
    # every column's cells lie inside the window (none cut off, none behind a scroll)
    window = page.locator("#ranking-window").bounding_box()
    assert window is not None
    cells = page.evaluate("""() => [...document.querySelectorAll('#ranking-body :is(th, td)')]
        .filter((c) => c.getClientRects().length)
        .map((c) => {
          const r = c.getBoundingClientRect();
          return [c.className, r.left, r.right];
        })""")
    for name, left, right in cells:
        inside = window["x"] - 0.5 <= left and right <= window["x"] + window["width"] + 0.5
        assert inside, (name, left, right)
    # the date is short: no year for this year's games, 2 digits otherwise
    assert "2025" not in text(page, "#ranking-body")
    page.keyboard.press("Escape")

    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done] #go-name-row:not([hidden])")
    check_window(page, "#game-over", width, height)
    over = page.locator("#game-over").bounding_box()
    assert over is not None
    for selector in ("#go-name", "#go-name-save"):
        page.locator(selector).scroll_into_view_if_needed()
        field = page.locator(selector).bounding_box()
        assert field is not None
        right = over["x"] + over["width"]
        inside = over["x"] <= field["x"] and field["x"] + field["width"] <= right
        assert inside, selector
    page.click("#go-name-save")
    page.wait_for_selector("#go-name-saved:not([hidden])")
    assert page.evaluate(NO_SIDEWAYS)
    assert page.evaluate("document.querySelector('#game-over .window-body').scrollLeft") == 0


WORDS = {
    "da": {"deal": "Omgang", "points": "Point", "moves": "Træk i alt",
           "one": "én række på 5", "many": "685 rækker på 5"},
    "sv": {"deal": "Giv nr", "points": "Poäng", "moves": "Drag totalt",
           "one": "en rad med 5", "many": "685 rader med 5"},
    "en": {"deal": "Deal", "points": "Points", "moves": "Total moves",
           "one": "one line of 5", "many": "685 lines of 5"},
}


@pytest.mark.parametrize("lang", list(LOCALES))
def test_words_of_the_bar_and_the_statistics(browser: Any, site: Any, lang: str) -> None:
    """The bar says the same word as the windows for points; Danish calls a
    deal «omgang»; the statistics say «Træk i alt» and write lines in words,
    one and many; the chart's axes are named."""
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, locale=LOCALES[lang])
    try:
        seed_storage(ctx, {records_key(5): ranking_of_ten(), records_key(4): one_game(4)})
        page = ctx.new_page()
        open_game(page, site)
        words = WORDS[lang]
        assert text(page, ".meta-item:has(#deal) .label") == words["deal"]
        assert text(page, ".stat-score .label") == words["points"]
        page.click("#menu")
        page.click("#stats")
        page.wait_for_selector("#stats-body svg.chart")
        body = text(page, "#stats-body")
        assert words["moves"] in body and words["many"] in body and TIMES not in body
        page.click("#stats-window .tab[data-line='4']")
        page.wait_for_selector("#stats-body svg.chart rect.chart-bar")
        body = text(page, "#stats-body")
        assert words["one"] in body and TIMES not in body
        # the chart's axes are named: points upwards (0 to the best), games across
        assert text(page, "#stats-body .chart-y") == words["points"]
        assert text(page, "#stats-body .chart-ticks").split() == ["20", "0"]
        assert text(page, "#stats-body .chart-x") != ""
        page.keyboard.press("Escape")
        page.click("#menu")
        page.click("#ranking")
        assert text(page, "#ranking-body thead").count(words["points"]) == 1
    finally:
        ctx.close()


def one_game(line: int) -> dict[str, Any]:
    """A records document of `line` holding one finished game of one line of 5."""
    doc = Game.from_text("\n".join(no_line_rows()), line=line, deal=3, id="one").to_dict()
    doc["score"] = 20 if line == 4 else 10
    doc["lines"] = {"5": 1}
    reply = Session().handle({"cmd": "records_add", "args": {
        "records": None, "game": doc, "date": "2026-01-02T10:00:00Z"}})
    assert reply["ok"], reply
    records: dict[str, Any] = reply["result"]["records"]
    return records
