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
- After a finished game the panel sums up its review (the engine's, as the
  facade gives it): the accuracy, the moves of each grade, a button to the
  review; a new game keeps it; axe-core finds nothing in the page with it.
  A phone's layouts do not show it.
"""

from __future__ import annotations

from typing import Any, get_args

import pytest
from helpers import GAME_KEY, LINE_ROWS, box_of, game_doc, move, tap, text, wait_idle, wait_ready
from test_a11y import audit
from test_replay_viewer import rc
from test_review_window import game_with_mistakes

from kugler_core.review import Grade

PANEL_SIZES = [(1280, 800), (1920, 1080), (1024, 768)]
GRADES = list(get_args(Grade))  # best first
GRADE_WORDS = {
    "da": {"best": "Bedst", "good": "Godt", "inaccuracy": "Unøjagtighed", "mistake": "Fejl",
           "blunder": "Brøler"},
    "sv": {"best": "Bäst", "good": "Bra", "inaccuracy": "Onoggrannhet", "mistake": "Misstag",
           "blunder": "Tabbe"},
    "en": {"best": "Best", "good": "Good", "inaccuracy": "Inaccuracy", "mistake": "Mistake",
           "blunder": "Blunder"},
}


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


@pytest.mark.parametrize(("width", "height", "lang"), [(1280, 800, "da"), (1024, 768, "sv"),
                                                       (1920, 1080, "en"), (360, 640, "da")])
def test_the_last_game_s_review_is_summed_up_beside_the_board(
        make_page: Any, site: Any, width: int, height: int, lang: str) -> None:
    """After a finished game, the panel shows its accuracy and its moves of each
    grade as the engine's review has them, and opens its review; a new game
    keeps it. On a phone the panel has no room for it: nothing is added."""
    doc, last, moves, expected = game_with_mistakes()
    page = make_page(width, height, lang, storage={GAME_KEY: doc}, touch=width < 1000)
    page.goto(site.url)
    wait_ready(page)
    move(page, rc(last[0]), rc(last[1]))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#last-review:not([hidden])", state="attached", timeout=240_000)
    if width < 1000:
        assert not page.locator("#last-review").is_visible()
        return
    summary = page.locator("#last-review")
    assert summary.is_visible()
    accuracy = round(sum(m["accuracy"] for m in expected) / len(expected))
    assert text(page, "#last-review-accuracy") == f"{accuracy}\u00a0%".replace("\u00a0", " ")
    counts = {g: sum(m["grade"] == g for m in expected) for g in GRADES}
    shown = page.eval_on_selector_all(
        "#last-review-counts > div",
        "ds => ds.map(d => [d.dataset.grade, d.querySelector('dt').innerText,"
        " d.querySelector('dd').innerText])")
    assert [(g, int(n)) for g, _, n in shown] == list(counts.items())
    assert [word for _, word, _ in shown] == [GRADE_WORDS[lang][g] for g in GRADES]
    assert str(len(moves)) in text(page, "#last-review-info")
    # whole inside the panel, above the deal, the time and the buttons
    inner = page.evaluate(PANEL)["inner"]
    box = box_of(page, "#last-review")
    assert inner["left"] - 0.5 <= box["left"] and box["right"] <= inner["right"] + 0.5, (box, inner)
    assert box["bottom"] <= box_of(page, ".bar-tools")["top"], "the summary stands above the tools"
    assert box["top"] >= box_of(page, ".stat-record")["bottom"], "and below the record"
    assert audit(page, f"side panel {width}x{height} {lang}") == []
    # its button opens the review of that game, every move known already
    page.click("#last-review-open")
    page.wait_for_selector("dialog#review-window[open][data-done]", timeout=60_000)
    assert f"{accuracy}" in text(page, "#review-accuracy")
    page.keyboard.press("Escape")
    # a new game: the summary of the last one stays
    page.keyboard.press("n")
    page.wait_for_function("() => document.querySelector('#score').textContent === '0'"
                           " && !document.querySelector('dialog[open]')")
    wait_idle(page)
    assert summary.is_visible()
    assert text(page, "#last-review-accuracy").startswith(str(accuracy))
