"""Links that start a game (#deal=N, #daily, #line=4) never throw away a game in progress.

With moves on the board, a link asks first (the confirm window, naming the
deal and the points that would be lost): «no» keeps the game on the board and
in storage, «yes» starts the link's game. A game with no move gives way at
once. The fragment is taken off the address either way, so a reload opens the
game on the board without asking again.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from helpers import (
    GAME_KEY,
    board,
    move,
    open_game,
    reachable,
    same_game,
    stored,
    text,
    wait_idle,
    wait_ready,
)

from kugler_core import Game
from kugler_core.daily import deal_of_day


def play_moves(page: Any, count: int) -> None:
    """Play `count` legal moves through the grid: a ball to the farthest free cell it reaches."""
    for _ in range(count):
        cells = board(page)
        for source in range(81):
            if cells[source]:
                targets = sorted(reachable(cells, source))
                if targets:
                    break
        else:
            raise AssertionError("no legal move")
        move(page, divmod(source, 9), divmod(targets[-1], 9))


def answer(page: Any, value: str) -> str:
    """Answer the open confirm window (`confirm` or `cancel`); its question."""
    page.wait_for_selector("dialog#confirm-window[open]")
    question = text(page, "#confirm-text")
    page.click(f"#confirm-window button[value={value}]")
    page.wait_for_selector("dialog#confirm-window", state="hidden")
    wait_idle(page)
    return question


def follow(page: Any, fragment: str) -> None:
    """Follow a link to this page while it is open (hashchange)."""
    page.evaluate("f => { location.hash = f; }", fragment)


def test_a_deal_link_over_a_game_with_moves_asks_and_keeps_it_on_no(page: Any,
                                                                  site: Any) -> None:
    open_game(page, site, "#deal=1111&line=5")
    play_moves(page, 8)
    played = board(page)
    saved = stored(page, GAME_KEY)
    assert saved["moves"] == 8
    score = text(page, "#score")

    follow(page, "#deal=4242")
    question = answer(page, "cancel")
    assert "4242" in question and f"{score} point" in question and "tabt" in question
    assert board(page) == played
    assert same_game(stored(page, GAME_KEY), saved)
    assert text(page, "#deal") == "1111"
    assert page.evaluate("location.hash") == ""

    # a reload opens the game of 8 moves without asking again
    page.reload()
    wait_ready(page)
    assert not page.locator("dialog#confirm-window").is_visible()
    assert board(page) == played and stored(page, GAME_KEY)["moves"] == 8

    follow(page, "#deal=4242")
    answer(page, "confirm")
    page.wait_for_function("() => document.querySelector('#deal').textContent.trim() === '4242'")
    wait_idle(page)
    assert board(page) == list(Game.new(deal=4242, line=5).board)
    assert stored(page, GAME_KEY)["deal"] == 4242 and stored(page, GAME_KEY)["moves"] == 0
    assert "4242" in text(page, "#notices")


def test_a_link_opened_in_a_new_tab_asks_over_the_saved_game(context: Any, page: Any,
                                                            site: Any) -> None:
    open_game(page, site, "#deal=1111&line=5")
    play_moves(page, 8)
    played = board(page)
    saved = stored(page, GAME_KEY)
    page.wait_for_timeout(1500)  # the clock runs on: leaving keeps its seconds with the game
    page.close()

    tab = context.new_page()
    tab.emulate_media(reduced_motion="reduce")
    tab.goto(site.url + "#deal=4242&line=4")
    question = answer(tab, "cancel")
    assert "4242" in question and "4 på stribe" in question
    wait_ready(tab)
    assert board(tab) == played  # the player's game, seen while asked, still there
    assert same_game(stored(tab, GAME_KEY), saved)
    assert stored(tab, GAME_KEY)["seconds"] > saved["seconds"]  # the time played kept too
    assert tab.evaluate("location.hash") == ""

    tab.reload()  # the address has no fragment any more
    wait_ready(tab)
    assert not tab.locator("dialog#confirm-window").is_visible()
    assert same_game(stored(tab, GAME_KEY), saved)


def test_a_daily_link_over_a_game_with_moves_asks(page: Any, site: Any) -> None:
    open_game(page, site, "#deal=1111&line=5")
    play_moves(page, 8)
    played = board(page)
    saved = stored(page, GAME_KEY)

    follow(page, "#daily")
    assert "dagens omgang" in answer(page, "cancel")
    assert board(page) == played and same_game(stored(page, GAME_KEY), saved)

    follow(page, "#daily")
    answer(page, "confirm")
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    deal = deal_of_day(today)
    page.wait_for_function(
        "d => document.querySelector('#deal').textContent.trim() === String(d)", arg=deal)
    wait_idle(page)
    assert board(page) == list(Game.new(deal=deal, line=5).board)
    game = stored(page, GAME_KEY)
    assert game["daily"] == today and game["moves"] == 0


def test_a_link_over_a_game_with_no_move_starts_at_once(page: Any, site: Any) -> None:
    open_game(page, site, "#deal=1111&line=5")
    follow(page, "#deal=4242&line=4")
    page.wait_for_function("() => document.querySelector('#deal').textContent.trim() === '4242'")
    wait_idle(page)
    assert not page.locator("dialog#confirm-window").is_visible()
    assert board(page) == list(Game.new(deal=4242, line=4).board)
    follow(page, "#daily")
    deal = deal_of_day(datetime.now(UTC).strftime("%Y-%m-%d"))
    page.wait_for_function(
        "d => document.querySelector('#deal').textContent.trim() === String(d)", arg=deal)
    assert not page.locator("dialog#confirm-window").is_visible()
