"""Every window whole on every screen, and a board that stays put.

At 360x640, 320x568, 640x360 and 1280x800 in Danish, Swedish and English,
every window (the game window, Options, the statistics with their chart, the
ranking of long names and nine-digit deals, help, language, the game-over
window with a name saved, the replay viewer, each with «Link kopieret»
shown) lies inside the screen with its close button in view; each of its
controls is whole in what the window shows, or the window scrolls (its body
has more than it shows and scrolls) and brings the control into view when it
has the focus, the close button still in view; no button, tab or chip label
wraps or runs past its button's edge. The share message takes no room from
the window's head. The board's box is the same before, while and after the
computer plays, and while a notice shows. Names in the ranking can be read
whole. On a touch screen only the chosen and the focused choice look chosen.

KUGLER_SHOTS=folder saves a screenshot of every window checked there.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from helpers import GAME_KEY, LOCALES, move, opened, records_key
from test_layout import SIZES, ending_game
from test_replay_viewer import finish, nearly_finished
from test_words import ending_game_of_four

from kugler_core import Game
from kugler_core.facade import Session
from kugler_core.records import pack_history

CASES = [(w, h, lang) for (w, h) in SIZES for lang in LOCALES]
IDS = [f"{w}x{h}-{lang}" for (w, h, lang) in CASES]
SHOTS = os.environ.get("KUGLER_SHOTS")
NO_WEB_SHARE = "delete Navigator.prototype.share; delete Navigator.prototype.canShare"
NAMES = ["Alexandra-Josefine", "Åsa-Lill Bergström", "Maximiliane Wolkenstein-",
         "Karl-Johan Øster", "Bo", "Mette-Marie Kjærsgaard", "Jens", "Ulla-Britt Ek",
         "Kristoffer", "Anne-Sofie Dahl"]


def long_name_ranking() -> dict[str, Any]:
    """A records document of ten ranked games with long names, nine-digit
    deals and kept moves (so every row has its replay and share buttons)."""
    records: dict[str, Any] | None = None
    session = Session()
    rows = ["".join(str((r * 3 + c) % 7 + 1) for c in range(9)) for r in range(9)]
    for i, name in enumerate(NAMES):
        doc = Game.from_text("\n".join(rows), line=5, deal=987654321 - i,
                             id=f"named-{i}").to_dict()
        doc["score"] = 2000 - 90 * i
        doc["lines"] = {"5": 200 - 9 * i}
        doc["seconds"] = 3600 + 77 * i
        reply = session.handle({"cmd": "records_add", "args": {
            "records": records, "game": doc, "date": f"2026-0{i % 9 + 1}-1{i}T10:00:00Z",
            "name": name}})
        assert reply["ok"], reply
        records = reply["result"]["records"]
    assert records is not None
    for entry in records["ranking"]:
        entry["moves"] = 3
        entry["history"] = pack_history([[0, 1], [2, 3], [4, 5]])
    for game in records["stats"]["recent"]:
        game["moves"] = 3
    records["stats"]["moves"] = 3 * len(NAMES)
    return records


@pytest.fixture
def make_page(make_page: Any) -> Any:
    """conftest's make_page, on a touch screen below 1000 px wide (a phone,
    either way up) and with a mouse on the desktop."""

    def make(width: int, height: int, lang: str, storage: dict[str, Any] | None = None,
             init: tuple[str, ...] = ()) -> Any:
        return make_page(width, height, lang, storage=storage, init=init, touch=width < 1000)

    return make


# What the player sees of the open window `dialog`: every problem found, as text.
WHOLE = """(dialog) => {
  const problems = [];
  const vw = innerWidth, vh = innerHeight;
  const box = (el) => el.getBoundingClientRect();
  const inside = (r, o, slack = 0.5) => r.left >= o.left - slack && r.right <= o.right + slack
    && r.top >= o.top - slack && r.bottom <= o.bottom + slack;
  const view = {left: 0, top: 0, right: vw, bottom: vh};
  const name = (el) => el.id || (el.getAttribute('aria-label') ?? '')
    || el.textContent.trim().slice(0, 24) || el.className.baseVal || el.className || el.tagName;
  const d = box(dialog);
  if (!inside(d, view)) problems.push(`window outside the screen ${JSON.stringify(d)}`);
  const body = dialog.querySelector('.window-body');
  const head = dialog.querySelector('.window-head');
  const close = dialog.querySelector('.close');
  // what the window shows: its body's box on the screen, under its head
  const shown = (b = box(body)) => ({left: Math.max(b.left, 0), right: Math.min(b.right, vw),
    top: Math.max(b.top, 0), bottom: Math.min(b.bottom, vh)});
  const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowY)
    && el.scrollHeight > el.clientHeight + 1;
  const closeInView = (when) => {
    if (close && !inside(box(close), shown())) {
      problems.push(`close button out of view ${when}: ${JSON.stringify(box(close))}`);
    }
  };
  closeInView('at first');
  // the boxes that cut what they hold: only the window's body may, and only by scrolling
  const clippers = (el) => {
    const out = [];
    for (let p = el.parentElement; p && p !== dialog; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (style.overflowY !== 'visible' || style.overflowX !== 'visible') out.push(p);
    }
    return out;
  };
  const selector = 'button, [role=tab], input:not([type=file]), select, label.choice, a[href], '
    + 'output, svg.chart, .chart-box, .rank-name, .share-status, .celebrate, .numbers > div';
  const items = [...dialog.querySelectorAll(selector)].filter((el) => {
    if (el.closest('[hidden], template, .visually-hidden')) return false;
    if (el.matches('input[type=radio], input[type=checkbox]') && el.closest('label')) return false;
    const r = box(el);
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  for (const el of items) {
    for (const p of clippers(el)) {
      const r = box(el), c = box(p);
      const cut = r.left < c.left - 0.5 || r.right > c.right + 0.5
        || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5;
      if (!cut) continue;
      if (p !== body) problems.push(`${name(el)} cut by ${p.id || p.className}`);
      else if (!scrolls(body)) problems.push(`${name(el)} cut and the window does not scroll`);
      else if (r.left < c.left - 0.5 || r.right > c.right + 0.5) {
        problems.push(`${name(el)} cut at the side`);
      }
    }
  }
  // every control with the focus is whole in view, the close button too
  const top = body.scrollTop;
  const focusable = items.filter((el) => el.matches('button, [role=tab], input, select, a[href]')
    || el.matches('label.choice'));
  for (const el of focusable) {
    const target = el.matches('label.choice') ? el.querySelector('input') ?? el : el;
    if (target.disabled) continue;
    target.focus();
    const r = box(el.matches('label.choice') ? el : target);
    let area = shown();
    if (head && head.parentElement === body && el !== close && !head.contains(el)) {
      area = {...area, top: Math.max(area.top, box(head).bottom)};
    }
    if (!inside(r, area)) {
      problems.push(`${name(el)} not in view with the focus: ${JSON.stringify(r)}`
                    + ` in ${JSON.stringify(area)}`);
    }
    closeInView(`with ${name(el)} focused`);
  }
  body.scrollTop = top;
  // no label wraps: a button's, a tab's or a chip's words stand on one line
  const labels = [...dialog.querySelectorAll('.btn, [role=tab], .mode-chip, .go-mode')];
  for (const el of labels) {
    if (!el.getClientRects().length || el.closest('[hidden]')) continue;
    const tops = new Set();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const s = getComputedStyle(n.parentElement);
      if (s.clipPath !== 'none' || s.display === 'none') continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const t of range.getClientRects()) if (t.width > 0) tops.add(Math.round(t.bottom));
    }
    if (tops.size > 1) problems.push(`«${el.textContent.trim()}» wraps over ${tops.size} lines`);
  }
  // no label runs past its button: its words inside the button's border, and
  // nothing in the button wider than the button
  for (const el of labels) {
    if (!el.getClientRects().length || el.closest('[hidden]')) continue;
    const r = box(el), s = getComputedStyle(el);
    const left = r.left + parseFloat(s.borderLeftWidth);
    const right = r.right - parseFloat(s.borderRightWidth);
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const ps = getComputedStyle(n.parentElement);
      if (ps.clipPath !== 'none' || ps.display === 'none') continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const t of range.getClientRects()) {
        if (t.width > 0 && (t.left < left - 0.5 || t.right > right + 0.5)) {
          problems.push(`«${n.textContent.trim()}» runs past its button's edge`
                        + ` (${Math.round(t.width)} px of words in ${Math.round(right - left)})`);
        }
      }
    }
    if (el.scrollWidth > el.clientWidth + 1) {
      problems.push(`«${el.textContent.trim()}» overflows its button`);
    }
  }
  return problems;
}"""


def shot(page: Any, what: str, width: int, height: int, lang: str) -> None:
    if SHOTS:
        folder = Path(SHOTS)
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{width}x{height}-{lang}-{what}.png"))


def check(page: Any, dialog: str, what: str, size: tuple[int, int, str]) -> None:
    page.wait_for_selector(f"{dialog}[open]")
    page.wait_for_timeout(50)
    shot(page, what, *size)
    problems = page.evaluate(WHOLE, page.locator(dialog).element_handle())
    assert problems == [], (what, problems)


def close(page: Any, dialog: str) -> None:
    page.locator(f"{dialog} .close").click()
    page.wait_for_selector(f"{dialog}:not([open])", state="attached")


@pytest.mark.parametrize(("width", "height", "lang"), CASES, ids=IDS)
def test_every_window_is_whole_or_scrolls_to_what_has_the_focus(
        make_page: Any, site: Any, width: int, height: int, lang: str) -> None:
    size = (width, height, lang)
    page = opened(make_page(width, height, lang, storage={
        GAME_KEY: ending_game(250), records_key(5): long_name_ranking()}), site)
    page.click("#menu")
    check(page, "#game-window", "game", size)
    close(page, "#game-window")
    for button, dialog, what in (("#options", "#options-window", "options"),
                                 ("#stats", "#stats-window", "stats"),
                                 ("#ranking", "#ranking-window", "ranking"),
                                 ("#help", "#help-window", "help"),
                                 ("#language", "#language-window", "language")):
        page.click("#menu")
        page.wait_for_selector("#game-window[open]")
        page.click(button)
        if what == "stats":
            page.wait_for_selector("#stats-body svg.chart")
        if what == "help":
            page.wait_for_selector("#help-body h4")
        check(page, dialog, what, size)
        close(page, dialog)
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    page.wait_for_selector("#go-name-row:not([hidden])")
    check(page, "#game-over", "over", size)
    page.fill("#go-name", "Alexandra-Josefine")
    page.click("#go-name-save")
    page.wait_for_selector("#go-name-saved:not([hidden])")
    check(page, "#game-over", "over-named", size)


@pytest.mark.parametrize(("width", "height", "lang"), CASES, ids=IDS)
def test_the_share_message_leaves_the_head_in_view(
        make_page: Any, site: Any, width: int, height: int, lang: str) -> None:
    size = (width, height, lang)
    doc, last, _, _ = nearly_finished(deal=31337, seed=2)
    page = make_page(width, height, lang, storage={GAME_KEY: doc}, init=(NO_WEB_SHARE,))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"],
                                   origin=site.url.split("/kugler/")[0])
    opened(page, site)
    finish(page, last)
    for dialog, share, what in (("#game-over", "#go-share", "over-shared"),
                                ("#replay-window", "#replay-share", "replay-shared")):
        if what == "replay-shared":
            page.click("#go-replay")
            page.wait_for_selector("dialog#replay-window[open][data-ready]")
            check(page, dialog, "replay", size)
        page.click(share)
        page.wait_for_selector("#share-status:not([hidden])")
        status = page.locator("#share-status").bounding_box()
        head = page.locator(f"{dialog} .window-head").bounding_box()
        assert status is not None and head is not None
        assert head["y"] >= 0, (what, head)  # the head stays in view
        check(page, dialog, what, size)


def board_box(page: Any) -> dict[str, float]:
    b = page.locator("#board-wrap").bounding_box()
    assert b is not None
    return {k: round(v, 1) for k, v in b.items()}


@pytest.mark.parametrize(("width", "height", "lang"), CASES, ids=IDS)
def test_the_board_stays_put_while_watching_and_with_a_notice(
        make_page: Any, site: Any, width: int, height: int, lang: str) -> None:
    page = opened(make_page(width, height, lang), site)
    before = board_box(page)
    # a notice (a link with a deal that is not one)
    page.evaluate("location.hash = '#deal=abc'")
    page.wait_for_selector("#notice:not([hidden])")
    page.wait_for_timeout(100)
    assert board_box(page) == before, "a notice moved the board"
    page.locator("#notice .notice-close").click()
    page.click("#menu")
    page.click("#watch")
    page.wait_for_selector("#confirm-window[open]")
    page.click("#confirm-window button[value=confirm]")
    page.wait_for_selector("html[data-watching]")
    page.wait_for_selector("#watch-controls:not([hidden])")
    page.wait_for_timeout(100)
    shot(page, "watching", width, height, lang)
    assert board_box(page) == before, "watching moved the board"
    stop = page.locator("#watch-stop").bounding_box()
    speed = page.locator("#watch-speed").bounding_box()
    assert stop is not None and speed is not None
    page.click("#watch-stop")
    page.wait_for_selector("html:not([data-watching])")
    page.wait_for_timeout(100)
    assert board_box(page) == before, "stopping moved the board"


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for (w, h) in SIZES])
def test_the_ranking_shows_whole_names(make_page: Any, site: Any, width: int, height: int) -> None:
    page = opened(make_page(width, height, "da", storage={records_key(5): long_name_ranking()}),
                  site)
    page.click("#menu")
    page.click("#ranking")
    page.wait_for_selector("#ranking-body .rank-name")
    cut = page.evaluate("""() => [...document.querySelectorAll('#ranking-body .rank-name')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.innerText.trim() !== e.textContent)
        .map((e) => e.textContent)""")
    assert cut == []
    shown = page.locator("#ranking-body .rank-name").all_inner_texts()
    assert [s.strip() for s in shown] == NAMES


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_variant_chip_stands_on_one_line(make_page: Any, site: Any, lang: str) -> None:
    for width, height in SIZES:
        page = opened(make_page(width, height, lang, storage={GAME_KEY: ending_game_of_four()}),
                      site)
        chip = page.locator("#bar-variant")
        b = chip.bounding_box()
        line = float(chip.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)"))
        assert b is not None and b["height"] < 1.5 * line, (width, height, b, line)
        bar = page.locator("#bar").bounding_box()
        assert bar is not None and b["x"] + b["width"] <= bar["x"] + bar["width"]
        page.close()


TOUCHED = """() => [...document.querySelectorAll('dialog[open] label.choice')].map((l) => ({
  text: l.textContent.trim(), checked: l.querySelector('input').checked,
  focused: l.querySelector('input') === document.activeElement,
  look: getComputedStyle(l).backgroundColor + getComputedStyle(l).backgroundImage}))"""


def hover_over(page: Any, locator: Any) -> None:
    b = locator.bounding_box()
    assert b is not None
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    page.wait_for_timeout(100)


@pytest.mark.parametrize(("width", "height"), [(360, 640), (640, 360)],
                         ids=["360x640", "640x360"])
def test_a_tapped_choice_does_not_stay_lit(make_page: Any, site: Any, width: int,
                                           height: int) -> None:
    page = opened(make_page(width, height, "da"), site)
    page.click("#menu")
    page.click("#language")
    page.wait_for_selector("#language-window[open]")
    swedish = page.locator("#language-window label.choice", has_text="Svenska")
    swedish.tap()
    page.wait_for_function("document.documentElement.lang === 'sv'")
    page.locator("#language-window label.choice").nth(3).tap()
    page.wait_for_function("document.documentElement.lang === 'da'")
    # a touch screen's pointer stays where a finger was (its "hover")
    hover_over(page, swedish)
    labels = page.evaluate(TOUCHED)
    plain = {row["look"] for row in labels if not row["checked"] and not row["focused"]}
    assert len(plain) == 1, labels  # every choice not chosen and not focused looks the same
    close(page, "#language-window")
    page.click("#menu")
    page.click("#options")
    page.wait_for_selector("#options-window[open]")
    page.locator("#options-window label.choice").nth(1).tap()
    page.locator("#options-window label.choice").nth(1).tap()  # on, then off again
    page.locator("#options-window h2").tap()
    hover_over(page, page.locator("#options-window label.choice").nth(1))
    labels = page.evaluate(TOUCHED)
    plain = {row["look"] for row in labels if not row["focused"]}
    assert len(plain) == 1, labels
