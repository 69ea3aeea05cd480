"""The notices under the board, as the player sees them.

At 360x640, 320x568, 640x360 and 1280x800 in Danish, Swedish and English:
the notices have a place of their own (never over a cell, «Næste», «Point»
or «Rekord»), with a 44 px close button named in the page's language; a
notice from another tab covers no cell; "link copied" covers no button of
the game-over window.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import (
    GAME_KEY,
    LINE_ROWS,
    LOCALES,
    box_of,
    covered,
    game_doc,
    inside_viewport,
    opened,
    overlaps,
    records_key,
    text,
    wait_ready,
)
from test_layout import SIZES, ranking_of_ten
from test_replay_viewer import finish, nearly_finished

THROWING_STORAGE = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('denied', 'SecurityError'); },
});
"""

CASES = [(w, h, lang) for (w, h) in SIZES for lang in LOCALES]
IDS = [f"{w}x{h}-{lang}" for (w, h, lang) in CASES]
CLOSE_NOTICE = {"da": "Luk beskeden", "sv": "Stäng meddelandet", "en": "Close the message"}


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
    def tall(b: dict[str, float]) -> float:
        return b["bottom"] - b["top"]

    assert tall(board_after) >= tall(board_before)


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


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_long_notice_beside_the_board_is_whole(make_page: Any, site: Any, lang: str) -> None:
    """640x360 (a phone on its side): the notice of a link's ignored deal of
    the day or deal, among the longest, stands whole in the room the bar
    leaves: its place does not scroll, and the board keeps its size."""
    page = opened(make_page(640, 360, lang), site)
    board = box_of(page, "#board-wrap")
    for fragment in ("#daily=x", "#deal=abc"):
        page.evaluate(f"location.hash = '{fragment}'")
        page.wait_for_selector("#notice:not([hidden])")
        page.wait_for_timeout(100)
        place = page.evaluate("""() => { const n = document.querySelector('#notices');
            return {scroll: n.scrollHeight, shown: n.clientHeight}; }""")
        assert place["scroll"] <= place["shown"] + 1, (fragment, place, text(page, "#notice"))
        inside_viewport(page, "#notice", 640, 360)
        assert covered(page, "#notice") == []
        assert box_of(page, "#board-wrap") == board
        page.locator("#notice .notice-close").click()
        page.wait_for_selector("#notice", state="hidden")
