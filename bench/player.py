"""Benchmark of the computer player: whole games on a fixed list of deals.

    python bench/player.py [--strength quick|strong|both] [--deals 1-100] [--line 5]
                           [--max-moves N] [--jobs 2] [--effort second=6,second_samples=1]
    python bench/player.py --crisis [--crisis-file bench/crisis_hard.json] [--crisis-moves 50]
                           [--strength ...] [--jobs 2]
    python bench/player.py --make-crisis --deals 7001-7200 [--crisis-file ...]
    python bench/player.py ... --results games.jsonl      (each game kept as it ends)
    python bench/player.py --table-from a.jsonl b.jsonl   (the table of kept games)
    python bench/player.py --compare new.jsonl --against old.jsonl [old2.jsonl]

The player (``kugler_core.player.suggest``) plays every deal from the start
until the game is over (or ``--max-moves`` moves, a safety cap; such games are
counted as they stand and marked in the table). Deals are shared out over
``--jobs`` processes. Progress goes to stderr; a table per strength goes to
stdout: games, the deaths per 100,000 moves (the games that ended, over the
moves played; a capped game counts as a survival, so the cap hides no
strength) with its exact 95 % Poisson interval, the points per move and the
mean of an uncapped game they imply (points per move x moves per death),
points (mean, median, min, max), moves (mean, median), the
scoring rate (the share of moves that made a line), and the time per
suggestion, wall clock, median and p95 (and the median and p95 CPU time of
the process, which move less when other programs share the machine).

``--results FILE`` appends each game to FILE (one JSON object a line, with
its strength, the time of every suggestion and the moves played, so that
``GameResult.replay`` gives its boards again without the player) as soon as
it ends, so a long run can be split into parts (say, odd and even deals at
different times) or cut short without losing what it played;
``--table-from`` prints the table of the games in such files (the last
record of a deal and strength counts).
``--compare`` pairs two such sets by deal (``--against`` the one to beat,
each one player): on the deals both played, the deaths per 100,000 moves of
each, and the one-sided chance of so few deaths for the new player if both
died at the same rate a move (the new player's share of the deaths given
the moves, binomial), with how many deals it lasted longer and shorter on.
``--effort FIELD=VALUE,...`` plays whole games with the strength's effort
(``kugler_core.player.Effort``) changed, a variant without a copy of the
code; its games are kept and tabled as its own player ("quick second=6").

``--crisis`` is a low-noise paired benchmark for comparing two versions of
the player: a fixed set of crowded positions (each a deal and the moves from
its start that lead to a board with few free cells) is played on for
``--crisis-moves`` moves (50 unless told) with the real deal. The table
gives how many games were lost within those moves with the exact 95 %
(Clopper-Pearson) interval, the free cells at the end (a lost game counts
0) with ± 1.96 standard errors, and the points made. The positions come
from games played by the ranking alone (fast, and weak enough to crowd the
board): ``--make-crisis --deals A-B`` plays those deals and keeps the
position whenever a move leaves at most ``CRISIS_FREE`` cells free (or
``--crisis-free``), at most one every ``CRISIS_GAP`` moves of a game.
``bench/crisis_hard.json`` (the default) holds the positions of deals 7001-7200, which neither the
benchmark (1-100) nor any tuning (2001-2300, 5001-5040, 10,000 and up)
uses; ``bench/crisis_decline.json`` (``DECLINE_FILE``) 200 positions with
at most 30 free cells, where a game begins to fill (``--crisis-file
bench/crisis_decline.json --crisis-moves 100``); ``bench/crisis.json`` the
42 of deals 5001-5040 that the fifth
round's rows were measured on (``--crisis-file bench/crisis.json
--crisis-moves 25``).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kugler_core import player as engine
from kugler_core.board import CELL_OF, index
from kugler_core.errors import IllegalMove
from kugler_core.evaluate import tables
from kugler_core.game import Game
from kugler_core.player import STRENGTHS, Effort, rank, suggest

CRISIS_FILE = Path(__file__).resolve().parent / "crisis_hard.json"
"""The crowded positions of deals 7001-7200 (used by no benchmark or tuning)."""
DECLINE_FILE = Path(__file__).resolve().parent / "crisis_decline.json"
"""Positions where a game begins to fill: the first of each of deals
7801-8000 (used by no benchmark, tuning or other set) with at most 30 free
cells (``--make-crisis --crisis-free 30``), most 28-30; played on for 100
moves quick loses 23 (docs/player.md, row 87)."""
DECLINE_FREE = 30
"""At most this many cells are free in a position of ``DECLINE_FILE``."""
CRISIS_MOVES = 50
"""Moves each crisis position is played on for."""
CRISIS_FREE = 18
"""A position is crowded (a crisis) when at most this many cells are free."""
CRISIS_GAP = 40
"""Moves of one game between two crisis positions taken from it."""
CRISIS_REFINE = 10
"""``refine`` of the ranking that plays the games the crisis positions come from."""
FLOATS = ("learned", "learned_root", "learned_margin")
"""The fields of ``Effort`` that are weights (the others are counts)."""
BASES: dict[str, Effort] = {"quick": engine.QUICK, "strong": engine.STRONG}
"""The effort of each strength as shipped, what ``--effort`` changes."""


def effort_changes(text: str) -> dict[str, float | int | None]:
    """The fields of ``Effort`` that ``text`` (``field=value,...``, "" for none)
    changes: counts as whole numbers, the weights of ``FLOATS`` as numbers,
    ``learned_margin`` below 0 as None (off). ValueError for an unknown field
    or a value that is not a number.

    >>> effort_changes("second=6,second_samples=1")
    {'second': 6, 'second_samples': 1}
    >>> effort_changes("depth=3")
    Traceback (most recent call last):
    ValueError: Effort has no field 'depth'
    """
    names = {field.name for field in dataclasses.fields(Effort)}
    changes: dict[str, float | int | None] = {}
    for pair in filter(None, text.split(",")):
        key, _, value = pair.partition("=")
        if key not in names:
            raise ValueError(f"Effort has no field {key!r}")
        try:
            number = float(value)
        except ValueError:
            raise ValueError(f"{key}: not a number: {value!r}") from None
        if key == "learned_margin":
            changes[key] = None if number < 0 else number
        else:
            changes[key] = number if key in FLOATS else int(number)
    return changes


@dataclass(frozen=True)
class GameResult:
    """One game: its deal, points, moves, moves that made a line, the time of
    each suggestion (wall clock and process CPU, seconds) and the moves played
    (``played``: ``(source, target)`` cell indices, so that the game can be
    replayed without the player; empty in files written before they were kept)."""

    deal: int
    points: int
    moves: int
    scoring: int
    capped: bool
    wall: tuple[float, ...]
    cpu: tuple[float, ...]
    played: tuple[tuple[int, int], ...] = ()

    def replay(self, line: int) -> Iterator[Game]:
        """The game again from the start of its deal without the player (a game
        of ``play_game``, not a crisis position's play-on): yields the game
        before each move of ``played``, then after the last (one game, changed
        in place). ValueError if a move is illegal there (a changed rule or
        deal stream) or the moves do not end as the record says (a record
        without its moves among them).

        >>> r = play_game(3, 5, "quick", 2)
        >>> [(g.moves, g.score) for g in r.replay(5)][-1] == (2, r.points)
        True
        """
        game = Game.new(deal=self.deal, line=line)
        for n, (source, target) in enumerate(self.played):
            yield game
            try:
                game.move(CELL_OF[source], CELL_OF[target])
            except IllegalMove as error:
                raise ValueError(f"deal {self.deal}, move {n + 1}: {error}") from None
        yield game
        if game.over == self.capped or game.moves != self.moves:
            raise ValueError(f"deal {self.deal}: the moves played do not end as recorded")


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
    return play_on(Game.new(deal=deal, line=line), strength, max_moves)


def play_on(game: Game, strength: str, moves: int) -> GameResult:
    """Play ``game`` on with the player at ``strength`` until over or ``moves``
    more moves; the result counts the points and moves from here."""
    start, before = game.score, game.moves
    wall: list[float] = []
    cpu: list[float] = []
    scoring = 0
    played: list[tuple[int, int]] = []
    while not game.over and len(wall) < moves:
        w0 = time.perf_counter()
        c0 = time.process_time()
        move = suggest(game, strength)  # type: ignore[arg-type]
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        assert move is not None
        turn = game.move(*move)
        played.append((index(move[0]), index(move[1])))
        if turn.lines and turn.path and turn.events[1].type == "clear":
            scoring += 1
    return GameResult(game.deal, game.score - start, game.moves - before, scoring,
                      not game.over, tuple(wall), tuple(cpu), tuple(played))


def _play(job: tuple[int, int, str, int, str]) -> GameResult:
    deal, line, strength, max_moves, effort = job
    with changed_effort(strength, effort):
        return play_game(deal, line, strength, max_moves)


@contextlib.contextmanager
def changed_effort(strength: str, text: str) -> Iterator[None]:
    """Inside, ``strength`` plays with its shipped effort (``BASES``) changed by
    ``text`` (``effort_changes``; "" changes nothing); its effort is put back
    on leaving, whatever happens inside."""
    if not text:
        yield
        return
    kept = engine.EFFORTS[strength]
    changes = effort_changes(text)
    engine.EFFORTS[strength] = dataclasses.replace(BASES[strength], **changes)  # type: ignore[arg-type]
    try:
        yield
    finally:
        engine.EFFORTS[strength] = kept


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank.

    >>> percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)
    10
    """
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, -(-round(q * len(ordered) * 1000) // 1000) - 1))
    return ordered[k]


def _poisson_cdf(k: int, mean: float) -> float:
    """P(X <= k) for X Poisson with ``mean`` (terms summed in log space)."""
    if k < 0:
        return 0.0
    if mean <= 0:
        return 1.0
    log_mean = math.log(mean)
    return math.fsum(math.exp(i * log_mean - mean - math.lgamma(i + 1)) for i in range(k + 1))


def _solve(f: object, target: float, lo: float, hi: float) -> float:
    """The ``x`` in [lo, hi] where the decreasing ``f(x)`` crosses ``target`` (bisection)."""
    assert callable(f)
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > target:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2


def poisson_interval(k: int, confidence: float = 0.95) -> tuple[float, float]:
    """The exact (Garwood) interval of the mean of a Poisson count ``k``: the means
    under which seeing ``k`` or fewer, resp. ``k`` or more, has probability
    ``(1 - confidence) / 2``; the same as the chi-square quantiles
    ``chi2((1-c)/2, 2k) / 2`` and ``chi2((1+c)/2, 2k+2) / 2``. ValueError
    for a negative count or a confidence outside (0, 1).

    >>> [round(x, 3) for x in poisson_interval(0)]
    [0.0, 3.689]
    >>> [round(x, 3) for x in poisson_interval(10)]
    [4.795, 18.39]
    """
    if k < 0 or not 0 < confidence < 1:
        raise ValueError(f"need a count >= 0 and a confidence in (0, 1), got {k}, {confidence}")
    tail = (1 - confidence) / 2
    hi_bound = k + 20 * math.sqrt(k + 1) + 20
    upper = _solve(lambda m: _poisson_cdf(k, m), tail, 0.0, hi_bound)
    if k == 0:
        return 0.0, upper
    lower = _solve(lambda m: _poisson_cdf(k - 1, m), 1 - tail, 0.0, hi_bound)
    return lower, upper


def binomial_interval(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The exact (Clopper-Pearson) interval of a share seen ``k`` times in ``n``:
    the shares under which ``k`` or more, resp. ``k`` or fewer, has
    probability ``(1 - confidence) / 2``. ValueError unless 0 <= k <= n, n > 0.

    >>> [round(x, 4) for x in binomial_interval(0, 10)]
    [0.0, 0.3085]
    >>> [round(x, 4) for x in binomial_interval(5, 10)]
    [0.1871, 0.8129]
    """
    if not 0 <= k <= n or n <= 0 or not 0 < confidence < 1:
        raise ValueError(f"need 0 <= k <= n, n > 0 and a confidence in (0, 1), got {k}, {n}")
    tail = (1 - confidence) / 2
    lower = 0.0 if k == 0 else _solve(lambda p: _binomial_cdf(k - 1, n, p), 1 - tail, 0.0, 1.0)
    upper = 1.0 if k == n else _solve(lambda p: _binomial_cdf(k, n, p), tail, 0.0, 1.0)
    return lower, upper


def _binomial_cdf(j: int, n: int, p: float) -> float:
    """P(X <= j) for X binomial with ``n`` trials of chance ``p`` (terms in log space)."""
    if j < 0:
        return 0.0
    if p <= 0:
        return 1.0
    if p >= 1:
        return 0.0 if j < n else 1.0
    lp, lq = math.log(p), math.log1p(-p)
    return math.fsum(math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                              + i * lp + (n - i) * lq) for i in range(min(j, n) + 1))


def deaths(results: Sequence[GameResult]) -> dict[str, float]:
    """Deaths per 100,000 moves over ``results``: the games that ended (a capped
    game survived), the moves played, the rate and its exact 95 % Poisson
    interval, the points per move, and the mean of an uncapped game it
    implies (points per move x moves per death; ``inf`` with no death).

    >>> d = deaths([GameResult(1, 400, 100, 30, False, (), ()),
    ...             GameResult(2, 1600, 300, 90, True, (), ())])
    >>> d["deaths"], d["moves"], d["rate"], d["points_per_move"], d["implied_mean"]
    (1, 400, 250.0, 5.0, 2000.0)
    """
    died = sum(1 for r in results if not r.capped)
    moves = sum(r.moves for r in results)
    pts = sum(r.points for r in results)
    per = 100_000 / moves if moves else 0.0
    lo, hi = poisson_interval(died)
    ppm = pts / moves if moves else 0.0
    return {
        "deaths": died,
        "moves": moves,
        "rate": died * per,
        "rate_low": lo * per,
        "rate_high": hi * per,
        "points_per_move": ppm,
        "implied_mean": ppm * moves / died if died else math.inf,
    }


def summarize(results: Sequence[GameResult]) -> dict[str, float]:
    """The numbers of the table for one strength."""
    pts = [r.points for r in results]
    moves = [r.moves for r in results]
    wall = [t for r in results for t in r.wall]
    cpu = [t for r in results for t in r.cpu]
    return deaths(results) | {
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
        "cpu_ms_p95": 1000 * percentile(cpu, 0.95) if cpu else 0.0,
    }


def compare(old: Sequence[GameResult], new: Sequence[GameResult]) -> dict[str, float]:
    """``new`` against ``old`` on the deals both played: what ``deaths`` gives for
    each (its keys after ``old_`` and ``new_``), the deals, those ``new``
    lasted longer and shorter on, and ``p_fewer`` / ``p_more``: the chance
    of at most / at least ``new``'s deaths if both died at the same rate a
    move (each death then ``new``'s with the probability of its share of the
    moves, binomial).

    >>> old = [GameResult(d, 0, 1000, 0, False, (), ()) for d in (1, 2, 3, 4)]
    >>> new = [GameResult(d, 0, 1000, 0, True, (), ()) for d in (2, 3, 4, 5)]
    >>> c = compare(old, new)
    >>> c["deals"], c["old_deaths"], c["new_deaths"], c["longer"], c["shorter"]
    (3, 3, 0, 0, 0)
    >>> round(c["p_fewer"], 6), c["p_more"]
    (0.125, 1.0)
    """
    olds = {r.deal: r for r in old}
    pairs = [(olds[r.deal], r) for r in new if r.deal in olds]
    out: dict[str, float] = {
        "deals": len(pairs),
        "longer": sum(1 for x, y in pairs if y.moves > x.moves),
        "shorter": sum(1 for x, y in pairs if y.moves < x.moves),
    }
    for key, side in (("old", [x for x, _ in pairs]), ("new", [y for _, y in pairs])):
        for field, value in deaths(side).items():
            out[f"{key}_{field}"] = value
    n, k = int(out["old_deaths"] + out["new_deaths"]), int(out["new_deaths"])
    moves = out["old_moves"] + out["new_moves"]
    share = out["new_moves"] / moves if moves else 0.5
    out["p_fewer"] = _binomial_cdf(k, n, share)
    out["p_more"] = 1.0 - _binomial_cdf(k - 1, n, share)
    return out


def format_table(rows: Sequence[tuple[str, dict[str, float]]]) -> str:
    """A Markdown table: one row per (strength, summary), numbers rounded for reading.
    """
    head = ["strength", "games", "deaths / moves", "deaths per 100,000 moves (95 %)",
            "points per move", "implied mean", "mean", "median", "min", "max", "moves mean",
            "moves median", "scoring rate", "ms median", "ms p95", "cpu ms median", "cpu ms p95"]
    out = ["| " + " | ".join(head) + " |", "| " + " | ".join(["---"] * len(head)) + " |"]
    for name, s in rows:
        games = f"{int(s['games'])}" + (f" ({int(s['capped'])} capped)" if s["capped"] else "")
        implied = s["implied_mean"]
        cells = [
            name, games, f"{int(s['deaths'])} / {int(s['moves']):,}",
            f"{s['rate']:.1f} ({s['rate_low']:.1f}-{s['rate_high']:.1f})",
            f"{s['points_per_move']:.2f}", "-" if math.isinf(implied) else f"{implied:,.0f}",
            f"{s['mean']:,.0f}", f"{s['median']:,.0f}", f"{s['min']:,.0f}",
            f"{s['max']:,.0f}", f"{s['moves_mean']:,.0f}", f"{s['moves_median']:,.0f}",
            f"{100 * s['scoring_rate']:.1f} %", f"{s['ms_median']:.1f}",
            f"{s['ms_p95']:.1f}", f"{s['cpu_ms_median']:.1f}", f"{s['cpu_ms_p95']:.1f}",
        ]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def run(deals: Sequence[int], line: int, strength: str, max_moves: int,
        jobs: int, results_file: Path | None = None, effort: str = "") -> list[GameResult]:
    """Play every deal (with ``strength``'s effort changed by ``effort``, as
    ``changed_effort`` says); progress on stderr (and each game to
    ``results_file``, when given, as it ends, with ``effort``); results in
    deal order."""
    work = [(d, line, strength, max_moves, effort) for d in deals]
    label = f"{strength} {effort}" if effort else strength
    results: list[GameResult] = []
    start = time.perf_counter()
    if jobs <= 1:
        done = map(_play, work)
        for r in done:
            results.append(r)
            _progress(label, r, len(results), len(work), start)
            if results_file:
                save_result(results_file, strength, line, r, effort)
    else:
        with multiprocessing.Pool(jobs) as pool:
            for r in pool.imap_unordered(_play, work):
                results.append(r)
                _progress(label, r, len(results), len(work), start)
                if results_file:
                    save_result(results_file, strength, line, r, effort)
    results.sort(key=lambda r: r.deal)
    return results


def save_result(path: Path, strength: str, line: int, r: GameResult, effort: str = "") -> None:
    """Append game ``r`` to the results file ``path`` (one JSON line; ``effort``:
    the changes of ``--effort`` it was played with, kept when not "")."""
    row: dict[str, object] = {"strength": strength, "line": line}
    if effort:
        row["effort"] = effort
    row |= {"deal": r.deal, "points": r.points,
           "moves": r.moves, "scoring": r.scoring, "capped": r.capped,
           "wall": [round(x, 6) for x in r.wall], "cpu": [round(x, 6) for x in r.cpu],
           "played": [list(m) for m in r.played]}
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(row, separators=(",", ":")) + "\n")


def load_results(paths: Sequence[Path]) -> dict[tuple[str, int], list[GameResult]]:
    """The games of results files, per (strength, line), in deal order; the last
    record of a deal counts. A game played with ``--effort`` counts under its
    strength and the changes (say "quick second=6"). ValueError for a
    malformed line."""
    games: dict[tuple[str, int, int], GameResult] = {}
    for path in paths:
        for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not text.strip():
                continue
            try:
                row = json.loads(text)
                r = GameResult(int(row["deal"]), int(row["points"]), int(row["moves"]),
                               int(row["scoring"]), bool(row["capped"]),
                               tuple(map(float, row["wall"])), tuple(map(float, row["cpu"])),
                               tuple((int(a), int(b)) for a, b in row.get("played", ())))
                player = " ".join(filter(None, (str(row["strength"]), row.get("effort", ""))))
                games[(player, int(row["line"]), r.deal)] = r
            except (KeyError, TypeError, ValueError) as error:
                raise ValueError(f"{path}:{n}: not a game result ({error})") from None
    out: dict[tuple[str, int], list[GameResult]] = {}
    for (strength, line, _deal), r in sorted(games.items()):
        out.setdefault((strength, line), []).append(r)
    return out


def _progress(strength: str, r: GameResult, done: int, total: int, start: float) -> None:
    ms = (f", ms median {1000 * statistics.median(r.wall):.1f}"
          f" (cpu {1000 * statistics.median(r.cpu):.1f})") if r.wall else ""
    print(f"[{strength}] {done}/{total} deal {r.deal}: {r.points} points, {r.moves} moves"
          f"{' (capped)' if r.capped else ''}{ms}, {time.perf_counter() - start:.0f} s",
          file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Crisis:
    """A crowded position: ``moves`` (source, target cell indices) played from the
    start of ``deal`` lead to it; ``free`` cells are free there."""

    deal: int
    line: int
    moves: tuple[tuple[int, int], ...]
    free: int

    def game(self) -> Game:
        """The game at this position; ValueError if the moves do not lead to it
        (a changed rule or deal stream)."""
        game = Game.new(deal=self.deal, line=self.line)
        try:
            for source, target in self.moves:
                game.move(CELL_OF[source], CELL_OF[target])
        except IllegalMove:
            game = Game.new(deal=self.deal, line=self.line)
        if game.moves != len(self.moves) or game.over or game.board.count(0) != self.free:
            raise ValueError(f"crisis position of deal {self.deal} after {len(self.moves)} "
                             f"moves does not come out with {self.free} free cells")
        return game


def find_crises(deal: int, line: int, max_moves: int, free: int = CRISIS_FREE,
                gap: int = CRISIS_GAP) -> list[Crisis]:
    """Play ``deal`` with the ranking alone (``kugler_core.player.rank``, its best
    move: fast, and weak enough to crowd the board) until over (or
    ``max_moves``) and keep the positions where a move left at most ``free``
    cells free (and the game goes on), at most one every ``gap`` moves."""
    game = Game.new(deal=deal, line=line)
    t = tables(line)
    found: list[Crisis] = []
    last = -gap
    while not game.over and game.moves < max_moves:
        ranked = rank(list(game.board), t, CRISIS_REFINE)
        source, target = ranked[0][1]
        game.move(CELL_OF[source], CELL_OF[target])
        left = game.board.count(0)
        if not game.over and left <= free and game.moves - last >= gap:
            history = game.history
            assert history is not None
            found.append(Crisis(deal, line, tuple(history), left))
            last = game.moves
    return found


def save_crises(crises: Sequence[Crisis], path: Path) -> None:
    """Write ``crises`` as JSON (one position a line)."""
    rows = [json.dumps({"deal": c.deal, "line": c.line, "free": c.free,
                        "moves": [list(m) for m in c.moves]}, separators=(",", ":"))
            for c in crises]
    path.write_text("[\n" + ",\n".join(rows) + "\n]\n", encoding="utf-8")


def load_crises(path: Path) -> list[Crisis]:
    """The positions ``save_crises`` wrote; ValueError for a malformed file."""
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
        return [Crisis(int(r["deal"]), int(r["line"]),
                       tuple((int(s), int(t)) for s, t in r["moves"]), int(r["free"]))
                for r in rows]
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"{path}: not a list of crisis positions ({error})") from None


@dataclass(frozen=True)
class CrisisResult:
    """Crisis position ``index`` played on: ``run`` counts the points and moves
    from the position (``run.capped``: still going after them), ``free`` the
    free cells at the end (0 when lost)."""

    index: int
    free: int
    run: GameResult

    @property
    def lost(self) -> bool:
        return not self.run.capped


def play_crisis(index: int, crisis: Crisis, strength: str, moves: int) -> CrisisResult:
    """Play ``moves`` moves (fewer when the game ends) from ``crisis``."""
    game = crisis.game()
    run = play_on(game, strength, moves)
    return CrisisResult(index, game.board.count(0), run)


def _play_crisis(job: tuple[int, Crisis, str, int]) -> CrisisResult:
    return play_crisis(*job)


def run_crises(crises: Sequence[Crisis], strength: str, moves: int,
               jobs: int) -> list[CrisisResult]:
    """Play every crisis position on; results in file order."""
    work = [(i, c, strength, moves) for i, c in enumerate(crises)]
    if jobs <= 1:
        results = list(map(_play_crisis, work))
    else:
        with multiprocessing.Pool(jobs) as pool:
            results = list(pool.imap_unordered(_play_crisis, work))
    results.sort(key=lambda r: r.index)
    return results


def summarize_crises(results: Sequence[CrisisResult]) -> dict[str, float]:
    """The numbers of the crisis table for one strength."""
    wall = [t for r in results for t in r.run.wall]
    cpu = [t for r in results for t in r.run.cpu]
    lost = sum(1 for r in results if r.lost)
    lo, hi = binomial_interval(lost, len(results))
    free = [r.free for r in results]
    half = 1.96 * statistics.stdev(free) / math.sqrt(len(free)) if len(free) > 1 else 0.0
    return {
        "positions": len(results),
        "lost": lost,
        "lost_low": lo * len(results),
        "lost_high": hi * len(results),
        "free_mean": statistics.fmean(free),
        "free_half": half,
        "points_mean": statistics.fmean(r.run.points for r in results),
        "ms_median": 1000 * statistics.median(wall) if wall else 0.0,
        "cpu_ms_median": 1000 * statistics.median(cpu) if cpu else 0.0,
    }


def format_crisis_table(rows: Sequence[tuple[str, dict[str, float]]], moves: int) -> str:
    """A Markdown table: one row per (strength, crisis summary); the positions lost
    with their exact 95 % (Clopper-Pearson) interval, the mean free cells at
    the end ± 1.96 standard errors."""
    head = ["strength", "positions", f"lost within {moves} moves (95 %)",
            "free cells at the end (95 %)", "points", "ms median", "cpu ms median"]
    out = ["| " + " | ".join(head) + " |", "| " + " | ".join(["---"] * len(head)) + " |"]
    for name, s in rows:
        cells = [name, f"{int(s['positions'])}",
                 f"{int(s['lost'])} ({s['lost_low']:.0f}-{s['lost_high']:.0f})",
                 f"{s['free_mean']:.1f} ± {s['free_half']:.1f}",
                 f"{s['points_mean']:.1f}", f"{s['ms_median']:.1f}", f"{s['cpu_ms_median']:.1f}"]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--strength", choices=[*STRENGTHS, "both"], default="both")
    parser.add_argument("--deals", default="1-100", help="e.g. 1-100 or 1-10,42")
    parser.add_argument("--line", type=int, choices=(4, 5), default=5)
    parser.add_argument("--max-moves", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--effort", default="",
                        help="whole games: play with the strength's effort changed, "
                             "FIELD=VALUE,... (fields of kugler_core.player.Effort)")
    parser.add_argument("--crisis", action="store_true",
                        help="play the crisis positions on instead of whole games")
    parser.add_argument("--make-crisis", action="store_true",
                        help="play --deals with the ranking alone and write their crisis "
                             "positions to --crisis-file")
    parser.add_argument("--crisis-free", type=int, default=CRISIS_FREE,
                        help=f"--make-crisis: keep positions with at most this many free "
                             f"cells ({CRISIS_FREE} unless told)")
    parser.add_argument("--crisis-file", type=Path, default=CRISIS_FILE)
    parser.add_argument("--crisis-moves", type=int, default=CRISIS_MOVES)
    parser.add_argument("--results", type=Path, default=None,
                        help="append each game to this file (JSON lines) as it ends")
    parser.add_argument("--table-from", type=Path, nargs="+", default=None,
                        help="print the table of the games in these results files")
    parser.add_argument("--compare", type=Path, nargs="+", default=None,
                        help="the games of a player (results files) paired by deal "
                             "with those of --against")
    parser.add_argument("--against", type=Path, nargs="+", default=None)
    args = parser.parse_args(argv)
    if args.compare or args.against:
        if not (args.compare and args.against):
            parser.error("--compare and --against go together")
        sides = []
        for paths in (args.against, args.compare):
            try:
                kept = load_results(paths)
            except (OSError, ValueError) as error:
                parser.error(str(error))
            if len(kept) != 1:
                parser.error(f"{' '.join(map(str, paths))}: the games of one player and "
                             f"variant, not {len(kept)}")
            sides.append(next(iter(kept.values())))
        c = compare(sides[0], sides[1])
        for name, key in (("against", "old"), ("compare", "new")):
            print(f"{name}: {int(c[f'{key}_deaths'])} deaths in {int(c[f'{key}_moves']):,} "
                  f"moves, {c[f'{key}_rate']:.1f} per 100,000 ({c[f'{key}_rate_low']:.1f}-"
                  f"{c[f'{key}_rate_high']:.1f})")
        print(f"{int(c['deals'])} deals in common; longer on {int(c['longer'])}, shorter on "
              f"{int(c['shorter'])}; one-sided p of so few deaths {c['p_fewer']:.3f}, "
              f"of so many {c['p_more']:.3f}")
        return 0
    if args.table_from:
        try:
            kept = load_results(args.table_from)
        except (OSError, ValueError) as error:
            parser.error(str(error))
        for (strength, line), results in kept.items():
            deals_of = ",".join(str(r.deal) for r in results)
            print(f"line {line}, {strength}, {len(results)} games (deals {deals_of})")
            print(format_table([(strength, summarize(results))]))
        return 0
    try:
        deals = parse_deals(args.deals)
    except ValueError as error:
        parser.error(str(error))
    strengths = list(STRENGTHS) if args.strength == "both" else [args.strength]
    try:
        effort_changes(args.effort)
    except ValueError as error:
        parser.error(f"--effort: {error}")
    if args.effort and (args.crisis or args.make_crisis):
        parser.error("--effort plays whole games (bench/player_ab.py plays variants on the "
                     "crisis positions)")
    if args.make_crisis:
        found = [c for d in deals
                 for c in find_crises(d, args.line, args.max_moves, args.crisis_free,
                                      CRISIS_GAP)]
        save_crises(found, args.crisis_file)
        print(f"{len(found)} crisis positions from deals {args.deals} in {args.crisis_file}")
        return 0
    if args.crisis:
        try:
            crises = load_crises(args.crisis_file)
        except (OSError, ValueError) as error:
            parser.error(str(error))
        rows = [(strength, summarize_crises(run_crises(crises, strength, args.crisis_moves,
                                                       args.jobs)))
                for strength in strengths]
        print(f"crisis positions {args.crisis_file.name}, {args.crisis_moves} moves each, "
              f"jobs {args.jobs}")
        print(format_crisis_table(rows, args.crisis_moves))
        return 0
    rows = []
    for strength in strengths:
        results = run(deals, args.line, strength, args.max_moves, args.jobs, args.results,
                      args.effort)
        rows.append((f"{strength} {args.effort}" if args.effort else strength,
                     summarize(results)))
    print(f"line {args.line}, deals {args.deals}, max moves {args.max_moves}, "
          f"jobs {args.jobs}")
    print(format_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
