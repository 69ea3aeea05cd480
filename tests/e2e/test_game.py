"""The game in a real Chromium: board, moves, lines, undo, variants, game over,
reload, languages, phone layout and shared deals.

Each test opens dist/ as built by `python build.py` (fixtures in conftest.py);
the `page` fixture fails a test on any console error or failed request.
Prepared games are put into localStorage before the page's scripts run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import (
    BOOT_TIMEOUT,
    GAME_KEY,
    LINE_ROWS,
    SETTINGS_KEY,
    WALL_ROWS,
    board,
    cell,
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

# The ball at (0,0) is shut in by (0,1) and (1,0).
# Windows and parts of the page waiting in <template data-into> (each feature may add its own).
TEMPLATES = (Path(__file__).resolve().parents[2] / "web" / "index.html").read_text(
    encoding="utf-8").count("<template data-into=")

SHUT_ROWS = [
    "12.......",
    "3........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    "........4",
]

def idx(r: int, c: int) -> int:
    return r * 9 + c


def count(cells: list[int]) -> int:
    return sum(1 for v in cells if v)


def test_page_loads_and_engine_gets_ready(page: Any, site: Any) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.goto(site.url)
    assert page.get_attribute("html", "data-engine") in ("loading", "ready")
    # the board is drawn before the engine is ready
    page.wait_for_function("() => performance.getEntriesByName('kugler:first-board').length === 1")
    wait_ready(page)
    assert page.locator("[role=grid]").count() == 1
    assert page.locator("[role=gridcell]").count() == 81
    assert count(board(page)) == 5  # a new game starts with 5 balls
    assert page.locator("#next > *").count() == 3
    assert all(page.locator("#next > *").nth(i).get_attribute("data-color") in list("1234567")
               for i in range(3))
    assert text(page, "#score") == "0"
    assert text(page, "#deal").isdigit()
    assert page.locator("#undo").is_disabled()
    label = cell(page, 2, 4).get_attribute("aria-label")
    assert label is not None and label.startswith("E3, ")  # column E, row 3
    saved = stored(page, GAME_KEY)
    assert saved["kind"] == "kugler/game" and saved["moves"] == 0
    csp = page.get_attribute("meta[http-equiv=Content-Security-Policy]", "content")
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp


def test_ball_rolls_along_a_path(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(WALL_ROWS)})
    open_game(page, site)
    before = board(page)
    assert before == [int(ch) if ch != "." else 0 for ch in "".join(WALL_ROWS)]
    # select with the keyboard, move with a tap
    cell(page, 0, 0).focus()
    page.keyboard.press("Enter")
    assert cell(page, 0, 0).get_attribute("aria-selected") == "true"
    tap(page, 0, 2)
    wait_idle(page)
    after = board(page)
    assert after[idx(0, 0)] == 0
    assert after[idx(0, 2)] == 1
    assert count(after) == count(before) + 3  # no line: the 3 coming balls arrived
    assert page.locator("[aria-selected=true]").count() == 0
    assert stored(page, GAME_KEY)["moves"] == 1
    assert page.locator("#undo").is_enabled()


def test_unreachable_cell_flashes_and_nothing_moves(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(SHUT_ROWS)})
    open_game(page, site, reduced_motion=False)
    before = board(page)
    tap(page, 0, 0)
    tap(page, 4, 4)
    page.wait_for_selector('[role=gridcell][data-row="4"][data-col="4"][data-flash=unreachable]')
    wait_idle(page)
    assert board(page) == before
    assert cell(page, 0, 0).get_attribute("aria-selected") == "true"  # still selected
    page.wait_for_selector("[data-flash]", state="detached")
    assert stored(page, GAME_KEY)["moves"] == 0
    # tapping the selected ball again drops it; another ball takes the selection
    tap(page, 0, 1)
    assert cell(page, 0, 1).get_attribute("aria-selected") == "true"
    assert cell(page, 0, 0).get_attribute("aria-selected") is None
    tap(page, 0, 1)
    assert page.locator("[aria-selected=true]").count() == 0


def test_a_line_is_scored(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(LINE_ROWS)})
    open_game(page, site, reduced_motion=False)
    move(page, (0, 4), (4, 4))
    after = board(page)
    assert text(page, "#score") == "10"
    assert all(after[idx(4, c)] == 0 for c in range(5))
    assert after[idx(0, 4)] == 0
    assert count(after) == 1  # a move that made a line brings no new balls
    saved = stored(page, GAME_KEY)
    assert saved["score"] == 10 and saved["lines"] == {"5": 1}


def test_undo_takes_back_one_move(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(WALL_ROWS)})
    open_game(page, site)
    before = board(page)
    assert page.locator("#undo").is_disabled()
    move(page, (0, 0), (0, 2))
    assert board(page) != before
    page.click("#undo")
    wait_idle(page)
    assert board(page) == before
    assert page.locator("#undo").is_disabled()
    saved = stored(page, GAME_KEY)
    assert saved["moves"] == 0 and saved["undo"] is None


def reachable_move(deal: int, line: int) -> tuple[tuple[int, int], tuple[int, int]]:
    game = Game.new(deal=deal, line=line)
    for i, color in enumerate(game.board):
        if color:
            source = (i // 9, i % 9)
            targets = sorted(game.reachable(source))
            if targets:
                return source, targets[-1]
    raise AssertionError("no legal move")


def test_try_again_replays_the_same_deal(page: Any, site: Any) -> None:
    open_game(page, site, "#deal=4242&line=5")
    first = board(page)
    assert first == list(Game.new(deal=4242, line=5).board)
    source, target = reachable_move(4242, 5)
    move(page, source, target)
    assert board(page) != first
    page.click("#menu")
    assert page.locator("dialog#game-window").is_visible()
    assert text(page, "#retry") == "Prøv igen"
    page.click("#retry")
    page.click("#confirm-window button[value=confirm]")  # the game with a move would be lost
    wait_idle(page)
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('kugler:1:game') || 'null')?.moves === 0")
    assert board(page) == first
    assert text(page, "#deal") == "4242"
    assert text(page, "#score") == "0"
    assert not page.locator("dialog#game-window").is_visible()


def test_new_game_draws_a_new_deal(page: Any, site: Any) -> None:
    open_game(page, site, "#deal=4242&line=5")
    page.click("#menu")
    page.click("#new-game")
    page.wait_for_function("() => document.querySelector('#deal').textContent.trim() !== '4242'")
    wait_idle(page)
    deal = int(text(page, "#deal"))
    assert board(page) == list(Game.new(deal=deal, line=5).board)


def test_variant_change_asks_and_has_its_own_record(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {
        GAME_KEY: game_doc(WALL_ROWS),
        records_key(5): records_with(5, 24),
        records_key(4): records_with(4, 8),
    })
    open_game(page, site)
    assert text(page, "#record") == "24"
    move(page, (0, 0), (0, 2))
    played = board(page)

    # mid-game: the question comes; «no» keeps the game and the variant
    page.click("#menu")
    assert page.locator("input[name=line][value='5']").is_checked()
    assert text(page, "label:has(input[name=line][value='5'])") == "Fjern: 5 på stribe"
    assert text(page, "label:has(input[name=line][value='4'])") == "4 på stribe"
    page.check("input[name=line][value='4']")
    page.wait_for_selector("dialog#confirm-window[open]")
    page.click("dialog#confirm-window button:not([value=confirm])")
    wait_idle(page)
    assert board(page) == played
    assert stored(page, GAME_KEY)["line"] == 5
    # the radio goes back once the question has closed (asynchronously)
    page.wait_for_function("() => document.querySelector(\"input[name=line][value='5']\").checked")

    # «yes» starts a new game of the 4 variant, with the 4 variant's record
    page.check("input[name=line][value='4']")
    page.wait_for_selector("dialog#confirm-window[open]")
    page.click("dialog#confirm-window button[value=confirm]")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('kugler:1:game') || 'null')?.line === 4")
    wait_idle(page)
    assert text(page, "#record") == "8"
    saved = stored(page, GAME_KEY)
    assert saved["moves"] == 0 and count(board(page)) == 5
    assert stored(page, SETTINGS_KEY)["line"] == 4
    # the choice holds for the next games
    page.click("#menu")
    page.click("#new-game")
    wait_idle(page)
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('kugler:1:game') || 'null')?.id !== "
        f"{saved['id']!r}")
    assert stored(page, GAME_KEY)["line"] == 4
    assert text(page, "#record") == "8"


def test_game_over_window_with_its_numbers(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: nearly_full(10)})
    open_game(page, site)
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    assert text(page, "#game-over-title") == "Spillet er slut"
    assert text(page, "#go-points") == "10"
    assert text(page, "#go-moves") == "1"
    assert text(page, "#go-time").startswith("1:3")  # 95 s and a little play
    assert "5" in text(page, "#go-lines")
    assert text(page, "#go-record") == "10"
    assert page.locator("#go-celebrate").is_visible()  # the first record is celebrated
    assert count(board(page)) == 81
    records = stored(page, records_key(5))
    assert records["record"] == 10 and records["stats"]["games"] == 1
    assert records["ranking"][0]["id"] == "nearly-full"
    assert text(page, "#record") == "10"
    # «Prøv igen» in the window replays deal 7 from its start
    page.click("#go-retry")
    page.wait_for_selector("dialog#game-over", state="hidden")
    wait_idle(page)
    assert board(page) == list(Game.new(deal=7, line=5).board)
    assert text(page, "#deal") == "7"


def test_game_over_window_opens_before_the_records_are_written(
        context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: nearly_full(10)})
    open_game(page, site)
    # Another tab holds the records lock: the window still opens with the
    # final numbers at once, and completes when the records are written.
    page.evaluate("""() => {
        window.releaseRecords = null;
        const held = new Promise((resolve) => { window.releaseRecords = resolve; });
        return new Promise((locked) => navigator.locks.request("kugler-records",
            () => { locked(); return held; }));
    }""")
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=pending]")
    assert text(page, "#go-points") == "10"
    assert not page.locator("#go-celebrate").is_visible()
    assert page.evaluate("localStorage.getItem('kugler:1:records:5')") is None
    page.evaluate("window.releaseRecords()")
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    assert page.locator("#go-celebrate").is_visible()
    assert stored(page, records_key(5))["stats"]["games"] == 1


def test_statistics_and_ranking_show_the_records(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {records_key(5): records_with(5, 24)})
    open_game(page, site)
    page.click("#menu")
    page.click("#stats")
    page.wait_for_selector("#stats-window[open]")
    assert page.locator("#stats-body svg.chart rect.chart-bar").count() == 1
    assert "24" in text(page, "#stats-body")
    page.click("#stats-window .tab[data-line='4']")
    assert page.locator("#stats-body svg.chart").count() == 0
    page.keyboard.press("Escape")
    page.click("#menu")
    page.click("#ranking")
    page.wait_for_selector("#ranking-window[open]")
    assert page.locator("#ranking-body tbody tr").count() == 1
    assert "24" in text(page, "#ranking-body tbody tr")


def open_help(page: Any) -> str:
    """Open Help from the game window; returns its text once it shows the
    points table (6 rows)."""
    page.click("#menu")
    page.click("#help")
    page.wait_for_selector("#help-body h3")
    assert page.locator("#help-body table").first.locator("tr").count() == 6
    return text(page, "#help-body")


def test_help_shows_the_seed_text(page: Any, site: Any) -> None:
    open_game(page, site)
    body = open_help(page)
    assert "Kugler \u2013 sådan spiller du" in body
    assert "Tryk på en kugle: den hopper i en guldramme." in body


def test_reload_resumes_the_game(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(WALL_ROWS, seconds=40)})
    open_game(page, site)
    page.wait_for_function(
        "() => { const [m, s] = document.querySelector('#time').textContent.split(':');"
        " return Number(m) * 60 + Number(s) >= 41; }")
    move(page, (0, 0), (0, 2))
    played = board(page)
    saved = stored(page, GAME_KEY)
    assert saved["seconds"] >= 41 and saved["moves"] == 1
    page.reload()
    # the saved board is drawn straight away (first.js), then the grid follows
    # it, before the engine is ready
    page.wait_for_function("() => performance.getEntriesByName('kugler:first-board').length === 1")
    page.wait_for_function("() => document.querySelectorAll('[role=gridcell]').length === 81")
    assert board(page) == played
    wait_ready(page)
    assert board(page) == played
    assert text(page, "#score") == "0"
    minutes, secs = text(page, "#time").split(":")
    assert int(minutes) * 60 + int(secs) >= saved["seconds"]
    assert page.locator("#undo").is_enabled()  # the undo state was saved too
    page.click("#undo")
    wait_idle(page)
    assert board(page)[idx(0, 0)] == 1


# The centre of each cell on the canvas: a ball there or the cream tile.
CANVAS_CELLS = """() => {
    const canvas = document.getElementById("board");
    const ctx = canvas.getContext("2d");
    const frame = 0.03, side = canvas.width, cellSide = side * (1 - 2 * frame) / 9;
    const out = [];
    for (let i = 0; i < 81; i++) {
        const x = Math.round(side * frame + (i % 9 + 0.5) * cellSide);
        const y = Math.round(side * frame + (Math.floor(i / 9) + 0.5) * cellSide);
        const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
        // the tiles are cream (r > g > b, all light); a ball is any other colour
        out.push(r > 180 && g > 150 && b > 100 && r >= g && g >= b ? 0 : 1);
    }
    return out;
}"""


@pytest.mark.parametrize("size", [(360, 640), (412, 823), (1280, 800)])
def test_saved_board_is_drawn_before_the_rest_of_the_page(
        browser: Any, site: Any, size: tuple[int, int]) -> None:
    """The document alone draws the saved game (first.js and the styles are
    inline, tools/inline.py): with every other request held back, the canvas
    shows its balls, the bar is an empty panel of its usual height and the
    rest of the page is still in templates (the game's name, the page's
    largest contentful paint, is painted with the board); the board and the
    bar stand where they stand once the whole page is in place."""
    width, height = size
    rows = WALL_ROWS
    boxes = []
    bars = []
    for hold_rest in (True, False):
        ctx = browser.new_context(viewport={"width": width, "height": height}, locale="da-DK",
                                  service_workers="block")
        try:
            seed_storage(ctx, {GAME_KEY: game_doc(rows)})
            page = ctx.new_page()
            if hold_rest:  # nothing but the document is ever answered
                page.route("**/*", lambda route: route.continue_()
                           if route.request.resource_type == "document" else None)
            page.goto(site.url)
            page.wait_for_function(
                "() => performance.getEntriesByName('kugler:first-board').length === 1")
            if hold_rest:
                page.wait_for_timeout(300)
                balls = page.evaluate(CANVAS_CELLS)
                assert balls == [1 if ch != "." else 0 for row in rows for ch in row]
                assert page.locator("template[data-into]").count() == TEMPLATES
                assert page.locator("#score").count() == 0
                assert page.locator(".brand").count() == 1  # in the document itself
                if width <= 560 <= 720 <= height:  # a tall phone shows it, painted with the board
                    assert page.locator(".brand").is_visible()
                    assert page.locator(".brand").inner_text() == "Kugler"
                bar = page.locator(".bar").bounding_box()
                assert bar is not None
                if width < height:  # above the board: the height the stylesheet guesses
                    guess = page.evaluate(
                        "parseFloat(getComputedStyle(document.documentElement)"
                        ".getPropertyValue('--bar-guess'))")
                    assert abs(bar["height"] - guess) < 0.5
            else:
                wait_ready(page)
                assert page.locator("template[data-into]").count() == 0
                assert page.locator("#score, #game-window, #notice, .brand").count() == 4
            boxes.append(page.locator("#board-wrap").bounding_box())
            bars.append(page.locator(".bar").bounding_box())
        finally:
            ctx.close()
    # the board, and the bar (above it, or beside it on a wide screen), stand
    # where they stand once the whole page is in place
    for first, whole in (boxes, bars):
        assert first is not None and whole is not None
        for key in ("x", "y", "width", "height"):
            assert abs(first[key] - whole[key]) <= 1, (key, first, whole)


COUNT_DRAWS = """async (select) => {
  const renderer = window.kuglerInline.first.renderer;
  renderer.reducedMotion = () => false;
  let draws = 0;
  const clear = renderer.ctx.clearRect.bind(renderer.ctx);
  renderer.ctx.clearRect = (...args) => { draws += 1; return clear(...args); };
  if (select) renderer.setSelected(renderer.board.findIndex((color) => color > 0));
  else renderer.setBoard(renderer.board); // asks for a frame
  renderer.draw(); // and draws at once
  for (let i = 0; i < 4; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  renderer.setSelected(null);
  return draws;
}"""


def test_a_board_drawn_at_once_is_not_drawn_again_by_the_frame_it_asked_for(
        page: Any, site: Any) -> None:
    """first.js draws the saved board at once after setBoard() asked for a
    frame: that frame does not draw the same board a second time. A board
    that moves (a selected ball bounces) is still drawn every frame."""
    page.goto(site.url)
    wait_ready(page)
    assert page.evaluate(COUNT_DRAWS, False) == 1
    assert page.evaluate(COUNT_DRAWS, True) >= 4


NO_FRAMES = "window.requestAnimationFrame = () => 0;"
HIDDEN = """Object.defineProperty(Document.prototype, "visibilityState",
    { configurable: true, get: () => "hidden" });"""


@pytest.mark.parametrize("script", [NO_FRAMES, HIDDEN], ids=["no-frames", "hidden"])
def test_rest_of_the_page_comes_without_animation_frames(
        context: Any, page: Any, site: Any, script: str) -> None:
    """main.js waits for the board's frame, but not forever: a page that gets
    no animation frames (a hidden tab, a stalled compositor) is still filled
    in and its engine started."""
    seed_storage(context, {GAME_KEY: game_doc(WALL_ROWS, deal=12)})
    context.add_init_script(script)
    page.goto(site.url)
    page.wait_for_selector("html[data-engine=ready]", timeout=BOOT_TIMEOUT)
    assert page.locator("template[data-into]").count() == 0
    assert text(page, "#deal") == "12"
    assert board(page) == [int(ch) if ch != "." else 0 for row in WALL_ROWS for ch in row]


# Notes, when the engine worker is made, whether the page was filled in and
# whether a frame has been painted since it was.
WATCH_WORKER_START = """(() => {
  window.__filledFrame = false;
  const filled = () => document.getElementById("score") !== null
    && document.querySelector("template[data-into]") === null;
  const watch = new MutationObserver(() => {
    if (!filled()) return;
    watch.disconnect();
    requestAnimationFrame(() => { window.__filledFrame = true; });
  });
  watch.observe(document, { childList: true, subtree: true });
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      window.__workerStart ??= { filled: filled(), filledFrame: window.__filledFrame };
    }
  };
})();"""


def test_engine_starts_once_the_filled_page_has_had_its_frame(
        context: Any, page: Any, site: Any) -> None:
    """main.js fills the page in, then starts the engine worker only after
    that page's first frame: the worker's downloads and compile do not share
    the two cores with the frame's style, layout and paint."""
    context.add_init_script(WATCH_WORKER_START)
    page.goto(site.url)
    wait_ready(page)
    assert page.evaluate("window.__workerStart") == {"filled": True, "filledFrame": True}


# Counts the times the page's words are written over the whole document
# (i18n.js applyWords looks every [data-i18n] element up).
COUNT_WORD_PASSES = """(() => {
  window.__wordPasses = 0;
  const native = Document.prototype.querySelectorAll;
  Document.prototype.querySelectorAll = function (selector) {
    if (selector === "[data-i18n]") window.__wordPasses += 1;
    return native.call(this, selector);
  };
})();"""


@pytest.mark.parametrize("stored_language", [None, "sv"], ids=["browser-language", "stored-sv"])
def test_the_words_are_written_once_at_the_start(
        context: Any, page: Any, site: Any, stored_language: str | None) -> None:
    """The engine's settings at the start name the language already shown (the
    stored one, or none: the browser's): the page's words are not written a
    second time then, which cost the engine-ready task a pass over every
    element. A language chosen afterwards is still shown at once."""
    if stored_language:
        seed_storage(context, {SETTINGS_KEY: {
            "kind": "kugler/settings", "version": 1, "language": stored_language, "line": 5}})
    context.add_init_script(COUNT_WORD_PASSES)
    open_game(page, site)
    assert page.evaluate("window.__wordPasses") == 1
    assert text(page, "#undo") == ("Ångra" if stored_language == "sv" else "Fortryd")
    page.click("#menu")
    page.click("#language")
    page.check("input[name=lang][value=en]")
    assert text(page, "#undo") == "Undo"
    assert page.evaluate("window.__wordPasses") == 2


def test_language_switch_is_remembered(page: Any, site: Any) -> None:
    open_game(page, site)
    assert text(page, "#undo") == "Fortryd"
    assert text(page, "#menu") == "Spil"
    assert text(page, ".next-box .label") == "Næste"
    page.click("#menu")
    page.click("#language")
    page.check("input[name=lang][value=sv]")
    assert text(page, "#undo") == "Ångra"
    assert text(page, "#menu") == "Spel"
    assert text(page, ".next-box .label") == "Nästa"
    assert text(page, "label:has(input[name=line][value='5'])") == "Mål: 5 i rad"
    assert text(page, "#retry") == "Pröva om spel"
    assert page.get_attribute("html", "lang") == "sv"
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('kugler:1:settings') || 'null')?.language === 'sv'")
    page.reload()
    wait_ready(page)
    assert text(page, "#undo") == "Ångra"
    assert cell(page, 0, 0).get_attribute("aria-label") in ("A1, tom", *(f"A1, {c} kula" for c in (
        "röd", "grön", "blå", "gul", "rosa", "ljusblå", "orange")))
    page.click("#menu")
    page.click("#language")
    page.check("input[name=lang][value=en]")
    assert text(page, "#undo") == "Undo"
    assert text(page, "#menu") == "Game"
    assert text(page, "#new-game") == "New game"
    assert text(page, "#retry") == "Try again"
    assert text(page, "label:has(input[name=line][value='5'])") == "Remove: 5 in a row"
    assert text(page, "label:has(input[name=line][value='4'])") == "4 in a row"
    assert text(page, "#ranking") == "Ranking"
    assert text(page, "#stats") == "Statistics"
    assert text(page, "#help") == "Help"


@pytest.mark.parametrize("size", [(360, 640), (1280, 800), (800, 1280)])
def test_board_fits_without_scrolling(browser: Any, site: Any, size: tuple[int, int]) -> None:
    from conftest import watch_problems

    width, height = size
    ctx = browser.new_context(viewport={"width": width, "height": height},
                              device_scale_factor=2, locale="da-DK", has_touch=True)
    problems: list[str] = []
    try:
        page = ctx.new_page()
        watch_problems(page, problems)
        open_game(page, site)
        box = page.locator("#board-wrap").bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["y"] >= 0
        assert box["x"] + box["width"] <= width + 0.5
        assert box["y"] + box["height"] <= height + 0.5
        assert abs(box["width"] - box["height"]) < 1
        # the largest square: it fills the width or the height left under the bar
        bar = page.locator(".bar").bounding_box()
        assert bar is not None
        assert box["width"] >= min(width - 24, height - bar["height"] - 30)
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
        # crisp: the backing store follows devicePixelRatio
        canvas_px = page.evaluate("document.getElementById('board').width")
        assert abs(canvas_px - box["width"] * 2) <= 2
        cell_box = cell(page, 4, 4).bounding_box()
        assert cell_box is not None and cell_box["width"] >= 36
        # the grid's cells lie over the cells the canvas draws (render.js
        # FRAME; the stylesheet's --frame insets the grid by as much)
        frame = 0.03
        side = box["width"] * (1 - 2 * frame) / 9
        for r, c in [(0, 0), (4, 4), (8, 8), (0, 8)]:
            b = cell(page, r, c).bounding_box()
            assert b is not None
            assert abs(b["x"] - (box["x"] + box["width"] * frame + c * side)) < 1.5, (r, c)
            assert abs(b["y"] - (box["y"] + box["width"] * frame + r * side)) < 1.5, (r, c)
            assert abs(b["width"] - side) < 1.5
        for selector in ("#undo", "#menu"):
            b = page.locator(selector).bounding_box()
            assert b is not None and b["height"] >= 44 and b["x"] + b["width"] <= width
        cell(page, 4, 4).tap()
        assert problems == []
    finally:
        ctx.close()


def test_deal_link_opens_that_deal(page: Any, site: Any) -> None:
    open_game(page, site, "#deal=12345&line=4")
    assert text(page, "#deal") == "12345"
    assert board(page) == list(Game.new(deal=12345, line=4).board)
    saved = stored(page, GAME_KEY)
    assert saved["deal"] == 12345 and saved["line"] == 4
    page.click("#menu")
    assert page.locator("input[name=line][value='4']").is_checked()
    assert "#deal=12345&line=4" in text(page, "#share-link")
    page.keyboard.press("Escape")
    # a reload resumes the game instead of dealing it again
    assert page.evaluate("location.hash") == ""
    source, target = reachable_move(12345, 4)
    move(page, source, target)
    page.reload()
    wait_ready(page)
    assert stored(page, GAME_KEY)["moves"] == 1
    # a link followed later opens its deal (after the question: the game has a move)
    page.evaluate("location.hash = '#deal=777&line=5'")
    page.click("#confirm-window button[value=confirm]")
    page.wait_for_function("() => document.querySelector('#deal').textContent.trim() === '777'")
    wait_idle(page)
    assert board(page) == list(Game.new(deal=777, line=5).board)


def test_broken_saved_game_is_kept_aside(context: Any, page: Any, site: Any) -> None:
    bad = game_doc(WALL_ROWS)
    bad["score"] = -5
    seed_storage(context, {GAME_KEY: bad})
    open_game(page, site)
    assert page.locator("#notice").is_visible()
    assert "beskadiget" in text(page, "#notice")
    keys = page.evaluate("Object.keys(localStorage)")
    broken = [k for k in keys if k.startswith("kugler:1:broken:")]
    assert len(broken) == 1
    assert stored(page, broken[0])["score"] == -5
    assert stored(page, GAME_KEY)["score"] == 0
    assert count(board(page)) == 5


def test_runtime_failure_shows_a_message_and_retry_works(
        page: Any, site: Any, page_problems: list[str]) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(site.url)
    page.wait_for_selector("html[data-engine=failed]", timeout=60_000)
    assert page.locator("#engine-error").is_visible()
    assert "kunne ikke" in text(page, "#engine-error-text")
    assert text(page, "#engine-retry") == "Forsøg igen"
    assert count(board(page)) == 0  # no silent board: nothing to play, and it says so
    page.unroute("**/pyodide/pyodide.asm.wasm")
    page.click("#engine-retry")
    wait_ready(page)
    assert not page.locator("#engine-error").is_visible()
    assert count(board(page)) == 5
    # the blocked download was the only problem
    assert all("pyodide" in p for p in page_problems), page_problems
    page_problems.clear()


def test_a_worker_that_cannot_be_made_shows_the_message(
        context: Any, page: Any, site: Any) -> None:
    """A browser that refuses to make the engine worker (workers turned off):
    the engine fails at once and the page says so, with its retry button."""
    context.add_init_script(
        "window.Worker = class { constructor() { throw new Error('workers are off'); } };")
    page.goto(site.url)
    page.wait_for_selector("html[data-engine=failed]", timeout=BOOT_TIMEOUT)
    assert page.locator("#engine-error").is_visible()
    assert text(page, "#engine-error-text") != ""
    assert text(page, "#engine-retry") == "Forsøg igen"
    assert count(board(page)) == 0


def test_bad_link_parts_are_ignored_with_a_notice(page: Any, site: Any) -> None:
    open_game(page, site, "#deal=abc&line=7&colour=red")
    assert page.locator("#notice").is_visible()
    notice = text(page, "#notice")
    assert "abc" in notice and "ignoreret" in notice
    assert text(page, "#deal").isdigit()
    assert count(board(page)) == 5
    assert page.evaluate("location.hash") == ""


def test_help_in_english_and_swedish(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {SETTINGS_KEY: {
        "kind": "kugler/settings", "version": 1, "language": "en", "line": 5,
        "reduced_motion": None}})
    open_game(page, site)
    assert text(page, "#undo") == "Undo"
    body = open_help(page)
    assert "how to play" in body
    assert "Tap a ball: it bounces in a gold frame." in body
    assert page.locator("#help-body script, #help-body img").count() == 0
    page.keyboard.press("Escape")
    page.click("#menu")
    page.click("#language")
    page.check("input[name=lang][value=sv]")
    page.keyboard.press("Escape")
    page.click("#menu")
    page.click("#help")
    page.wait_for_function(
        "() => document.querySelector('#help-body h3')?.textContent.startsWith('Kulor')")
    assert "Tryck på en kula: den studsar i en guldram." in text(page, "#help-body")
