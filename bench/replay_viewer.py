"""Benchmark of the replay viewer: jumping to any move of a long game.

    python bench/replay_viewer.py [--moves 2000] [--jumps 60] [--runs 3] [--no-build]

A legal game of ``--moves`` moves (the greedy player of bench/replay.py on
the 4-in-a-row variant, deal 1: it lasts past 6,000 moves) is encoded by
kugler_core as a replay link ``#replay=<code>``; headless Chromium (the
flags of tests/e2e/conftest.py) opens that link on the built site (dist/,
built first unless --no-build, served under /kugler/) in a fresh context
with prefers-reduced-motion.

Reported, per run and as median, p95 and max over all jumps of all runs:

- open: from navigation start to the viewer showing move 0 (the engine's
  start-up, then replay_decode of every frame and the window opening);
- jump: the slider (#replay-move) set to a random move (seeded) and its
  ``input`` event sent, to the frame after it painted (requestAnimationFrame,
  then a task), in the page, so no message of the benchmark reaches the page
  while a jump is timed; apart, the time of the input handler alone (the
  grid and the numbers; the canvas is drawn in that frame), and the time
  of a frame with nothing to draw (what the machine's load adds). Each
  jumped-to board is compared with the board
  kugler_core computed for that move (the viewer's grid, read after timing):
  a fast wrong board would fail the benchmark.

The bound asked for is a jump within 100 ms on this machine; the script
exits with status 1 when the max is above it (``--limit``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from replay import long_game  # noqa: E402  (bench/replay.py)

import build  # noqa: E402  (the project's build.py)
from kugler_core.board import CELL_OF, CELLS  # noqa: E402
from kugler_core.replay import encode, replay  # noqa: E402

BOOT_TIMEOUT = 180_000

# Jump to each move of `targets` in turn; resolve the time each took (ms) to
# the painted frame. Runs in the page.
JUMPS = """async (targets) => {
  const slider = document.querySelector("#replay-move");
  const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const times = [];
  const handlers = [];
  for (const n of targets) {
    await painted();
    const start = performance.now();
    slider.value = String(n);
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    handlers.push(performance.now() - start);
    await painted();
    times.push(performance.now() - start);
  }
  return [times, handlers];
}"""

# Records when the engine is ready and when the viewer shows its first board.
WATCH = """
new MutationObserver((_, observer) => {
  const t = performance.now();
  if (document.documentElement.dataset.engine === "ready") window.__engineReady ??= t;
  if (document.querySelector("dialog#replay-window[data-ready]")) {
    window.__viewerReady ??= t;
    observer.disconnect();
  }
}).observe(document, {
  attributes: true, subtree: true, attributeFilter: ["data-engine", "data-ready"],
});
"""

# The time of frames with nothing to draw (the machine's own frame time now).
IDLE_FRAMES = """async (count) => {
  const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const times = [];
  for (let i = 0; i < count; i += 1) {
    await painted();
    const start = performance.now();
    await painted();
    times.push(performance.now() - start);
  }
  return times;
}"""

GRID = """() => Array.from(
  document.querySelectorAll("#replay-window [role=gridcell]"),
  (c) => Number(c.dataset.color || 0))"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def serve() -> tuple[Any, str]:
    server = build.make_server(ROOT / "dist", 0, "/kugler/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/kugler/"


def run(browser: Any, url: str, boards: list[tuple[int, ...]], jumps: int, seed: int
        ) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="da-DK",
                                  reduced_motion="reduce")
    try:
        context.add_init_script(WATCH)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("dialog#replay-window[open][data-ready]", timeout=BOOT_TIMEOUT)
        ready, opened = page.evaluate("[window.__engineReady, window.__viewerReady]")
        rnd = random.Random(seed)
        targets = [rnd.randrange(len(boards)) for _ in range(jumps)]
        times, handlers = page.evaluate(JUMPS, targets)
        idle = page.evaluate(IDLE_FRAMES, jumps)
        wrong = []
        for n in [*rnd.sample(targets, min(10, len(targets))), 0, len(boards) - 1]:
            page.evaluate(JUMPS, [n])
            if page.evaluate(GRID) != list(boards[n]):
                wrong.append(n)
        return {"open_ms": opened, "decode_ms": opened - ready, "jumps_ms": times,
                "handler_ms": handlers, "idle_frame_ms": idle, "wrong": wrong}
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=2000, help="moves of the game (2000)")
    parser.add_argument("--jumps", type=int, default=60, help="timed jumps per run (60)")
    parser.add_argument("--runs", type=int, default=3, help="runs, each a fresh context (3)")
    parser.add_argument("--limit", type=float, default=100.0, help="bound for a jump, ms (100)")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--json", type=Path, help="also write the numbers to this file")
    args = parser.parse_args(argv)

    game = long_game(deal=1, line=4, moves=args.moves)
    history = list(game.history or ())
    if len(history) != args.moves:
        raise SystemExit(f"the greedy game ended after {len(history)} moves")
    boards = [frame.position.board for frame in replay(1, 4, history, game.rule)]
    assert len(boards[0]) == CELLS and CELL_OF
    code = encode(1, 4, history, game.rule)
    if not args.no_build or not (ROOT / "dist" / "index.html").exists():
        subprocess.run([sys.executable, str(ROOT / "build.py"), "build"], check=True)

    from playwright.sync_api import sync_playwright

    server, base = serve()
    results = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=build.find_chromium(), headless=True,
                                         args=build.CHROMIUM_ARGS)
            for i in range(args.runs):
                results.append(run(browser, f"{base}#replay={code}", boards, args.jumps, seed=i))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    jumps = [t for r in results for t in r["jumps_ms"]]
    handlers = [t for r in results for t in r["handler_ms"]]
    idle = [t for r in results for t in r["idle_frame_ms"]]
    decodes = [r["decode_ms"] for r in results]
    opens = [r["open_ms"] for r in results]
    wrong = [n for r in results for n in r["wrong"]]
    summary = {
        "moves": args.moves, "code_chars": len(code), "runs": args.runs,
        "open_ms_median": statistics.median(opens),
        "jump_ms_median": statistics.median(jumps), "jump_ms_p95": percentile(jumps, 95),
        "jump_ms_max": max(jumps), "jumps": len(jumps), "wrong_boards": wrong,
        "handler_ms_median": statistics.median(handlers), "handler_ms_max": max(handlers),
        "idle_frame_ms_median": statistics.median(idle), "idle_frame_ms_max": max(idle),
        "decode_ms_median": statistics.median(decodes),
    }
    print(f"replay viewer, a game of {args.moves} moves (code {len(code)} characters), "
          f"{args.runs} runs x {args.jumps} jumps")
    print("| measure | median | p95 | max |")
    print("| --- | --- | --- | --- |")
    print(f"| open the link (engine start + decode + window) | {statistics.median(opens):.0f} ms"
          f" | | {max(opens):.0f} ms |")
    print(f"| of which: engine ready to the viewer's first board (replay_decode, window)"
          f" | {statistics.median(decodes):.0f} ms | | {max(decodes):.0f} ms |")
    print(f"| jump to a move (slider to painted frame) | {summary['jump_ms_median']:.1f} ms"
          f" | {summary['jump_ms_p95']:.1f} ms | {summary['jump_ms_max']:.1f} ms |")
    print(f"| of which the page's handler (grid, numbers; the canvas draws in the frame)"
          f" | {summary['handler_ms_median']:.1f} ms | {percentile(handlers, 95):.1f} ms"
          f" | {summary['handler_ms_max']:.1f} ms |")
    print(f"| a frame with nothing to draw (the machine's frame time, for comparison)"
          f" | {statistics.median(idle):.1f} ms | {percentile(idle, 95):.1f} ms"
          f" | {max(idle):.1f} ms |")
    print("boards checked against kugler_core: " + ("all right" if not wrong else f"WRONG {wrong}"))
    if args.json:
        args.json.write_text(json.dumps({**summary, "results": results}, indent=1) + "\n")
    return 0 if not wrong and summary["jump_ms_max"] <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
