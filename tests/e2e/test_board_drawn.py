"""The board as it is drawn: it does not move while the page loads (no
layout shift, the same box from the first frame), and the floating points of
a removed line have a wide dark outline on the wood.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import (
    GAME_KEY,
    LINE_ROWS,
    game_doc,
    move,
    opened,
)

WATCH_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.hadRecentInput) continue;
    window.__shifts.push({value: e.value,
                          sources: e.sources.map((s) => s.node?.id || s.node?.className || '?')});
  }
}).observe({type: 'layout-shift', buffered: true});
window.__boardAtFirstPaint = null;
// the board's box at the first frame that has it
requestAnimationFrame(function first() {
  const wrap = document.getElementById('board-wrap');
  if (!wrap) { requestAnimationFrame(first); return; }
  const r = wrap.getBoundingClientRect();
  window.__boardAtFirstPaint = [r.left, r.top, r.width, r.height];
});
"""


@pytest.mark.parametrize(("width", "height", "lang"),
                         [(412, 823, "en"), (360, 640, "da"), (1280, 800, "sv"), (640, 360, "da")],
                         ids=["412x823-en", "360x640-da", "1280x800-sv", "640x360-da"])
def test_the_board_does_not_move_while_the_page_loads(make_page: Any, site: Any, width: int,
                                                      height: int, lang: str) -> None:
    page = opened(make_page(width, height, lang, init=(WATCH_SHIFTS,), touch=width < 1000), site)
    page.wait_for_timeout(500)
    first = page.evaluate("window.__boardAtFirstPaint")
    r = page.locator("#board-wrap").bounding_box()
    assert r is not None and first is not None
    assert [round(v) for v in first] == [round(r["x"]), round(r["y"]), round(r["width"]),
                                         round(r["height"])]
    shifts = page.evaluate("window.__shifts")
    assert sum(s["value"] for s in shifts) <= 0.01, shifts


# At the first "+points" drawn, the canvas row through the figure's middle:
# the runs of dark outline pixels where the light figure meets the wood.
CATCH_FLOAT = """
(() => {
  const fill = CanvasRenderingContext2D.prototype.fillText;
  window.__float = null;
  CanvasRenderingContext2D.prototype.fillText = function (text, x, y, ...rest) {
    fill.call(this, text, x, y, ...rest);
    if (window.__float || !String(text).startsWith('+')) return;
    const width = Math.ceil(this.measureText(text).width) + 40;
    const row = this.getImageData(Math.round(x - width / 2), Math.round(y), width, 1).data;
    window.__float = {text: String(text), row: Array.from(row)};
  };
})();
"""


def luminance(r: int, g: int, b: int) -> float:
    def lin(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def test_the_floating_points_have_a_wide_dark_outline(make_page: Any, site: Any) -> None:
    page = opened(make_page(360, 640, "da", storage={GAME_KEY: game_doc(LINE_ROWS)},
                            init=(CATCH_FLOAT,), motion="no-preference"), site)
    move(page, (0, 4), (4, 4))
    caught = page.wait_for_function("() => window.__float").json_value()
    assert caught["text"] == "+10"
    row = caught["row"]
    light = [luminance(*row[i:i + 3]) for i in range(0, len(row), 4)]
    # where the light figure meets the pale wood, at its left end (the "+"'s
    # bar) and its right end: at least 3 px of dark outline (contrast 4.5:1
    # or more against both)
    lit = [i for i, value in enumerate(light) if value > 0.45]
    assert lit, light
    before = light[:lit[0]][::-1]
    after = light[lit[-1] + 1:]

    def dark_run(values: list[float]) -> int:
        """The dark pixels at the start of `values`, after at most two of
        the figure's smoothed edge."""
        n = 0
        for i, value in enumerate(values):
            if value >= 0.05:
                if n == 0 and i < 2:
                    continue
                break
            n += 1
        return n

    assert dark_run(before) >= 3 and dark_run(after) >= 3, (dark_run(before), dark_run(after))
