"""Hint and watch in the browser: how fast a hint shows, and whether the page
stays responsive while the computer plays as fast as it can.

    python bench/hint.py [--hints 100] [--games 5] [--watch-moves 60] [--no-build] [--json FILE]

Drives headless Chromium (KUGLER_CHROMIUM or Debian's /usr/bin/chromium, the
flags of tests/e2e/conftest.py) with Playwright against a copy of dist/
(built first unless --no-build is given and dist/ exists), served on
127.0.0.1 under /kugler/ by bench/startup.py's server in a process of its own.

- hint response: `--games` saved mid-game positions (deals 101, 102, …, each
  after 25 plain moves, the game already assisted so no question is asked)
  are each opened in a fresh context with reduced motion; in the page, one
  script taps #hint, waits until the grid shows the marks
  ([data-hint=to]) and the frame with them has been painted (a
  requestAnimationFrame, then a task), and follows the hint (taps the marked
  target, waits for the move) before the next one, `--hints / --games` hints
  per game (fewer when a game ends). Reported: median, p95 and max over all
  hints, from the tap to the marks shown. The engine answers in the worker
  (quick strength); the tap-to-paint time includes the request's round trip,
  the hint's count (hint_shown) and the drawing.
- watch at "as fast as possible": a fresh game of deal 100 (assisted),
  watch_speed "max", the usual animations off at that speed; Watch is
  started from the game window and left to make `--watch-moves` computer
  moves (or to the game's end). Reported: moves made, moves per second, and
  the main thread's long tasks over 50 ms while it played
  (PerformanceObserver 'longtask'): count and the longest; the same tasks
  from a Chromium trace of the run with their CPU time (a task of 150 ms
  wall time and 10 ms CPU waited for a core that other work held: on a busy
  two-core machine most do); and the largest lateness of a 50 ms timer probe
  in the page (how long a tap could have waited).

Prints a Markdown table and the machine; --json writes the numbers too.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from startup import CHROMIUM_ARGS, SiteProcess, machine, p95  # noqa: E402

import build  # noqa: E402  (the project's build.py)
from kugler_core import Game  # noqa: E402
from kugler_core.paths import reachable  # noqa: E402

GAME_KEY = "kugler:1:game"
SETTINGS_KEY = "kugler:1:settings"
READY_TIMEOUT_MS = 180_000

# Long tasks are collected from the page's start (buffered).
INIT_SCRIPT = """
(() => {
  window.__bench = { longtasks: [] };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bench.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
})();
"""

# One hint: tap #hint, wait for the marks and the frame that shows them, then
# follow it (tap the marked target) and wait for the move to be drawn.
HINTS_SCRIPT = """
async (count) => {
  const grid = document.getElementById("grid");
  const hint = document.getElementById("hint");
  const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const idle = () => new Promise((resolve) => {
    const check = () => (grid.dataset.busy ? setTimeout(check, 5) : resolve());
    check();
  });
  const results = [];
  for (let k = 0; k < count; k++) {
    await idle();
    if (document.getElementById("game-over")?.open || grid.querySelector("[data-hint]")) break;
    const marked = new Promise((resolve) => {
      const check = () => {
        if (grid.querySelector("[data-hint=to]")) { obs.disconnect(); resolve(true); }
      };
      const obs = new MutationObserver(check);
      obs.observe(grid, { attributes: true, subtree: true, attributeFilter: ["data-hint"] });
      setTimeout(() => { obs.disconnect(); resolve(false); }, 20000);
    });
    const t0 = performance.now();
    hint.click();
    if (!(await marked)) { results.push({ skipped: "no hint" }); break; }
    await painted();
    const ms = performance.now() - t0;
    const to = grid.querySelector("[data-hint=to]");
    const moves = () => JSON.parse(localStorage.getItem("kugler:1:game")).moves;
    const before = moves();
    to.click();
    await idle();
    const start = performance.now();
    while (moves() === before && performance.now() - start < 10000) {
      await new Promise((r) => setTimeout(r, 5));
      await idle();
    }
    results.push({ ms });
  }
  return results;
}
"""

# Watch at "max": started from the game window; a 50 ms timer probe records
# how late it fires while the computer plays.
WATCH_SCRIPT = """
async (wanted) => {
  const root = document.documentElement;
  const moves = () => JSON.parse(localStorage.getItem("kugler:1:game")).moves;
  const first = moves();
  let late = 0;
  let probing = true;
  const probe = () => {
    const due = performance.now() + 50;
    setTimeout(() => {
      late = Math.max(late, performance.now() - due);
      if (probing) probe();
    }, 50);
  };
  document.getElementById("menu").click();
  const t0 = performance.now();
  document.getElementById("watch").click();
  probe();
  while (performance.now() - t0 < 600000) {
    await new Promise((r) => setTimeout(r, 50));
    const over = document.getElementById("game-over")?.open;
    const stopped = performance.now() - t0 > 2000 && !root.dataset.watching;
    if (over || stopped || moves() - first >= wanted) break;
  }
  const t1 = performance.now();
  document.getElementById("watch-stop")?.click();
  probing = false;
  return { start: t0, end: t1, moves: moves() - first, late };
}
"""


def midgame(deal: int, moves: int = 12) -> dict[str, Any]:
    """The saved game of `deal` after `moves` plain moves (the first ball
    that can move, to the farthest cell it reaches), counted as assisted
    (one hint) so that no question is asked."""
    game = Game.new(deal=deal, line=5, id=f"bench-{deal}")
    for _ in range(moves):
        cells = list(game.board)
        source = next(i for i in range(81) if cells[i] and reachable(cells, i))
        target = max(reachable(cells, source))
        game.move(divmod(source, 9), divmod(target, 9))
        if game.over:
            break
    doc = game.to_dict()
    doc["hints"] = 1
    return doc


def settings(watch_speed: str) -> dict[str, Any]:
    return {"kind": "kugler/settings", "version": 2, "language": "en", "line": 5, "speed": None,
            "watch_speed": watch_speed, "marks": False, "symbols": False, "sound": False,
            "volume": 60}


def seed_script(items: dict[str, Any]) -> str:
    """A script that stores `items` before the page's own scripts run, once per tab."""
    payload = json.dumps({key: json.dumps(value) for key, value in items.items()})
    return ("if (!sessionStorage.getItem('kugler-bench-seeded')) {"
            f" for (const [k, v] of Object.entries({payload})) localStorage.setItem(k, v);"
            " sessionStorage.setItem('kugler-bench-seeded', '1'); }")


def open_page(browser: Any, url: str, items: dict[str, Any], *, reduce: bool) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800},
                              reduced_motion="reduce" if reduce else "no-preference",
                              locale="en-GB")
    ctx.add_init_script(INIT_SCRIPT)
    ctx.add_init_script(seed_script(items))
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", timeout=READY_TIMEOUT_MS)
    page.wait_for_selector("[role=grid]:not([data-busy])", timeout=60_000)
    return ctx, page


def hint_times(browser: Any, url: str, hints: int, games: int) -> list[float]:
    times: list[float] = []
    per_game = max(1, -(-hints // games))
    deal = 100
    while len(times) < hints and deal < 100 + games * 3:
        deal += 1
        ctx, page = open_page(browser, url, {GAME_KEY: midgame(deal),
                                             SETTINGS_KEY: settings("max")}, reduce=True)
        try:
            results = page.evaluate(HINTS_SCRIPT, min(per_game, hints - len(times)))
        finally:
            ctx.close()
        got = [r["ms"] for r in results if "ms" in r]
        times += got
        print(f"deal {deal}: {len(got)} hints, median {statistics.median(got):.0f} ms"
              if got else f"deal {deal}: no hint", file=sys.stderr, flush=True)
    return times


def main_thread_tasks(trace: Path, over_ms: float = 50) -> list[tuple[float, float]]:
    """(wall ms, CPU ms) of each task over `over_ms` (wall) on the page's main
    thread in a Chromium trace: a task whose CPU time is far below its wall
    time waited for a core (the machine was busy), it did not work that long.

    >>> import json, tempfile
    >>> events = [{"name": "thread_name", "ph": "M", "pid": 1, "tid": 2,
    ...            "args": {"name": "CrRendererMain"}},
    ...           {"name": "RunTask", "ph": "X", "pid": 1, "tid": 2, "ts": 0,
    ...            "dur": 80000, "tdur": 9000},
    ...           {"name": "RunTask", "ph": "X", "pid": 1, "tid": 3, "ts": 0, "dur": 90000},
    ...           {"name": "RunTask", "ph": "X", "pid": 1, "tid": 2, "ts": 0, "dur": 20000}]
    >>> with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    ...     json.dump({"traceEvents": events}, f)
    >>> main_thread_tasks(Path(f.name))
    [(80.0, 9.0)]
    """
    data = json.loads(trace.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    mains = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
             and e.get("args", {}).get("name") == "CrRendererMain"}
    return [(e["dur"] / 1000, e.get("tdur", e["dur"]) / 1000) for e in events
            if e.get("name") == "RunTask" and e.get("ph") == "X"
            and (e["pid"], e["tid"]) in mains and e.get("dur", 0) > over_ms * 1000]


def watch_run(browser: Any, url: str, moves: int, trace: Path) -> dict[str, Any]:
    game = Game.new(deal=100, line=5, id="bench-watch").to_dict()
    game["hints"] = 1
    ctx, page = open_page(browser, url, {GAME_KEY: game, SETTINGS_KEY: settings("max")},
                          reduce=False)
    try:
        browser.start_tracing(page=page, path=str(trace), categories=[
            "toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"])
        try:
            run: dict[str, Any] = page.evaluate(WATCH_SCRIPT, moves)
        finally:
            browser.stop_tracing()
        tasks = page.evaluate("window.__bench.longtasks")
    finally:
        ctx.close()
    during = [d for t, d in tasks if run["start"] <= t <= run["end"] and d > 50]
    traced = main_thread_tasks(trace)
    seconds = (run["end"] - run["start"]) / 1000
    return {"moves": run["moves"], "seconds": seconds,
            "moves_per_second": run["moves"] / seconds if seconds else None,
            "longtasks": len(during), "longest_task": max(during, default=0.0),
            "traced_longtasks": traced,
            "cpu_over_50": sum(1 for _, cpu in traced if cpu > 50),
            "longest_cpu": max((cpu for _, cpu in traced), default=0.0),
            "timer_late_max": run["late"]}


def table(times: list[float], watch: dict[str, Any]) -> str:
    rows = [
        "| measure | value |",
        "| --- | --- |",
        f"| hints timed | {len(times)} |",
        f"| hint, tap to marks shown: median | {statistics.median(times):.0f} ms |",
        f"| hint, tap to marks shown: p95 | {p95(times):.0f} ms |",
        f"| hint, tap to marks shown: max | {max(times):.0f} ms |",
        f"| watch at max speed: computer moves | {watch['moves']} in {watch['seconds']:.1f} s "
        f"({watch['moves_per_second']:.1f} per s) |",
        f"| watch at max speed: long tasks > 50 ms | {watch['longtasks']} "
        f"(longest {watch['longest_task']:.0f} ms) |",
        f"| watch at max speed: of the traced tasks over 50 ms, working (CPU) over 50 ms "
        f"| {watch['cpu_over_50']} of {len(watch['traced_longtasks'])} "
        f"(most CPU in one task {watch['longest_cpu']:.0f} ms) |",
        f"| watch at max speed: 50 ms timer, largest lateness | {watch['timer_late_max']:.0f} ms |",
    ]
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hints", type=int, default=100, help="hints timed (default 100)")
    parser.add_argument("--games", type=int, default=5, help="mid-game positions (default 5)")
    parser.add_argument("--watch-moves", type=int, default=60,
                        help="computer moves watched at max speed (default 60)")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is when present")
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    args = parser.parse_args(argv)

    if not args.no_build or not (build.DIST / "index.html").exists():
        build.build()
    chromium = build.find_chromium()
    if chromium is None:
        sys.exit("Chromium not found: install it or set KUGLER_CHROMIUM")

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        dist = Path(tmp) / "dist"
        shutil.copytree(build.DIST, dist)  # a rebuild of dist/ during the run cannot disturb it
        server = SiteProcess(dist, "/kugler/")
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium, headless=True,
                                             args=CHROMIUM_ARGS)
                started = time.monotonic()
                times = hint_times(browser, server.url, args.hints, args.games)
                watch = watch_run(browser, server.url, args.watch_moves, Path(tmp) / "trace.json")
                version = browser.version
                browser.close()
        finally:
            server.close()
    if not times:
        sys.exit("no hint was shown")
    print(table(times, watch))
    print(f"\nMachine: {machine(version)}; {time.monotonic() - started:.0f} s.")
    if args.json:
        args.json.write_text(json.dumps({"hints_ms": times, "watch": watch,
                                         "machine": machine(version)}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
