"""The game review in the page: the background review of the game in play
against the player's moves, and the speed of a game reviewed on demand.

    python bench/review_page.py [--moves 40] [--runs 2] [--dist DIR] [--seed 1] [--json FILE]
    python bench/review_page.py --demand [--game-moves 1000] [--deal 910001]
        [--share 0.05] [--throttle 1] [--seconds 600] [--code-file FILE] [--json FILE]

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

On demand (--demand): a game of --game-moves moves (default 1,000) played
from deal --deal by the quick player with a share (--share, 5 %) of random
moves while the board has 40 free cells or more (seeded; so that there are
mistakes to show and the game lasts: random moves on a crowded board end
it within a few hundred moves), its replay code made by
kugler_core.replay.encode (--code-file
keeps it between runs: the game takes a minute or two to play), opened by
a link (#replay=<code>) in a fresh context (1280x800); once the replay
viewer shows it, Chromium's CPU is throttled by --throttle (CDP
Emulation.setCPUThrottlingRate, 4 for a phone: on the page's main thread
only, Chromium refuses it for a worker, so the engine is not slowed), and
the viewer's Review button (#replay-review) is clicked.
Timed from that click: the first costliest move in the summary
(#review-costliest), the first graded move in #review-moves, and
#review-progress at its max (the window's data-done); the moves reviewed
a second overall; every review request (post to reply in the worker, the
moves it judged) and the page's time between a reply and the next request
(the drawing of what came); the main thread's long tasks while the review
runs (from the click to the last move shown). After --seconds
the run stops where it is (the figures so far). Then the window is closed
and the page watched for 3 s: no review request may follow. Last, the
engine's time for a request that judges nothing (start = the last move,
count 0: decoding and replaying the game) is measured five times: the
fixed cost every request pays. `uptime` is printed before and after: the
machine is shared.
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
sys.path.insert(0, str(ROOT / "bench"))

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
      window.__bench.worker = this;
      this.addEventListener("message", (e) => {
        const d = e.data;
        if (d && d.id) window.__bench.log.push(["in", d.id, performance.now()]);
      });
    }
    postMessage(message, ...rest) {
      if (message && message.cmd) {
        if (window.__bench.hold && message.cmd === "review") return undefined;
        const a = message.args || {};
        window.__bench.log.push(["out", message.id, performance.now(), message.cmd,
          a.start ?? null, a.count ?? null]);
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


# --------------------------------------------------------------------------- on demand

# Before the Review click: when what the player sees first appears, timed
# from the click (performance.now()); the progress after each change.
DEMAND_WATCH = """
() => {
  const b = window.__bench;
  b.click = null; b.firstMoves = null; b.firstCostly = null; b.done = null; b.progress = [];
  document.getElementById("replay-review").addEventListener("click",
    () => { if (b.click === null) b.click = performance.now(); }, { capture: true });
  const bar = document.getElementById("review-progress");
  const seen = () => {
    const now = performance.now();
    if (b.click === null) return;
    const has = (sel) => document.querySelector(sel) !== null;
    if (b.firstMoves === null && has("#review-moves button")) b.firstMoves = now;
    if (b.firstCostly === null && has("#review-costliest button")) b.firstCostly = now;
    const last = b.progress[b.progress.length - 1];
    if (!last || last[1] !== bar.value) b.progress.push([now, bar.value, bar.max]);
    if (b.done === null && document.getElementById("review-window").dataset.done
        && bar.value >= bar.max) b.done = now;
  };
  new MutationObserver(seen).observe(document.getElementById("review-window"),
    { subtree: true, childList: true, attributes: true, characterData: true });
}
"""

# The engine's time for a request that judges nothing (decode and replay only).
PROBE = """
([code, start]) => new Promise((resolve) => {
  const w = window.__bench.worker;
  const id = 900000 + Math.floor(Math.random() * 99999);
  const t0 = performance.now();
  const got = (e) => {
    if (!e.data || e.data.id !== id) return;
    w.removeEventListener("message", got);
    resolve([performance.now() - t0, e.data.ok]);
  };
  w.addEventListener("message", got);
  w.postMessage({ id, cmd: "review", args: { code, start, count: 0 } });
})
"""


def long_game(deal: int, moves: int, share: float, room: int = 40) -> dict[str, Any]:
    """A game of up to ``moves`` moves from ``deal`` (lines of 5, placement rule
    2): the quick player's, but on a board with at least ``room`` free cells a
    ``share`` of the moves (drawn from a generator seeded with the deal) are
    random legal moves (bench/review.py's legal_moves), so that there are
    mistakes to show and the game still lasts; its replay code."""
    from review import legal_moves

    from kugler_core.board import CELL_OF
    from kugler_core.game import Game
    from kugler_core.player import View, choose
    from kugler_core.replay import encode

    draw = random.Random(deal)
    game = Game.new(deal=deal, line=5, rule=2)
    history: list[tuple[int, int]] = []
    wild = 0
    t0 = time.perf_counter()
    while not game.over and game.moves < moves:
        if draw.random() < share and sum(1 for c in game.board if not c) >= room:
            move = draw.choice(legal_moves(game.board))
            wild += 1
        else:
            found = choose(View.of(game), "quick")
            assert found is not None
            move = found
        history.append(move)
        game.move(CELL_OF[move[0]], CELL_OF[move[1]])
    return {"deal": deal, "share": share, "room": room, "moves": len(history), "random": wild,
            "over": game.over, "played_s": round(time.perf_counter() - t0, 1),
            "code": encode(deal, 5, history, 2)}


def uptime() -> list[str]:
    """The load averages over 1, 5 and 15 minutes (as `uptime` prints them)."""
    try:
        return Path("/proc/loadavg").read_text().split()[:3]
    except OSError:
        return ["?"]


def throttle(context: Any, page: Any, rate: float) -> list[str]:
    """CPU throttling `rate` on the page's main thread (CDP); the targets throttled.

    Only the page's: Chromium refuses it for the engine's worker ("Operation is
    only supported for pages, not workers", sent to the worker's target), so the
    engine runs at this machine's speed and only the page's own work (the
    replies handled, the window drawn) is slowed.
    """
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return ["main thread"]


def demand(browser: Any, url: str, code: str, total: int, rate: float,
           seconds: float) -> dict[str, Any]:
    """One on-demand review of the game of ``code`` opened by a link; its figures."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    context.add_init_script(WATCH % "false")
    page = context.new_page()
    page.goto(f"{url}#replay={code}")
    page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
    page.wait_for_selector("dialog#replay-window[open][data-ready]", timeout=120_000)
    targets = throttle(context, page, rate) if rate != 1 else ["none"]
    page.evaluate(DEMAND_WATCH)
    load_before = uptime()
    page.click("#replay-review")
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if page.evaluate("() => window.__bench.done !== null"):
            break
        time.sleep(1)
    bench = page.evaluate("() => { const b = window.__bench; return {log: b.log,"
                          " longtasks: b.longtasks, click: b.click, firstMoves: b.firstMoves,"
                          " firstCostly: b.firstCostly, done: b.done, progress: b.progress}; }")
    load_after = uptime()
    # closing the window stops the work: no review request after it
    closed_at = page.evaluate("() => performance.now()")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#review-window:not([open])", state="attached")
    time.sleep(3)
    after = page.evaluate("t => window.__bench.log.filter((e) => e[0] === 'out'"
                          " && e[3] === 'review' && e[2] > t).length", closed_at)
    probes = [page.evaluate(PROBE, [code, total])[0] for _ in range(5)]
    context.close()
    return {"rate": rate, "throttled": targets, "bench": bench, "after_close": after,
            "probe_ms": probes, "load_before": load_before, "load_after": load_after,
            "total": total}


def demand_summary(run: dict[str, Any]) -> dict[str, Any]:
    b = run["bench"]
    click = b["click"]
    sent = {e[1]: e for e in b["log"] if e[0] == "out" and e[3] == "review"}
    replies = {e[1]: e[2] for e in b["log"] if e[0] == "in"}
    spans = sorted((o[2], replies[i], o[5]) for i, o in sent.items() if i in replies)
    worker = [end - start for start, end, _ in spans]
    per_move = [(end - start) / n for start, end, n in spans if n]
    gaps = [spans[k + 1][0] - spans[k][1] for k in range(len(spans) - 1)]
    progress = b["progress"]
    reviewed = progress[-1][1] if progress else 0
    last = b["done"] if b["done"] is not None else (progress[-1][0] if progress else click)
    elapsed = (last - click) / 1000 if click is not None else None

    def since(t: float | None) -> float | None:
        """Seconds from the click to ``t`` (milliseconds), None when either is unknown."""
        return None if t is None or click is None else round((t - click) / 1000, 2)

    # the long tasks while the review ran (from the click to the last move shown)
    long = [d for start, d in b["longtasks"]
            if click is not None and click <= start <= last and d > 50]
    return {
        "rate": run["rate"], "throttled": run["throttled"], "total": run["total"],
        "reviewed": reviewed, "done": b["done"] is not None,
        "first_costliest_s": since(b["firstCostly"]), "first_moves_s": since(b["firstMoves"]),
        "done_s": since(b["done"]), "elapsed_s": round(elapsed, 1) if elapsed else None,
        "moves_per_s": round(reviewed / elapsed, 2) if elapsed else None,
        "requests": len(spans),
        "request_median_ms": statistics.median(worker) if worker else None,
        "request_per_move_median_ms": statistics.median(per_move) if per_move else None,
        "page_gap_median_ms": statistics.median(gaps) if gaps else None,
        "page_gap_max_ms": max(gaps, default=None),
        "page_gap_total_s": round(sum(gaps) / 1000, 1),
        "worker_total_s": round(sum(worker) / 1000, 1),
        "empty_request_ms": sorted(run["probe_ms"]),
        "longtasks": len(long), "longtask_max_ms": max(long, default=None),
        "longtask_ms": sorted(long, reverse=True)[:8],
        "requests_after_close": run["after_close"],
        "load_before": run["load_before"], "load_after": run["load_after"],
    }


def run_demand(args: argparse.Namespace, url: str) -> None:
    from playwright.sync_api import sync_playwright

    if args.code_file and args.code_file.exists():
        game = json.loads(args.code_file.read_text())
    else:
        print(f"playing deal {args.deal} with the quick player ...", file=sys.stderr, flush=True)
        game = long_game(args.deal, args.game_moves, args.share)
        if args.code_file:
            args.code_file.write_text(json.dumps(game))
    print(f"game: deal {game['deal']}, {game['moves']} moves, {game['random']} random",
          file=sys.stderr, flush=True)
    results = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=build.find_chromium(), args=build.CHROMIUM_ARGS)
        for rate in args.throttle:
            run = demand(browser, url, game["code"], game["moves"], rate, args.seconds)
            results.append(demand_summary(run))
            print(json.dumps(results[-1]), file=sys.stderr, flush=True)
        browser.close()

    def fmt(v: object) -> str:
        return "-" if v is None else f"{v:.1f}" if isinstance(v, float) else str(v)

    print(f"machine: {platform.machine()}, {platform.system()}, dist {args.dist};"
          f" game: deal {game['deal']}, {game['moves']} moves")
    print("| CPU | moves reviewed | first costliest (s) | first in #review-moves (s)"
          " | all (s) | moves/s | requests (median ms; per move) | page between requests"
          " (median / max ms; total s) | empty request (ms) | after close | load before → after |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for f in results:
        print(f"| x{f['rate']:g} ({'+'.join(f['throttled'])}) | {f['reviewed']} of {f['total']}"
              f" | {fmt(f['first_costliest_s'])} | {fmt(f['first_moves_s'])}"
              f" | {fmt(f['done_s'])} | {fmt(f['moves_per_s'])}"
              f" | {f['requests']} ({fmt(f['request_median_ms'])};"
              f" {fmt(f['request_per_move_median_ms'])})"
              f" | {fmt(f['page_gap_median_ms'])} / {fmt(f['page_gap_max_ms'])};"
              f" {fmt(f['page_gap_total_s'])}"
              f" | {fmt(statistics.median(f['empty_request_ms']))}"
              f" | {f['requests_after_close']}"
              f" | {' '.join(f['load_before'])} → {' '.join(f['load_after'])} |")
    if args.json:
        args.json.write_text(json.dumps({"game": {k: v for k, v in game.items() if k != "code"},
                                         "runs": results}, indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dist", type=Path, default=build.DIST)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--demand", action="store_true",
                        help="a long game reviewed on demand from a link (see above)")
    parser.add_argument("--game-moves", type=int, default=1000)
    parser.add_argument("--deal", type=int, default=910001)
    parser.add_argument("--throttle", type=float, nargs="+", default=[1.0])
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--share", type=float, default=0.05)
    parser.add_argument("--code-file", type=Path)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = build.make_server(args.dist, 0, "/kugler/")
    import threading
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/kugler/"
    if args.demand:
        run_demand(args, url)
        server.shutdown()
        return
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

    def fmt(v: float | None) -> str:
        return "-" if v is None else f"{v:.0f}"

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
