"""The background review of the game in play against the player's moves, in the page.

    python bench/review_page.py [--moves 40] [--runs 2] [--dist DIR] [--seed 1] [--json FILE]

Drives headless Chromium (the flags of tests/e2e/conftest.py) with
Playwright against the built site (dist/, or --dist) served on 127.0.0.1
under /kugler/, with prefers-reduced-motion. Each run plays one game twice,
in two fresh browser contexts, alternately:

- review on: the page as built (review.js reviews the game in play in the
  engine's idle time);
- review off: the same page with every `review` request the page posts held
  back (never sent to the worker, never answered): nothing else changes.

A player is simulated at a human pace with real pointer input (Playwright's
mouse: pointerdown, pointerup, click): it thinks for a time drawn from a
seeded mix (a third 0.2-1.2 s, a third 1.2-3 s, a third 3-6 s: often longer
than review.js's IDLE_MS, so background steps do start), clicks a ball that
has a reachable empty cell, waits 150-700 ms (the selection on screen, the
hand moving), and clicks a reachable empty cell. Timed: from the target
click's pointerdown to the grid no longer busy with its colours changed
(the move response). A game that ends starts a new one (#go-new).

Reported per mode, over all moves of all runs: the move response median,
p95 and max; the moves whose `move` request was posted while a `review`
request was in the worker (queued behind it) and how long they waited for it;
the long tasks (> 50 ms) on the main thread during the moves (count, longest);
the review requests sent and their duration in the worker (median, p95,
max: post to reply); the moves reviewed by the end.

Timings vary with the machine's load: the two modes alternate within a run so
both see the same load; compare them, not the absolute figures.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the project's build.py: Chromium, its flags, the server)

# Before any page script: every request to the worker and its reply, timed;
# with window.__holdReview set (review off), a `review` request is kept back.
WATCH = """
(() => {
  const Real = Worker;
  window.__bench = { log: [], longtasks: [], hold: %s };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longtasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        const d = e.data;
        if (d && d.id) window.__bench.log.push(["in", d.id, performance.now()]);
      });
    }
    postMessage(message, ...rest) {
      if (message && message.cmd) {
        if (window.__bench.hold && message.cmd === "review") return undefined;
        window.__bench.log.push(["out", message.id, performance.now(), message.cmd]);
      }
      return super.postMessage(message, ...rest);
    }
  };
})();
"""

# Arm the timing of the next move: resolves with [pointerdown, done] once the
# grid is not busy and its colours changed (or null after 20 s).
ARM = """
() => {
  const grid = document.querySelector("[role=grid]");
  const colours = () => [...grid.querySelectorAll("[role=gridcell]")]
    .map((c) => c.dataset.color).join();
  const before = colours();
  window.__move = new Promise((resolve) => {
    let down = null;
    window.addEventListener("pointerdown", () => { down = performance.now(); },
      { capture: true, once: true });
    const obs = new MutationObserver(() => {
      if (down !== null && !grid.dataset.busy && colours() !== before) {
        obs.disconnect();
        resolve([down, performance.now()]);
      }
    });
    obs.observe(grid,
      { attributes: true, subtree: true, attributeFilter: ["data-busy", "data-color"] });
    setTimeout(() => { obs.disconnect(); resolve(null); }, 20000);
  });
}
"""

COLOURS = """() => [...document.querySelectorAll("[role=gridcell]")]
  .map((c) => Number(c.dataset.color || 0))"""


def reachable(cells: list[int], source: int) -> list[int]:
    seen, todo, out = {source}, [source], []
    while todo:
        r, c = divmod(todo.pop(), 9)
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            j = rr * 9 + cc
            if 0 <= rr < 9 and 0 <= cc < 9 and j not in seen and not cells[j]:
                seen.add(j)
                todo.append(j)
                out.append(j)
    return out


def think(rnd: random.Random) -> float:
    band = rnd.randrange(3)
    return rnd.uniform(*((0.2, 1.2), (1.2, 3.0), (3.0, 6.0))[band])


def play(browser: Any, url: str, hold: bool, moves: int, seed: int) -> dict[str, Any]:
    """One game (or more) of `moves` moves by the simulated player; the page's log."""
    rnd = random.Random(seed)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    context.add_init_script(WATCH % ("true" if hold else "false"))
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
    page.wait_for_selector("[role=grid]:not([data-busy])", timeout=30_000)
    timed: list[list[float]] = []
    for _ in range(moves):
        time.sleep(think(rnd))
        if page.evaluate("() => document.getElementById('game-over').open"):
            page.click("#go-new")
            page.wait_for_selector("[role=grid]:not([data-busy])", timeout=30_000)
            continue
        cells = page.evaluate(COLOURS)
        balls = [i for i in range(81) if cells[i] and reachable(cells, i)]
        if not balls:
            break
        ball = rnd.choice(balls)
        target = rnd.choice(reachable(cells, ball))
        cell = '[role=gridcell][data-row="{}"][data-col="{}"]'
        page.click(cell.format(*divmod(ball, 9)))
        time.sleep(rnd.uniform(0.15, 0.7))
        page.evaluate(ARM)
        page.click(cell.format(*divmod(target, 9)))
        result = page.evaluate("() => window.__move")
        if result:
            timed.append(result)
    bench = page.evaluate("() => window.__bench")
    reviewed = page.evaluate("() => document.querySelectorAll('#review-moves button').length")
    context.close()
    return {"timed": timed, "log": bench["log"], "longtasks": bench["longtasks"],
            "buttons": reviewed}


def p95(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    responses: list[float] = []
    queued: list[float] = []
    reviews: list[float] = []
    longtasks: list[float] = []
    moves = 0
    for g in games:
        responses += [done - down for down, done in g["timed"]]
        first = min((down for down, _ in g["timed"]), default=0.0)
        last = max((done for _, done in g["timed"]), default=0.0)
        longtasks += [d for start, d in g["longtasks"] if first <= start <= last and d > 50]
        sent: dict[int, list[Any]] = {}
        replied: dict[int, float] = {}
        for entry in g["log"]:
            if entry[0] == "out":
                sent[entry[1]] = entry
            else:
                replied[entry[1]] = entry[2]
        review_spans = [(o[2], replied.get(i, float("inf")))
                        for i, o in sent.items() if o[3] == "review"]
        reviews += [end - start for start, end in review_spans if end != float("inf")]
        for o in sent.values():
            if o[3] != "move":
                continue
            moves += 1
            behind = [end for start, end in review_spans if start <= o[2] < end]
            if behind:
                queued.append(max(behind) - o[2])
    return {
        "moves": len(responses),
        "response_median_ms": statistics.median(responses) if responses else None,
        "response_p95_ms": p95(responses),
        "response_max_ms": max(responses, default=None),
        "move_requests": moves,
        "queued_behind_review": len(queued),
        "queued_wait_max_ms": max(queued, default=None),
        "queued_wait_median_ms": statistics.median(queued) if queued else None,
        "review_requests": len(reviews),
        "review_median_ms": statistics.median(reviews) if reviews else None,
        "review_p95_ms": p95(reviews),
        "review_max_ms": max(reviews, default=None),
        "longtasks": len(longtasks),
        "longtask_max_ms": max(longtasks, default=None),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dist", type=Path, default=build.DIST)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = build.make_server(args.dist, 0, "/kugler/")
    import threading
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/kugler/"
    games: dict[str, list[dict[str, Any]]] = {"on": [], "off": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=build.find_chromium(), args=build.CHROMIUM_ARGS)
        for run in range(args.runs):
            for mode in (("on", "off") if run % 2 == 0 else ("off", "on")):
                games[mode].append(play(browser, url, mode == "off", args.moves, args.seed + run))
                print(f"run {run + 1} review {mode}: done", file=sys.stderr, flush=True)
        browser.close()
    server.shutdown()
    figures = {mode: summary(g) for mode, g in games.items()}
    fmt = lambda v: "-" if v is None else f"{v:.0f}"  # noqa: E731
    print(f"machine: {platform.machine()}, {platform.system()}, dist {args.dist}")
    print("| review | moves | response median / p95 / max (ms)"
          " | moves queued behind a review (longest wait, ms)"
          " | review requests (median / p95 / max ms) | long tasks (longest ms) |")
    print("|---|---:|---:|---:|---:|---:|")
    for mode, f in figures.items():
        print(f"| {mode} | {f['moves']} | {fmt(f['response_median_ms'])}"
              f" / {fmt(f['response_p95_ms'])} / {fmt(f['response_max_ms'])}"
              f" | {f['queued_behind_review']} of {f['move_requests']}"
              f" ({fmt(f['queued_wait_max_ms'])}) | {f['review_requests']}"
              f" ({fmt(f['review_median_ms'])}"
              f" / {fmt(f['review_p95_ms'])} / {fmt(f['review_max_ms'])}) | {f['longtasks']}"
              f" ({fmt(f['longtask_max_ms'])}) |")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
