"""What a player meets in the first minutes: a game is never lost without a
question, animations leave nothing behind, taps during a move are kept, and
the bar tells the truth (live record, nothing coming after the end, a clock
that stops while a window covers the board).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import (
    GAME_KEY,
    LINE_ROWS,
    WALL_ROWS,
    board,
    game_doc,
    move,
    nearly_full,
    open_game,
    records_key,
    records_with,
    seed_storage,
    stored,
    tap,
    text,
    wait_idle,
    wait_ready,
)

from kugler_core import Game

# Five reds with a gap: (0,5) into (4,4) makes a line of 6 (24 points).
SIX_ROWS = [
    ".....1...",
    ".........",
    ".........",
    ".........",
    "1111.1...",
    ".........",
    ".........",
    ".........",
    "........2",
]

# A red line of 4 in the top row: (8,4) to (0,4) scores there, at the board's edge.
TOP_ROWS = [
    "1111.....",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    "....1...2",
]


def canvas_pixels(page: Any) -> list[int]:
    """Every RGBA byte of the board's canvas (as one JSON text: Playwright hands a
    large array over element by element, slowly)."""
    return list(json.loads(page.evaluate("""() => {
      const c = document.getElementById('board');
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      return JSON.stringify(Array.from(data));
    }""")))


def differing_pixels(a: list[int], b: list[int]) -> int:
    assert len(a) == len(b)
    return sum(1 for i in range(0, len(a), 4) if a[i:i + 4] != b[i:i + 4])


# -- 1. a game in progress is never thrown away without a question


def test_new_game_asks_when_a_game_with_moves_would_be_lost(context: Any, page: Any,
                                                            site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(WALL_ROWS)})
    open_game(page, site)
    move(page, (0, 0), (0, 2))
    played = board(page)
    for button in ("#new-game", "#retry"):
        page.click("#menu")
        page.click(button)
        page.wait_for_selector("dialog#confirm-window[open]")
        assert "tabt" in text(page, "#confirm-text")
        page.click("#confirm-window button[value=cancel]")
        page.wait_for_selector("dialog#confirm-window", state="hidden")
        wait_idle(page)
        assert board(page) == played
        assert stored(page, GAME_KEY)["moves"] == 1
    page.click("#menu")
    page.click("#new-game")
    page.click("#confirm-window button[value=confirm]")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('kugler:1:game') || 'null')?.moves === 0")
    wait_idle(page)
    assert text(page, "#deal") != "7"


def test_an_untouched_or_finished_game_is_left_without_a_question(context: Any, page: Any,
                                                                  site: Any) -> None:
    seed_storage(context, {GAME_KEY: nearly_full()})
    open_game(page, site)
    page.click("#menu")
    page.click("#retry")  # no move made yet: nothing to lose
    wait_idle(page)
    assert not page.locator("dialog#confirm-window").is_visible()
    assert board(page) == list(Game.new(deal=7, line=5).board)


def test_the_question_is_asked_after_game_over_never(context: Any, page: Any,
                                                      site: Any) -> None:
    seed_storage(context, {GAME_KEY: nearly_full()})
    open_game(page, site)
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    page.click("#go-new")
    page.wait_for_selector("dialog#game-over", state="hidden")
    wait_idle(page)
    assert not page.locator("dialog#confirm-window").is_visible()
    assert stored(page, GAME_KEY)["moves"] == 0


# -- 2. the last frame of an animation is the board as the engine says it is


@pytest.mark.parametrize(("rows", "line", "source", "target"), [
    (LINE_ROWS, 5, (0, 4), (4, 4)),
    (TOP_ROWS, 4, (8, 4), (0, 4)),  # the text starts at the board's top edge
], ids=["middle", "top-row"])
def test_points_text_and_vanished_balls_leave_no_trace(
        context: Any, page: Any, site: Any, rows: list[str], line: int,
        source: tuple[int, int], target: tuple[int, int]) -> None:
    seed_storage(context, {GAME_KEY: game_doc(rows, line=line)})
    open_game(page, site, reduced_motion=False)
    move(page, source, target)
    assert int(text(page, "#score")) > 0
    # every animation (the "+points" text lasts longest) has run its course
    page.wait_for_timeout(1500)
    after_line = canvas_pixels(page)
    # the same saved board drawn afresh by a new page
    page.reload()
    wait_ready(page)
    page.wait_for_timeout(300)
    assert differing_pixels(after_line, canvas_pixels(page)) == 0


# -- 5. a tap during a move's animation is kept


TAP_NOW = """([row, col]) => {
  const busy = document.querySelector("[role=grid]").hasAttribute("data-busy");
  const target = document.querySelector(`[role=gridcell][data-row="${row}"][data-col="${col}"]`);
  target.click();
  return [busy, target.getAttribute("data-queued")];
}"""
"""Click cell [row, col] in one page task: whether the grid was busy at the
click, and the cell's data-queued after it."""


def test_a_tap_while_a_ball_rolls_is_kept_and_applied(context: Any, page: Any,
                                                      site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(WALL_ROWS)})
    open_game(page, site, reduced_motion=False)
    tap(page, 0, 0)
    tap(page, 0, 2)  # a long path: down column 0, along row 8, up column 2
    # Another ball, while the first one still rolls (the grid is busy when the
    # click returns): looked at and tapped in one page task, so that a slow test
    # machine cannot let the roll end between looking and tapping.
    busy, queued = page.evaluate(TAP_NOW, [1, 1])
    assert busy is True  # the tap came while the first ball still rolled
    assert queued == "true"
    wait_idle(page)
    page.wait_for_function(
        "() => document.querySelector('[data-row=\"1\"][data-col=\"1\"]')"
        ".getAttribute('aria-selected') === 'true'")
    assert page.locator("[data-queued]").count() == 0
    assert page.locator("[aria-selected=true]").count() == 1
    after = board(page)
    assert after[2] != 0 and after[0] == 0  # the first move happened, whole


# -- 8. the bar


def test_record_follows_the_score_as_it_passes_it(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(SIX_ROWS), records_key(5): records_with(5, 10)})
    open_game(page, site)
    assert text(page, "#record") == "10"
    move(page, (0, 5), (4, 4))
    assert text(page, "#score") == "24"
    assert text(page, "#record") == "24"
    assert stored(page, records_key(5))["record"] == 10  # the records change at the end


def test_nothing_is_coming_after_the_game_is_over(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: nearly_full()})
    open_game(page, site)
    assert page.locator("#next [data-color='']").count() == 0
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open]")
    colors = page.eval_on_selector_all("#next > *", "els => els.map(e => e.dataset.color)")
    assert colors == ["", "", ""]


def test_the_clock_stands_still_while_a_window_covers_the_board(context: Any, page: Any,
                                                                site: Any) -> None:
    doc = game_doc(WALL_ROWS)
    doc["seconds"] = 100
    seed_storage(context, {GAME_KEY: doc})
    open_game(page, site)
    page.wait_for_function("() => document.getElementById('time').textContent !== '1:40'")
    page.click("#menu")
    page.wait_for_selector("dialog#game-window[open]")
    page.wait_for_timeout(600)
    shown = text(page, "#time")
    # The clock's twice-a-second tick writes nothing that is shown already
    # (a write restyles the bar, even of the same text).
    page.evaluate("""() => {
      window.__timeWrites = 0;
      new MutationObserver((records) => { window.__timeWrites += records.length; })
        .observe(document.getElementById("time"),
                 { childList: true, characterData: true, subtree: true });
    }""")
    page.wait_for_timeout(2200)
    assert text(page, "#time") == shown
    assert page.evaluate("window.__timeWrites") == 0
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#game-window", state="hidden")
    page.wait_for_function(f"() => document.getElementById('time').textContent !== '{shown}'")


# -- 3. every finished game is in the statistics and on the ranking, 0 points too


def test_a_finished_game_with_no_points_is_ranked_and_counted(context: Any, page: Any,
                                                              site: Any) -> None:
    seed_storage(context, {GAME_KEY: nearly_full()})
    open_game(page, site)
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    assert text(page, "#go-points") == "0"
    records = stored(page, records_key(5))
    assert records["stats"]["games"] == 1
    assert [(e["id"], e["points"]) for e in records["ranking"]] == [("nearly-full", 0)]
    page.keyboard.press("Escape")
    page.click("#menu")
    page.click("#ranking")
    page.wait_for_selector("dialog#ranking-window[open]")
    rows = page.locator("#ranking-body tbody tr")
    assert rows.count() == 1
    assert rows.first.locator("td.num").first.inner_text().strip() == "0"
