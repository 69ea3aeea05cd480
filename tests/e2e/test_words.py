"""The words and numbers the page shows: no window shows "null",
"undefined" or "NaN"; counts have their plural and an empty chart says so;
the bar's buttons show their words, whole; the bar and the game-over window
say when the easy variant or the deal of the day is played. In Danish,
Swedish and English.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers import (
    CUT_TEXT,
    GAME_KEY,
    LOCALES,
    covered,
    game_doc,
    in_view_of,
    inside_viewport,
    move,
    opened,
    records_key,
    text,
    wait_ready,
)
from test_layout import ranking_of_ten
from test_replay_viewer import finish, nearly_finished

from kugler_core import Game
from kugler_core.facade import Session


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
