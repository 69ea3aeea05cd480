"""Start-up benchmark: the built game against a bare Pyodide page, same run.

    python bench/startup.py [--runs 5] [--moves 50] [--no-build] [--json FILE]
    python bench/startup.py --levers [--runs 5]     the boot with each lever, vs bare

Drives headless Chromium (KUGLER_CHROMIUM or Debian's /usr/bin/chromium, the
flags of tests/e2e/conftest.py) with Playwright against dist/ (built first
when missing, or always unless --no-build is given and dist/ exists) served on
127.0.0.1 under /kugler/ by a server in a process of its own, and a bare page
in a temporary folder that only calls loadPyodide() in a module worker on the
very same runtime files (a symlink to dist/pyodide), served under /bare/.
Each run alternates game and bare page:

- cold: a fresh browser context (empty HTTP cache, no service worker);
- warm: a second visit in the same context (HTTP cache, and for the game its
  service worker and the memory image its first visit kept, both waited
  for), with the saved game of the first visit in storage.

Reported, medians over the runs:
- first board paint: the page's performance mark "kugler:first-board" (the
  bare page marks it after painting a plain board on a canvas of the same
  size from the module that starts its worker: a page with nothing else in
  it, the floor for that row);
- engine ready: html[data-engine=ready] (bare: loadPyodide() resolved), from
  navigation start;
- move response: click on a reachable empty cell (after clicking a ball and
  letting its selection show, as a player does) to the grid updated and not
  busy, with prefers-reduced-motion; the target is chosen from the grid's
  data-color attributes (breadth-first search over empty cells); all moves of
  a run are made by one script in the page, so no message of the benchmark's
  own reaches the page while a move is timed; median and p95 over all moves
  of all runs, and the p95 without the first 20 moves of each run (the
  seconds right after a cold start);
- long tasks over 50 ms on the main thread (PerformanceObserver 'longtask')
  during load and the moves: count per run and the longest, and apart: while
  the cold visit loads (until the engine is ready), during the moves, and
  while the warm visit loads;
- the same long tasks of a cold load of the game's page with its engine left
  out (page only: the built site with worker.js replaced by an empty module,
  so no Python runs and nothing is downloaded for it), watched for as long as
  that run's cold start took: the page's own share;
- bytes of a first visit, counted by the server as bodies sent (a 304 sends
  none) until the service worker is installed, raw and as gzip -6 would send
  each file (never more than raw); also without the service worker;
- the ratio engine ready / bare loadPyodide().

Prints a Markdown table (and the machine), and writes the numbers as JSON
with --json. Timings vary with load on the machine; the ratios come from one
run on one machine and are the figures to compare.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the project's build.py)
from tools import bundles  # noqa: E402

DIST = build.DIST
WEB = build.WEB
CHROMIUM_ARGS = build.CHROMIUM_ARGS
READY_TIMEOUT_MS = 120_000
# The first moves of a run follow a cold start (service worker installing,
# the runtime warming up); the table also shows the p95 without them.
LATER_MOVES = 20
SW_TIMEOUT_MS = 60_000
# Before the second visit, the first one has finished what it does in the
# background once the player pauses: the service worker installed, and the
# engine's memory image kept for the next start (web/boot.js keepImage).
KEPT_TIMEOUT_MS = 30_000
KEPT_SCRIPT = """async (limit) => {
  const url = new URL("pyodide/kugler-snapshot.pages", location.href).href;
  const until = performance.now() + limit;
  while (performance.now() < until) {
    if (await caches.match(url)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}"""

# Runs before any page script: records long tasks and when html[data-engine]
# first becomes "ready" (the bare page sets __bench.ready itself), and says so
# on the console: the benchmark waits for that message instead of polling the
# page, because Playwright's polling injects a script whose evaluation is
# itself a main-thread task of ~100 ms on a slow machine, inside the very
# window in which long tasks are counted.
READY_MESSAGE = "kugler-bench:ready"
INIT_SCRIPT = """
(() => {
  let ready = null;
  window.__bench = { longtasks: [], error: null };
  Object.defineProperty(window.__bench, "ready", {
    get: () => ready,
    set: (value) => {
      if (ready !== null || value === null) return;
      ready = value;
      console.debug("READY_MESSAGE");
    },
  });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bench.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
  const watch = () => {
    const root = document.documentElement;
    const check = () => {
      if (window.__bench.ready === null && root.dataset.engine === "ready") {
        window.__bench.ready = performance.now();
      }
    };
    new MutationObserver(check)
      .observe(root, { attributes: true, attributeFilter: ["data-engine"] });
    check();
  };
  if (document.documentElement) watch();
  else document.addEventListener("readystatechange", watch, { once: true });
})();
""".replace("READY_MESSAGE", READY_MESSAGE)

# The bare page also paints a plain board (a canvas as large as the game's,
# 81 discs drawn by the same module that starts the worker) and marks it like
# the game does: the first board paint of a page with nothing else in it, the
# floor of that row on this machine.
BARE_HTML = """<!doctype html>
<html lang="da"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>bare loadPyodide()</title><link rel="icon" href="data:,">
<style>
body { margin: 0; background: #2c160a; font: 16px system-ui, sans-serif; color: #fff; }
canvas { display: block; margin: 0 auto; width: min(96vw, calc(100vh - 90px)); aspect-ratio: 1; }
</style>
<p>bare loadPyodide()</p>
<canvas id="board"></canvas>
<script type="module">
const variant = new URLSearchParams(location.search).get("variant");
const script = variant ? `levers-worker.js?variant=${variant}` : "worker.js";
const worker = new Worker(new URL(script, location.href), { type: "module" });
worker.onmessage = (event) => {
  window.__bench.error = event.data.error ?? null;
  window.__bench.ready = event.data.at - performance.timeOrigin;
};
const canvas = document.getElementById("board");
const side = Math.round(canvas.getBoundingClientRect().width * devicePixelRatio);
canvas.width = canvas.height = side;
const ctx = canvas.getContext("2d");
ctx.fillStyle = "#b8864e";
ctx.fillRect(0, 0, side, side);
ctx.fillStyle = "#2265c7";
for (let i = 0; i < 81; i++) {
  ctx.beginPath();
  ctx.arc((i % 9 + 0.5) * side / 9, (Math.floor(i / 9) + 0.5) * side / 9, side / 24, 0, 7);
  ctx.fill();
}
performance.mark("kugler:first-board");
</script>
"""

# The same lock-file info the game passes (no pyodide-lock.json is shipped).
BARE_WORKER = """
import { loadPyodide } from "./pyodide/pyodide.mjs";
const indexURL = new URL("./pyodide/", self.location.href).href;
const LOCK = LOCK_JSON;
loadPyodide({ indexURL, lockFileContents: LOCK, packageBaseUrl: indexURL }).then(
  () => self.postMessage({ at: performance.timeOrigin + performance.now() }),
  (error) => self.postMessage(
    { at: performance.timeOrigin + performance.now(), error: String(error) }),
);
"""

# The game's own boot (web/boot.js) with one lever or another, for --levers.
LEVERS_WORKER = """
import { bootEngine } from "./boot.js";
const variant = new URLSearchParams(self.location.search).get("variant");
const options = {
  "normal-full": { snapshot: false, trimmedStdlib: false },
  "normal-trimmed": { snapshot: false },
  "snapshot": {},
}[variant];
const done = (error) => self.postMessage({ at: performance.timeOrigin + performance.now(), error });
bootEngine(new URL("./", self.location.href).href, options).then(
  (engine) => {
    const reply = JSON.parse(engine.session.handle_json(
      JSON.stringify({ id: 1, cmd: "new", args: { line: 5, deal: 1, id: "bench" } })));
    done(reply.ok ? (variant === "snapshot") === (engine.mode === "snapshot") ? null
                    : `booted ${engine.mode}` : JSON.stringify(reply));
  },
  (error) => done(String(error)));
"""
LEVERS = {
    "bare": "bare loadPyodide() (full stdlib, no engine)",
    "normal-full": "normal boot, full stdlib + wheel (the boot before this work)",
    "normal-trimmed": "normal boot, trimmed precompiled stdlib + wheel (the fallback)",
    "snapshot": "snapshot boot (engine inside, static data as delta)",
}

# Timed moves in the page: pick a ball with a reachable empty cell (from the
# grid's data attributes), click it, wait two frames (the selection is on
# screen, as when a player clicks the ball and then the target), click the
# target, and time from that click to the grid no longer busy with its
# colours changed. MOVES_SCRIPT(count) makes `count` attempts in the page and
# returns their results, each {ms} or {skipped: reason}.
MOVE_SCRIPT = """
async () => {
  const over = document.getElementById("game-over");
  const grid = document.querySelector("[role=grid]");
  const idle = () => new Promise((resolve) => {
    if (!grid.dataset.busy) return resolve();
    const obs = new MutationObserver(() => {
      if (!grid.dataset.busy) { obs.disconnect(); resolve(); }
    });
    obs.observe(grid, { attributes: true, attributeFilter: ["data-busy"] });
  });
  if (over && over.open) {
    document.getElementById("go-new").click();
    await idle();
    return { skipped: "new game" };
  }
  await idle();
  const cells = [...document.querySelectorAll("[role=gridcell]")];
  const colors = cells.map((c) => c.dataset.color);
  const order = colors.map((c, i) => (c ? i : -1)).filter((i) => i >= 0)
    .sort(() => Math.random() - 0.5);
  for (const ball of order) {
    const seen = new Set([ball]);
    const queue = [ball];
    const targets = [];
    while (queue.length) {
      const i = queue.shift();
      const r = Math.floor(i / 9), c = i % 9;
      for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const rr = r + dr, cc = c + dc, j = rr * 9 + cc;
        if (rr < 0 || rr > 8 || cc < 0 || cc > 8 || seen.has(j) || colors[j]) continue;
        seen.add(j); queue.push(j); targets.push(j);
      }
    }
    if (!targets.length) continue;
    const target = targets[Math.floor(Math.random() * targets.length)];
    cells[ball].click();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const before = colors.join(",");
    const done = new Promise((resolve) => {
      const check = () => {
        if (!grid.dataset.busy && cells.map((c) => c.dataset.color).join(",") !== before) {
          obs.disconnect(); resolve(performance.now());
        }
      };
      const obs = new MutationObserver(check);
      obs.observe(grid,
        { attributes: true, subtree: true, attributeFilter: ["data-busy", "data-color"] });
    });
    const t0 = performance.now();
    cells[target].click();
    const t1 = await Promise.race([done, new Promise((r) => setTimeout(() => r(null), 10000))]);
    return t1 === null ? { skipped: "no update" } : { ms: t1 - t0 };
  }
  // The game is over: its window opens once the final board is painted.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return { skipped: "no move" };
}
"""

MOVES_SCRIPT = f"""
async (count) => {{
  const move = {MOVE_SCRIPT.strip()};
  const results = [];
  for (let k = 0; k < count; k++) results.push(await move());
  return results;
}}
"""


# Path, outside the site's base, at which the benchmark's server answers with
# the bodies it sent since the last such request, as JSON [[path, bytes], ...].
SENT_PATH = "/__bench_sent__"


def serve_counting(directory: Path, base: str) -> None:
    """Serve `directory` under `base` with build.py's static handler, counting
    the body bytes sent (see SENT_PATH); prints the port, then serves forever.
    Runs in a process of its own (SiteProcess)."""
    sent: list[tuple[str, int]] = []
    lock = threading.Lock()

    def do_GET(self: Any) -> None:
        if self.path != SENT_PATH:
            build.Handler.do_GET(self)
            return
        with lock:
            body = json.dumps(sent).encode()
            sent.clear()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def copyfile(self: Any, source: Any, outputfile: Any) -> None:
        data = source.read()
        # Counted before it goes out: once the client has the body, a take()
        # it sends next must find it (counted after, a busy machine could
        # answer the take() first).
        with lock:
            sent.append((self.translate_path(self.path), len(data)))
        outputfile.write(data)

    handler = type("CountingHandler", (build.Handler,),
                   {"base": base, "do_GET": do_GET, "copyfile": copyfile})
    server = build.SiteServer(("127.0.0.1", 0),
                              functools.partial(handler, directory=str(directory)))
    print(server.server_port, flush=True)
    # The benchmark holds this process's stdin open: when it ends, however it
    # ends, so does this server.
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    server.serve_forever()


class SiteProcess:
    """A static server for `directory` under `base` in a process of its own,
    counting the body bytes it sends. In this process its threads would wait
    for the interpreter lock while Playwright handles the browser's events:
    measured, the page's first modules then arrived ~20 ms and its first
    board ~60 ms later than from a server of its own, as from a real host."""

    def __init__(self, directory: Path, base: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve", str(directory), base],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line.strip().isdigit():
            self.close()
            raise RuntimeError(f"benchmark server did not start (said {line!r})")
        self.origin = f"http://127.0.0.1:{int(line)}"
        self.url = self.origin + base

    def take(self) -> list[tuple[str, int]]:
        """Bodies sent since the last take(): [(file path, bytes), ...]."""
        with urllib.request.urlopen(self.origin + SENT_PATH, timeout=30) as response:
            return [(path, size) for path, size in json.loads(response.read())]

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


@functools.cache
def gzip_size(path: str, raw: int) -> int:
    """What gzip -6 would send for the file at `path` (never more than raw)."""
    file = Path(path)
    if file.is_dir():
        file = file / "index.html"
    try:
        data = file.read_bytes()
    except OSError:
        return raw
    return min(raw, len(gzip.compress(data, compresslevel=6, mtime=0)))


def byte_totals(sent: list[tuple[str, int]]) -> dict[str, Any]:
    """Totals raw and gzip, and the files sent (name: [raw, gzip], summed)."""
    files: dict[str, list[int]] = {}
    for path, size in sent:
        name = Path(path).name if not Path(path).is_dir() else "index.html"
        entry = files.setdefault(name, [0, 0])
        entry[0] += size
        entry[1] += gzip_size(path, size)
    return {"raw": sum(e[0] for e in files.values()), "gzip": sum(e[1] for e in files.values()),
            "requests": len(sent), "files": files}


# worker.js of the page-only site: the engine left out.
PAGE_ONLY_WORKER = "// The engine left out (bench/startup.py, page only): no Python runs.\n"


def make_page_only_site(folder: Path, dist: Path) -> Path:
    """The built site without its engine: `dist` less the runtime and the wheel,
    with an empty worker.js. The page loads and draws as usual and waits for
    an engine that never answers."""
    site = folder / "page-only"
    shutil.copytree(dist, site, ignore=shutil.ignore_patterns("pyodide", "*.whl"))
    (site / "worker.js").write_text(PAGE_ONLY_WORKER)
    return site


def tasks_by_phase(tasks: list[list[float]], ready: float | None) -> dict[str, list[list[float]]]:
    """Split a visit's long tasks [start, duration] (from navigation start) into
    those that began while it loaded (up to `ready`) and after (the moves).

    >>> tasks_by_phase([[80.0, 61.0], [1500.0, 52.0], [2400.0, 70.0]], 1600.0)
    {'load': [[80.0, 61.0], [1500.0, 52.0]], 'after': [[2400.0, 70.0]]}
    >>> tasks_by_phase([[80.0, 61.0]], None)
    {'load': [[80.0, 61.0]], 'after': []}
    """
    if ready is None:
        return {"load": list(tasks), "after": []}
    return {"load": [t for t in tasks if t[0] <= ready],
            "after": [t for t in tasks if t[0] > ready]}


def make_bare_site(folder: Path, dist: Path) -> Path:
    """The bare page next to a symlink to the game's runtime files in `dist`."""
    site = folder / "bare"
    site.mkdir()
    (site / "index.html").write_text(BARE_HTML)
    lock = json.dumps({"info": {"abi_version": "2026_0", "arch": "wasm32",
                                "platform": "emscripten_5_0_3", "python": "3.14.2"},
                       "packages": {}})
    (site / "worker.js").write_text(BARE_WORKER.replace("LOCK_JSON", lock))
    (site / "pyodide").symlink_to(dist / "pyodide", target_is_directory=True)
    # For --levers: the game's boot module and what it loads besides pyodide/.
    (site / "levers-worker.js").write_text(LEVERS_WORKER)
    # boot.js and its modules from web/: the build bundles them into the
    # worker (tools/bundles.py).
    bundles.unbundled(WEB, "boot.js", site)
    for path in [dist / "build.json", *dist.glob("kugler_core-*.whl")]:
        (site / path.name).symlink_to(path)
    return site


def median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def p95(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class Bench:
    def __init__(self, browser: Any, game_url: str, bare_url: str,
                 game_bytes: SiteProcess, bare_bytes: SiteProcess, moves: int,
                 page_only_url: str) -> None:
        self.browser = browser
        self.game_url = game_url
        self.bare_url = bare_url
        self.page_only_url = page_only_url
        self.game_bytes = game_bytes
        self.bare_bytes = bare_bytes
        self.moves = moves

    @contextmanager
    def context(self, **options: Any) -> Iterator[Any]:
        ctx = self.browser.new_context(viewport={"width": 1280, "height": 800},
                                       reduced_motion="reduce", locale="da-DK", **options)
        ctx.add_init_script(INIT_SCRIPT)
        try:
            yield ctx
        finally:
            ctx.close()

    @staticmethod
    def visit(page: Any, url: str) -> dict[str, Any]:
        with page.expect_console_message(lambda m: m.text == READY_MESSAGE,
                                         timeout=READY_TIMEOUT_MS):
            page.goto(url, wait_until="commit")
        result: dict[str, Any] = page.evaluate("""() => ({
            ready: window.__bench.ready,
            error: window.__bench.error ?? null,
            paint: performance.getEntriesByName("kugler:first-board")[0]?.startTime ?? null,
        })""")
        return result

    @staticmethod
    def long_tasks(page: Any) -> list[list[float]]:
        """[start, duration] of each main-thread task over 50 ms so far."""
        return [[t, d] for t, d in page.evaluate("window.__bench.longtasks") if d > 50]

    def game_run(self) -> dict[str, Any]:
        self.game_bytes.take()
        with self.context() as ctx:
            page = ctx.new_page()
            cold = self.visit(page, self.game_url)
            times: list[float] = []
            attempts = 0
            while len(times) < self.moves and attempts < self.moves * 3:
                batch = min(self.moves - len(times), self.moves * 3 - attempts)
                attempts += batch
                results = page.evaluate(MOVES_SCRIPT, batch)
                times += [result["ms"] for result in results if "ms" in result]
            tasks = tasks_by_phase(self.long_tasks(page), cold["ready"])
            sw = page.evaluate(f"""() => navigator.serviceWorker ? Promise.race([
                navigator.serviceWorker.ready.then(() => true),
                new Promise((r) => setTimeout(() => r(false), {SW_TIMEOUT_MS}))]) : false""")
            kept = page.evaluate(KEPT_SCRIPT, KEPT_TIMEOUT_MS)
            time.sleep(0.5)
            first_visit = byte_totals(self.game_bytes.take())
            warm = self.visit(page, self.game_url)
            warm_tasks = self.long_tasks(page)
            self.game_bytes.take()
        return {"cold": cold, "warm": warm, "moves": times,
                "longtasks": tasks["load"] + tasks["after"] + warm_tasks,
                "longtasks_by_phase": {"cold_load": tasks["load"], "moves": tasks["after"],
                                       "warm_load": warm_tasks},
                "image_kept": kept,
                "service_worker": sw, "bytes": first_visit}

    def game_bytes_without_sw(self) -> dict[str, Any]:
        self.game_bytes.take()
        with self.context(service_workers="block") as ctx:
            page = ctx.new_page()
            self.visit(page, self.game_url)
            time.sleep(0.5)
        return byte_totals(self.game_bytes.take())

    def page_only_run(self, window_ms: float) -> dict[str, Any]:
        """A cold visit of the page-only site (make_page_only_site), watched for
        `window_ms` from navigation start: its long tasks in that window."""
        with self.context(service_workers="block") as ctx:
            page = ctx.new_page()
            page.goto(self.page_only_url, wait_until="commit")
            # No evaluation before the window ends: Playwright's first script in
            # a page is itself a main-thread task (see INIT_SCRIPT).
            time.sleep(window_ms / 1000)
            result: dict[str, Any] = page.evaluate("""() => ({
                now: performance.now(),
                paint: performance.getEntriesByName("kugler:first-board")[0]?.startTime ?? null,
            })""")
            result["longtasks"] = [t for t in self.long_tasks(page) if t[0] <= window_ms]
        return result

    def bare_run(self) -> dict[str, Any]:
        self.bare_bytes.take()
        with self.context() as ctx:
            page = ctx.new_page()
            cold = self.visit(page, self.bare_url)
            tasks = self.long_tasks(page)
            first_visit = byte_totals(self.bare_bytes.take())
            warm = self.visit(page, self.bare_url)
        return {"cold": cold, "warm": warm, "longtasks": tasks, "bytes": first_visit}


def levers(browser: Any, bare_url: str, runs: int) -> dict[str, list[float]]:
    """Engine-ready times of the game's boot with each lever, beside the bare page."""
    times: dict[str, list[float]] = {name: [] for name in LEVERS}
    for _ in range(runs):
        for name in LEVERS:
            ctx = browser.new_context()
            ctx.add_init_script(INIT_SCRIPT)
            page = ctx.new_page()
            url = bare_url if name == "bare" else f"{bare_url}?variant={name}"
            result = Bench.visit(page, url)
            ctx.close()
            if result["error"]:
                raise RuntimeError(f"{name}: {result['error']}")
            times[name].append(result["ready"])
    return times


def levers_table(times: dict[str, list[float]]) -> str:
    bare = median(times["bare"])
    lines = ["| boot | engine ready (median) | ÷ bare loadPyodide() |", "| --- | ---: | ---: |"]
    for name, label in LEVERS.items():
        value = median(times[name])
        ratio = fmt_ratio(value / bare) if value and bare else NA
        lines.append(f"| {label} | {fmt_ms(value)} | {ratio} |")
    return "\n".join(lines)


def summarize(game: list[dict[str, Any]], bare: list[dict[str, Any]],
              no_sw: dict[str, Any], page_only: list[dict[str, Any]]) -> dict[str, Any]:
    def col(runs: list[dict[str, Any]], visit: str, key: str) -> float | None:
        return median([r[visit][key] for r in runs if r[visit].get(key) is not None])

    moves = [m for r in game for m in r["moves"]]
    later = [m for r in game for m in r["moves"][LATER_MOVES:]]

    def phase(runs: list[dict[str, Any]], name: str | None = None) -> tuple[float | None, float]:
        """Median count per run of long tasks (all, or of one phase), and the longest."""
        lists = [r["longtasks_by_phase"][name] if name else r["longtasks"] for r in runs]
        return (median([float(len(tasks)) for tasks in lists]),
                max((d for tasks in lists for _, d in tasks), default=0.0))

    tasks, longest = phase(game)
    bare_tasks, bare_longest = phase(bare)

    out: dict[str, Any] = {
        "runs": len(game),
        "paint_cold": col(game, "cold", "paint"), "paint_warm": col(game, "warm", "paint"),
        "ready_cold": col(game, "cold", "ready"), "ready_warm": col(game, "warm", "ready"),
        "bare_cold": col(bare, "cold", "ready"), "bare_warm": col(bare, "warm", "ready"),
        "bare_paint_cold": col(bare, "cold", "paint"),
        "bare_paint_warm": col(bare, "warm", "paint"),
        "move_median": median(moves), "move_p95": p95(moves), "moves": len(moves),
        "move_p95_later": p95(later), "moves_later": len(later),
        "longtasks_median": tasks, "longtask_max": longest,
        "bare_longtasks_median": bare_tasks, "bare_longtask_max": bare_longest,
        **{f"longtasks_{name}": phase(game, name)
           for name in ("cold_load", "moves", "warm_load")},
        "page_only_longtasks": phase(page_only),
        "page_only_paint": median([r["paint"] for r in page_only if r.get("paint") is not None]),
        "bytes": game[-1]["bytes"] if game else None,
        "bytes_median_gzip": median([float(r["bytes"]["gzip"]) for r in game]),
        "bytes_median_raw": median([float(r["bytes"]["raw"]) for r in game]),
        "bytes_without_sw": no_sw,
        "bare_bytes_gzip": median([float(r["bytes"]["gzip"]) for r in bare]),
        "bare_bytes_raw": median([float(r["bytes"]["raw"]) for r in bare]),
        "service_worker_installed": all(r["service_worker"] for r in game),
        "image_kept": all(r.get("image_kept") for r in game),
    }
    out["ratio_cold"] = (out["ready_cold"] / out["bare_cold"]
                         if out["ready_cold"] and out["bare_cold"] else None)
    out["ratio_warm"] = (out["ready_warm"] / out["bare_warm"]
                         if out["ready_warm"] and out["bare_warm"] else None)
    out["ratio_warm_vs_bare_cold"] = (out["ready_warm"] / out["bare_cold"]
                                      if out["ready_warm"] and out["bare_cold"] else None)
    return out


NA = "n/a"


def fmt_ms(value: float | None) -> str:
    return NA if value is None else f"{value:,.0f} ms" if value >= 100 else f"{value:.1f} ms"


def fmt_mb(value: float | None) -> str:
    return NA if value is None else f"{value / 1e6:.2f} MB"


def fmt_tasks(value: tuple[float | None, float]) -> str:
    """A (median count, longest) pair of long tasks, as "1 (82 ms)"."""
    count, longest = value
    return NA if count is None else f"{count:g} ({fmt_ms(longest)})" if longest else f"{count:g}"


def fmt_ratio(value: float | None) -> str:
    return NA if value is None else f"{value:.2f}"


def table(s: dict[str, Any]) -> str:
    nosw = s["bytes_without_sw"]
    rows = [
        ("First board paint, cold", fmt_ms(s["paint_cold"]), fmt_ms(s["bare_paint_cold"]),
         NA, "≤ 150 ms"),
        ("First board paint, warm (saved game)", fmt_ms(s["paint_warm"]),
         fmt_ms(s["bare_paint_warm"]), NA, "≤ 150 ms"),
        ("Engine ready, cold", fmt_ms(s["ready_cold"]), fmt_ms(s["bare_cold"]),
         fmt_ratio(s["ratio_cold"]), "ratio ≤ 0.35"),
        ("Engine ready, warm", fmt_ms(s["ready_warm"]), fmt_ms(s["bare_warm"]),
         fmt_ratio(s["ratio_warm"]), "ratio ≤ 0.2"),
        (f"Move response, median ({s['moves']} moves)", fmt_ms(s["move_median"]), NA, NA, NA),
        ("Move response, p95", fmt_ms(s["move_p95"]), NA, NA, "≤ 16 ms"),
        (f"Move response, p95 after the first {LATER_MOVES} moves of a run "
         f"({s['moves_later']} moves)", fmt_ms(s["move_p95_later"]), NA, NA, NA),
        ("Long tasks > 50 ms per run (load + moves)", f"{s['longtasks_median']:g}",
         f"{s['bare_longtasks_median']:g}", NA, "0"),
        ("Longest long task", fmt_ms(s["longtask_max"] or None),
         fmt_ms(s["bare_longtask_max"] or None), NA, "≤ 50 ms"),
        *[(f"… {label}: per run (longest)", fmt_tasks(s[f"longtasks_{name}"]),
           fmt_tasks((s["bare_longtasks_median"], s["bare_longtask_max"]))
           if name == "cold_load" else NA, NA, NA)
          for name, label in (("cold_load", "while the cold visit loads"),
                              ("moves", "during the moves"),
                              ("warm_load", "while the warm visit loads"))],
        ("… the cold load of the page alone (engine left out), same window",
         fmt_tasks(s["page_only_longtasks"]), NA, NA, NA),
        ("First visit bytes, gzip (incl. service worker)", fmt_mb(s["bytes_median_gzip"]),
         fmt_mb(s["bare_bytes_gzip"]), NA, "≤ 7 MB"),
        ("First visit bytes, raw (incl. service worker)", fmt_mb(s["bytes_median_raw"]),
         fmt_mb(s["bare_bytes_raw"]), NA, NA),
        ("First visit bytes, gzip, page only (no service worker)", fmt_mb(nosw["gzip"]),
         fmt_mb(s["bare_bytes_gzip"]), NA, "≤ 7 MB"),
    ]
    lines = ["| measure | Kugler | bare loadPyodide() | ratio | target |",
             "| --- | ---: | ---: | ---: | --- |"]
    lines += [f"| {' | '.join(row)} |" for row in rows]
    return "\n".join(lines)


def machine(browser_version: str) -> str:
    return (f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, no GPU "
            f"(--disable-gpu), headless Chromium {browser_version}, "
            f"Python {platform.python_version()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs of each page (default 5)")
    parser.add_argument("--moves", type=int, default=50, help="timed moves per run (default 50)")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is when present")
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    parser.add_argument("--levers", action="store_true",
                        help="instead: engine ready of the game's boot with and without each lever")
    parser.add_argument("--serve", nargs=2, metavar=("DIR", "BASE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve_counting(Path(args.serve[0]), args.serve[1])
        return 0

    if not args.no_build or not (DIST / "index.html").exists():
        build.build()
    chromium = build.find_chromium()
    if chromium is None:
        sys.exit("Chromium not found: install it or set KUGLER_CHROMIUM")

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        # A private copy: a rebuild of dist/ during the run cannot disturb it.
        dist = Path(tmp) / "dist"
        shutil.copytree(DIST, dist)
        bare_site = make_bare_site(Path(tmp), dist)
        page_only_site = make_page_only_site(Path(tmp), dist)
        game_server = SiteProcess(dist, "/kugler/")
        bare_server = SiteProcess(bare_site, "/bare/")
        page_only_server = SiteProcess(page_only_site, "/kugler/")
        game_url, bare_url = game_server.url, bare_server.url
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium, headless=True,
                                             args=CHROMIUM_ARGS)
                if args.levers:
                    lever_times = levers(browser, bare_url, args.runs)
                    print(levers_table(lever_times))
                    print(f"\nMachine: {machine(browser.version)}; medians over {args.runs} runs, "
                          "each in a fresh context.")
                    if args.json:
                        args.json.write_text(json.dumps(lever_times, indent=2) + "\n")
                    return 0
                bench = Bench(browser, game_url, bare_url, game_server, bare_server, args.moves,
                              page_only_server.url)
                game_runs, bare_runs, page_only_runs = [], [], []
                for run in range(args.runs):
                    bare_runs.append(bench.bare_run())
                    game_runs.append(bench.game_run())
                    page_only_runs.append(bench.page_only_run(game_runs[-1]["cold"]["ready"]))
                    bare_ms = bare_runs[-1]["cold"]["ready"]
                    game_ms = game_runs[-1]["cold"]["ready"]
                    print(f"run {run + 1}/{args.runs}: bare {bare_ms:.0f} ms, "
                          f"game {game_ms:.0f} ms "
                          f"(warm {game_runs[-1]['warm']['ready']:.0f} ms)",
                          file=sys.stderr, flush=True)
                no_sw = bench.game_bytes_without_sw()
                version = browser.version
                browser.close()
        finally:
            game_server.close()
            bare_server.close()
            page_only_server.close()

    summary = summarize(game_runs, bare_runs, no_sw, page_only_runs)
    summary["machine"] = machine(version)
    print(table(summary))
    print()
    print(f"Machine: {summary['machine']}; medians over {args.runs} runs; "
          f"move response over {summary['moves']} moves with reduced motion.")
    if not (summary["service_worker_installed"] and summary["image_kept"]):
        print("Note: in some runs the first visit had not installed its service worker or "
              "kept its memory image before the second visit.")
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "game": game_runs, "bare": bare_runs,
                                         "page_only": page_only_runs}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
