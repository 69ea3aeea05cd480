"""The game review (kugler_core.review): is its cost in points honest, and how fast is it?

    python bench/review.py [--collect] [--games 6] [--variants 6] [--share 0.1]
        [--first 0] [--only fit|honest] --out FILE
    python bench/review.py --report FILE
    python bench/review.py --fit [--games 4] [--every 8] [--variants 6] [--out FILE]
    python bench/review.py --level ROWS [--variants 6] --out FILE
    python bench/review.py --speed [--games 3] [--limit 200]

Games with real mistakes: the quick player, with a share (``--share``) of
its moves replaced by a random legal move (the generator seeded with the
deal), on two sets of deals: ``FIT_DEALS`` (what ``review.value`` is fitted
on) and ``HONEST_DEALS`` (what the honesty is measured on: no tuning used
them).

- ``--collect``: one game of each set in turn; for every random move that is
  not the computer's, the played move and the computer's better move are
  each played on from the position before it ``--variants`` times. Variant
  ``j`` continues the game with the balls of deal ``VARIANT_BASE + j``: the
  coming three stay the ones the player saw (on their marks); a ball whose
  mark the move took and every ball after them come from the variant's deal,
  the same for both moves (common random numbers). The ranking
  (``ranked``: ``player.rank``, the computer player's first stage, with
  ``PLAYOUT_REFINE`` moves refined) plays
  ``review.HORIZON`` moves on (a game that ends scores nothing more). The
  measured loss of the move is the mean over the variants of (points of the
  better branch - points of the played branch), the move's own points and
  its balls' included. Each row (the view, both moves, the losses) is a
  JSON line of ``--out``, written as it is known.
- ``--report``: fits ``review.SLOPE`` on the rows of ``FIT_DEALS`` (least
  squares of the measured loss less the difference of expected points and
  of ``LEVEL``, on the difference of the line potential weighted by the
  knots) and prints the thresholds of ``review.GRADES`` they suggest (the
  lowest cost from which the monotone fit of the measured loss on the cost
  reaches 5, 10 and 20 points), then judges the rows of ``HONEST_DEALS``
  with ``review.judge`` as it is and prints per grade: moves, the review's
  mean cost, the measured mean loss with its 95 % interval (1.96 standard
  errors over the moves).
- ``--level ROWS``: ``review.LEVEL`` (and a first ``SLOPE``): the positions of
  the "fit" rows of ``ROWS`` (the board before the move, and after the
  played and the better move with their balls on the marks) with at most
  ``LEVEL_FREE`` free cells, and ``LEVEL_OPEN`` of the others; from each,
  ``--variants`` play-outs of ``review.HORIZON`` moves of the ranking with
  unknown balls; the least squares of their mean points on the knot weights
  and the knot-weighted line potential, ``LEVEL`` then made never to fall
  as cells free up (``rising``), and never below 0.
- ``--fit``: the level of the points to come: positions every ``--every``
  moves of games on ``FIT_DEALS``; from each, ``--variants`` play-outs of
  ``review.HORIZON`` moves of the ranking with the coming balls drawn from
  the variant's deal (a board whose coming balls are not known); the
  least-squares line of the mean points on ``evaluate`` and the means by bins.
- ``--speed``: the CPU time of ``review.judge`` for each move of ``--games``
  quick games with mistakes (deals ``HONEST_DEALS + 100`` on, at most
  ``--limit`` moves each), judged in order after the game, the engine's
  stores emptied first: median, p95, max.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kugler_core import review  # noqa: E402
from kugler_core.board import CELL_OF  # noqa: E402
from kugler_core.evaluate import evaluate, tables  # noqa: E402
from kugler_core.game import Game, Position, play  # noqa: E402
from kugler_core.paths import reachable  # noqa: E402
from kugler_core.player import Move, View, choose, rank  # noqa: E402
from kugler_core.position import announce  # noqa: E402
from kugler_core.rng import colors  # noqa: E402

FIT_DEALS = 800_001
"""The first deal of the games the fit of ``review.value`` was measured on."""
HONEST_DEALS = 900_001
"""The first deal of the games the honesty is measured on (no tuning used them)."""
VARIANT_BASE = 700_000_000
"""Variant ``j`` continues with the balls of deal ``VARIANT_BASE + j``."""
BALL = 5
"""The ball index the variants' balls start from."""
GRADED = ("good", "inaccuracy", "mistake", "blunder")
LOSSES = (5.0, 10.0, 20.0)
"""The measured losses at which "inaccuracy", "mistake" and "blunder" begin."""
LEVEL_FREE = 40
"""``--level`` plays on every position with at most this many free cells, ..."""
LEVEL_OPEN = 40
"""... and this many of the more open ones (drawn with a generator seeded 1)."""


def view_of(position: Position, line: int) -> View:
    """What the player sees of ``position`` (rule 2: its announced marks)."""
    return View(tuple(position.board), position.next, position.landing, line)


def legal_moves(board: tuple[int, ...]) -> list[Move]:
    """Every legal move of ``board``, in source then target order."""
    return [(s, t) for s in range(81) if board[s]
            for t in sorted(reachable(board, s))]


def mistaken_game(deal: int, share: float, line: int = 5, limit: int = 400
                  ) -> Iterator[tuple[View, Move, bool]]:
    """The views and moves of a quick game of ``deal`` in which a ``share`` of
    the moves (drawn from a generator seeded with the deal) are random legal
    moves, with True for those; at most ``limit`` moves."""
    draw = random.Random(deal)
    game = Game.new(deal=deal, line=line)
    while not game.over and game.moves < limit:
        view = View.of(game)
        wild = draw.random() < share
        if wild:
            move = draw.choice(legal_moves(game.board))
        else:
            found = choose(view, "quick")
            assert found is not None
            move = found
        yield view, move, wild
        game.move(CELL_OF[move[0]], CELL_OF[move[1]])


PLAYOUT_REFINE = 40
"""The ``refine`` of the play-outs' ranking, fixed so that the measure stays
the same when the player's effort changes: the quick player's until row 85
of docs/player.md (24 until row 82), with which docs/review.md's latest
tables were measured."""


def ranked(board: tuple[int, ...], line: int) -> Move | None:
    """The ranking's move (``player.rank``, the first stage of the computer player,
    with ``PLAYOUT_REFINE`` moves refined): the play-out policy, 10 times faster."""
    found = rank(list(board), tables(line), PLAYOUT_REFINE)
    return found[0][1] if found else None


def play_on(position: Position, line: int, deal: int, horizon: int,
            first: Move | None = None) -> int:
    """Points of ``first`` (when given) and then of ``horizon`` moves of the
    ranking (``ranked``) from ``position``, the balls from ``deal`` (placement rule 2)."""
    points = 0
    if first is not None:
        position, turn = play(position, deal, line, *first, 2)
        points += turn.points
    for _ in range(horizon):
        if position.over:
            break
        move = ranked(position.board, line)
        assert move is not None
        position, turn = play(position, deal, line, *move, 2)
        points += turn.points
    return points


def seen(view: View) -> Position:
    """A position with the board, coming colours and marks of ``view``, its later
    balls to come from a variant's deal (``BALL`` on)."""
    return Position(view.board, view.next, BALL, landing=view.landing)


def unknown(board: tuple[int, ...], deal: int) -> Position:
    """A position with ``board`` whose coming balls and marks come from ``deal``."""
    coming = colors(deal, BALL)
    return Position(board, coming, BALL, landing=announce(board, deal, BALL, coming))


def interval(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half width of its 95 % interval.

    >>> interval([1.0, 3.0])
    (2.0, 1.96)
    """
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, round(1.96 * statistics.stdev(values) / math.sqrt(len(values)), 2)


def honest_table(rows: list[dict[str, Any]]) -> str:
    """The Markdown table of the honesty rows (``grade``, ``cost``, ``loss``).

    >>> print(honest_table([{"grade": "good", "cost": 1.0, "loss": 2.0},
    ...                     {"grade": "good", "cost": 3.0, "loss": 0.0}]))
    | grade | moves | review's mean cost | measured mean loss (95 % interval) |
    |---|---:|---:|---:|
    | good | 2 | 2.0 | 1.0 (-0.96 … 2.96) |
    """
    lines = ["| grade | moves | review's mean cost | measured mean loss (95 % interval) |",
             "|---|---:|---:|---:|"]
    for name in GRADED:
        of = [r for r in rows if r["grade"] == name]
        if not of:
            continue
        cost = statistics.fmean(r["cost"] for r in of)
        mean, half = interval([r["loss"] for r in of])
        lines.append(f"| {name} | {len(of)} | {cost:.1f} | {mean:.1f} "
                     f"({mean - half:.2f} … {mean + half:.2f}) |")
    return "\n".join(lines)


def parts(view: View, move: Move) -> dict[str, Any]:
    """What the worth of ``move`` is made of, for fitting ``review.value``: the
    expected points, and over the boards that are not full the expected
    weights of ``review.KNOTS`` (``level``, for ``LEVEL``) and those weights
    times the line potential (``slope``, for ``SLOPE``)."""
    knots = len(review.KNOTS)
    got: dict[str, Any] = {"points": 0.0, "level": [0.0] * knots, "slope": [0.0] * knots}
    for chance, points, board in review.outcomes(view, move):
        got["points"] += chance * points
        if 0 in board:
            _level, _slope, potential = review.features(board, view.line)
            for k, w in enumerate(review.knot_weights(board.count(0))):
                got["level"][k] += chance * w
                got["slope"][k] += chance * w * potential
    return got


def collect(args: argparse.Namespace, out: Any) -> None:
    """Rows for the fit (deals from FIT_DEALS) and for the honesty (from
    HONEST_DEALS), one game of each in turn: every random move that is not the
    computer's, its parts and the play-outs of it and of the better move."""
    for g in range(args.first, args.first + args.games):
        for kind, deal in (("fit", FIT_DEALS + g), ("honest", HONEST_DEALS + g)):
            if args.only and kind != args.only:
                continue
            for n, (view, move, wild) in enumerate(mistaken_game(deal, args.share)):
                if not wild:
                    continue
                best = choose(view, "quick")
                if best is None or best == move:
                    continue
                start = seen(view)
                losses = []
                for j in range(args.variants):
                    variant = VARIANT_BASE + j
                    better = play_on(start, view.line, variant, review.HORIZON, best)
                    played = play_on(start, view.line, variant, review.HORIZON, move)
                    losses.append(better - played)
                row = {"set": kind, "deal": deal, "move": n, "board": list(view.board),
                       "next": list(view.next), "landing": list(view.landing),
                       "line": view.line, "played": list(move), "best": list(best),
                       "parts_best": parts(view, best), "parts_played": parts(view, move),
                       "loss": statistics.fmean(losses), "losses": losses}
                print(json.dumps(row), file=out, flush=True)


def least_squares(rows: list[list[float]], ys: list[float]) -> list[float]:
    """The coefficients minimising the squared error of ``rows · c`` against ``ys``
    (normal equations, Gauss-Jordan elimination).

    >>> least_squares([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], [1.0, 2.0, 3.0])
    [1.0, 2.0]
    """
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (1e-9 if i == j else 0.0) for j in range(k)]
         + [sum(r[i] * y for r, y in zip(rows, ys, strict=True))] for i in range(k)]
    for i in range(k):
        pivot = max(range(i, k), key=lambda r: abs(a[r][i]))
        a[i], a[pivot] = a[pivot], a[i]
        for r in range(k):
            if r != i:
                f = a[r][i] / a[i][i]
                a[r] = [x - f * y for x, y in zip(a[r], a[i], strict=True)]
    return [round(a[i][k] / a[i][i], 6) for i in range(k)]


def monotone(pairs: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The monotone (never falling) least-squares fit of ``y`` on ``x`` for
    ``(x, y)`` pairs (pool adjacent violators): ``(x, fitted y)`` by rising ``x``.

    >>> monotone([(1.0, 4.0), (2.0, 2.0), (3.0, 6.0)])
    [(1.0, 3.0), (2.0, 3.0), (3.0, 6.0)]
    """
    blocks: list[list[float]] = []  # [sum of y, count, first index]
    ordered = sorted(pairs)
    for i, (_x, y) in enumerate(ordered):
        blocks.append([y, 1.0, float(i)])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            total, count, _first = blocks.pop()
            blocks[-1][0] += total
            blocks[-1][1] += count
    fitted: list[float] = []
    for total, count, _first in blocks:
        fitted += [total / count] * int(count)
    return [(x, y) for (x, _y), y in zip(ordered, fitted, strict=True)]


def thresholds(pairs: list[tuple[float, float]], losses: tuple[float, ...] = LOSSES
               ) -> list[float]:
    """For each of ``losses``, the lowest cost from which the ``monotone`` fit of
    the measured loss on the cost (``(cost, loss)`` pairs) reaches it (inf
    when it never does).

    >>> thresholds([(1.0, 2.0), (4.0, 6.0), (8.0, 12.0), (9.0, 8.0), (25.0, 30.0)])
    [4.0, 8.0, 25.0]
    """
    fitted = monotone(pairs)
    return [next((x for x, y in fitted if y >= loss), math.inf) for loss in losses]


def rising(values: list[float]) -> list[float]:
    """``values`` made never to fall (each the largest so far) and never below 0.

    >>> rising([-0.5, 17.9, 43.3, 40.0, 66.5])
    [0.0, 17.9, 43.3, 43.3, 66.5]
    """
    out: list[float] = []
    for v in values:
        out.append(max(0.0, v, *out[-1:]))
    return out


def level_positions(rows: list[dict[str, Any]]) -> list[tuple[int, ...]]:
    """The positions ``--level`` plays on (``LEVEL_FREE``, ``LEVEL_OPEN``), by
    free cells: of the "fit" rows, the board before the move and the board
    after the played and the better move (their most likely outcome)."""
    boards: set[tuple[int, ...]] = set()
    for r in rows:
        if r["set"] != "fit":
            continue
        view = View(tuple(r["board"]), tuple(r["next"]), tuple(r["landing"]), r["line"])
        boards.add(view.board)
        for move in (r["best"], r["played"]):
            boards.add(max(review.outcomes(view, tuple(move)))[2])
    crowded = sorted(b for b in boards if 0 in b and b.count(0) <= LEVEL_FREE)
    more = sorted(b for b in boards if b.count(0) > LEVEL_FREE)
    random.Random(1).shuffle(more)
    return sorted(crowded + more[:LEVEL_OPEN], key=lambda b: (b.count(0), b))


def level(args: argparse.Namespace, rows: list[dict[str, Any]], out: Any) -> None:
    """Play on ``level_positions`` and fit ``LEVEL`` and ``SLOPE`` on the mean points."""
    xs: list[list[float]] = []
    ys: list[float] = []
    for board in level_positions(rows):
        runs = [play_on(unknown(board, VARIANT_BASE + 1000 + j), 5, VARIANT_BASE + 1000 + j,
                        review.HORIZON) for j in range(args.variants)]
        _level, _slope, potential = review.features(board, 5)
        weights = review.knot_weights(board.count(0))
        xs.append([*weights, *(w * potential for w in weights)])
        ys.append(statistics.fmean(runs))
        print(json.dumps({"board": list(board), "free": board.count(0), "potential": potential,
                          "points": runs}), file=out, flush=True)
    k = len(review.KNOTS)
    found = least_squares(xs, ys)
    print(f"{len(ys)} positions: LEVEL {tuple(round(v, 1) for v in rising(found[:k]))} "
          f"(fitted {tuple(round(v, 1) for v in found[:k])}), SLOPE "
          f"{tuple(round(v, 3) for v in found[k:])} at KNOTS {review.KNOTS}")


def report(args: argparse.Namespace, rows: list[dict[str, Any]]) -> None:
    """The fit of ``review.value`` on the "fit" rows (the measured loss less the
    difference of expected points, on the differences of ``parts``), then the
    honesty table of the "honest" rows judged by ``review.judge`` as it is."""
    fit_rows = [r for r in rows if r["set"] == "fit"]
    if fit_rows:
        xs, ys = [], []
        for r in fit_rows:
            view = View(tuple(r["board"]), tuple(r["next"]), tuple(r["landing"]), r["line"])
            best, played = parts(view, tuple(r["best"])), parts(view, tuple(r["played"]))
            level = sum(v * (b - p) for v, b, p in zip(review.LEVEL, best["level"],
                                                      played["level"], strict=True))
            xs.append([b - p for b, p in zip(best["slope"], played["slope"], strict=True)])
            ys.append(r["loss"] - (best["points"] - played["points"]) - level)
        print(f"fit on {len(fit_rows)} moves: SLOPE {tuple(least_squares(xs, ys))} "
              f"at KNOTS {review.KNOTS} (LEVEL {review.LEVEL} kept)")
        pairs = []
        for r in fit_rows:
            view = View(tuple(r["board"]), tuple(r["next"]), tuple(r["landing"]), r["line"])
            j = review.judge(view, tuple(r["played"]), tuple(r["best"]))
            pairs.append((j.cost, r["loss"]))
        print(f"on them the mean loss reaches {LOSSES} from the costs {thresholds(pairs)} "
              f"(GRADES {review.GRADES[1:]})")
    judged = []
    for r in rows:
        if r["set"] != "honest":
            continue
        view = View(tuple(r["board"]), tuple(r["next"]), tuple(r["landing"]), r["line"])
        j = review.judge(view, tuple(r["played"]), tuple(r["best"]))
        judged.append({"grade": j.grade, "cost": j.cost, "loss": r["loss"]})
    if judged:
        print(honest_table(judged))


def fit(args: argparse.Namespace, out: Any) -> None:
    t = tables(5)
    xs: list[float] = []
    ys: list[float] = []
    for g in range(args.games):
        deal = FIT_DEALS + g
        for n, (view, _move, _wild) in enumerate(mistaken_game(deal, args.share)):
            if n % args.every or n < 5:
                continue
            board = view.board
            runs = [play_on(unknown(board, VARIANT_BASE + 1000 + j), 5,
                            VARIANT_BASE + 1000 + j, review.HORIZON)
                    for j in range(args.variants)]
            value = evaluate(list(board), t)
            row = {"deal": deal, "move": n, "evaluate": value, "free": board.count(0),
                   "points": runs}
            xs.append(value)
            ys.append(statistics.fmean(runs))
            print(json.dumps(row), file=out, flush=True)
    print(fit_report(xs, ys))


def fit_report(xs: list[float], ys: list[float]) -> str:
    """The least-squares line of ``ys`` on ``xs``, its R² and the means by fifths of ``xs``.

    >>> print(fit_report([0.0, 1.0, 2.0], [1.0, 3.0, 5.0]).splitlines()[0])
    points = 1.0000 + 2.000000 * evaluate  (R² 1.000, 3 positions)
    """
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    slope = sxy / sxx
    intercept = my - slope * mx
    syy = sum((y - my) ** 2 for y in ys)
    r2 = 1 - sum((y - intercept - slope * x) ** 2 for x, y in zip(xs, ys, strict=True)) / syy
    lines = [f"points = {intercept:.4f} + {slope:.6f} * evaluate  (R² {r2:.3f}, "
             f"{len(xs)} positions)", "", "| evaluate | positions | mean points | fitted |",
             "|---:|---:|---:|---:|"]
    pairs = sorted(zip(xs, ys, strict=True))
    k = max(1, len(pairs) // 5)
    for i in range(0, len(pairs), k):
        part = pairs[i:i + k]
        x = statistics.fmean(p[0] for p in part)
        y = statistics.fmean(p[1] for p in part)
        lines.append(f"| {x:.0f} | {len(part)} | {y:.1f} | {intercept + slope * x:.1f} |")
    return "\n".join(lines)


def speed(args: argparse.Namespace, out: Any) -> None:
    """Each game is played first; then the engine's stores (``Tables``) are
    emptied and its moves judged in order, as the page judges a game the
    player played: the judging must not find the evaluations of the game's
    own suggestion for the same position waiting in the store."""
    times: list[float] = []
    for g in range(args.games):
        played = [(view, move) for view, move, _wild in
                  mistaken_game(HONEST_DEALS + 100 + g, args.share, limit=args.limit)]
        tables(5).forget()
        for view, move in played:
            start = time.process_time()
            review.judge(view, move)
            times.append((time.process_time() - start) * 1000)
    times.sort()
    result = {"moves": len(times), "median_ms": round(statistics.median(times), 1),
              "p95_ms": round(times[int(0.95 * (len(times) - 1))], 1),
              "max_ms": round(times[-1], 1)}
    print(json.dumps(result), file=out, flush=True)
    print(f"judged {result['moves']} moves: median {result['median_ms']} ms, p95 "
          f"{result['p95_ms']} ms, max {result['max_ms']} ms (CPU time)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fit", action="store_true")
    parser.add_argument("--speed", action="store_true")
    parser.add_argument("--collect", action="store_true")
    parser.add_argument("--first", type=int, default=0, help="the first game of each set")
    parser.add_argument("--only", choices=("fit", "honest"), help="collect one set only")
    parser.add_argument("--report", type=Path, help="the rows --collect wrote")
    parser.add_argument("--level", type=Path, help="fit LEVEL on the positions of these rows")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--share", type=float, default=0.1)
    parser.add_argument("--variants", type=int, default=6)
    parser.add_argument("--every", type=int, default=12)
    parser.add_argument("--limit", type=int, default=400)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    if args.report:
        report(args, [json.loads(x) for x in args.report.read_text().splitlines() if x])
        return
    out = args.out.open("a") if args.out else open("/dev/null", "w")  # noqa: SIM115
    with out:
        if args.level:
            level(args, [json.loads(x) for x in args.level.read_text().splitlines() if x], out)
        elif args.fit:
            fit(args, out)
        elif args.speed:
            speed(args, out)
        else:  # --collect, the default
            collect(args, out)


if __name__ == "__main__":
    main()
