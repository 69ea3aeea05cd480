"""The accessibility audit: axe-core (the npm package pinned in package.json)
injected into the built page in every state a player meets: the board while
the engine loads, the board in play, every window (game, options, statistics,
ranking, help, language, every confirmation, game over, the replay viewer,
the computer playing), in Danish, Swedish and English, with the options
(marks, shapes, sound) on and off.

Rule sets: WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices. The
target is no violation at all; a rule switched off needs its reason in
DISABLED below.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import (
    BOOT_TIMEOUT,
    GAME_KEY,
    SETTINGS_KEY,
    game_doc,
    move,
    no_line_rows,
    reachable,
    seed_storage,
    wait_ready,
)

from kugler_core import Game
from kugler_core.replay import encode

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]

# Rules switched off, each with its reason. None today.
DISABLED: dict[str, str] = {}


def settings(lang: str, on: bool) -> dict[str, Any]:
    return {"kind": "kugler/settings", "version": 3, "language": lang, "line": 5, "speed": None,
            "watch_speed": "normal", "look": None, "marks": on, "symbols": on, "sound": on,
            "volume": 60}


def nearly_full_in_play() -> dict[str, Any]:
    """3 free cells (8,6..8) and moves already made: (7,8)->(8,8) ends the game."""
    rows = [list(r) for r in no_line_rows()]
    rows[8][6] = rows[8][7] = rows[8][8] = "."
    doc = game_doc(["".join(r) for r in rows], deal=7, game_id="audit", seconds=40)
    doc["moves"] = 3
    return doc


def audit(page: Any, where: str) -> list[str]:
    """axe's violations in the page once its animations that end have ended, one line each."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        if not AXE.exists():
            pytest.fail("axe-core is missing: run `npm ci`")
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate(
        """async ([tags, off]) => {
          // a window still fading in has a lower contrast than the one it settles on:
          // wait for every animation that ends (a spinner does not)
          await Promise.all(document.getAnimations()
            .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
            .map((a) => a.finished.catch(() => undefined)));
          const rules = Object.fromEntries(off.map((id) => [id, { enabled: false }]));
          const result = await axe.run(document, {
            runOnly: { type: "tag", values: tags }, rules, resultTypes: ["violations"] });
          return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} -- ` +
            v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(" | "));
        }""",
        [TAGS, list(DISABLED)],
    )
    return [f"{where}: {line}" for line in found]


def open_window(page: Any, opener: str, dialog: str) -> None:
    page.click(opener)
    page.wait_for_selector(f"dialog#{dialog}[open]")


def close_window(page: Any, dialog: str) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector(f"dialog#{dialog}", state="hidden")


@pytest.mark.parametrize("options", [False, True], ids=["options-off", "options-on"])
@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_no_violations_in_any_state(context: Any, page: Any, site: Any, lang: str,
                                    options: bool) -> None:
    seed_storage(context, {GAME_KEY: nearly_full_in_play(), SETTINGS_KEY: settings(lang, options)})
    held: list[Any] = []
    page.route("**/worker.js", lambda route: held.append(route))
    page.goto(site.url)
    page.wait_for_selector("#board-status")  # the page is filled; the engine still loads
    while not held:
        page.wait_for_timeout(50)
    problems = audit(page, "loading")
    held[0].continue_()
    wait_ready(page)
    problems += audit(page, "board")
    page.keyboard.press("Tab")  # a focused cell and a selected ball
    page.click('[role=gridcell][data-row="7"][data-col="8"]')
    problems += audit(page, "selected")
    page.keyboard.press("Escape")

    open_window(page, "#menu", "game-window")
    problems += audit(page, "game window")
    close_window(page, "game-window")
    for opener, dialog in [("#options", "options-window"), ("#stats", "stats-window"),
                           ("#ranking", "ranking-window"), ("#language", "language-window")]:
        open_window(page, "#menu", "game-window")
        open_window(page, opener, dialog)
        problems += audit(page, dialog)
        close_window(page, dialog)
    open_window(page, "#menu", "game-window")
    open_window(page, "#help", "help-window")
    page.wait_for_selector("#help-body h3")
    problems += audit(page, "help-window")
    close_window(page, "help-window")

    page.keyboard.press("n")  # a new game in the middle of one asks first
    page.wait_for_selector("dialog#confirm-window[open]")
    problems += audit(page, "confirm new game")
    close_window(page, "confirm-window")
    open_window(page, "#menu", "game-window")
    page.check("input[name=line][value='4']")  # so does another variant
    page.wait_for_selector("dialog#confirm-window[open]")
    problems += audit(page, "confirm variant")
    close_window(page, "confirm-window")
    page.wait_for_selector("dialog#game-window[open]")  # back to the game window
    close_window(page, "game-window")

    page.click("#hint")  # the first help in a game asks first
    page.wait_for_selector("dialog#confirm-window[open]")
    problems += audit(page, "confirm help")
    close_window(page, "confirm-window")

    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    page.wait_for_selector("#go-name", state="visible")
    problems += audit(page, "game over")
    assert problems == [], "\n".join(problems)


LOOKS = ["wood", "light", "dark", "contrast", "classic"]


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_no_violations_in_any_look(context: Any, page: Any, site: Any, lang: str) -> None:
    """Every look, chosen live in the Options window: the board with a selected
    ball and every window the player opens from the game window."""
    seed_storage(context, {GAME_KEY: nearly_full_in_play(), SETTINGS_KEY: settings(lang, True)})
    page.emulate_media(reduced_motion="reduce")
    page.goto(site.url)
    wait_ready(page)
    problems: list[str] = []
    for look in LOOKS:
        open_window(page, "#menu", "game-window")
        open_window(page, "#options", "options-window")
        page.check(f"input[name=look][value={look}]")
        page.wait_for_selector(f"html[data-look={look}]")
        page.wait_for_timeout(300)  # the engine's answer to the change shown too
        problems += audit(page, f"{look}: options-window")
        close_window(page, "options-window")
        page.click('[role=gridcell][data-row="7"][data-col="8"]')
        problems += audit(page, f"{look}: board, a ball selected")
        page.keyboard.press("Escape")
        open_window(page, "#menu", "game-window")
        problems += audit(page, f"{look}: game-window")
        close_window(page, "game-window")
        for opener, dialog in [("#stats", "stats-window"), ("#ranking", "ranking-window"),
                               ("#language", "language-window"), ("#help", "help-window")]:
            open_window(page, "#menu", "game-window")
            open_window(page, opener, dialog)
            if dialog == "help-window":
                page.wait_for_selector("#help-body h3")
            problems += audit(page, f"{look}: {dialog}")
            close_window(page, dialog)
        page.keyboard.press("n")
        page.wait_for_selector("dialog#confirm-window[open]")
        problems += audit(page, f"{look}: confirm new game")
        close_window(page, "confirm-window")
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    page.wait_for_selector("#go-name", state="visible")
    for look in LOOKS:  # the game-over window stays open while the look changes
        page.evaluate("(look) => kuglerInline.looks.applyLook(look)", look)
        page.wait_for_timeout(300)
        problems += audit(page, f"{look}: game over")
    assert problems == [], "\n".join(problems)


def short_game_code(deal: int = 5, moves: int = 8) -> str:
    """The replay code of a short game of ``deal`` (the first ball that can move
    rolls to its first free cell, ``moves`` times)."""
    game = Game.new(deal=deal, line=5, id="short")
    for _ in range(moves):
        board = list(game.board)
        source = next(i for i, c in enumerate(board) if c and reachable(board, i))
        game.move(divmod(source, 9), divmod(min(reachable(board, source)), 9))
    assert game.history is not None
    return encode(deal, 5, game.history, game.rule)


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_no_violations_in_the_replay_viewer_or_while_the_computer_plays(
        context: Any, page: Any, site: Any, lang: str) -> None:
    seed_storage(context, {SETTINGS_KEY: settings(lang, True)})
    page.goto(site.url + "#replay=" + short_game_code())
    wait_ready(page)
    page.wait_for_selector("dialog#replay-window[open][data-ready]", timeout=BOOT_TIMEOUT)
    problems = audit(page, "replay window")
    page.click("#replay-next")
    page.wait_for_function("() => document.getElementById('replay-move').value === '1'")
    problems += audit(page, "replay window, a move on")
    close_window(page, "replay-window")

    open_window(page, "#menu", "game-window")
    page.click("#watch")
    page.wait_for_selector("dialog#confirm-window[open]")
    page.click("#confirm-window button[value=confirm]")
    page.wait_for_selector("html[data-watching]")
    problems += audit(page, "the computer plays")
    page.click("#watch-stop")
    page.wait_for_selector("html:not([data-watching])")
    assert problems == [], "\n".join(problems)


OUTSIDE = """() => {
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > innerWidth + 1 || r.left < -1) && !el.closest(".visually-hidden")) {
      const name = el.id || el.className || el.tagName;
      out.push(`${name} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  const e = document.documentElement;
  const wide = Math.max(e.scrollWidth, document.body.scrollWidth);
  if (wide > e.clientWidth) out.push("scrolls");
  return out;
}"""


@pytest.mark.parametrize("size", [(320, 568), (640, 400)], ids=["320px", "zoom-200"])
def test_nothing_sticks_out_at_320_px_or_200_percent(browser: Any, site: Any,
                                                    size: tuple[int, int]) -> None:
    """320 CSS px wide, and a 1280x800 window at 200 % zoom (640x400 CSS px):
    no element beyond the window's sides, on the board and in the windows."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  device_scale_factor=2, locale="da-DK")
    try:
        seed_storage(context, {SETTINGS_KEY: settings("da", True)})
        page = context.new_page()
        page.goto(site.url)
        wait_ready(page)
        assert page.evaluate(OUTSIDE) == []
        for opener, dialog in [("#options", "options-window"), ("#help", "help-window"),
                               ("#stats", "stats-window"), ("#ranking", "ranking-window")]:
            open_window(page, "#menu", "game-window")
            assert page.evaluate(OUTSIDE) == [], "game-window"
            open_window(page, opener, dialog)
            assert page.evaluate(OUTSIDE) == [], dialog
            close_window(page, dialog)
    finally:
        context.close()
