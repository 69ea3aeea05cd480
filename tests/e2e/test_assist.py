"""Hint and watch in a real Chromium: the suggested move is marked and legal,
following it moves the ball, another selection clears it, a stale reply is
dropped, the computer plays on and hands the game back, the games with help
count in the statistics only, in all three languages, with reduced motion.

The moves come from the engine (facade `suggest` in the worker); these tests
check what the page does with them, and that every marked move is legal on
the board shown.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import (
    CUT_TEXT,
    GAME_KEY,
    SETTINGS_KEY,
    board,
    cell,
    covered,
    inside_viewport,
    no_line_rows,
    open_game,
    opened,
    reachable,
    records_key,
    records_with,
    seed_storage,
    stored,
    tap,
    text,
    wait_idle,
)
from test_layout import SIZES

from kugler_core import Game
from kugler_core.player import suggest


def midgame(deal: int = 7, moves: int = 12, *, hints: int = 0,
            game_id: str = "mid") -> dict[str, Any]:
    """The game document of deal `deal` after `moves` plain moves (each the
    first ball to the last cell it reaches), with `hints` hints counted."""
    game = Game.new(deal=deal, line=5, id=game_id)
    for _ in range(moves):
        cells = list(game.board)
        source = next(i for i in range(81) if cells[i] and reachable(cells, i))
        target = max(reachable(cells, source))
        game.move(divmod(source, 9), divmod(target, 9))
        assert not game.over
    doc = game.to_dict()
    doc["hints"] = hints
    return doc


def nearly_full(points: int, lines: dict[str, int], *, hints: int = 0) -> dict[str, Any]:
    """A full board but for 3 cells (8,6..8), worth `points` already: any move ends it."""
    rows = [list(r) for r in no_line_rows()]
    rows[8][6] = rows[8][7] = rows[8][8] = "."
    game = Game.from_text("\n".join("".join(r) for r in rows), line=5, deal=7, id="nearly-full")
    doc = game.to_dict()
    doc["score"] = points
    doc["lines"] = lines
    doc["hints"] = hints
    doc["history"] = None  # a prepared position: its moves are not known
    return doc


def hint_cells(page: Any) -> dict[str, list[int]]:
    """The cells marked by the hint: {"from": [i], "to": [i], "path": [...]}."""
    marks = page.eval_on_selector_all(
        "[data-hint]",
        "els => els.map(e => [Number(e.dataset.row) * 9 + Number(e.dataset.col), e.dataset.hint])")
    out: dict[str, list[int]] = {"from": [], "to": [], "path": []}
    for index, kind in marks:
        out[kind].append(index)
    return out


def ask_hint(page: Any, *, confirm: bool = False) -> dict[str, list[int]]:
    page.click("#hint")
    if confirm:
        page.wait_for_selector("#confirm-window[open]")
        page.click("#confirm-window button[value=confirm]")
    page.wait_for_selector("[data-hint=to]")
    assert page.get_attribute("#hint", "aria-busy") == "false"
    return hint_cells(page)


def assert_legal(cells: list[int], marks: dict[str, list[int]]) -> tuple[int, int]:
    """The marked move is one ball to an empty cell it reaches along empty path cells."""
    assert len(marks["from"]) == 1 and len(marks["to"]) == 1, marks
    source, target = marks["from"][0], marks["to"][0]
    assert cells[source] != 0
    assert cells[target] == 0
    assert target in reachable(cells, source)
    assert all(cells[i] == 0 for i in marks["path"])
    return source, target


def watching(page: Any) -> bool:
    return page.get_attribute("html", "data-watching") is not None


def wait_moves(page: Any, op: str, n: int) -> None:
    """Wait until the saved game's moves compare to `n` by `op` (">=" or ">")."""
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem('kugler:1:game')).moves {op} {n}", timeout=60_000)


def stored_game(page: Any) -> dict[str, Any]:
    game = stored(page, GAME_KEY)
    assert isinstance(game, dict)
    return game


def test_hint_is_asked_once_marks_a_legal_move_and_following_it_moves_the_ball(
        context: Any, page: Any, site: Any) -> None:
    doc = midgame()
    seed_storage(context, {GAME_KEY: doc})
    open_game(page, site)
    before = board(page)
    # the first hint of a game without help asks; cancelling shows nothing
    page.click("#hint")
    page.wait_for_selector("#confirm-window[open]")
    assert "statistik" in text(page, "#confirm-text")
    page.click("#confirm-window button[value=cancel]")
    page.wait_for_timeout(300)
    assert hint_cells(page)["to"] == []
    assert stored_game(page)["hints"] == 0
    marks = ask_hint(page, confirm=True)
    source, target = assert_legal(before, marks)
    # the engine's quick suggestion for this position, the same as in CPython
    assert (divmod(source, 9), divmod(target, 9)) == suggest(Game.from_dict(doc), "quick")
    r, c = divmod(source, 9)
    # the ball is selected (it bounces)
    assert cell(page, r, c).get_attribute("aria-selected") == "true"
    assert page.locator("#hint-note").text_content().startswith("Hint: flyt kuglen")
    saved = stored_game(page)
    assert saved["hints"] == 1 and saved["moves"] == 12  # counted; the game itself unchanged
    # asked again: no question now (the game had help)
    marks_again = ask_hint(page)
    assert marks_again["from"] == [source] and marks_again["to"] == [target]
    assert stored_game(page)["hints"] == 2
    # tapping the marked target makes the move
    tap(page, *divmod(target, 9))
    wait_idle(page)
    after = board(page)
    assert after[source] == 0
    assert after[target] == before[source] or stored_game(page)["score"] > 0
    assert hint_cells(page) == {"from": [], "to": [], "path": []}
    saved = stored_game(page)
    assert saved["moves"] == 13 and saved["computer"] == 0
    assert saved["history"][-1] == [source, target]


def test_a_hint_is_cleared_by_another_selection_and_key_h_asks_again(
        context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: midgame(hints=1)})
    open_game(page, site)
    cells = board(page)
    page.keyboard.press("h")  # the game had help: no question
    page.wait_for_selector("[data-hint=to]")
    source, _ = assert_legal(cells, hint_cells(page))
    other = next(i for i in range(81) if cells[i] and i != source)
    tap(page, *divmod(other, 9))
    assert cell(page, *divmod(other, 9)).get_attribute("aria-selected") == "true"
    assert hint_cells(page) == {"from": [], "to": [], "path": []}
    # letting the hinted ball go (Escape) clears it too
    page.keyboard.press("H")
    page.wait_for_selector("[data-hint=to]")
    page.keyboard.press("Escape")
    assert cell(page, *divmod(source, 9)).get_attribute("aria-selected") is None
    assert hint_cells(page)["to"] == []
    assert stored_game(page)["hints"] == 3


def test_a_tap_on_the_hinted_ball_keeps_the_hint_and_a_tap_on_its_target_plays_it(
        browser: Any, site: Any) -> None:
    """640x360, by touch: the player taps the ball the hint selected, as one
    always does before a target, then the target: the hinted move is played."""
    ctx = browser.new_context(viewport={"width": 640, "height": 360}, has_touch=True,
                              is_mobile=True, locale="da-DK")
    try:
        doc = midgame()
        seed_storage(ctx, {GAME_KEY: doc})
        page = ctx.new_page()
        open_game(page, site)
        before = board(page)
        source, target = assert_legal(before, ask_hint(page, confirm=True))
        cell(page, *divmod(source, 9)).tap()
        assert cell(page, *divmod(source, 9)).get_attribute("aria-selected") == "true"
        assert hint_cells(page)["to"] == [target]  # the ring and the path stay
        assert page.locator("#hint-note").text_content().startswith("Hint: flyt kuglen")
        cell(page, *divmod(target, 9)).tap()
        wait_idle(page)
        expected = Game.from_dict(doc)
        expected.move(divmod(source, 9), divmod(target, 9))
        assert board(page) == list(expected.board)
        saved = stored_game(page)
        assert saved["moves"] == 13 and saved["history"][-1] == [source, target]
    finally:
        ctx.close()


def cell_pixels(page: Any, index: int) -> list[int]:
    """The RGBA bytes of cell `index`'s box on the board's canvas (as one JSON text:
    Playwright hands a large array over element by element, slowly)."""
    return list(json.loads(page.evaluate("""i => {
      const c = document.getElementById('board');
      const box = c.getBoundingClientRect();
      const cellBox = document.querySelector(
        `[role=gridcell][data-row="${Math.floor(i / 9)}"][data-col="${i % 9}"]`,
      ).getBoundingClientRect();
      const scale = c.width / box.width;
      const x = Math.round((cellBox.x - box.x) * scale);
      const y = Math.round((cellBox.y - box.y) * scale);
      const w = Math.round(cellBox.width * scale);
      return JSON.stringify(Array.from(c.getContext('2d').getImageData(x, y, w, w).data));
    }""", index)))


def changed_share(a: list[int], b: list[int]) -> float:
    """The share of pixels of which a colour channel differs by more than 40."""
    pixels = len(a) // 4
    changed = sum(1 for p in range(pixels)
                  if max(abs(a[4 * p + k] - b[4 * p + k]) for k in range(3)) > 40)
    return changed / pixels


def test_a_tap_on_an_empty_cell_with_no_ball_selected_blinks_it(context: Any, page: Any,
                                                                   site: Any) -> None:
    doc = midgame()
    seed_storage(context, {GAME_KEY: doc})
    open_game(page, site)
    cells = board(page)
    marked = {r * 9 + c for (r, c), _ in Game.from_dict(doc).landing()}
    empty = next(i for i in range(81) if not cells[i] and i not in marked)
    still = cell_pixels(page, empty)
    tap(page, *divmod(empty, 9))
    assert cell(page, *divmod(empty, 9)).get_attribute("data-flash") == "empty"
    page.wait_for_timeout(100)  # the next frames draw the blink
    assert changed_share(still, cell_pixels(page, empty)) > 0.2, "the tapped cell blinks"
    assert "Vælg først en kugle" in text(page, "#announce")
    r, c = divmod(empty, 9)
    page.wait_for_selector(f'[role=gridcell][data-row="{r}"][data-col="{c}"]:not([data-flash])')
    page.wait_for_timeout(100)
    assert cell_pixels(page, empty) == still  # and then as it was
    assert board(page) == cells
    assert page.locator("[role=gridcell][aria-selected=true]").count() == 0


def test_a_hint_asked_before_a_move_is_dropped(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: midgame(hints=1)})
    open_game(page, site)
    cells = board(page)
    source = next(i for i in range(81) if cells[i] and reachable(cells, i))
    target = min(reachable(cells, source))
    # the hint is asked, then a move is made before its reply can arrive
    page.evaluate("""([s, t]) => {
        const at = (i) => document.querySelector(
            `[role=gridcell][data-row="${Math.floor(i / 9)}"][data-col="${i % 9}"]`);
        document.getElementById('hint').click();
        at(s).click();
        at(t).click();
    }""", [source, target])
    page.wait_for_selector("#hint[aria-busy=false]")
    wait_idle(page)
    page.wait_for_timeout(400)
    saved = stored_game(page)
    assert saved["moves"] == 13
    assert hint_cells(page)["to"] == []  # no stale hint is shown
    assert saved["hints"] == 1  # nor counted


def test_watch_plays_several_moves_and_stops_on_a_tap(context: Any, page: Any, site: Any) -> None:
    start = midgame(moves=0, game_id="fresh")
    seed_storage(context, {GAME_KEY: start})
    open_game(page, site)
    page.click("#menu")
    page.click("#watch")
    page.wait_for_selector("#confirm-window[open]")
    page.click("#confirm-window button[value=confirm]")
    page.wait_for_selector("html[data-watching]")
    assert page.locator("#watch-stop").is_visible()
    page.select_option("#watch-speed", "fast")
    wait_moves(page, ">=", 3)
    tap(page, 4, 4)
    assert not watching(page)  # handed back at once
    assert not page.locator("#watch-stop").is_visible()
    wait_idle(page)
    moves = stored_game(page)["moves"]
    page.wait_for_timeout(1500)
    saved = stored_game(page)
    assert saved["moves"] == moves  # no computer move after the tap
    assert saved["computer"] == moves  # every move was the computer's, counted
    # each move was the strong player's choice on the board of its time
    game = Game.from_dict(start)
    for source, target in saved["history"]:
        assert (divmod(source, 9), divmod(target, 9)) == suggest(game, "strong")
        game.move(divmod(source, 9), divmod(target, 9), "computer")
    assert stored(page, SETTINGS_KEY)["watch_speed"] == "fast"
    # the tap only handed the game back: nothing got selected by it
    assert page.locator("[role=gridcell][aria-selected=true]").count() == 0


def test_watch_stop_pause_and_undo_hand_the_game_back(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: midgame(moves=0, hints=1, game_id="fresh")})
    open_game(page, site)
    page.click("#menu")
    page.click("#watch")  # the game had help: no question
    page.wait_for_selector("html[data-watching=playing]")
    wait_moves(page, ">=", 1)
    page.click("#watch-pause")
    assert page.get_attribute("html", "data-watching") == "paused"
    assert text(page, "#watch-pause") == "Fortsæt"
    wait_idle(page)
    paused_at = stored_game(page)["moves"]
    page.wait_for_timeout(1200)
    assert stored_game(page)["moves"] == paused_at
    page.click("#watch-pause")
    wait_moves(page, ">", paused_at)
    page.click("#watch-stop")
    assert not watching(page)
    wait_idle(page)
    # Escape hands the game back
    page.click("#menu")
    page.click("#watch")
    page.wait_for_selector("html[data-watching]")
    page.keyboard.press("Escape")
    assert not watching(page)
    wait_idle(page)
    # Undo hands the game back and takes back the last move
    page.click("#menu")
    page.click("#watch")
    page.wait_for_selector("html[data-watching]")
    wait_moves(page, ">=", 3)
    page.click("#undo")
    assert not watching(page)
    page.wait_for_function("""() => {
        const g = JSON.parse(localStorage.getItem('kugler:1:game'));
        return g.moves === g.computer - 1;
    }""", timeout=30_000)
    wait_idle(page)
    page.wait_for_timeout(800)
    saved = stored_game(page)
    assert saved["moves"] == saved["computer"] - 1


def test_an_assisted_game_changes_the_statistics_only(context: Any, page: Any, site: Any) -> None:
    # record 10; the game on the board has 24 points already and any move ends it
    seed_storage(context, {GAME_KEY: nearly_full(24, {"6": 1}),
                           records_key(5): records_with(5, 10)})
    open_game(page, site)
    cells = board(page)
    marks = ask_hint(page, confirm=True)
    _, target = assert_legal(cells, marks)
    tap(page, *divmod(target, 9))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    assert page.locator("#go-assisted").is_visible()
    assert "statistikken" in text(page, "#go-assisted")
    assert not page.locator("#go-celebrate").is_visible()
    assert text(page, "#go-points") == "24"
    assert text(page, "#go-record") == "10"
    assert text(page, "#go-rank") == ""
    records = stored(page, records_key(5))
    assert records["record"] == 10
    assert [e["points"] for e in records["ranking"]] == [10]
    assert records["stats"]["games"] == 1
    assert records["stats"]["assisted"] == {"games": 1, "points": 24}
    assert text(page, "#record") == "10"
    assert page.locator("#hint").is_disabled()  # nothing to suggest in a finished game
    page.keyboard.press("Escape")
    page.click("#menu")
    page.click("#stats")
    page.wait_for_selector("#stats-window[open]")
    assert text(page, "#stats-assisted") == "Spil med hjælp: 1 spil, 24 point"
    # the chart shows the player's own games: the 10-point one, not the 24 with help
    assert page.locator("#stats-body svg.chart rect.chart-bar").count() == 1
    assert page.locator("#stats-body svg.chart rect.chart-bar title").text_content() == "10"
    page.keyboard.press("Escape")
    # an unassisted game ends without the note
    page.click("#menu")
    page.click("#retry")
    wait_idle(page)
    assert page.locator("#hint").is_enabled()


def test_watch_stops_at_game_over_with_the_window(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: nearly_full(10, {"5": 1}, hints=1)})
    open_game(page, site)
    page.click("#menu")
    page.click("#watch")
    page.wait_for_selector("dialog#game-over[open][data-records=done]", timeout=60_000)
    assert not watching(page)
    assert page.locator("#go-assisted").is_visible()
    saved = stored_game(page)
    assert saved["over"] and saved["computer"] == 1
    assert stored(page, records_key(5))["stats"]["assisted"]["games"] == 1


WORDS = {  # Hint, Watch, the question, the hint's words (the button's word), Stop
    "da": ("Hint", "Se computeren spille",
           "Et spil med hjælp kan ikke sætte rekord eller komme på ranglisten", "Hint:", "Stop"),
    "sv": ("Tips", "Se datorn spela",
           "Ett spel med hjälp kan inte sätta rekord eller komma med i rankingen", "Tips:",
           "Stoppa"),
    "en": ("Hint", "Watch the computer play",
           "A game with help cannot set the record or enter the ranking", "Hint:", "Stop"),
}


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_hint_and_watch_in_each_language(context: Any, page: Any, site: Any, lang: str) -> None:
    settings = {"kind": "kugler/settings", "version": 2, "language": lang, "line": 5,
                "speed": None, "watch_speed": "fast", "marks": False, "symbols": False,
                "sound": False, "volume": 60}
    seed_storage(context, {GAME_KEY: midgame(), SETTINGS_KEY: settings})
    open_game(page, site)
    hint, watch, question, note, stop = WORDS[lang]
    assert text(page, "#hint") == hint
    page.click("#hint")
    page.wait_for_selector("#confirm-window[open]")
    assert text(page, "#confirm-text").startswith(question)
    page.click("#confirm-window button[value=confirm]")
    page.wait_for_selector("[data-hint=to]")
    assert page.locator("#hint-note").text_content().startswith(note)
    page.click("#menu")
    assert text(page, "#watch") == watch
    page.click("#watch")
    page.wait_for_selector("html[data-watching]")
    assert text(page, "#watch-stop") == stop
    assert page.locator("#watch-speed").input_value() == "fast"
    page.click("#watch-stop")
    assert not watching(page)


@pytest.mark.parametrize("reduce", [True, False])
def test_reduced_motion_is_respected(context: Any, page: Any, site: Any, reduce: bool) -> None:
    seed_storage(context, {GAME_KEY: midgame(hints=1)})
    open_game(page, site, reduced_motion=reduce)
    page.click("#hint")
    page.wait_for_selector("[data-hint=to]")
    # the renderer asks for frames only while something moves: with reduced
    # motion the hinted ball and its marks stand still
    frames = page.evaluate("""() => new Promise((resolve) => {
        let n = 0;
        const real = window.requestAnimationFrame;
        window.requestAnimationFrame = (fn) => { n += 1; return real.call(window, fn); };
        setTimeout(() => { window.requestAnimationFrame = real; resolve(n); }, 1000);
    })""")
    if reduce:
        assert frames <= 1
    else:
        assert frames >= 5  # ~60 on an idle machine; a busy one paints fewer
    # a computer move under reduced motion is drawn at once: the board is busy only for the request
    page.click("#menu")
    page.click("#watch")
    page.wait_for_selector("html[data-watching]")
    wait_moves(page, ">=", 13)
    page.click("#watch-stop")
    wait_idle(page)


# ------------------------------------------------------------------ the watch control's place

def start_watching(page: Any) -> None:
    page.click("#menu")
    page.click("#watch")
    page.wait_for_selector("#confirm-window[open]")
    page.click("#confirm-window button[value=confirm]")
    page.wait_for_selector("html[data-watching]")
    page.click("#watch-pause")
    page.wait_for_selector("html[data-watching=paused]")


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for (w, h) in SIZES])
def test_the_watch_control_covers_no_cell(make_page: Any, site: Any, width: int,
                                          height: int) -> None:
    for lang in ("da", "en"):
        page = opened(make_page(width, height, lang), site)
        start_watching(page)
        page.select_option("#watch-speed", "max")
        assert covered(page, "#watch-controls") == [], lang
        inside_viewport(page, "#watch-controls", width, height)
        for control in ("#watch-speed", "#watch-pause", "#watch-stop"):
            b = page.locator(control).bounding_box()
            assert b is not None and b["width"] >= 44 and b["height"] >= 44, control
        # «Så hurtigt som muligt» / "As fast as possible" whole
        assert page.evaluate(CUT_TEXT, page.locator("#watch-controls").element_handle()) == [], lang
        page.close()


def test_help_is_named_in_the_question_and_beside_the_record(context: Any, page: Any,
                                                            site: Any) -> None:
    """«Point 40 / Rekord 40» with no record stored: the first hint's question
    says a game with help sets no record and enters no ranking; after «Ja» the
    record is the stored one and a sign beside it says why (its words read by
    screen readers), as the engine's state says (counts_for_record)."""
    doc = midgame()
    doc["score"], doc["lines"] = 40, {"5": 4}
    seed_storage(context, {GAME_KEY: doc, records_key(5): records_with(5, 24)})
    open_game(page, site)
    assert (text(page, "#score"), text(page, "#record")) == ("40", "40")
    sign = page.locator("#record-help")
    assert not sign.is_visible()
    page.click("#hint")
    page.wait_for_selector("#confirm-window[open]")
    question = text(page, "#confirm-text")
    assert "rekord" in question and "ranglisten" in question and "statistikken" in question
    page.click("#confirm-window button[value=confirm]")
    page.wait_for_selector("[data-hint=to]")
    assert text(page, "#record") == "24"  # the stored record: this game cannot beat it
    assert sign.is_visible()
    box = sign.bounding_box()
    record_box = page.locator("#record").bounding_box()
    assert box is not None and record_box is not None and box["width"] >= 8
    assert abs((box["x"] + box["width"]) - (record_box["x"] + record_box["width"])) < 60
    assert sign.text_content().strip() == (
        "Spillet har haft hjælp: det kan ikke sætte rekord eller komme på ranglisten.")
    assert sign.get_attribute("title") == sign.text_content().strip()
    assert stored_game(page)["hints"] == 1
    page.reload()  # the engine's state says it again after a reload
    page.wait_for_selector("html[data-engine=ready]")
    assert sign.is_visible() and text(page, "#record") == "24"
    page.click("#menu")
    page.click("#new-game")
    page.click("#confirm-window button[value=confirm]")
    page.wait_for_function("() => document.querySelector('#score').textContent.trim() === '0'")
    wait_idle(page)
    assert not sign.is_visible()
