"""The side panel beside the board on a desktop (1280x800, 1920x1080, 1024x768),
read at a glance from a metre away.

- The coming balls are at least 0.85 of the balls on the board (render.js
  draws a ball 0.77 of a cell across): the player sees the same balls.
- The points and the record are at least 52 px figures at 1280x800 and
  1024x768 (about 38 px digits, 1 cm on a 96-dpi screen, seven times what
  normal sight needs at a metre).
- The points' pop (the figure grows for a moment when a line scores) stays
  inside the panel's padding, also for a score of six or seven characters
  ("12,350", "123 450").
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import GAME_KEY, LINE_ROWS, box_of, game_doc, tap, wait_idle, wait_ready

PANEL_SIZES = [(1280, 800), (1920, 1080), (1024, 768)]


def scoring_game(score: int) -> dict[str, Any]:
    """LINE_ROWS at `score` points (lines of 5, 10 points each): (0,4) -> (4,4) scores 10 more."""
    doc = game_doc(LINE_ROWS, deal=4242)
    doc["score"] = score
    doc["lines"] = {"5": score // 10}
    return doc


def opened_page(make_page: Any, site: Any, width: int, height: int, lang: str,
                score: int, motion: str = "reduce") -> Any:
    page = make_page(width, height, lang, storage={GAME_KEY: scoring_game(score)},
                     touch=False, motion=motion)
    page.goto(site.url)
    wait_ready(page)
    return page


PANEL = """() => {
  const bar = document.querySelector('#bar');
  const r = bar.getBoundingClientRect();
  const s = getComputedStyle(bar);
  const cell = document.querySelector('#grid [role=gridcell]').getBoundingClientRect();
  return {
    inner: {left: r.left + parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft),
            right: r.right - parseFloat(s.borderRightWidth) - parseFloat(s.paddingRight),
            top: r.top + parseFloat(s.borderTopWidth) + parseFloat(s.paddingTop),
            bottom: r.bottom - parseFloat(s.borderBottomWidth) - parseFloat(s.paddingBottom)},
    cell: cell.width,
    balls: [...document.querySelectorAll('#next .mini-ball')].map(b => {
      const x = b.getBoundingClientRect();
      return [x.width, x.height];
    }),
    fonts: ['#score', '#record'].map(
      id => parseFloat(getComputedStyle(document.querySelector(id)).fontSize)),
    beside: getComputedStyle(document.documentElement).getPropertyValue('--bar-beside').trim(),
  };
}"""


@pytest.mark.parametrize(("width", "height"), PANEL_SIZES, ids=[f"{w}x{h}" for w, h in PANEL_SIZES])
def test_the_coming_balls_are_nearly_as_large_as_the_balls_on_the_board(
        make_page: Any, site: Any, width: int, height: int) -> None:
    page = opened_page(make_page, site, width, height, "en", 1540)
    panel = page.evaluate(PANEL)
    assert panel["beside"] == "1", "the bar stands beside the board"
    board_ball = 0.77 * panel["cell"]
    for w, h in panel["balls"]:
        assert w == h and w >= 0.85 * board_ball, (panel["balls"], board_ball)
    # and they are whole inside the panel
    box = page.locator("#next").bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= panel["inner"]["right"] + 0.5, (box, panel["inner"])


@pytest.mark.parametrize(("width", "height", "lang"), [(1280, 800, "da"), (1280, 800, "en"),
                                                       (1024, 768, "sv")])
def test_the_points_and_the_record_are_large_figures(
        make_page: Any, site: Any, width: int, height: int, lang: str) -> None:
    page = opened_page(make_page, site, width, height, lang, 1540)
    assert page.text_content("#score") in ("1.540", "1,540", "1\u00a0540")
    panel = page.evaluate(PANEL)
    assert min(panel["fonts"]) >= 52, panel["fonts"]
    for selector in ("#score", "#record"):
        box = page.locator(selector).bounding_box()
        assert box is not None
        assert box["x"] + box["width"] <= panel["inner"]["right"] + 0.5, (selector, box)


@pytest.mark.parametrize(("width", "height", "lang", "score"), [
    (1280, 800, "en", 123_440), (1280, 800, "sv", 123_440), (1280, 800, "da", 1_540),
    (1024, 768, "da", 12_340)])
def test_the_points_pop_stays_inside_the_panel(
        make_page: Any, site: Any, width: int, height: int, lang: str, score: int) -> None:
    page = opened_page(make_page, site, width, height, lang, score, motion="no-preference")
    tap(page, 0, 4)
    tap(page, 4, 4)
    # the pop has begun: held at its largest (30 % of its 0.5 s), where its box is measured
    page.wait_for_function("() => document.querySelector('#score').getAnimations().length > 0",
                           timeout=10_000)
    held = page.evaluate("""() => {
      const anims = document.querySelector('#score').getAnimations();
      for (const a of anims) { a.pause(); a.currentTime = 150; }
      return anims.length;
    }""")
    assert held >= 1
    pop = box_of(page, "#score")
    grown = page.evaluate("() => document.querySelector('#score').getBoundingClientRect().width"
                          " / document.querySelector('#score').offsetWidth")
    assert grown > 1.05, "the figure grows while it pops"
    inner = page.evaluate(PANEL)["inner"]
    assert pop["left"] >= inner["left"] - 0.5 and pop["right"] <= inner["right"] + 0.5, (pop, inner)
    wait_idle(page)
    assert page.text_content("#score").replace("\u00a0", " ") in (
        f"{score + 10:,}", f"{score + 10:,}".replace(",", "."), f"{score + 10:,}".replace(",", " "))

