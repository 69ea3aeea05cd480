"""The play clock as the player reads it: 0:00 until the first move of a new
game (from a link too), and never back after a reload or a close."""

from __future__ import annotations

from typing import Any

from helpers import GAME_KEY, move, open_game, reachable, stored, text, wait_ready

from kugler_core import Game

SHOWN = ("() => { const [m, s] = document.querySelector('#time').textContent.split(':');"
         " return Number(m) * 60 + Number(s); }")


def wait_shown(page: Any, least: int) -> None:
    page.wait_for_function(f"() => ({SHOWN})() >= {least}")


def shown_seconds(page: Any) -> int:
    minutes, secs = text(page, "#time").split(":")
    return int(minutes) * 60 + int(secs)


def first_move(deal: int) -> tuple[tuple[int, int], tuple[int, int]]:
    cells = list(Game.new(deal=deal, line=5).board)
    source = next(i for i in range(81) if cells[i] and reachable(cells, i))
    return divmod(source, 9), divmod(max(reachable(cells, source)), 9)


def test_a_game_from_a_link_shows_0_00_until_its_first_move(page: Any, site: Any) -> None:
    open_game(page, site, "#deal=4242&line=5")
    page.wait_for_timeout(2600)
    assert text(page, "#time") == "0:00"
    source, target = first_move(4242)
    move(page, source, target)
    assert stored(page, GAME_KEY)["seconds"] == 0  # the first move came at 0:00
    page.wait_for_function("() => document.querySelector('#time').textContent === '0:02'")


def test_the_clock_never_goes_back_after_a_reload(context: Any, page: Any, site: Any) -> None:
    open_game(page, site, "#deal=4242&line=5")
    source, target = first_move(4242)
    move(page, source, target)
    wait_shown(page, 4)
    before = shown_seconds(page)
    assert stored(page, GAME_KEY)["seconds"] < before  # the engine stored the time of the move
    page.reload()
    page.wait_for_function("() => document.querySelectorAll('[role=gridcell]').length === 81")
    assert shown_seconds(page) >= before  # already while the engine starts
    wait_ready(page)
    assert shown_seconds(page) >= before
    assert stored(page, GAME_KEY)["seconds"] >= before  # and now in the game document
    assert page.evaluate("localStorage.getItem('kugler:1:clock')") is None  # the note is taken
    # left for another page, then opened again in a new tab: the same
    wait_shown(page, before + 2)
    later = shown_seconds(page)
    page.goto("about:blank")
    tab = context.new_page()
    tab.goto(site.url)
    wait_ready(tab)
    assert shown_seconds(tab) >= later
