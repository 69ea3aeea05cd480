"""The review of the game in play, prepared in the engine's idle time, in a real
Chromium: it never starts while the player is in the middle of a move (a ball
selected) nor while the page is hidden, and it goes on once the player pauses.

A game reviewed on demand (a link's) pauses while the page is hidden and stops
when its window is closed.

The last finished game, still on the board after a reload, is reviewed again
in the background: its review window opens complete, nothing left to ask.

Told by what the page asks the engine (every request to the worker is logged
in the order it is posted, with the order of the replies), not by timing.
"""

from __future__ import annotations

import time
from typing import Any

from helpers import (
    BOOT_TIMEOUT,
    GAME_KEY,
    board,
    move,
    open_game,
    reachable,
    seed_storage,
    tap,
    wait_ready,
)
from test_replay_viewer import nearly_finished, rc

from kugler_core.replay import encode

# Before any page script: the requests posted to the worker and the replies, in
# order; with each request, whether a ball was selected and the page hidden then.
WATCH = """
(() => {
  const Real = Worker;
  window.__engineLog = [];
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        if (e.data && e.data.id) window.__engineLog.push(["reply", e.data.id, null]);
      });
    }
    postMessage(message, ...rest) {
      if (message && message.cmd) {
        const selected = Boolean(document.querySelector("#grid [aria-selected=true]"));
        const args = message.args || {};
        window.__engineLog.push(["ask", message.id, message.cmd, selected, document.hidden,
          (args.start ?? 0) + (args.count ?? Infinity)]);
      }
      return super.postMessage(message, ...rest);
    }
  };
})();
"""

# Longer than review.js's IDLE_MS (1.2 s) and a step's requests under load.
STILL = 5.0

SET_HIDDEN = """(hidden) => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(document, "visibilityState", { configurable: true,
    get: () => (hidden ? "hidden" : "visible") });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def asked(page: Any, cmd: str) -> int:
    return int(page.evaluate(
        "cmd => window.__engineLog.filter(([k, , c]) => k === 'ask' && c === cmd).length", cmd))


def a_move(page: Any) -> tuple[tuple[int, int], tuple[int, int]]:
    cells = board(page)
    source = next(i for i in range(81) if cells[i] and reachable(cells, i))
    return divmod(source, 9), divmod(min(reachable(cells, source)), 9)


def wait_asked(page: Any, cmd: str, count: int) -> None:
    page.wait_for_function(
        "([cmd, n]) => window.__engineLog"
        ".filter(([k, , c]) => k === 'ask' && c === cmd).length >= n",
        arg=[cmd, count], timeout=60_000)


def wait_answered(page: Any) -> None:
    """Until every request asked so far has its reply."""
    page.wait_for_function(
        "() => window.__engineLog.filter(([k]) => k === 'ask').length"
        " === window.__engineLog.filter(([k]) => k === 'reply').length", timeout=60_000)


def test_the_game_in_play_is_reviewed_only_while_the_player_pauses(
        context: Any, page: Any, site: Any) -> None:
    context.add_init_script(WATCH)
    open_game(page, site)
    move(page, *a_move(page))
    # a ball selected: the player is in the middle of a move; nothing is reviewed
    source, target = a_move(page)
    tap(page, *source)
    time.sleep(STILL)
    # the move goes to an engine with nothing else to do
    tap(page, *target)
    page.wait_for_selector("[role=grid]:not([data-busy])")
    # the player pauses: the two moves are reviewed
    wait_asked(page, "review", 2)
    wait_answered(page)

    # hidden right after a move: nothing is reviewed until the page is seen again
    move(page, *a_move(page))
    page.evaluate(SET_HIDDEN, True)
    before = asked(page, "review")
    time.sleep(STILL)
    page.evaluate(SET_HIDDEN, False)
    wait_asked(page, "review", before + 1)

    # what the engine was asked, in order: no review while a ball was selected
    # or the page hidden, and the move after the pause not behind a review
    log = page.evaluate("window.__engineLog")
    reviews = [entry for entry in log if entry[0] == "ask" and entry[2] == "review"]
    assert not [r for r in reviews if r[3]], "a review while a ball was selected"
    assert not [r for r in reviews if r[4]], "a review while the page was hidden"
    running: set[int] = set()
    for kind, rid, cmd, *_ in log:
        if kind == "ask" and cmd == "move":
            assert not running, f"a move queued behind the review: {log}"
        if kind == "ask" and cmd == "review":
            running.add(rid)
        elif kind == "reply":
            running.discard(rid)


def test_the_finished_games_review_is_ready_again_after_a_reload(
        context: Any, page: Any, site: Any) -> None:
    doc, last, _, moves = nearly_finished(deal=4242, seed=3)
    seed_storage(context, {GAME_KEY: doc})
    context.add_init_script(WATCH)
    open_game(page, site)
    move(page, rc(last[0]), rc(last[1]))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    page.reload()
    wait_ready(page)
    page.wait_for_selector("dialog#game-over[open]")
    # the review of every move asked for and answered in the background
    page.wait_for_function(
        "n => { const log = window.__engineLog;"
        " const done = new Set(log.filter(([k]) => k === 'reply').map(([, id]) => id));"
        " return log.some(([k, id, c, , , end]) => k === 'ask' && c === 'review'"
        " && end >= n && done.has(id)); }", arg=len(moves), timeout=240_000)
    wait_answered(page)
    asked_before = asked(page, "review")
    page.click("#go-review")
    page.wait_for_selector("dialog#review-window[open][data-done]")
    assert page.eval_on_selector("#review-progress", "e => [e.value, e.max]") == [
        len(moves), len(moves)]
    assert asked(page, "review") == asked_before, "the player waits for the review again"


def test_a_review_on_demand_pauses_while_the_page_is_hidden(
        context: Any, page: Any, site: Any) -> None:
    moves = nearly_finished(deal=4242, seed=3)[3]
    context.add_init_script(WATCH)
    page.goto(site.url + "#replay=" + encode(4242, 5, moves, 2))
    wait_ready(page)
    page.wait_for_selector("dialog#replay-window[open][data-ready]", timeout=BOOT_TIMEOUT)
    page.click("#replay-review")
    wait_asked(page, "review", 1)
    page.evaluate(SET_HIDDEN, True)
    time.sleep(STILL)
    assert page.get_attribute("dialog#review-window", "data-done") is None
    page.evaluate(SET_HIDDEN, False)
    page.wait_for_selector("dialog#review-window[open][data-done]", timeout=240_000)
    hidden = [e for e in page.evaluate("window.__engineLog")
              if e[0] == "ask" and e[2] == "review" and e[4]]
    assert hidden == [], "the review went on while the page was hidden"


def test_closing_a_review_on_demand_stops_its_work(context: Any, page: Any, site: Any) -> None:
    moves = nearly_finished(deal=4242, seed=3)[3]
    context.add_init_script(WATCH)
    page.goto(site.url + "#replay=" + encode(4242, 5, moves, 2))
    wait_ready(page)
    page.wait_for_selector("dialog#replay-window[open][data-ready]", timeout=BOOT_TIMEOUT)
    page.evaluate("() => document.getElementById('review-window').addEventListener('close',"
                  " () => window.__engineLog.push(['closed', null, null]))")
    page.click("#replay-review")
    # the first moves are shown, more are being reviewed: the player closes the window
    page.wait_for_function("() => document.getElementById('review-progress').value > 0",
                           timeout=120_000)
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#review-window:not([open])", state="attached")
    wait_answered(page)
    time.sleep(STILL)
    log = page.evaluate("window.__engineLog")
    closed = next(n for n, e in enumerate(log) if e[0] == "closed")
    after = [e for e in log[closed:] if e[0] == "ask" and e[2] == "review"]
    assert after == [], f"the review went on after its window closed: {after}"
    reviewed = max(e[5] for e in log if e[0] == "ask" and e[2] == "review")
    assert reviewed < len(moves), "the whole game was reviewed before the window closed"
