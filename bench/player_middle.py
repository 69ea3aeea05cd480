"""Variants of the quick player judged over whole middle-game play-ons, paired.

    python bench/player_middle.py --variant base --variant deep20:deep=20 \\
        [--processes 2] [--first 0] [--count 0] [--results FILE] [--middle-file FILE]
    python bench/player_middle.py --compare FILE [FILE ...]
    python bench/player_middle.py --find 341-387 --middle-file FILE

Deaths begin in the middle game: a board with 28-36 free cells slowly fills
until the player is in a crisis. The crisis sets (``bench/player_ab.py``)
start where that has happened; this set starts before it, so that a change
of the player is judged on whether its own moves let the board fall. Each of
the positions of ``bench/middle.json`` (game documents of quick's games on
deals 341-387, no deal of the crisis sets or of any tuning) is played on by
the variant for 60 moves with three deal streams: the real deal (stream 0)
and two others (``other_deal``) that differ only in what the player cannot
see, the coming balls after the three shown. A play-on is scored by whether
the board fell to 24 free cells (the falls that decide the deaths: rows 93
and 94 of docs/player.md), fell to 18, was lost, its fewest and last free
cells, its points and the CPU time a move. Against the first variant each
figure is a paired difference, the three streams averaged within a
position, with ±1.96 standard errors over the positions: another seed of the
same player moves the falls by about ±3 points of a hundred (row 94), and
every variant costs a quarter of an hour of two cores.

A variant is ``name[:weights file][:field=value,...]`` as in
``bench/player_ab.py``. ``--results`` appends each play-on to a JSON-lines
file as it ends, and a run given the same file again plays only what is
missing (a long run resumes); ``--compare`` reads such files, so variants run
in separate processes or checkouts (a change of the evaluation's code: the
same command on each checkout) are compared on the positions they all
finished. ``--find`` plays quick's games on the deals and writes the
positions that would make the set (``find_middle``), how ``bench/middle.json``
was made.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from player import GameResult, parse_deals, play_game  # noqa: E402  (bench/player.py)
from player_ab import parse_variant  # noqa: E402

from kugler_core import player as engine  # noqa: E402
from kugler_core import rng, value  # noqa: E402
from kugler_core.evaluate import tables  # noqa: E402
from kugler_core.game import Game  # noqa: E402

MIDDLE_FILE = HERE / "middle.json"
"""The positions: one game document a line, in a JSON list."""
MIDDLE_MOVES = 60
"""The moves of a play-on."""
STREAMS = 3
"""The deal streams a position is played on with: 0 the real deal, then ``other_deal``."""
FALLS = (24, 18)
"""A play-on falls to these free cells when its fewest free cells are at most these."""
FREE = (28, 36)
"""``find_middle``: the free cells of a middle-game position, at least and at most."""
AFTER = 300
"""``find_middle``: a position comes after this many moves of its game, ..."""
GAP = 80
"""... this many moves after the last one taken and before the end of the game, ..."""
PER_GAME = 7
"""... and a game gives at most this many."""
MAX_MOVES = 3000
"""``find_middle``: the cap of quick's games the positions are taken from."""

PlayOn = tuple[bool, int, int, int, float]
"""One play-on: lost, its fewest free cells, free cells at the end (0 when
lost), points and the player's CPU milliseconds a move (NaN when a results
file did not record them)."""


def other_deal(deal: int, stream: int) -> int:
    """The deal of deal stream ``stream`` (0: ``deal`` itself) of a position of ``deal``.

    >>> other_deal(341, 0), other_deal(341, 1), other_deal(341, 2)
    (341, 2805109, 2909838)
    """
    return deal if stream == 0 else (deal * 7919 + stream * 104_729) % rng.MAX_DEAL + 1


def find_middle(result: GameResult, line: int = 5) -> list[dict[str, Any]]:
    """The game documents of the middle-game positions of ``result`` (a game of
    ``play_game``): ``FREE`` free cells, after ``AFTER`` moves, ``GAP`` moves
    apart and before the end, at most ``PER_GAME``, and none where one of the
    moves quick looks at one move further makes a line (the choice there is
    not a middle-game one). ValueError as ``GameResult.replay``."""
    t = tables(line)
    out: list[dict[str, Any]] = []
    last = -GAP
    for n, game in enumerate(result.replay(line)):
        if n >= len(result.played) or len(out) >= PER_GAME:
            break
        free = game.board.count(0)
        if n < AFTER or n - last < GAP or not FREE[0] <= free <= FREE[1] \
                or n + GAP > len(result.played):
            continue
        board = list(engine.View.of(game).board)
        top = engine.rank(board, t, engine.QUICK.refine)[: engine.QUICK.top]
        if any(engine._scores(board, move, line) for _, move in top):
            continue
        out.append(Game(game.position, deal=game.deal, line=line).to_dict())
        last = n
    return out


def load_middle(path: Path = MIDDLE_FILE) -> list[dict[str, Any]]:
    """The game documents of ``path``; DocumentError (``kugler_core.errors``)
    for one that does not read as a game, ValueError for one that is over."""
    docs: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    for n, doc in enumerate(docs):
        if Game.from_dict(doc).over:
            raise ValueError(f"{path.name}: position {n} is over")
    return docs


def save_middle(docs: Sequence[Mapping[str, Any]], path: Path) -> None:
    """Write ``docs`` as ``load_middle`` reads them, one document a line."""
    path.write_text("[\n" + ",\n".join(json.dumps(d, separators=(",", ":")) for d in docs)
                    + "\n]\n", encoding="utf-8")


def start(doc: Mapping[str, Any], stream: int) -> Game:
    """The game at position ``doc`` with deal stream ``stream``: what the
    player sees (``View``) is the same on every stream."""
    game = Game.from_dict(doc)
    if stream:
        game = Game(game.position, deal=other_deal(game.deal, stream), line=game.line)
    return game


def play_middle(doc: Mapping[str, Any], stream: int, moves: int = MIDDLE_MOVES) -> PlayOn:
    """Quick (``engine.EFFORTS["quick"]`` as it is now) plays ``moves`` moves
    from ``doc`` on deal stream ``stream``, fewer when the game is lost; the
    CPU time is the process's, spent choosing the moves.

    >>> doc = load_middle()[0]
    >>> lost, fewest, end, points, ms = play_middle(doc, 1, 3)
    >>> lost, fewest <= end <= fewest + 6, points >= 0, ms > 0
    (False, True, True, True)
    """
    game = start(doc, stream)
    before = game.score
    free = fewest = game.board.count(0)
    spent = 0.0
    played = 0
    for _ in range(moves):
        clock = time.process_time()
        move = engine.suggest(game, "quick")
        spent += time.process_time() - clock
        if move is None:
            break
        played += 1
        game.move(*move)
        free = game.board.count(0)
        fewest = min(fewest, free)
    return (game.over, fewest, free, game.score - before,
            round(1000.0 * spent / max(1, played), 2))


Job = tuple[str, int, int, int]
"""A play-on to play: the variant's spec, the position's index, the stream, the moves."""

_docs: list[dict[str, Any]] = []
_variant: list[str] = [""]
_shipped: list[value.Weights] = []


def _init(docs: list[dict[str, Any]]) -> None:
    _docs[:] = docs


def _job(job: Job) -> tuple[str, int, int, PlayOn]:
    spec, index, stream, moves = job
    if not _shipped:
        _shipped.append(value.weights(5))
    if _variant[0] != spec:  # each variant starts with empty stores
        _name, effort, weights = parse_variant(spec)
        value._loaded[5] = weights or _shipped[0]
        engine.EFFORTS["quick"] = effort
        tables(5).forget()
        _variant[0] = spec
    return spec.split(":")[0], index, stream, play_middle(_docs[index], stream, moves)


Results = dict[str, dict[int, dict[int, PlayOn]]]
"""Per variant, per position, per stream: its play-on."""


def read_results(lines: Iterable[str], into: Results | None = None) -> Results:
    """``into`` (a new dict when None) with the play-ons of a ``--results``
    file's lines; a line without ``ms`` (files written before it was
    recorded) has NaN for it.

    >>> r = read_results(['{"variant":"a","position":3,"stream":1,"play_on":[false,22,25,40]}',
    ...                   '{"variant":"a","position":4,"stream":0,"play_on":[true,0,0,9],'
    ...                   '"ms":41.5}'])
    >>> r["a"][3][1], r["a"][4][0]
    ((False, 22, 25, 40, nan), (True, 0, 0, 9, 41.5))
    """
    out: Results = {} if into is None else into
    for text in lines:
        if text.strip():
            d = json.loads(text)
            lost, fewest, end, points = d["play_on"]
            out.setdefault(d["variant"], {}).setdefault(int(d["position"]), {})[
                int(d["stream"])] = (bool(lost), int(fewest), int(end), int(points),
                                     float(d.get("ms", math.nan)))
    return out


def run(docs: Sequence[dict[str, Any]], specs: Sequence[str], indices: Sequence[int],
        processes: int, moves: int = MIDDLE_MOVES, results: Path | None = None,
        streams: int = STREAMS) -> Results:
    """Play every variant of ``specs`` on the positions ``indices`` of ``docs``
    with each stream; with ``results``, only what that file does not hold yet,
    appending each play-on as it ends. The player is put back afterwards."""
    got: Results = {spec.split(":")[0]: {} for spec in specs}
    if results is not None and results.exists():
        read_results(results.read_text(encoding="utf-8").splitlines(), got)
    jobs = [(spec, i, s, moves) for spec in specs for i in indices for s in range(streams)
            if s not in got[spec.split(":")[0]].get(i, {})]
    for spec in specs:
        parse_variant(spec)  # a bad spec fails before any play
    quick, shipped = engine.EFFORTS["quick"], value.weights(5)
    sink = None if results is None else results.open("a", encoding="utf-8")
    try:
        done: Iterator[tuple[str, int, int, PlayOn]]
        if processes > 1:
            pool = multiprocessing.Pool(processes, _init, (list(docs),))
            done = pool.imap_unordered(_job, jobs)
        else:
            pool = None
            _init(list(docs))
            done = map(_job, jobs)
        for name, i, s, play_on in done:
            got[name].setdefault(i, {})[s] = play_on
            if sink is not None:
                sink.write(json.dumps({"variant": name, "position": i, "stream": s,
                                       "play_on": list(play_on[:4]),
                                       "ms": play_on[4]}) + "\n")
                sink.flush()
            print(f"{name} {i}/{s}: {'lost' if play_on[0] else play_on[2]}",
                  file=sys.stderr, flush=True)
        if pool is not None:
            pool.close()
            pool.join()
    finally:
        engine.EFFORTS["quick"] = quick
        value._loaded[5] = shipped
        _variant[0] = ""
        if sink is not None:
            sink.close()
    return got


def _fell(free: int) -> Callable[[PlayOn], float]:
    return lambda p: 100.0 * (p[0] or p[1] <= free)


FIGURES: dict[str, Callable[[PlayOn], float]] = {
    **{f"fell to {free} %": _fell(free) for free in FALLS},
    "lost %": lambda p: 100.0 * p[0],
    "fewest free": lambda p: float(p[1]),
    "end free": lambda p: float(p[2]),
    "points": lambda p: float(p[3]),
    "ms a move (CPU)": lambda p: p[4],
}
"""The figures of a play-on the table shows, each a mean over play-ons (a
fall counts when the play-on is lost too). The CPU time is the worker's,
on a machine that may be shared: a guide to cost, not a benchmark."""


def table(results: Results, streams: int = STREAMS) -> str:
    """A Markdown table of ``results`` on the positions every variant finished
    on all ``streams``: per variant each figure's mean and, against the first
    variant, its paired difference ± 1.96 standard errors over the positions
    (``inf`` with one position; ``-`` for a figure a results file lacks)."""
    names = list(results)
    complete = set.intersection(*(
        {i for i, by in results[n].items() if all(s in by for s in range(streams))}
        for n in names))
    positions = sorted(complete)

    def mean_of(name: str, figure: Callable[[PlayOn], float]) -> list[float]:
        return [statistics.fmean(figure(results[name][i][s]) for s in range(streams))
                for i in positions]

    head = "| variant | positions | " + " | ".join(FIGURES) + " |"
    out = [head, "| --- | ---: |" + " ---: |" * len(FIGURES)]
    if not positions:
        return "\n".join([*out, "| (no position finished by every variant) |"])
    for name in names:
        cells = [_shown(statistics.fmean(mean_of(name, f))) for f in FIGURES.values()]
        out.append(f"| {name} | {len(positions)} | " + " | ".join(cells) + " |")
    for name in names[1:]:
        cells = []
        for figure in FIGURES.values():
            d = [x - y for x, y in zip(mean_of(name, figure), mean_of(names[0], figure),
                                       strict=True)]
            half = 1.96 * statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else math.inf
            mean = statistics.fmean(d)
            cells.append("-" if math.isnan(mean) else f"{mean:+.1f} ± {half:.1f}")
        out.append(f"| {name} - {names[0]} | {len(positions)} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def _shown(x: float) -> str:
    return "-" if math.isnan(x) else f"{x:.1f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--middle-file", type=Path, default=MIDDLE_FILE)
    parser.add_argument("--moves", type=int, default=MIDDLE_MOVES)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--count", type=int, default=0, help="0: all positions from --first")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--results", type=Path, default=None)
    parser.add_argument("--compare", type=Path, nargs="+", default=None)
    parser.add_argument("--find", type=parse_deals, default=None, metavar="DEALS",
                        help="write the positions of quick's games on DEALS to --middle-file")
    args = parser.parse_args(argv)
    if args.compare:
        merged: Results = {}
        for path in args.compare:
            read_results(path.read_text(encoding="utf-8").splitlines(), merged)
        print(table(merged))
        return 0
    if args.find:
        docs = []
        for deal in args.find:
            found = find_middle(play_game(deal, 5, "quick", MAX_MOVES))
            print(f"deal {deal}: {len(found)} positions", file=sys.stderr, flush=True)
            docs.extend(found)
        save_middle(docs, args.middle_file)
        return 0
    if not args.variant:
        parser.error("give at least one --variant (or --compare, or --find)")
    docs = load_middle(args.middle_file)
    indices = range(args.first, len(docs) if not args.count
                    else min(len(docs), args.first + args.count))
    print(table(run(docs, args.variant, indices, args.processes, args.moves, args.results)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
