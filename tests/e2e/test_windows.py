"""The windows on a phone: every window's main actions in view, a window
that scrolls shows that it does, the game-over window's name field shows its
limit, and each question names what will happen and takes its own answer.

The game window and the game-over window at 360x640 and 640x360 in Danish,
Swedish and English: their main actions whole, without scrolling, and no
control's text cut or touching its border.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers import (
    CUT_TEXT,
    GAME_KEY,
    LINE_ROWS,
    LOCALES,
    game_doc,
    in_view_of,
    move,
    opened,
    records_key,
    text,
)
from test_layout import ending_game, ranking_of_ten

PHONES = [(360, 640), (640, 360)]


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
