"""Benchmark of the computer player: whole games on a fixed list of deals.

    python bench/player.py [--strength quick|strong|both] [--deals 1-100] [--line 5]
                           [--max-moves N] [--jobs 2]

The player (``kugler_core.player.suggest``) plays every deal from the start
until the game is over (or ``--max-moves`` moves, a safety cap; such games are
counted as they stand and marked in the table). Deals are shared out over
``--jobs`` processes. Progress goes to stderr; a table per strength goes to
stdout: games, points (mean, median, min, max), moves (mean, median), the
scoring rate (the share of moves that made a line), and the time per
suggestion, wall clock, median and p95 (and the median CPU time of the
process, which moves less when other programs share the machine).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kugler_core.game import Game
from kugler_core.player import STRENGTHS, suggest


@dataclass(frozen=True)
class GameResult:
    """One game: its deal, points, moves, moves that made a line, and the time of
    each suggestion (wall clock and process CPU, seconds)."""

    deal: int
    points: int
    moves: int
    scoring: int
    capped: bool
    wall: tuple[float, ...]
    cpu: tuple[float, ...]


def parse_deals(text: str) -> list[int]:
    """Deals from ``"A-B"``, ``"N"`` or a comma list of those; ValueError otherwise.

    >>> parse_deals("1-3,7")
    [1, 2, 3, 7]
    """
    deals: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            raise ValueError(f"empty part in deal list {text!r}")
        lo, sep, hi = part.partition("-")
        try:
            a = int(lo)
            b = int(hi) if sep else a
        except ValueError:
            raise ValueError(f"not a deal or deal range: {part!r}") from None
        if not 1 <= a <= b:
            raise ValueError(f"bad deal range {part!r} (deals are 1 or more, A ≤ B)")
        deals.extend(range(a, b + 1))
    return deals


def play_game(deal: int, line: int, strength: str, max_moves: int) -> GameResult:
    """Play deal ``deal`` with the player at ``strength`` until over or ``max_moves``."""
    game = Game.new(deal=deal, line=line)
    wall: list[float] = []
    cpu: list[float] = []
    scoring = 0
    while not game.over and game.moves < max_moves:
        w0 = time.perf_counter()
        c0 = time.process_time()
        move = suggest(game, strength)  # type: ignore[arg-type]
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        assert move is not None
        turn = game.move(*move)
        if turn.lines and turn.path and turn.events[1].type == "clear":
            scoring += 1
    return GameResult(deal, game.score, game.moves, scoring, not game.over,
                      tuple(wall), tuple(cpu))


def _play(job: tuple[int, int, str, int]) -> GameResult:
    return play_game(*job)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank.

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)
    10
    """
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, -(-round(q * len(ordered) * 1000) // 1000) - 1))
    return ordered[k]


def summarize(results: Sequence[GameResult]) -> dict[str, float]:
    """The numbers of the table for one strength."""
    pts = [r.points for r in results]
    moves = [r.moves for r in results]
    wall = [t for r in results for t in r.wall]
    cpu = [t for r in results for t in r.cpu]
    return {
        "games": len(results),
        "capped": sum(1 for r in results if r.capped),
        "mean": statistics.fmean(pts),
        "median": statistics.median(pts),
        "min": min(pts),
        "max": max(pts),
        "moves_mean": statistics.fmean(moves),
        "moves_median": statistics.median(moves),
        "scoring_rate": sum(r.scoring for r in results) / max(1, sum(moves)),
        "ms_median": 1000 * statistics.median(wall) if wall else 0.0,
        "ms_p95": 1000 * percentile(wall, 0.95) if wall else 0.0,
        "cpu_ms_median": 1000 * statistics.median(cpu) if cpu else 0.0,
    }


def format_table(rows: Sequence[tuple[str, dict[str, float]]]) -> str:
    """A Markdown table: one row per (strength, summary), numbers rounded for reading.
    """
    head = ["strength", "games", "mean", "median", "min", "max", "moves mean",
            "moves median", "scoring rate", "ms median", "ms p95", "cpu ms median"]
    out = ["| " + " | ".join(head) + " |", "| " + " | ".join(["---"] * len(head)) + " |"]
    for name, s in rows:
        games = f"{int(s['games'])}" + (f" ({int(s['capped'])} capped)" if s["capped"] else "")
        cells = [
            name, games, f"{s['mean']:,.0f}", f"{s['median']:,.0f}", f"{s['min']:,.0f}",
            f"{s['max']:,.0f}", f"{s['moves_mean']:,.0f}", f"{s['moves_median']:,.0f}",
            f"{100 * s['scoring_rate']:.1f} %", f"{s['ms_median']:.1f}",
            f"{s['ms_p95']:.1f}", f"{s['cpu_ms_median']:.1f}",
        ]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def run(deals: Sequence[int], line: int, strength: str, max_moves: int,
        jobs: int) -> list[GameResult]:
    """Play every deal; progress on stderr; results in deal order."""
    work = [(d, line, strength, max_moves) for d in deals]
    results: list[GameResult] = []
    start = time.perf_counter()
    if jobs <= 1:
        done = map(_play, work)
        for r in done:
            results.append(r)
            _progress(strength, r, len(results), len(work), start)
    else:
        with multiprocessing.Pool(jobs) as pool:
            for r in pool.imap_unordered(_play, work):
                results.append(r)
                _progress(strength, r, len(results), len(work), start)
    results.sort(key=lambda r: r.deal)
    return results


def _progress(strength: str, r: GameResult, done: int, total: int, start: float) -> None:
    print(f"[{strength}] {done}/{total} deal {r.deal}: {r.points} points, {r.moves} moves"
          f"{' (capped)' if r.capped else ''}, {time.perf_counter() - start:.0f} s",
          file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--strength", choices=[*STRENGTHS, "both"], default="both")
    parser.add_argument("--deals", default="1-100", help="e.g. 1-100 or 1-10,42")
    parser.add_argument("--line", type=int, choices=(4, 5), default=5)
    parser.add_argument("--max-moves", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        deals = parse_deals(args.deals)
    except ValueError as error:
        parser.error(str(error))
    strengths = list(STRENGTHS) if args.strength == "both" else [args.strength]
    rows = []
    for strength in strengths:
        results = run(deals, args.line, strength, args.max_moves, args.jobs)
        rows.append((strength, summarize(results)))
    print(f"line {args.line}, deals {args.deals}, max moves {args.max_moves}, "
          f"jobs {args.jobs}")
    print(format_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
