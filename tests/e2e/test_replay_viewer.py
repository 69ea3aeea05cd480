"""Replays, replay links, sharing and the deal of the day in a real Chromium.

The games are real games of a deal, played by kugler_core here with a seeded
random player (so their moves are known from the start); the boards the
viewer shows are compared with the positions that game went through.
"""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

import pytest
from conftest import SiteServer
from helpers import (
    BOOT_TIMEOUT,
    GAME_KEY,
    game_doc,
    in_view_of,
    move,
    no_line_rows,
    open_game,
    opened,
    records_key,
    records_with,
    seed_storage,
    stored,
    text,
    wait_ready,
)
from pwa_support import wait_controlled, wait_engine
from test_layout import check_window

from kugler_core import Game
from kugler_core.board import CELL_OF
from kugler_core.daily import deal_of_day
from kugler_core.facade import Session
from kugler_core.paths import reachable
from kugler_core.replay import encode
from kugler_core.rng import RULE

REPLAY = "dialog#replay-window"
REPLAY_CELLS = f"{REPLAY} [role=grid] [role=gridcell]"


def random_game(deal: int, line: int = 5, seed: int = 1, daily: str | None = None,
                ) -> tuple[Game, list[tuple[int, int]], list[list[int]]]:
    """A finished game of `deal` played by a seeded random player: the game,
    its moves (cell indices) and the board after each move (boards[0] = start)."""
    rnd = random.Random(seed)
    game = Game.new(deal=deal, line=line, id=f"random-{deal}-{seed}", daily=daily)
    moves: list[tuple[int, int]] = []
    boards = [list(game.board)]
    while not game.over:
        cells = list(game.board)
        choices = [(s, t) for s in range(81) if cells[s] for t in sorted(reachable(cells, s))]
        s, t = rnd.choice(choices)
        game.move(CELL_OF[s], CELL_OF[t])
        moves.append((s, t))
        boards.append(list(game.board))
    return game, moves, boards


Nearly = tuple[dict[str, Any], tuple[int, int], list[list[int]], list[tuple[int, int]]]


def nearly_finished(deal: int, line: int = 5, seed: int = 1) -> Nearly:
    """The saved document of `random_game` one move before its end, that last
    move, the boards after each move and all the moves."""
    _, moves, boards = random_game(deal, line, seed)
    before = Game.new(deal=deal, line=line, id=f"random-{deal}-{seed}")
    for s, t in moves[:-1]:
        before.move(CELL_OF[s], CELL_OF[t])
    return before.to_dict(), moves[-1], boards, moves


def rc(i: int) -> tuple[int, int]:
    return divmod(i, 9)


def replay_board(page: Any) -> list[int]:
    """The 81 colours the viewer's grid shows."""
    colors = page.eval_on_selector_all(
        REPLAY_CELLS,
        "cells => cells.map(c => [Number(c.dataset.row), Number(c.dataset.col), c.dataset.color])",
    )
    assert len(colors) == 81
    out = [0] * 81
    for r, c, color in colors:
        out[r * 9 + c] = int(color) if color else 0
    return out


def shown_move(page: Any) -> int:
    return int(page.eval_on_selector("#replay-move", "e => e.value"))


def wait_move(page: Any, n: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('dialog#replay-window')?.dataset.move === String(n)"
        " && !document.querySelector('#replay-grid').dataset.busy", arg=n, timeout=30_000)


def finish(page: Any, last: tuple[int, int]) -> None:
    """Play the last move and wait for the game-over window with the records written."""
    move(page, rc(last[0]), rc(last[1]))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")


# ----------------------------------------------------------------- the viewer


def test_a_finished_game_replays_move_by_move(context: Any, page: Any, site: Any) -> None:
    doc, last, boards, moves = nearly_finished(deal=4242)
    seed_storage(context, {GAME_KEY: doc})
    open_game(page, site)
    finish(page, last)
    assert page.locator("#go-replay").is_visible()
    page.click("#go-replay")
    page.wait_for_selector(f"{REPLAY}[open][data-ready]")
    # a grid of its own, with the game's cell attributes; the game's grid is untouched
    assert page.locator(f"{REPLAY} [role=grid]").count() == 1
    assert page.locator(REPLAY_CELLS).count() == 81
    assert page.locator("#grid [role=gridcell]").count() == 81
    final_board = board_of_game(page)
    assert shown_move(page) == 0
    assert replay_board(page) == boards[0]
    assert text(page, "#replay-count") == f"0 / {len(moves)}"
    for i in range(1, len(moves) + 1):
        page.click("#replay-next")
        wait_move(page, i)
        assert replay_board(page) == boards[i], f"board after move {i}"
    assert page.locator("#replay-next").is_disabled()
    assert text(page, "#replay-score") == text(page, "#go-points")
    # the game is over: no balls are coming
    assert page.locator("#replay-coming .mini-ball[data-color='']").count() == 3
    # back with the arrow key, then to any move with the slider
    page.locator("#replay-prev").focus()
    page.keyboard.press("ArrowLeft")
    wait_move(page, len(moves) - 1)
    assert replay_board(page) == boards[-2]
    page.eval_on_selector("#replay-move", SET_SLIDER, 3)
    wait_move(page, 3)
    assert replay_board(page) == boards[3]
    # closing brings back the game as it was: the finished game and its window
    saved = stored(page, GAME_KEY)
    page.click(f"{REPLAY} .close")
    page.wait_for_selector("dialog#game-over[open]")
    one_grid_left(page)
    assert board_of_game(page) == final_board
    assert stored(page, GAME_KEY) == saved


SET_SLIDER = "(e, v) => { e.value = v; e.dispatchEvent(new Event('input', {bubbles: true})); }"


def board_of_game(page: Any) -> list[int]:
    """The 81 colours of the game's own grid (#grid)."""
    colors = page.eval_on_selector_all("#grid [role=gridcell]",
                                       "cells => cells.map(c => c.dataset.color)")
    return [int(c) if c else 0 for c in colors]


def one_grid_left(page: Any) -> None:
    """Only the game's grid is left: the viewer's goes with the window's close
    event, a task after the window is hidden."""
    page.wait_for_function("() => document.querySelectorAll('[role=grid]').length === 1")


def open_viewer_from_link(page: Any, url: str) -> None:
    page.goto(url)
    wait_ready(page)
    page.wait_for_selector(f"{REPLAY}[open][data-ready]", timeout=BOOT_TIMEOUT)


def check_whole_replay(page: Any, boards: list[list[int]]) -> None:
    """The viewer shows the start, then (End) the final board, then (Home) the start again."""
    assert shown_move(page) == 0
    assert replay_board(page) == boards[0]
    page.locator("#replay-next").focus()
    page.keyboard.press("End")
    wait_move(page, len(boards) - 1)
    assert replay_board(page) == boards[-1]
    page.keyboard.press("Home")
    wait_move(page, 0)
    assert replay_board(page) == boards[0]


def test_a_replay_link_opens_in_a_fresh_browser(context: Any, page: Any, site: Any) -> None:
    _, moves, boards = random_game(deal=777, line=4, seed=3)
    code = encode(777, 4, moves, RULE)
    open_viewer_from_link(page, site.url + "#replay=" + code)
    assert "777" in text(page, "#replay-info")
    check_whole_replay(page, boards)
    # the player's own game (a new one here) is behind it, untouched
    saved = stored(page, GAME_KEY)
    page.keyboard.press("Escape")
    page.wait_for_selector(REPLAY, state="hidden")
    one_grid_left(page)
    assert stored(page, GAME_KEY) == saved and saved["moves"] == 0
    assert page.evaluate("location.hash") == ""


def test_play_this_deal_starts_that_deal_and_variant(context: Any, page: Any, site: Any) -> None:
    _, moves, boards = random_game(deal=4321, line=4, seed=5)
    open_viewer_from_link(page, site.url + "#replay=" + encode(4321, 4, moves, RULE))
    assert text(page, "#replay-play-deal") == "Spil denne omgang"
    page.click("#replay-play-deal")
    page.wait_for_function("() => document.querySelector('#deal').textContent.trim() === '4321'")
    wait_ready(page)
    saved = stored(page, GAME_KEY)
    assert (saved["deal"], saved["line"], saved["moves"]) == (4321, 4, 0)
    assert board_of_game(page) == boards[0]
    assert not page.locator(REPLAY).is_visible()


def test_a_damaged_link_leaves_the_saved_game_untouched(context: Any, page: Any, site: Any) -> None:
    doc, _, boards, moves = nearly_finished(deal=99)
    seed_storage(context, {GAME_KEY: doc})
    code = encode(99, 5, moves, RULE)
    damaged = code[:20] + ("A" if code[20] != "A" else "B") + code[21:]
    open_game(page, site, "#replay=" + damaged)
    page.wait_for_selector("#notice:not([hidden])")
    assert "beskadiget" in text(page, "#notice")
    assert not page.locator(REPLAY).is_visible()
    one_grid_left(page)
    assert stored(page, GAME_KEY) == doc
    assert board_of_game(page) == boards[-2]
    # a cut code and characters no code has: the same
    for bad in (code[:-3], "not*a*code"):
        page.evaluate("h => { location.hash = h; }", "#replay=" + bad)
        page.wait_for_function("() => location.hash === ''")
        wait_ready(page)
        assert not page.locator(REPLAY).is_visible()
        assert stored(page, GAME_KEY) == doc


def clipboard_holds(page: Any, expected: str) -> None:
    """Wait until a clipboard read gives `expected`.

    The test read the clipboard twice: once in a wait until it was not
    empty, then again to compare. In a full run under load the second read
    came back '' right after the first had seen the link (the page writes
    once per share; the only other writer is the test's own clearing write,
    made before the click). Comparing inside the wait leaves no gap between
    two reads: the copy is right once a read sees exactly it, and a wrong or
    missing copy still fails at the timeout. The clearing write is waited
    for as well, so an old copy is never taken for the new one."""
    page.wait_for_function(
        "expected => navigator.clipboard.readText().then((t) => t === expected)", arg=expected)


def test_share_falls_back_to_the_clipboard(browser: Any, site: Any) -> None:
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB",
                              reduced_motion="reduce")
    try:
        origin = site.url.split("/kugler/")[0]
        ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
        # a browser without the Web Share API
        ctx.add_init_script("delete Navigator.prototype.share; delete Navigator.prototype.canShare")
        doc, last, boards, moves = nearly_finished(deal=31337, seed=2)
        seed_storage(ctx, {GAME_KEY: doc})
        page = ctx.new_page()
        open_game(page, site)
        finish(page, last)
        assert text(page, "#go-share") == "Share"
        page.click("#go-share")
        page.wait_for_selector("dialog#game-over #share-status:not([hidden])")
        assert text(page, "#share-status") == "Link copied"
        link = site.url + "#replay=" + encode(31337, 5, moves, RULE)
        clipboard_holds(page, link)
        # a ranking row has the same: its replay and its link
        page.keyboard.press("Escape")
        page.click("#menu")
        page.click("#ranking")
        row = page.locator("#ranking-body tbody tr").first
        assert row.locator("button.replay").get_attribute("aria-label") == "Watch again"
        box = row.locator("button.replay").bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
        page.evaluate("navigator.clipboard.writeText('')")
        clipboard_holds(page, "")  # emptied before the share, so the link seen next is its copy
        row.locator("button.share-game").click()
        clipboard_holds(page, link)
        row.locator("button.replay").click()
        page.wait_for_selector(f"{REPLAY}[open][data-ready]")
        check_whole_replay(page, boards)
        # the game window's share line: shortened, whole, with a copy button
        page.keyboard.press("Escape")  # back to the ranking
        page.wait_for_selector("dialog#ranking-window[open]")
        page.keyboard.press("Escape")
        page.click("#menu")
        shown = text(page, "#share-link")
        assert shown.endswith("#deal=31337&line=5") and "…" in shown
        page.click("#share-copy")
        clipboard_holds(page, site.url + "#deal=31337&line=5")
    finally:
        ctx.close()


# ----------------------------------------------------------------- the deal of the day

# 11:00 UTC: already the next day at UTC+14 (Kiritimati), still early morning at UTC-11.
NOON_ISH = "2026-03-10T11:00:00Z"


@pytest.mark.parametrize("zone", ["Pacific/Kiritimati", "Pacific/Pago_Pago"])
def test_the_deal_of_the_day_is_the_same_in_every_time_zone(
        browser: Any, site: Any, zone: str) -> None:
    ctx = browser.new_context(locale="sv-SE", timezone_id=zone, reduced_motion="reduce")
    try:
        page = ctx.new_page()
        page.clock.set_fixed_time(datetime.fromisoformat(NOON_ISH))
        open_game(page, site)
        local_day = page.evaluate("new Date().getDate()")
        assert local_day == (11 if zone == "Pacific/Kiritimati" else 10)
        page.click("#menu")
        assert text(page, "#daily") == "Dagens giv"
        page.click("#daily")
        expected = deal_of_day("2026-03-10")
        page.wait_for_function(
            "d => document.querySelector('#deal').textContent.trim() === String(d)", arg=expected)
        wait_ready(page)
        saved = stored(page, GAME_KEY)
        assert (saved["deal"], saved["daily"], saved["moves"]) == (expected, "2026-03-10", 0)
        assert board_of_game(page) == list(Game.new(deal=expected, line=5).board)
    finally:
        ctx.close()


def daily_game(day: str, scoring: bool) -> tuple[dict[str, Any], tuple[int, int], int]:
    """A game of the deal of `day` (4 in a row) one move before its end, its last
    move and its final points: with points when `scoring`, else with none."""
    deal = deal_of_day(day)
    for seed in range(1, 200):
        game, moves, _ = random_game(deal, line=4, seed=seed, daily=day)
        if (game.score > 0) == scoring:
            before = Game.new(deal=deal, line=4, id=f"daily-{seed}", daily=day)
            for s, t in moves[:-1]:
                before.move(CELL_OF[s], CELL_OF[t])
            return before.to_dict(), moves[-1], game.score
    raise AssertionError("no such game in 200 seeds")


def test_a_beaten_daily_best_is_told_and_listed(context: Any, page: Any, site: Any) -> None:
    day = "2026-03-10"
    zero, zero_last, _ = daily_game(day, scoring=False)
    first = Game.from_dict(zero)
    first.move(CELL_OF[zero_last[0]], CELL_OF[zero_last[1]])
    earlier = Session().handle({"cmd": "records_add", "args": {
        "records": None, "game": first.to_dict(), "date": f"{day}T08:00:00.000Z"}})
    assert earlier["ok"], earlier
    assert earlier["result"]["records"]["stats"]["daily"] == {day: 0}
    doc, last, points = daily_game(day, scoring=True)
    seed_storage(context, {GAME_KEY: doc, records_key(4): earlier["result"]["records"],
                           "kugler:1:settings": {"kind": "kugler/settings", "version": 1,
                                                 "language": None, "line": 4,
                                                 "reduced_motion": None}})
    page.clock.set_fixed_time(datetime.fromisoformat(f"{day}T12:00:00Z"))
    open_game(page, site)
    finish(page, last)
    assert "Ny bedste på dagens omgang (før: 0)" in text(page, "#go-rank")
    page.keyboard.press("Escape")
    page.click("#menu")
    page.click("#stats")
    page.wait_for_selector("#stats-body .daily-bests")
    assert text(page, "#stats-body .daily-bests dd") == str(points)


def test_animated_steps_and_play_end_on_the_engine_boards(
        context: Any, page: Any, site: Any) -> None:
    """With motion: quick steps forward (taken while a move animates) and play
    both end on the board of the move asked for."""
    _, moves, boards = random_game(deal=2024, line=5, seed=7)
    page.emulate_media(reduced_motion="no-preference")
    open_viewer_from_link(page, site.url + "#replay=" + encode(2024, 5, moves, RULE))
    for _ in range(4):
        page.click("#replay-next")
    wait_move(page, 4)
    assert replay_board(page) == boards[4]
    page.select_option("#replay-speed", "fast")
    page.click("#replay-play")
    assert page.get_attribute("#replay-play", "aria-pressed") == "true"
    page.wait_for_function("() => document.querySelector('#replay-play')"
                           ".getAttribute('aria-pressed') === 'false'", timeout=60_000)
    wait_move(page, len(moves))
    assert replay_board(page) == boards[-1]
    # play from the end starts again from the start; pause stops it
    page.select_option("#replay-speed", "slow")
    page.click("#replay-play")
    page.wait_for_function("() => Number(document.querySelector('#replay-move').value) >= 1")
    page.click("#replay-play")
    stopped = shown_move(page)
    page.wait_for_timeout(2500)
    assert shown_move(page) in (stopped, stopped + 1)  # at most the move that was animating
    wait_move(page, shown_move(page))
    assert replay_board(page) == boards[shown_move(page)]


def test_a_replay_link_opens_offline(sw_context: Any, site: SiteServer) -> None:
    page = sw_context.new_page()
    page.goto(site.url)
    wait_engine(page)
    wait_controlled(page)
    _, moves, boards = random_game(deal=5150, line=5, seed=4)
    sw_context.set_offline(True)
    link = site.url + "#replay=" + encode(5150, 5, moves, RULE)
    offline = sw_context.new_page()
    response = offline.goto(link)
    assert response is not None and response.from_service_worker
    wait_ready(offline)
    offline.wait_for_selector(f"{REPLAY}[open][data-ready]", timeout=BOOT_TIMEOUT)
    check_whole_replay(offline, boards)
    # and a damaged one offline: a notice, the game as it was
    saved = stored(offline, GAME_KEY)
    offline.keyboard.press("Escape")
    offline.evaluate("h => { location.hash = h; }", "#replay=" + encode(5150, 5, moves, RULE)[:-2])
    offline.wait_for_selector("#notice:not([hidden])")
    assert not offline.locator(REPLAY).is_visible()
    assert stored(offline, GAME_KEY) == saved


def test_the_web_share_api_gets_the_replay_link(context: Any, page: Any, site: Any) -> None:
    context.add_init_script("""
      Navigator.prototype.share = function (data) {
        window.__shared = { title: data.title, url: data.url };
        return Promise.resolve();
      };""")
    _, moves, _ = random_game(deal=606, line=5, seed=6)
    code = encode(606, 5, moves, RULE)
    open_viewer_from_link(page, site.url + "#replay=" + code)
    page.click("#replay-share")
    page.wait_for_function("() => window.__shared !== undefined")
    shared = page.evaluate("window.__shared")
    assert shared == {"url": site.url + "#replay=" + code, "title": "Kugler \u2013 omgang 606"}
    assert page.locator("#share-status:not([hidden])").count() == 0  # the browser told the player


def test_ranking_rows_without_moves_have_no_replay(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {records_key(5): records_with(5, 10)})
    open_game(page, site)
    page.click("#menu")
    page.click("#ranking")
    row = page.locator("#ranking-body tbody tr").first
    assert row.locator("td.num").first.inner_text() == "10"
    assert row.locator("button.replay, button.share-game").count() == 0


def test_a_game_saved_without_its_moves_says_it_cannot_be_watched(
        context: Any, page: Any, site: Any) -> None:
    rows = [list(r) for r in no_line_rows()]
    rows[8][6] = rows[8][7] = rows[8][8] = "."
    doc = game_doc(["".join(r) for r in rows], deal=7, game_id="no-moves")
    assert doc["history"] is None
    seed_storage(context, {GAME_KEY: doc})
    open_game(page, site)
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    assert not page.locator("#go-share").is_visible()
    page.click("#go-replay")
    page.wait_for_selector("dialog#game-over #share-status:not([hidden])")
    assert "uden sine træk" in text(page, "#share-status")
    assert not page.locator(REPLAY).is_visible()


@pytest.mark.parametrize("size", [(320, 568), (1280, 800)])
def test_ranking_buttons_fit_the_window(browser: Any, site: Any, size: tuple[int, int]) -> None:
    """Ten ranked games with their moves: each row's two buttons are 44x44 and inside the window."""
    records = None
    session = Session()
    for seed in range(1, 11):
        game, _, _ = random_game(deal=123456789 - seed, seed=seed)
        reply = session.handle({"cmd": "records_add", "args": {
            "records": records, "game": game.to_dict(), "date": f"2026-01-{seed:02}T10:00:00Z",
            "name": "Kuglekongen fra Kerteminde"[: 10 + seed]}})
        assert reply["ok"], reply
        records = reply["result"]["records"]
    width, height = size
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="sv-SE",
                              reduced_motion="reduce")
    try:
        seed_storage(ctx, {records_key(5): records})
        page = ctx.new_page()
        open_game(page, site)
        page.click("#menu")
        page.click("#ranking")
        page.wait_for_selector("#ranking-window[open] #ranking-body tbody tr")
        assert page.locator("#ranking-body button.replay").count() == 10
        window = page.locator("#ranking-window").bounding_box()
        assert window is not None
        for button in page.locator("#ranking-body button").all():
            button.scroll_into_view_if_needed()
            box = button.bounding_box()
            assert box is not None and box["width"] >= 44 and box["height"] >= 44
            right = window["x"] + window["width"]
            assert window["x"] <= box["x"] and box["x"] + box["width"] <= right
        assert page.evaluate("document.querySelector('#ranking-body').scrollWidth"
                             " <= document.querySelector('#ranking-body').clientWidth")
    finally:
        ctx.close()


@pytest.mark.parametrize("size", [(320, 568), (360, 640), (640, 360), (1280, 800)])
def test_the_viewer_fits_every_screen(browser: Any, site: Any, size: tuple[int, int]) -> None:
    """The viewer's window fits the screen, its controls are 44x44 and inside
    it, no text under 12 px (the layout's checks), and its board is a square."""
    _, moves, _ = random_game(deal=777, line=4, seed=3)
    width, height = size
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="sv-SE",
                              reduced_motion="reduce", has_touch=True)
    try:
        page = ctx.new_page()
        open_viewer_from_link(page, site.url + "#replay=" + encode(777, 4, moves, RULE))
        check_window(page, REPLAY, width, height)
        board_box = page.locator("#replay-board").bounding_box()
        grid_box = page.locator("#replay-grid").bounding_box()
        assert board_box is not None and grid_box is not None
        assert abs(board_box["width"] - board_box["height"]) < 1
        assert board_box["width"] >= 150
        # the grid lies over the board's cells (inside its frame)
        assert board_box["x"] < grid_box["x"] < grid_box["x"] + grid_box["width"] < (
            board_box["x"] + board_box["width"])
    finally:
        ctx.close()

def test_the_replay_has_start_and_end_buttons_at_360(make_page: Any, site: Any) -> None:
    doc, last, _, _ = nearly_finished(deal=4242)
    page = opened(make_page(360, 640, "da", storage={GAME_KEY: doc}), site)
    finish(page, last)
    page.click("#go-replay")
    page.wait_for_selector("dialog#replay-window[open][data-ready]")
    for button in ("#replay-first", "#replay-prev", "#replay-play", "#replay-next", "#replay-last"):
        b = page.locator(button).bounding_box()
        assert b is not None and b["width"] >= 44 and b["height"] >= 44, button
        in_view_of(page, button, "dialog#replay-window")
    slider = page.locator("#replay-move")
    page.click("#replay-last")
    assert slider.input_value() == slider.get_attribute("max")
    page.click("#replay-first")
    assert slider.input_value() == "0"
