"""Paired A/B of variants of the quick player on the crisis positions.

    python bench/player_ab.py --variant base --variant deep20::deep=20 \\
        [--crisis-file bench/crisis_hard.json] [--crisis-moves 50] [--first 0] [--count 0] \\
        [--results FILE] [--compare FILE FILE ...]
    python bench/player_ab.py --choices --variant base --variant top60:top=60 [--crisis-file ...]

A variant is ``name[:weights file][:field=value,...]``: the quick player's
``Effort`` with those fields changed (any field of ``kugler_core.player.Effort``;
``learned_margin`` below 0 is None, off), its learned value read from the
weights file (``kugler_core/value5.bin`` when none). Below
``strong_below`` free cells (quick's: 0; it has strong's effort everywhere
since row 82) the player uses strong's effort whatever the variant says:
``refine=24,top=20,samples=3,reply=6,crowded=30,refine_crowded=90,top_crowded=60,strong_below=30``
is quick of row 79. Every variant plays every
position in turn in one process (paired: the same positions, the same deal
after them), ``bench/player.py``'s ``play_crisis``. Prints a line per
position as it goes and then, per variant, the positions lost with their
exact 95 % interval, the free cells and points at the end, and against the
first variant the positions it saved and lost more, with the exact two-sided
sign test (McNemar) on those two counts. ``--results`` writes each
variant's per-position results as JSON; ``--compare`` reads such files
(one variant each, run in parallel processes on the same positions) and
prints the same table. The player is deterministic, so a variant's results
do not depend on the process or the order.

One run of the base is one draw: the seed that draws the cells of a ball
whose mark a move takes moves a fifth of the crowded choices, and quick
under five seeds lost 106 to 123 of the hard set's 228 (row 101 of
docs/player.md). ``--seed TEXT`` plays every variant with its seed drawn
otherwise (the same player); ``--compare --reference N`` takes the first N
files as the base under N seeds and adds a table of each file's lost
positions against the mean of those seeds, position by position (a seed
of the reference against the mean of the others), ± 1.96 standard errors:

    python bench/player_ab.py --variant base --seed 1 --results s1.json   # ... s2, s3
    python bench/player_ab.py --compare base.json s1.json s2.json s3.json new.json --reference 4

``--choices`` plays nothing on: each variant chooses one move on every
position, and the table counts the positions where its move is not the
first variant's, beside the same count for the first variant with
another seed (the seed draws the cells of a ball whose mark a move takes:
the floor of what a change of the player moves), and the CPU time of a
choice. A change that moves few choices cannot be told apart in whole
games; a minute here says so before hours there.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import math
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from player import (  # noqa: E402  (bench/player.py)
    CRISIS_FILE,
    CRISIS_MOVES,
    Crisis,
    binomial_interval,
    effort_changes,
    load_crises,
    play_crisis,
)

from kugler_core import player as engine  # noqa: E402
from kugler_core import value  # noqa: E402
from kugler_core.evaluate import tables  # noqa: E402

Results = list[tuple[bool, int, int]]
"""Per position: lost, free cells at the end, points."""


def parse_variant(spec: str) -> tuple[str, engine.Effort, value.Weights | None]:
    """``(name, effort, weights or None)`` of ``spec``; ValueError for an unknown
    field, a value that is not a number, or a weights file that does not load.

    >>> name, effort, weights = parse_variant("wide:top_crowded=150,learned_margin=0")
    >>> name, effort.top_crowded, effort.learned_margin, effort.refine, weights
    ('wide', 150, 0.0, 120, None)
    >>> parse_variant("x:depth=3")
    Traceback (most recent call last):
    ValueError: x: Effort has no field 'depth'
    """
    name, *parts = spec.split(":")
    weights = None
    changes: dict[str, float | int | None] = {}
    for part in parts:
        if "=" not in part:
            if part:
                weights = value.Weights.parse(Path(part).read_bytes())
            continue
        try:
            changes |= effort_changes(part)
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
    effort = dataclasses.replace(engine.QUICK, **changes)  # type: ignore[arg-type]
    return name, effort, weights


def sign_test(a: int, b: int) -> float:
    """The exact two-sided sign test's p of ``a`` against ``b``.

    >>> sign_test(0, 0), round(sign_test(20, 47), 4), sign_test(4, 4)
    (1.0, 0.0013, 1.0)
    """
    n = a + b
    if n == 0:
        return 1.0
    tail: float = sum(math.comb(n, i) for i in range(min(a, b) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def table(results: dict[str, Results]) -> str:
    """A Markdown table of ``results`` (per variant, the same positions), the
    first variant the base of the comparison."""
    names = list(results)
    base = results[names[0]]
    out = ["| variant | positions | lost (95 %) | free cells at the end | points "
           "| saved / lost more (p) |", "| --- | ---: | --- | ---: | ---: | --- |"]
    for name in names:
        got = results[name]
        if len(got) != len(base):
            raise ValueError(f"{name}: {len(got)} positions, {names[0]} has {len(base)}")
        lost = sum(1 for r in got if r[0])
        lo, hi = binomial_interval(lost, len(got))
        saved = sum(1 for r, b in zip(got, base, strict=True) if b[0] and not r[0])
        more = sum(1 for r, b in zip(got, base, strict=True) if r[0] and not b[0])
        versus = f"{saved} / {more} ({sign_test(saved, more):.2f})" if name != names[0] else ""
        out.append(f"| {name} | {len(got)} | {lost} ({lo * len(got):.0f}-{hi * len(got):.0f}) "
                   f"| {statistics.fmean(r[1] for r in got):.1f} "
                   f"| {statistics.fmean(r[2] for r in got):.1f} | {versus} |")
    return "\n".join(out)


def reference_table(results: dict[str, Results], seeds: int) -> str:
    """A Markdown table of each variant's lost positions against the mean of
    the first ``seeds`` variants of ``results`` (the base under as many
    seeds), position by position, ± 1.96 standard errors of the sum; a
    seed of the base is set against the mean of the other seeds. ValueError
    when fewer than two seeds are given or the variants' positions differ.

    >>> print(reference_table({"s1": [(True, 0, 0), (False, 9, 9), (True, 0, 0)],
    ...                        "s2": [(True, 0, 0), (False, 9, 9), (False, 9, 9)],
    ...                        "new": [(True, 0, 0), (True, 0, 0), (False, 9, 9)]}, 2))
    | variant | positions | lost | against the mean of the seeds (s1, s2) |
    | --- | ---: | ---: | ---: |
    | s1 | 3 | 2 | +1.0 ± 2.0 |
    | s2 | 3 | 1 | -1.0 ± 2.0 |
    | new | 3 | 2 | +0.5 ± 2.6 |
    """
    names = list(results)
    if seeds < 2 or seeds > len(names):
        raise ValueError(f"the reference needs 2 to {len(names)} seeds, got {seeds}")
    count = len(results[names[0]])
    if any(len(r) != count for r in results.values()):
        raise ValueError("the variants were not played on the same positions")
    lost = {name: [1.0 if r[0] else 0.0 for r in rows] for name, rows in results.items()}
    head = ", ".join(names[:seeds])
    out = [f"| variant | positions | lost | against the mean of the seeds ({head}) |",
           "| --- | ---: | ---: | ---: |"]
    for n, name in enumerate(names):
        others = [lost[m] for k, m in enumerate(names[:seeds]) if k != n]
        mean = [statistics.fmean(col) for col in zip(*others, strict=True)]
        diff = [x - m for x, m in zip(lost[name], mean, strict=True)]
        half = 1.96 * statistics.stdev(diff) * math.sqrt(count) if count > 1 else math.inf
        out.append(f"| {name} | {count} | {sum(lost[name]):.0f} | {sum(diff):+.1f} ± {half:.1f} |")
    return "\n".join(out)


@contextlib.contextmanager
def seeded(salt: str) -> Iterator[None]:
    """Inside, the player's seed is drawn otherwise by ``salt`` (the same
    player, other cells for a ball whose mark a move takes); "" leaves it.
    The seed is put back on leaving, whatever happens inside."""
    seed = engine._seed
    if salt:
        engine._seed = lambda view, strength: seed(view, f"{strength}/{salt}")
    try:
        yield
    finally:
        engine._seed = seed


def choices(crises: Sequence[Crisis],
            variants: Sequence[tuple[str, engine.Effort, value.Weights | None]]
            ) -> list[tuple[str, int, float]]:
    """Per variant, then the first variant with another seed: ``(name, the
    positions where its move differs from the first variant's, median CPU ms
    of a choice)``; every variant chooses once on each of ``crises``."""
    views = [engine.View.of(c.game()) for c in crises]
    shipped = value.weights(5)
    quick = engine.EFFORTS["quick"]
    runs = [*variants, (f"{variants[0][0]}, another seed", variants[0][1], variants[0][2])]
    moves: list[list[engine.Move | None]] = []
    out = []
    try:
        for n, (name, effort, weights) in enumerate(runs):
            value._loaded[5] = weights or shipped
            engine.EFFORTS["quick"] = effort
            for line in {view.line for view in views}:
                tables(line).forget()  # each variant starts with empty stores
            chosen, cpu = [], []
            with seeded("another" if n == len(runs) - 1 else ""):
                for view in views:
                    c0 = time.process_time()
                    chosen.append(engine.choose(view, "quick"))
                    cpu.append(1000 * (time.process_time() - c0))
            moves.append(chosen)
            differ = sum(1 for a, b in zip(chosen, moves[0], strict=True) if a != b)
            out.append((name, differ, statistics.median(cpu)))
    finally:
        engine.EFFORTS["quick"] = quick
        value._loaded[5] = shipped
    return out


def choices_table(rows: Sequence[tuple[str, int, float]], positions: int) -> str:
    """A Markdown table of ``choices``'s rows over ``positions`` positions.

    >>> print(choices_table([("base", 0, 30.0), ("top60", 8, 20.5)], 160))
    | variant | positions | choices not the first variant's | CPU ms a choice (median) |
    | --- | ---: | ---: | ---: |
    | base | 160 | 0 (0.0 %) | 30.0 |
    | top60 | 160 | 8 (5.0 %) | 20.5 |
    """
    out = ["| variant | positions | choices not the first variant's | CPU ms a choice (median) |",
           "| --- | ---: | ---: | ---: |"]
    for name, differ, ms in rows:
        out.append(f"| {name} | {positions} | {differ} ({100 * differ / positions:.1f} %) "
                   f"| {ms:.1f} |")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--crisis-file", type=Path, default=CRISIS_FILE)
    parser.add_argument("--crisis-moves", type=int, default=CRISIS_MOVES)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--count", type=int, default=0, help="0: all positions from --first")
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--results", type=Path, default=None)
    parser.add_argument("--compare", type=Path, nargs="+", default=None)
    parser.add_argument("--choices", action="store_true",
                        help="count the moves each variant chooses otherwise; play nothing on")
    parser.add_argument("--seed", default="",
                        help="play with the player's seed drawn otherwise (the same player)")
    parser.add_argument("--reference", type=int, default=1,
                        help="with --compare: the first N files are the base under N seeds")
    args = parser.parse_args(argv)
    if args.compare:
        merged: dict[str, Results] = {}
        for path in args.compare:
            for name, rows in json.loads(path.read_text(encoding="utf-8")).items():
                if name in merged:
                    name = f"{name} ({path.stem})"
                merged[name] = [(bool(a), int(b), int(c)) for a, b, c in rows]
        if args.reference != 1 and not 2 <= args.reference <= len(merged):
            parser.error(f"--reference needs 2 to {len(merged)} files, got {args.reference}")
        print(table(merged))
        if args.reference > 1:
            print()
            print(reference_table(merged, args.reference))
        return 0
    if not args.variant:
        parser.error("give at least one --variant (or --compare)")
    crises = load_crises(args.crisis_file)[args.first:]
    if args.count:
        crises = crises[:args.count]
    variants = [parse_variant(spec) for spec in args.variant]
    with seeded(args.seed):
        return _run(args, crises, variants)


def _run(args: argparse.Namespace, crises: Sequence[Crisis],
         variants: Sequence[tuple[str, engine.Effort, value.Weights | None]]) -> int:
    if args.choices:
        print(choices_table(choices(crises, variants), len(crises)))
        return 0
    shipped = value.weights(5)
    quick = engine.EFFORTS["quick"]
    results: dict[str, Results] = {name: [] for name, _e, _w in variants}
    try:
        for i, crisis in enumerate(crises):
            row = []
            for name, effort, weights in variants:
                value._loaded[5] = weights or shipped
                engine.EFFORTS["quick"] = effort
                r = play_crisis(args.first + i, crisis, "quick", args.crisis_moves)
                results[name].append((r.lost, r.free, r.run.points))
                row.append(f"{name} {'lost' if r.lost else r.free}")
            print(f"{args.first + i}: " + ", ".join(row), file=sys.stderr, flush=True)
    finally:
        engine.EFFORTS["quick"] = quick
        value._loaded[5] = shipped
    if args.results:
        args.results.write_text(json.dumps(results), encoding="utf-8")
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
