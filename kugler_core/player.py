"""The computer player: a suggested move for what the player sees.

``suggest(game, strength)`` returns ``(source, target)`` cells, or None when the
game is over. It is fair: it reads only what the page shows, a ``View``: the
board, the three coming colours, the cells their marks show (under placement
rule 2 the balls land there) and the variant, never the deal or anything
after the three, so two games that look the same get the same suggestion.
Every legal move is ranked (``rank``: a cheap score for all, the evaluation of
``kugler_core.evaluate`` after the move for the best few and for every move
that completes a line, which is always taken when one is in hand); then the
best few are looked at one move further: the coming balls are put on their
marks and the best reply on that board decides. Only a ball whose mark the
move itself takes lands on a cell the player cannot know: that cell is drawn
a few times from a ``random.Random`` of its own, seeded from the view, and the
move gets the mean. The same view always gives the same move, on any machine.
Both strengths do that work (each smaller effort tried died more often in
whole games); strong then looks at its 8 best moves once more, two moves
further (``_second_look``: each of their best replies followed by sampled
balls after the three and the best move after them), about twice quick's
time. Each strength draws from its own seed. The work is a fixed amount per
strength, never a clock (an ``Effort`` can rank and look at more moves on a
crowded board; neither strength does now). See docs/player.md.

>>> g = Game.from_text('''
...     1111.....
...     .........
...     .........
...     .........
...     .........
...     .........
...     .........
...     .........
...     ........1
... ''', next=(2, 3, 4))
>>> suggest(g)
((8, 8), (0, 4))
>>> full = Game.from_text('''
...     121212121
...     212121212
...     121212121
...     212121212
...     121212121
...     212121212
...     121212121
...     212121212
...     121212121
... ''')
>>> full.over, suggest(full, strength="strong")
(True, None)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from heapq import heappush, heapreplace
from operator import add
from typing import TYPE_CHECKING, Literal

from .board import CELL_OF, CELLS, Cell, index
from .errors import StrengthError
from .evaluate import INF_LOSS, Tables, evaluate, evaluate_after, kinds, settle, tables
from .game import Game
from .paths import NEIGHBOURS, empty_regions

if TYPE_CHECKING:
    from .value import Weights

__all__ = ["STRENGTHS", "Strength", "View", "choose", "rank", "suggest"]

Strength = Literal["quick", "strong"]
STRENGTHS: tuple[Strength, ...] = ("quick", "strong")

Move = tuple[int, int]
"""(source, target) as cell indices."""


@dataclass(frozen=True, slots=True)
class View:
    """All the player sees of a game: ``board`` (81 ints), the colours of the
    three coming balls (``next``), the cells where they land as the marks
    show them (``landing``: cell indices in the order the balls come, fewer
    when the board fills, none when the game is over) and the variant
    (``line``). Not the deal, not the ball index, nothing after the three.

    >>> v = View.of(Game.new(deal=42))
    >>> len(v.board), len(v.landing), v.line
    (81, 3, 5)
    """

    board: tuple[int, ...]
    next: tuple[int, int, int]
    landing: tuple[int, ...]
    line: int

    @classmethod
    def of(cls, game: Game) -> View:
        """The view of ``game``: its board, coming colours, their marks and variant."""
        marks = tuple(index(cell) for cell, _colour in game.landing())
        return cls(tuple(game.board), game.next, marks, game.line)


@dataclass(frozen=True, slots=True)
class Effort:
    """How much work one suggestion does (fixed numbers, no clock; a value:
    a variant is ``dataclasses.replace(QUICK, ...)``).

    ``refine``: how many of the best non-scoring moves by the cheap score get
    the full evaluation; ``top``: how many of the best moves then get a look
    one move further (the coming balls on their marks, then the best reply);
    ``crowded``: below this many free cells ``refine_crowded`` and
    ``top_crowded`` are used instead (0: ``refine`` and ``top``); ``samples``:
    how many sampled cells for a coming ball whose mark the move takes;
    ``reply``: the ``refine`` of the best reply; ``learned`` and
    ``learned_root``: when above 0 (and the learned value of the variant
    loads), the weight of the learned points to come (``kugler_core.value``)
    added to the hand-made values: ``learned`` to each of the
    ``learned_replies`` best replies by ``rank`` (the best of them is the
    reply), ``learned_root`` to each candidate's board right after it.
    ``learned_margin``: when not None (and the learned value loads), the
    candidates one move further whose value is within this margin of the best
    (0: only exact ties) are re-ranked by the learned points to come of their
    board right after the move, so the learned value only breaks near-ties and
    never overrides a clear hand-made judgement. 0 / None for both strengths
    unless docs/player.md says otherwise (rows 57-63). ``strong_below``: below
    this many free cells the move is chosen with strong's effort (``STRONG``)
    instead, seeded as before (0: never; row 79 gave quick 30, before quick
    took strong's effort everywhere in row 82). ``second``: when above 1, the
    ``second`` best candidates one move further are chosen among by a second
    move (``_second_look``): each of their ``second_replies`` best replies
    followed by ``second_samples`` sampled draws of the balls after the three
    and the best move after them (``deep`` is row 56's older form, whose
    leaves sit right after a drop).
    """

    refine: int
    top: int
    samples: int
    reply: int = 6
    crowded: int = 0
    refine_crowded: int = 0
    top_crowded: int = 0
    deep: int = 0
    deep_replies: int = 4
    deep_samples: int = 3
    learned: float = 0.0
    learned_replies: int = 1
    learned_root: float = 0.0
    learned_margin: float | None = None
    strong_below: int = 0
    second: int = 0
    second_replies: int = 4
    second_samples: int = 3


STRONG = Effort(refine=120, top=90, samples=4, reply=10, second=8)
"""Row 103 of docs/player.md: row 83's effort (120 moves ranked and 90
looked at one move further on every board), then a second move for the 8
best (until row 83 quick's effort of row 82: 40 / 30, below 36 free cells
120 / 90)."""
QUICK = Effort(refine=120, top=90, samples=4, reply=10)
"""Strong's effort, since row 85 of docs/player.md (rows 84 and 81 made it
cheap enough for a hint); until then strong's effort of row 82 (40 / 30,
below 36 free cells 120 / 90), before row 82 refine 24 / top 20, samples 3,
reply 6, below 30 free cells strong's effort."""

EFFORTS: dict[str, Effort] = {"quick": QUICK, "strong": STRONG}


def suggest(game: Game, strength: Strength = "quick") -> tuple[Cell, Cell] | None:
    """The suggested move ``(source, target)`` for ``game``, or None when it is over.

    ``strength`` is "quick" (for a hint) or "strong" (deeper, for watching and
    the benchmark). Only ``View.of(game)`` is read. The move is legal in
    ``game``; ``game`` is not changed. Raises StrengthError for an unknown strength.
    """
    if strength not in EFFORTS:
        raise StrengthError(f"strength must be 'quick' or 'strong', got {strength!r}")
    if game.over:
        return None
    move = choose(View.of(game), strength)
    return None if move is None else (CELL_OF[move[0]], CELL_OF[move[1]])


def choose(view: View, strength: Strength = "quick") -> Move | None:
    """The suggested move for ``view`` as cell indices ``(source, target)``, or None
    when there is no legal move. Raises StrengthError for an unknown strength."""
    effort = EFFORTS.get(strength)
    if effort is None:
        raise StrengthError(f"strength must be 'quick' or 'strong', got {strength!r}")
    board = list(view.board)
    free = board.count(0)
    if free < effort.strong_below:
        effort = STRONG
    line = view.line
    t = tables(line)
    crowded = free < effort.crowded
    ranked = rank(board, t, (effort.refine_crowded or effort.refine) if crowded else effort.refine)
    if not ranked:
        return None
    top = ranked[: (effort.top_crowded or effort.top) if crowded else effort.top]
    scoring = [(value, move) for value, move in top if _scores(board, move, line)]
    if scoring:  # a line in hand is taken
        top = scoring
    if len(top) == 1:
        return top[0][1]
    rnd = random.Random(_seed(view, strength))
    return _look_further(board, view, t, rnd, top, effort)


def _seed(view: View, strength: str) -> int:
    text = (f"{''.join(map(str, view.board))}|{view.next}|{view.landing}|{view.line}"
            f"|{strength}")
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


# --------------------------------------------------------------------------- search


def rank(board: list[int], t: Tables, refine: int) -> list[tuple[float, Move]]:
    """The refined candidate moves, best first, as ``(value, (source, target))``.

    Every legal move gets a cheap score (``cheap``: the exact change of the line
    potential); the moves that complete a line and the ``refine`` best others
    get a full value: the points + the evaluation of the board after the move
    (before new balls). Ties go to the lower source, then target index.
    Empty when the board has no legal move. ``board`` is not changed.
    """
    plain, scoring = cheap(board, t, refine)
    line = t.line
    out: list[tuple[float, Move]] = []
    if plain:
        before = kinds(bytes(board), t)
        for _d, s, tg in plain:
            b = _played(board, s, tg)
            out.append((evaluate_after(b, t, before, (s, tg)), (s, tg)))
    for s, tg in scoring:
        b = _played(board, s, tg)
        gained = settle(b, (tg,), line)
        out.append((gained + evaluate(b, t), (s, tg)))
    out.sort(key=_rank_key)
    return out


def cheap(board: list[int], t: Tables, best: int
          ) -> tuple[list[tuple[float, int, int]], list[Move]]:
    """The legal moves of ``board`` by their cheap score: ``(plain, scoring)``,
    the ``best`` moves that complete no line as ``(score, source, target)``,
    best first (ties: lower source, then target), and every move that
    completes a line, in source then target order. A move's score is the
    exact change it makes to the line potential: the sum of ``t.weights[n]``
    over the windows of ``n`` balls of one colour (fewer than a line).

    One pass over the windows gives what lifting each ball loses, what a
    colour on each empty cell gains, and, for the windows that hold both
    the source and the target of a move, the correction to their sum; it
    reads each row, column and diagonal from its plan (``_ray_plan``), kept
    for the contents met so far.
    """
    label, regions = empty_regions(board)
    if not regions:
        return [], []
    loss = [0.0] * CELLS
    base = [0.0] * CELLS
    extra: list[list[float]] = [[]] * 8  # extra[c][i]: what colour c on i gains beyond base
    complete: list[dict[int, list[int]]] = [{} for _ in range(8)]
    # fixes[i]: for each window through ball i that changes a move of i
    # inside it (one colour; or i the lone ball of its colour among two), the
    # correction of that move and the window's empty cells
    fixes: list[list[tuple[float, tuple[int, ...]]]] = [[] for _ in range(CELLS)]
    b = bytes(board)
    plans = t.ray_plans
    for r, (where, _along) in enumerate(t.rays):
        contents = b[where]
        plan = plans.get((r, contents))
        if plan is None:
            plan = _ray_plan(t, r, contents)
        gained, lost, extras, completes, inside = plan
        for i, d in gained:
            base[i] += d
        for i, d in lost:
            loss[i] += d
        for c, i, d in extras:
            ex = extra[c]
            if not ex:
                ex = extra[c] = [0.0] * CELLS
            ex[i] += d
        for c, i, w in completes:
            complete[c].setdefault(i, []).append(w)
        for i, fix in inside:
            fixes[i].append(fix)

    windows = t.windows
    zero = [0.0] * CELLS
    # order[colour * 128 + region]: its cells by what that colour gains there,
    # best first (ties: lower cell); gains[colour]: base + extra per cell
    order: dict[int, list[int]] = {}
    gains: list[list[float]] = [[]] * 8
    ascending: list[list[int]] = [[]] * len(regions)
    # the best plain moves so far, a heap of at most ``best``: a source's
    # targets come best first, so its first one below the heap's least ends it
    plain: list[tuple[float, int, int]] = []
    full = best <= 0  # no room for another plain move unless it beats the least
    if full:
        plain.append((float("inf"), 0, 0))  # no plain move wanted: none beats this one
    scoring: list[Move] = []
    for s in range(CELLS):
        c = board[s]
        if not c:
            continue
        near = {label[nb] for nb in NEIGHBOURS[s] if not board[nb]}
        if not near:
            continue
        ex = extra[c] or zero
        done = complete[c]
        ls = loss[s]
        # the targets whose windows with s change the score: the one-colour
        # windows through s, and those where s is the lone ball of its colour
        corr: dict[int, float] = {}
        for fix, gaps in fixes[s]:
            for tg in gaps:
                corr[tg] = corr.get(tg, 0.0) + fix
        for r in near:
            key = c * 128 + r
            ordered = order.get(key)
            gain = gains[c]
            if not gain:
                gain = gains[c] = list(map(add, base, ex))
            if ordered is None:
                by_cell = ascending[r]
                if not by_cell:
                    by_cell = ascending[r] = sorted(regions[r])
                ordered = order[key] = sorted(by_cell, key=gain.__getitem__, reverse=True)
            kept = 0
            for tg in ordered:
                if tg in corr or tg in done:
                    continue
                item = (ls + gain[tg], -s, -tg)
                if not full:
                    heappush(plain, item)
                    full = len(plain) == best
                elif item > plain[0]:
                    heapreplace(plain, item)
                else:
                    break
                kept += 1
                if kept == best:
                    break
        for tg in done:  # a line completed, unless every such window holds s
            if label[tg] in near:
                if any(s not in windows[w] for w in done[tg]):
                    scoring.append((s, tg))
                elif tg not in corr:
                    corr[tg] = 0.0
        for tg, fix in corr.items():
            if label[tg] not in near or (tg in done and any(s not in windows[w]
                                                            for w in done[tg])):
                continue
            d = ls + base[tg] + ex[tg] + fix
            if full and d < plain[0][0]:
                continue
            item = (d, -s, -tg)
            if not full:
                heappush(plain, item)
                full = len(plain) == best
            elif item > plain[0]:
                heapreplace(plain, item)
    scoring.sort()
    if best <= 0:
        plain = []
    plain.sort(reverse=True)
    return [(d, -s, -tg) for d, s, tg in plain], scoring


_Plan = tuple[tuple[tuple[int, float], ...], tuple[tuple[int, float], ...],
              tuple[tuple[int, int, float], ...], tuple[tuple[int, int, int], ...],
              tuple[tuple[int, tuple[float, tuple[int, ...]]], ...]]
"""What ``cheap`` takes from one ray: ``(gained, lost, extras, completes,
inside)``: what a ball gains on each empty cell whatever its colour
(``(cell, amount)``), what lifting each ball loses, what a ball of one colour
gains beyond that (``(colour, cell, amount)``), the windows a ball of one
colour completes on a cell (``(colour, cell, window)``), and per ball the
corrections of its moves inside a window (``(ball, (amount, empty cells))``)."""


def _ray_plan(t: Tables, r: int, contents: bytes) -> _Plan:
    """The plan of ray ``r`` of ``t`` holding ``contents``, kept in ``t.ray_plans``:
    each window along the ray is read once, as ``cheap``'s docstring says,
    and the amounts are added up per cell (they are whole numbers, so the
    order of the sums changes nothing)."""
    weights = t.weights
    line = t.line
    w1 = weights[1]
    cells_of = t.ray_cells[r]
    along = t.rays[r][1]
    gained: dict[int, float] = {}
    lost: dict[int, float] = {}
    extras: dict[tuple[int, int], float] = {}
    completes: list[tuple[int, int, int]] = []
    inside: list[tuple[int, tuple[float, tuple[int, ...]]]] = []
    for k, w in enumerate(along):
        window = contents[k:k + line]
        cells = cells_of[k:k + line]
        colours = set(window) - {0}
        if not colours:
            if w1:
                for i in cells:
                    gained[i] = gained.get(i, 0.0) + w1
            continue
        if len(colours) == 1:
            c = colours.pop()
            n = line - window.count(0)
            here = weights[n]
            if n >= line:  # a line left standing (only in a diagram)
                for i in cells:
                    lost[i] = lost.get(i, 0.0) + weights[n - 1]
                continue
            up = weights[n + 1]
            drop = weights[n - 1] - here
            gaps = tuple(i for i, v in zip(cells, window, strict=True) if not v)
            fix = (2 * here - weights[n - 1] - up, gaps)
            for i, v in zip(cells, window, strict=True):
                if v:
                    lost[i] = lost.get(i, 0.0) + drop
                    inside.append((i, fix))
            for i in gaps:
                gained[i] = gained.get(i, 0.0) - here
                extras[c, i] = extras.get((c, i), 0.0) + up
                if n + 1 == line:
                    completes.append((c, i, w))
            continue
        if len(colours) == 2:
            c1, c2 = colours
            n1, n2 = window.count(c1), window.count(c2)
            for lone, n_lone, n_other in ((c1, n1, n2), (c2, n2, n1)):
                if n_lone != 1:
                    continue
                ball = cells[window.index(lone)]
                worth = weights[n_other]  # the other colour's window, once the lone ball goes
                lost[ball] = lost.get(ball, 0.0) + worth
                if worth:
                    gaps = tuple(i for i, v in zip(cells, window, strict=True) if not v)
                    inside.append((ball, (-worth, gaps)))
    plan = (tuple(gained.items()), tuple(lost.items()),
            tuple((c, i, d) for (c, i), d in extras.items()), tuple(completes), tuple(inside))
    t.keep_plan(r, contents, plan)
    return plan


def _rank_key(item: tuple[float, Move]) -> tuple[float, int, int]:
    return (-item[0], item[1][0], item[1][1])


def _played(board: list[int], source: int, target: int) -> list[int]:
    """A copy of ``board`` with the ball on ``source`` moved to ``target`` (no lines removed)."""
    b = board[:]
    b[target] = b[source]
    b[source] = 0
    return b


def _scores(board: list[int], move: Move, line: int) -> bool:
    b = _played(board, *move)
    return settle(b, (move[1],), line) > 0


def _look_further(board: list[int], view: View, t: Tables, rnd: random.Random,
                  top: list[tuple[float, Move]], effort: Effort) -> Move:
    """The best of ``top`` (``(value, move)`` pairs) one move further. Each
    candidate is played (a line it completes is removed); then the coming balls
    land on their marks (after a line they still come, after the free move)
    and the best reply (``rank``) is taken. A ball whose mark the move took
    lands on a free cell drawn from ``rnd``: ``effort.samples`` draws, the
    value their mean. A candidate is worth its points, the points the landing
    balls make and the value of the best reply; a board that fills is lost.
    Ties go to the lower source, then target index."""
    line = t.line
    # the balls after the three coming ones, unknown: the same draws for every
    # candidate (common random numbers), colour and a share of the free cells
    unknown = [[(rnd.randrange(1, 8), rnd.random()) for _ in range(3)]
               for _ in range(effort.deep_samples)]
    deep = board.count(0) < effort.deep  # the same depth for every candidate
    margin = effort.learned_margin
    learned = (_learned(line) if effort.learned or effort.learned_root or margin is not None
               else None)
    best: tuple[float, int, int] | None = None
    boards: list[tuple[float, int, int, list[int]]] = []  # for the re-ranking by the margin
    second: list[tuple[float, int, int, list[int], int]] = []  # for the second move
    for _value, (source, target) in top:
        b = _played(board, source, target)
        made = settle(b, (target,), line)
        runs = _landings(target, made, view, effort)
        total = 0.0
        for _ in range(runs):
            landing = _landed(b, view, rnd)
            if landing is None:
                total += INF_LOSS
                continue
            landed, after = landing
            if learned is not None and effort.learned:
                total += landed + _learned_reply(after, t, effort, learned)
            elif deep:
                total += landed + _deep_reply(after, t, effort, unknown)
            else:
                total += landed + _best_reply(after, t, effort.reply)
        value = made + total / runs
        if learned is not None and effort.learned_root:
            value += effort.learned_root * learned.value(b)
        key = (value, -source, -target)
        if best is None or key > best:
            best = key
        if margin is not None:
            boards.append((value, source, target, b))
        if effort.second > 1:
            second.append((value, -source, -target, b, made))
    assert best is not None
    if learned is not None and margin is not None:
        return _near_best(boards, margin, learned.value)
    if len(second) > 1:
        second.sort(key=lambda item: item[:3], reverse=True)
        return _second_look(second[:effort.second], view, t, rnd, effort)
    return (-best[1], -best[2])


def _second_look(candidates: list[tuple[float, int, int, list[int], int]], view: View,
                 t: Tables, rnd: random.Random, effort: Effort) -> Move:
    """The best of ``candidates`` (``(value, -source, -target, board after the
    move with its line removed, its points)``, not empty) two moves further.
    The coming balls land on their marks (a ball whose mark the move took on
    a cell drawn from ``rnd``, ``effort.samples`` draws); each of the
    ``effort.second_replies`` best replies by ``rank`` is followed by the
    balls after the three (none after a reply that makes a line) and the best
    move by ``rank`` then: the leaves sit right after a move, where every
    leaf of the first look sits, not right after a drop (row 75's lesson).
    The balls after the three are ``effort.second_samples`` draws of three
    colours and an order of the 81 cells, the balls landing on the first free
    cells of that order: each free cell as likely as in the game, and the
    same draws for every candidate, so two boards that differ in a few cells
    get the same drop cells. A candidate is worth its points, the landing
    balls' points and the best reply's value (its points and the mean of
    the draws); a board that fills is lost. Ties (two candidates whose
    replies reach one board are common) go to the lower source, then target
    index."""
    draws = [([rnd.randrange(1, 8) for _ in range(3)], rnd.sample(range(CELLS), CELLS))
             for _ in range(effort.second_samples)]
    best: tuple[float, int, int] | None = None
    for _first, source, target, b, made in candidates:
        runs = _landings(-target, made, view, effort)
        total = 0.0
        for _ in range(runs):
            after = _landed(b, view, rnd)
            if after is None:
                total += INF_LOSS
                continue
            landed, board = after
            total += landed + _second_reply(board, t, effort, draws)
        key = (made + total / runs, source, target)
        if best is None or key > best:
            best = key
    assert best is not None
    return (-best[1], -best[2])


def _landings(target: int, made: int, view: View, effort: Effort) -> int:
    """How many landings of the coming balls a candidate moving to ``target``
    and making ``made`` points is valued over: ``effort.samples`` when it takes
    a mark and makes no line (the ball of that mark lands on a drawn cell),
    else 1 (every ball lands on its mark: a move that makes a line clears its
    own target)."""
    return effort.samples if target in view.landing and not made else 1


def _landed(board: list[int], view: View, rnd: random.Random) -> tuple[float, list[int]] | None:
    """``board`` with the coming balls on their marks (a mark taken: a free
    cell drawn from ``rnd``) and the lines they make removed: ``(their
    points, the board)``, or None when the board fills."""
    after = board[:]
    cells = []
    for cell, colour in zip(view.landing, view.next, strict=False):
        if after[cell]:
            free = [i for i in range(CELLS) if not after[i]]
            if not free:
                break
            cell = free[rnd.randrange(len(free))]
        after[cell] = colour
        cells.append(cell)
    landed = settle(after, cells, view.line)
    return (landed, after) if 0 in after else None


def _second_reply(board: list[int], t: Tables, effort: Effort,
                  draws: list[tuple[list[int], list[int]]]) -> float:
    """The value of the best of the ``effort.second_replies`` best replies on
    ``board``, each followed by the ``draws`` of the balls after the three
    (unless it makes a line) and the best move after them, as
    ``_second_look`` says (INF_LOSS when there is no reply)."""
    best = INF_LOSS
    for _value, made, b in _replies(board, t, effort.reply, effort.second_replies):
        if made:
            v = made + _best_move(b, t, effort.reply)
        else:
            total = 0.0
            for colours, order in draws:
                after = b[:]
                cells: list[int] = []
                for cell in order:
                    if not after[cell]:
                        after[cell] = colours[len(cells)]
                        cells.append(cell)
                        if len(cells) == len(colours):
                            break
                points = settle(after, cells, t.line)
                total += points + _best_move(after, t, effort.reply) if 0 in after else INF_LOSS
            v = total / len(draws)
        if v > best:
            best = v
    return best


def _best_move(board: list[int], t: Tables, refine: int) -> float:
    """The value of the best move on ``board`` by ``rank``, or the evaluation of
    ``board`` itself when no ball can move (a board with a free cell)."""
    ranked = rank(board, t, refine)
    return ranked[0][0] if ranked else evaluate(board, t)


def _near_best(candidates: list[tuple[float, int, int, list[int]]], margin: float,
               learned: Callable[[list[int]], float]) -> Move:
    """Of ``candidates`` (``(value, source, target, board after the move)``, not
    empty), those whose value is within ``margin`` of the best, the one whose
    board ``learned`` values most (ties: the higher value, then the lower
    source and target). A candidate further below the best is never chosen,
    whatever ``learned`` says of it."""
    top = max(value for value, _s, _t, _b in candidates)
    near = [(value, source, target, board) for value, source, target, board in candidates
            if value >= top - margin]
    if len(near) == 1:
        return (near[0][1], near[0][2])
    _v, _value, source, target = max((learned(board), value, -source, -target)
                                     for value, source, target, board in near)
    return (-source, -target)


def _deep_reply(board: list[int], t: Tables, effort: Effort,
                unknown: list[list[tuple[int, float]]]) -> float:
    """The value of the best of the ``effort.deep_replies`` best replies on
    ``board`` (by ``rank``) when each is followed by the unknown balls after
    the three coming ones (``unknown``: per sample three colours and shares of
    the free cells), their points and the evaluation after them, the mean over
    the samples. A reply that makes a line brings no balls."""
    line = t.line
    best = INF_LOSS
    for value, made, b in _replies(board, t, effort.reply, effort.deep_replies):
        if made:
            v = value
        else:
            total = 0.0
            for draws in unknown:
                after = b[:]
                cells = []
                for colour, share in draws:
                    free = [i for i in range(CELLS) if not after[i]]
                    if not free:
                        break
                    cell = free[int(share * len(free))]
                    after[cell] = colour
                    cells.append(cell)
                landed = settle(after, cells, line)
                total += landed + evaluate(after, t) if 0 in after else INF_LOSS
            v = total / len(unknown)
        if v > best:
            best = v
    return best


def _learned(line: int) -> Weights | None:
    """The learned value of variant ``line``, or None when its weights are
    missing or damaged (the hand-made evaluation is used then). Imported
    here, on first use, so that the page's engine image leaves it out while
    no strength uses it."""
    from .value import WeightsError, weights

    try:
        return weights(line)
    except WeightsError:
        return None


def _learned_reply(board: list[int], t: Tables, effort: Effort, learned: Weights) -> float:
    """The value of the best reply on ``board``: the best of the
    ``effort.learned_replies`` best replies by ``rank``, each worth its value
    by ``rank`` and ``effort.learned`` times the learned points to come of
    the board after it (INF_LOSS when there is no reply)."""
    best = INF_LOSS
    for value, _made, b in _replies(board, t, effort.reply, effort.learned_replies):
        v = value + effort.learned * learned.value(b)
        if v > best:
            best = v
    return best


def _replies(board: list[int], t: Tables, refine: int, count: int
             ) -> list[tuple[float, int, list[int]]]:
    """The ``count`` best replies on ``board`` by ``rank`` (``refine``
    refined), best first, as ``(value, points made, the board after the reply
    with its lines removed)``; empty when there is no legal move."""
    out = []
    for value, (source, target) in rank(board, t, refine)[:count]:
        b = _played(board, source, target)
        out.append((value, settle(b, (target,), t.line), b))
    return out


def _best_reply(board: list[int], t: Tables, refine: int) -> float:
    """The value of the best move on ``board`` by ``rank`` (INF_LOSS when there is none)."""
    ranked = rank(board, t, refine)
    return ranked[0][0] if ranked else INF_LOSS
