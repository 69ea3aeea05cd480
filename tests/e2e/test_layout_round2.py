"""What a player meets, second round (issue 25): nothing covers the board or
the bar's numbers, every window's actions are in view, and the words are right.

At 360x640, 320x568, 640x360 and 1280x800 in Danish, Swedish and English:
the notices have a place of their own (never over a cell, «Næste», «Point»
or «Rekord»), with a 44 px close button named in the page's language; the
watch control covers no cell; the game-over window and the game window show
their main actions without scrolling on a phone and on a phone on its side;
the bar and the game-over window say when the easy variant or the deal of
the day is played; the replay has its "to the start" and "to the end" buttons at 360 px; no
window shows "null", "undefined" or "NaN"; counts have their plural; the
bar's buttons show their words; no control's text is cut or touches its
border; the questions name what will happen; the floating points have a
wide dark outline; the name field shows its limit; the board does not move
while the page loads.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import watch_problems
from helpers import (
    GAME_KEY,
    LINE_ROWS,
    game_doc,
    move,
    records_key,
    seed_storage,
    text,
    wait_ready,
)
from test_layout import LOCALES, SIZES, ending_game, ranking_of_ten
from test_replay_viewer import finish, nearly_finished

from kugler_core import Game
from kugler_core.facade import Session

THROWING_STORAGE = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('denied', 'SecurityError'); },
});
"""

CASES = [(w, h, lang) for (w, h) in SIZES for lang in LOCALES]
IDS = [f"{w}x{h}-{lang}" for (w, h, lang) in CASES]
PHONES = [(360, 640), (640, 360)]
CLOSE_NOTICE = {"da": "Luk beskeden", "sv": "Stäng meddelandet", "en": "Close the message"}

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


@pytest.fixture
def make_page(browser: Any) -> Iterator[Any]:
    """make(width, height, lang, storage={...}, init=[scripts]) -> a page, not yet opened."""
    contexts: list[Any] = []
    problems: list[str] = []

    def make(width: int, height: int, lang: str, storage: dict[str, Any] | None = None,
             init: tuple[str, ...] = (), touch: bool = True, motion: str = "reduce") -> Any:
        ctx = browser.new_context(viewport={"width": width, "height": height},
                                  locale=LOCALES[lang], has_touch=touch, reduced_motion=motion)
        contexts.append(ctx)
        if storage:
            seed_storage(ctx, storage)
        for script in init:
            ctx.add_init_script(script)
        page = ctx.new_page()
        watch_problems(page, problems)
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert problems == [], problems


def opened(page: Any, site: Any, fragment: str = "") -> Any:
    page.goto(site.url + fragment)
    wait_ready(page)
    return page


# ------------------------------------------------------------------ 1, 3: the notices

@pytest.mark.parametrize(("width", "height", "lang"), CASES, ids=IDS)
def test_notices_have_a_place_of_their_own(make_page: Any, site: Any, width: int, height: int,
                                           lang: str) -> None:
    # storage blocked (a private window), and a link with a bad deal: two notices at once
    page = opened(make_page(width, height, lang, init=(THROWING_STORAGE,)), site, "#deal=abc")
    storage_notice = page.locator("#storage-notice")
    notice = page.locator("#notice")
    assert storage_notice.is_visible() and notice.is_visible()
    assert covered(page, "#storage-notice") == []
    assert covered(page, "#notice") == []
    assert not overlaps(box_of(page, "#storage-notice"), box_of(page, "#notice"))
    # the notices' place is on the screen; beside the board it is the room the
    # bar leaves (the board keeps its size), and scrolls when two long notices
    # need more: each notice's close button is then in view once scrolled to
    inside_viewport(page, "#notices", width, height)
    for selector in ("#storage-notice", "#notice"):
        page.locator(f"{selector} .notice-close").scroll_into_view_if_needed()
        inside_viewport(page, f"{selector} .notice-close", width, height)
        if width < height:
            inside_viewport(page, selector, width, height)
    # the notice that stays says so with a close button, 44 px, named in the page's language
    close = storage_notice.locator(".notice-close")
    assert close.get_attribute("aria-label") == CLOSE_NOTICE[lang]
    b = close.bounding_box()
    assert b is not None and b["width"] >= 44 and b["height"] >= 44
    board_before = box_of(page, "#board-wrap")
    close.click()
    notice.locator(".notice-close").click()
    assert not storage_notice.is_visible() and not notice.is_visible()
    # closed, the notices give their room back: the board is at least as large
    page.wait_for_timeout(100)
    board_after = box_of(page, "#board-wrap")
    def height(b: dict[str, float]) -> float:
        return b["bottom"] - b["top"]

    assert height(board_after) >= height(board_before)


def test_a_notice_from_another_tab_covers_no_cell(make_page: Any, site: Any) -> None:
    page = opened(make_page(360, 640, "sv"), site)
    other = page.context.new_page()  # a second tab writes another game
    other.goto(site.url)
    wait_ready(other)
    other.evaluate("doc => localStorage.setItem('kugler:1:game', JSON.stringify(doc))",
                   game_doc(LINE_ROWS, deal=8, game_id="from-the-other-tab"))
    page.wait_for_function("() => document.querySelector('#deal').textContent.trim() === '8'")
    page.wait_for_selector("#notice:not([hidden])")
    assert "annan flik" in text(page, "#notice")
    assert covered(page, "#notice") == []


NO_WEB_SHARE = "delete Navigator.prototype.share; delete Navigator.prototype.canShare"


def test_link_copied_covers_no_button_of_the_game_over_window(browser: Any, make_page: Any,
                                                            site: Any) -> None:
    doc, last, _, _ = nearly_finished(deal=31337, seed=2)
    page = make_page(360, 640, "da", storage={GAME_KEY: doc, records_key(5): ranking_of_ten()},
                     init=(NO_WEB_SHARE,))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"],
                                   origin=site.url.split("/kugler/")[0])
    opened(page, site)
    finish(page, last)
    page.click("#go-share")
    page.wait_for_selector("#share-status:not([hidden])")
    status = box_of(page, "#share-status")
    window = box_of(page, "dialog#game-over")
    assert window["top"] <= status["top"] and status["bottom"] <= window["bottom"]
    for button in ("#go-new", "#go-retry", "#go-replay", "#go-share"):
        assert not overlaps(status, box_of(page, button)), button


# ------------------------------------------------------------------ 2, 10: the watch control

def start_watching(page: Any) -> None:
    page.click("#menu")
    page.click("#watch")
    page.wait_for_selector("#confirm-window[open]")
    page.click("#confirm-window button[value=confirm]")
    page.wait_for_selector("html[data-watching]")
    page.click("#watch-pause")
    page.wait_for_selector("html[data-watching=paused]")


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


# ------------------------------------------------------ 4, 5, 10: every window's actions in view

def in_view_of(page: Any, selector: str, dialog: str) -> None:
    """`selector` is whole inside the dialog's box and the viewport, without scrolling."""
    b = box_of(page, selector)
    w = box_of(page, dialog)
    assert w["top"] - 0.5 <= b["top"] and b["bottom"] <= w["bottom"] + 0.5, (selector, b, w)
    assert w["left"] - 0.5 <= b["left"] and b["right"] <= w["right"] + 0.5, (selector, b, w)


GAME_WINDOW_ENTRIES = ["#new-game", "#retry", "#stats", "#ranking", "#watch", "#help", "#language",
                       "#options", "#daily"]


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize(("width", "height"), PHONES, ids=[f"{w}x{h}" for (w, h) in PHONES])
def test_every_window_shows_its_main_actions(make_page: Any, site: Any, width: int, height: int,
                                             lang: str) -> None:
    page = opened(make_page(width, height, lang, storage={
        GAME_KEY: ending_game(150), records_key(5): ranking_of_ten()}), site)
    page.click("#menu")
    page.wait_for_selector("#game-window[open]")
    for entry in GAME_WINDOW_ENTRIES:
        in_view_of(page, entry, "#game-window")
    assert page.evaluate(CUT_TEXT, page.locator("#game-window").element_handle()) == []
    page.keyboard.press("Escape")
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    page.wait_for_selector("#go-name-row:not([hidden])")
    for action in ("#go-new", "#go-retry"):
        in_view_of(page, action, "dialog#game-over")
    scroller = page.locator("#game-over .window-body")
    assert scroller.evaluate("e => e.scrollTop") == 0
    assert page.evaluate(CUT_TEXT, page.locator("#game-over").element_handle()) == []
    # «Rækker» on one line, not wrapped over four beside an empty «Rekord» box
    lines = page.locator("#go-lines")
    line_box = lines.bounding_box()
    assert line_box is not None
    size = float(lines.evaluate("e => parseFloat(getComputedStyle(e).lineHeight) || 20"))
    assert line_box["height"] < 2 * size, text(page, "#go-lines")


def test_a_window_that_scrolls_shows_that_it_does(make_page: Any, site: Any) -> None:
    """The game-over window at 320x480 has more than it shows: its lower edge
    is shaded (the same pixels without the window's scroll shades differ)."""
    page = opened(make_page(320, 480, "da", storage={
        GAME_KEY: ending_game(150), records_key(5): ranking_of_ten()}), site)
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    body = page.locator("#game-over .window-body")
    assert body.evaluate("e => e.scrollHeight > e.clientHeight + 20")
    body.evaluate("e => { e.scrollTop = 0; }")
    b = body.bounding_box()
    assert b is not None
    clip = {"x": b["x"] + 20, "y": b["y"] + b["height"] - 10, "width": b["width"] - 40, "height": 8}
    shaded = page.screenshot(clip=clip, animations="disabled")
    body.evaluate("e => e.style.setProperty('background', 'none', 'important')")  # no shades
    page.wait_for_timeout(100)
    plain = page.screenshot(clip=clip, animations="disabled")
    assert shaded != plain, "nothing at the lower edge says that the window scrolls"


# ------------------------------------------------------------------ 6: the replay at 360 px

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


# ------------------------------------------------------------------ 7, 8: words and numbers

def records_with_help_only() -> Any:
    """A records document with one game played with help (60 points) and no game of one's own."""
    rows = ["".join(str((r * 3 + c) % 7 + 1) for c in range(9)) for r in range(9)]
    doc = Game.from_text("\n".join(rows), line=5, deal=3, id="helped").to_dict()
    doc["score"] = 60
    doc["lines"] = {"5": 6}
    doc["hints"] = 1
    reply = Session().handle({"cmd": "records_add", "args": {
        "records": None, "game": doc, "date": "2026-01-02T10:00:00Z"}})
    assert reply["ok"], reply
    records = reply["result"]["records"]
    assert records["stats"]["assisted"]["games"] == 1, records["stats"]
    return records


WINDOWS = ["#game-window", "#stats-window", "#ranking-window", "#help-window",
           "#language-window", "#options-window"]
BAD_WORDS = re.compile(r"\b(null|undefined|NaN)\b")


@pytest.mark.parametrize("lang", list(LOCALES))
def test_no_window_shows_null_undefined_or_nan(make_page: Any, site: Any, lang: str) -> None:
    doc, last, _, _ = nearly_finished(deal=4242)
    page = opened(make_page(1280, 800, lang, storage={
        GAME_KEY: doc, records_key(5): ranking_of_ten(),
        records_key(4): records_with_help_only()}), site)
    assert not BAD_WORDS.search(page.locator("body").inner_text())
    for window in WINDOWS:
        page.click("#menu")
        if window != "#game-window":
            page.click("#" + {"#stats-window": "stats", "#ranking-window": "ranking",
                              "#help-window": "help", "#language-window": "language",
                              "#options-window": "options"}[window])
        page.wait_for_selector(f"dialog{window}[open]")
        tabs = page.locator(f"{window} [role=tab]")
        for i in range(max(1, tabs.count())):
            if tabs.count():
                tabs.nth(i).click()
            shown = page.locator(window).inner_text()
            assert not BAD_WORDS.search(shown), (window, i, BAD_WORDS.search(shown))
        page.keyboard.press("Escape")
        page.wait_for_selector(f"dialog{window}[open]", state="detached")
    finish(page, last)
    assert not BAD_WORDS.search(page.locator("#game-over").inner_text())
    page.click("#go-replay")
    page.wait_for_selector("dialog#replay-window[open][data-ready]")
    assert not BAD_WORDS.search(page.locator("#replay-window").inner_text())


HELPED = {"da": "Spil med hjælp: 1 spil, 60 point", "sv": "Spel med hjälp: 1 spel, 60 poäng",
          "en": "Games with help: 1 game, 60 points"}
NOTHING_YET = {"da": "Endnu intet spil", "sv": "Ännu inget spel", "en": "No game of your own yet"}


@pytest.mark.parametrize("lang", list(LOCALES))
def test_counts_have_their_plural_and_an_empty_chart_says_so(make_page: Any, site: Any,
                                                             lang: str) -> None:
    page = opened(make_page(360, 640, lang, storage={records_key(5): records_with_help_only()}),
                  site)
    page.click("#menu")
    page.click("#stats")
    page.wait_for_selector("#stats-window[open]")
    page.click("#stats-window [role=tab][data-line='5']")
    assert text(page, "#stats-assisted") == HELPED[lang]
    assert page.locator("#stats-body .chart").count() == 0  # no empty chart with ticks 1 and 0
    assert NOTHING_YET[lang] in text(page, "#stats-recent-none")


# ------------------------------------------------------------------ 9: the bar's words

BAR_WORDS = {"da": ("Fortryd", "Hint", "Spil"), "sv": ("Ångra", "Tips", "Spel"),
             "en": ("Undo", "Hint", "Game")}

# The words a bar button shows: its text nodes that are drawn (not clipped to 1 px).
SHOWN_WORDS = """(el) => [...el.querySelectorAll('span')]
  .filter((s) => getComputedStyle(s).clipPath === 'none' && s.getBoundingClientRect().width > 8)
  .map((s) => s.textContent.trim())"""


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize(("width", "height"), [(360, 640), (412, 823), (320, 568)],
                         ids=["360x640", "412x823", "320x568"])
def test_the_bar_buttons_show_their_words(make_page: Any, site: Any, width: int, height: int,
                                          lang: str) -> None:
    page = opened(make_page(width, height, lang), site)
    undo, hint, menu = BAR_WORDS[lang]
    shown = {sel: page.locator(sel).evaluate(SHOWN_WORDS) for sel in ("#undo", "#hint", "#menu")}
    assert shown["#undo"] == [undo]
    assert shown["#menu"] == [menu]
    if width >= 360:
        assert shown["#hint"] == [hint]
    assert page.evaluate(CUT_TEXT, page.locator("#bar").element_handle()) == []
    for sel in ("#undo", "#hint", "#menu"):
        inside_viewport(page, sel, width, height)


# ------------------------------------------------------ 12: the questions and the hint's words

QUESTIONS = {
    "da": {"#retry": "samme omgang forfra", "#new-game": "nyt spil", "#daily": "dagens omgang"},
    "sv": {"#retry": "samma giv från början", "#new-game": "nytt spel", "#daily": "dagens giv"},
    "en": {"#retry": "same deal again", "#new-game": "new game", "#daily": "deal of the day"},
}


@pytest.mark.parametrize("lang", list(LOCALES))
def test_each_question_names_what_will_happen(make_page: Any, site: Any, lang: str) -> None:
    doc = game_doc(LINE_ROWS, deal=4242, game_id="played")
    doc["moves"] = 3
    page = opened(make_page(1280, 800, lang, storage={GAME_KEY: doc}), site)
    for button, words in QUESTIONS[lang].items():
        page.click("#menu")
        page.click(button)
        page.wait_for_selector("#confirm-window[open]")
        assert words in text(page, "#confirm-text").lower(), (button, text(page, "#confirm-text"))
        page.click("#confirm-window button[value=cancel]")
        page.wait_for_selector("#confirm-window[open]", state="detached")
    # the hint names its cells as the grid does: "A1", never "row 1, column 1"
    page.keyboard.press("h")
    page.wait_for_selector("#confirm-window[open]")
    page.click("#confirm-window button[value=confirm]")
    page.wait_for_function("() => document.getElementById('hint-note').textContent.length > 0")
    note = page.locator("#hint-note").text_content() or ""
    assert re.search(r"\b[A-I][1-9]\b.*\b[A-I][1-9]\b", note), note
    assert not re.search(r"\d+,", note), note


def test_a_question_asked_right_after_an_answer_takes_its_own_answer(
        make_page: Any, site: Any) -> None:
    """A dialog's close event comes a task after the window closed. The hint's
    question, asked by a key pressed at once after «Nej» to another question,
    took that event for its own: it counted as no at once, and the «Ja» the
    player then chose did nothing (the hint never came)."""
    doc = game_doc(LINE_ROWS, deal=4242, game_id="played")
    doc["moves"] = 3
    page = opened(make_page(1280, 800, "en", storage={GAME_KEY: doc}), site)
    page.click("#menu")
    page.click("#new-game")
    page.wait_for_selector("#confirm-window[open]")
    # «No», and H in the same task: before the window's close event is fired
    page.evaluate("""() => {
      document.querySelector("#confirm-window button[value=cancel]").click();
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "h", bubbles: true }));
    }""")
    page.wait_for_selector("#confirm-window[open]")
    assert "get help in this game" in text(page, "#confirm-text").lower()
    page.click("#confirm-window button[value=confirm]")
    page.wait_for_function("() => document.getElementById('hint-note').textContent.length > 0")
    assert text(page, "#deal") == "4242"  # the «No» kept the game


# ------------------------------------------------------------------ 13: the floating points

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


# ------------------------------------------------------------------ 14: the name's limit

def test_the_name_field_shows_its_limit(make_page: Any, site: Any) -> None:
    page = opened(make_page(360, 640, "da", storage={
        GAME_KEY: ending_game(150), records_key(5): ranking_of_ten()}), site)
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    field = page.locator("#go-name")
    assert field.get_attribute("maxlength") == "24"
    field.fill("")
    field.press_sequentially("Åse Ølgaard-Æbelø med et langt navn")
    assert field.input_value() == "Åse Ølgaard-Æbelø med et"
    assert text(page, "#go-name-count") == "24/24"
    assert page.locator("#go-name-count").is_visible()


# ------------------------------------------------------------------ 15: still while loading

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


# ------------------------------------------------------------------ 11: what is played

VARIANT4 = {"da": "4 på stribe", "sv": "4 i rad", "en": "4 in a row"}
DAILY = {"da": "Dagens omgang", "sv": "Dagens giv", "en": "Deal of the day"}


def ending_game_of_four() -> dict[str, Any]:
    """The easy variant's board with 3 free cells; (7,8)->(8,8) ends it."""
    rows = [list(r) for r in ["".join(str((r * 3 + c) % 7 + 1) for c in range(9))
                              for r in range(9)]]
    rows[8][6] = rows[8][7] = rows[8][8] = "."
    doc = game_doc(["".join(r) for r in rows], line=4, deal=77, game_id="ending-four", seconds=40)
    doc["score"] = 80
    doc["lines"] = {"4": 10}
    return doc


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize(("width", "height"), [(320, 568), (640, 360), (1280, 800)],
                         ids=["320x568", "640x360", "1280x800"])
def test_the_bar_and_the_game_over_window_say_what_is_played(
        make_page: Any, site: Any, width: int, height: int, lang: str) -> None:
    page = opened(make_page(width, height, lang, storage={GAME_KEY: ending_game_of_four()}), site)
    variant = page.locator("#bar-variant")
    assert variant.is_visible() and text(page, "#bar-variant") == VARIANT4[lang]
    assert covered(page, "#bar-variant") == []
    inside_viewport(page, "#bar-variant", width, height)
    assert not page.locator("#bar-daily").is_visible()
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    assert text(page, "#go-mode") == VARIANT4[lang]
    in_view_of(page, "#go-mode", "dialog#game-over")
    # the deal of the day, in the usual variant: the bar says so while it is played
    page.click("#go-new")
    wait_ready(page)
    page.click("#menu")
    page.locator("#game-window label.choice:has(input[value='5'])").click()
    page.wait_for_function("() => document.getElementById('bar-variant').hidden")
    wait_ready(page)
    if page.locator("dialog#game-window[open]").count() == 0:
        page.click("#menu")
    page.click("#daily")
    page.wait_for_function("() => !document.getElementById('bar-daily').hidden")
    assert text(page, "#bar-daily") == DAILY[lang]
    assert covered(page, "#bar-daily") == []
    assert not variant.is_visible()
    page.click("#menu")
    page.click("#new-game")
    page.wait_for_function("() => document.getElementById('bar-daily').hidden")
