"""Helpers for the offline, update, CSP and install tests.

The page runs under a strict Content-Security-Policy without 'unsafe-eval',
so Playwright's wait_for_function (which evaluates text in the page) cannot be
used: `wait_js` polls `page.evaluate` instead (evaluation through the
DevTools protocol is not subject to the page's CSP).

Service workers persist per browser context, so every test that involves one
makes its own context with `fresh_context`.
"""

from __future__ import annotations

import json
import random
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

GAME_KEY = "kugler:1:game"
RECORDS_KEY = "kugler:1:records:5"
BOOT_TIMEOUT = 120.0  # seconds: Pyodide boots in 3-15 s on a loaded 2-core machine

# Records every securitypolicyviolation in window.__cspViolations, before any
# page script runs.
CSP_RECORDER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push({
    directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile,
    line: e.lineNumber, sample: e.sample,
  });
});
"""


def context_settings(**options: Any) -> dict[str, Any]:
    """The options of a context of its own (own service workers, caches and
    storage), Danish, reduced motion; `options` change them."""
    settings: dict[str, Any] = {
        "viewport": {"width": 1000, "height": 800},
        "locale": "da-DK",
        "reduced_motion": "reduce",
        "service_workers": "allow",
    }
    settings.update(options)
    return settings


def fresh_context(browser: Any, **options: Any) -> Any:
    """A new context (own service workers, caches and storage), Danish, reduced motion."""
    return browser.new_context(**context_settings(**options))


def wait_js(page: Any, expression: str, timeout: float = 30.0, what: str = "") -> Any:
    """Poll a JS expression (may be a promise) until it is truthy; return its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s: {what or expression}")
        time.sleep(0.1)


def engine_state(page: Any) -> str:
    return str(page.evaluate("document.documentElement.dataset.engine || ''"))


def wait_engine(page: Any, state: str = "ready", timeout: float = BOOT_TIMEOUT) -> None:
    """Wait for html[data-engine=state]; fail at once if the engine settles otherwise."""
    deadline = time.monotonic() + timeout
    while True:
        now = engine_state(page)
        if now == state:
            return
        if now in ("ready", "failed") and now != state:
            detail = page.evaluate(
                "document.getElementById('engine-error-text')?.textContent || ''")
            raise AssertionError(f"engine is {now!r}, expected {state!r}: {detail}")
        if time.monotonic() > deadline:
            raise AssertionError(f"engine still {now!r} after {timeout:.0f} s")
        time.sleep(0.1)


def wait_controlled(page: Any, timeout: float = BOOT_TIMEOUT) -> None:
    """Wait until a service worker is active and controls the page."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    wait_js(page, "!!navigator.serviceWorker.controller", timeout, "a controlling service worker")


def cache_names(page: Any) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def worker_build(page: Any) -> str:
    """The build id of the service worker controlling the page (asked by message)."""
    return str(page.evaluate("""() => new Promise((resolve, reject) => {
        const sw = navigator.serviceWorker;
        if (!sw.controller) { reject(new Error("no controller")); return; }
        const onMessage = (e) => {
          if (e.data && e.data.type === "version") {
            sw.removeEventListener("message", onMessage);
            resolve(e.data.build);
          }
        };
        sw.addEventListener("message", onMessage);
        sw.controller.postMessage({ type: "version" });
    })"""))


def stored(page: Any, key: str) -> Any:
    text = page.evaluate(f"localStorage.getItem({json.dumps(key)})")
    return None if text is None else json.loads(text)


def board(page: Any) -> dict[tuple[int, int], str]:
    cells = page.evaluate("""Array.from(document.querySelectorAll('[role=gridcell]'),
        (c) => [Number(c.dataset.row), Number(c.dataset.col), c.dataset.color || ""])""")
    assert len(cells) == 81, f"expected 81 grid cells, found {len(cells)}"
    return {(r, c): colour for r, c, colour in cells}


def idle(page: Any, timeout: float = 30.0) -> None:
    wait_js(page, "!document.querySelector('[role=grid][data-busy]')", timeout, "an idle grid")


def make_move(page: Any, rng: random.Random | None = None) -> dict[str, Any]:
    """Move a ball to an empty orthogonal neighbour (always reachable) through the grid.

    Returns the saved game document after the move; fails unless localStorage
    holds a game whose move count went up by one.
    """
    rng = rng or random.Random(1)
    idle(page)
    before = stored(page, GAME_KEY)
    moves_before = before["moves"] if before else 0
    cells = board(page)
    options = []
    for (r, c), colour in cells.items():
        if not colour:
            continue
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            target = (r + dr, c + dc)
            if cells.get(target) == "":
                options.append(((r, c), target))
    assert options, "no ball can move"
    (fr, fc), (tr, tc) = rng.choice(options)
    page.locator(f'[role=gridcell][data-row="{fr}"][data-col="{fc}"]').click()
    page.locator(f'[role=gridcell][data-row="{tr}"][data-col="{tc}"]').click()

    def moved() -> bool:
        doc = stored(page, GAME_KEY)
        return bool(doc) and doc["moves"] == moves_before + 1

    deadline = time.monotonic() + 30
    while not moved():
        assert time.monotonic() < deadline, "the move was not saved in localStorage"
        time.sleep(0.1)
    idle(page)
    after: dict[str, Any] = stored(page, GAME_KEY)
    assert after != before
    return after


def copy_site(source: Path, target: Path) -> Path:
    """Copy a built site (dist/) to `target` (which must not exist)."""
    shutil.copytree(source, target)
    return target


def finished_records(line: int = 5) -> Any:
    """A valid records document with a ranked game, played to its end by kugler_core."""
    from kugler_core.facade import Session

    for seed in range(100):
        session = Session()
        rng = random.Random(seed)

        def call(cmd: str, session: Session = session, **args: Any) -> Any:
            reply = session.handle({"id": 1, "cmd": cmd, "args": args})
            assert reply["ok"], reply
            return reply["result"]

        state = call("new", line=line, deal=4242, id=f"offline-test-{seed}")["state"]
        while not state["over"]:
            balls = [i for i, v in enumerate(state["board"]) if v]
            rng.shuffle(balls)
            for index in balls:
                start: dict[str, Any] = {"from": [index // 9, index % 9]}
                cells = call("reach", **start)["cells"]
                if cells:
                    state = call("move", **start, to=rng.choice(cells))["state"]
                    break
            else:
                raise AssertionError("no legal move on a board that is not over")
        records = call("records_add", records=None, game=state["save"], date="2026-01-02")
        if records["records"]["record"] > 0:
            return records["records"]
    raise AssertionError("no random game scored")


def on_problem(page: Any, problems: list[str], allow: Callable[[str], bool] | None = None) -> None:
    """Collect console errors and uncaught errors of `page` (minus those `allow` accepts)."""
    def add(text: str) -> None:
        if allow is None or not allow(text):
            problems.append(text)

    page.on("console", lambda m: add(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: add(f"pageerror: {e}"))
