"""The computer player: a suggested move for what the player sees.

``suggest(game, strength)`` returns ``(source, target)`` cells, or None when the
game is over. It is fair: it reads only the board, the three coming colours
and the variant (``game.board``, ``game.next``, ``game.line``), never the deal,
so two games that look the same get the same suggestion. Every legal move is
ranked by the evaluation of ``kugler_core.evaluate`` after it; then the best
few are looked at one move further: where the three coming balls will land
is sampled (the deal, which decides it, is hidden from the player) from a
``random.Random`` of its own seeded from the visible position, and each
sample is answered by the best reply. The same position always gives the same
move, on any machine. The strong strength looks further at more moves over
more samples than the quick one; the work is a fixed
amount per strength, never a clock. See docs/player.md.

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
from heapq import nlargest
from typing import Literal

from .board import CELL_OF, CELLS, Cell
from .evaluate import INF_LOSS, Tables, evaluate, settle, tables
from .game import Game
from .paths import NEIGHBOURS, empty_regions

__all__ = ["STRENGTHS", "Strength", "rank", "suggest"]

Strength = Literal["quick", "strong"]
STRENGTHS: tuple[Strength, ...] = ("quick", "strong")

Move = tuple[int, int]
"""(source, target) as cell indices."""


class Effort:
    """How much work one suggestion does (fixed numbers, no clock).

    ``refine``: how many of the best non-scoring moves by the cheap score get
    the full evaluation; ``top``: how many of the best moves then get a look
    one move further (0 or 1: none), over ``samples`` sampled landings of the
    three coming balls; ``prior``: how much of the ranking's value is added to
    what the look further finds.
    """

    __slots__ = ("prior", "refine", "samples", "top")

    def __init__(self, refine: int, top: int = 0, samples: int = 0, prior: float = 0.0) -> None:
        self.refine = refine
        self.top = top
        self.samples = samples
        self.prior = prior


QUICK = Effort(refine=10, top=6, samples=4)
STRONG = Effort(refine=10, top=8, samples=16, prior=1.0)
REPLY_REFINE = 6
"""``refine`` of the best reply in the look one move further."""

EFFORTS: dict[str, Effort] = {"quick": QUICK, "strong": STRONG}


def suggest(game: Game, strength: Strength = "quick") -> tuple[Cell, Cell] | None:
    """The suggested move ``(source, target)`` for ``game``, or None when it is over.

    ``strength`` is "quick" (for a hint) or "strong" (deeper, for watching and
    the benchmark). The move is legal in ``game``; ``game`` is not changed.
    Raises ValueError for an unknown strength.
    """
    if strength not in EFFORTS:
        raise ValueError(f"strength must be 'quick' or 'strong', got {strength!r}")
    if game.over:
        return None
    board = list(game.board)
    nxt = game.next
    line = game.line
    t = tables(line)
    effort = EFFORTS[strength]
    ranked = rank(board, t, effort.refine)
    if not ranked:
        return None
    top = ranked[: effort.top]
    scoring = [(value, move) for value, move in top if _scores(board, move, line)]
    if scoring:  # a line in hand is taken: the look further chooses among the lines
        top = scoring
    best = top[0][1] if top else ranked[0][1]
    if len(top) > 1 and effort.samples:
        rnd = random.Random(_seed(board, nxt, line, strength))
        best = _look_further(board, nxt, t, rnd, top, effort)
    return CELL_OF[best[0]], CELL_OF[best[1]]


def _seed(board: list[int], nxt: tuple[int, int, int], line: int, strength: str) -> int:
    text = "".join(map(str, board)) + f"|{nxt[0]}{nxt[1]}{nxt[2]}|{line}|{strength}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


# --------------------------------------------------------------------------- search


def rank(board: list[int], t: Tables, refine: int) -> list[tuple[float, Move]]:
    """The refined candidate moves, best first, as ``(value, (source, target))``.

    Every legal move gets a cheap score (the exact change of the line
    potential); the moves that complete a line and the ``refine`` best others
    get a full value: the points + the evaluation of the board after the move
    (before new balls). Ties go to the lower source, then target index.
    Empty when the board has no legal move. ``board`` is not changed.
    """
    label, regions = empty_regions(board)
    if not regions:
        return []

    windows = t.windows
    cell_windows = t.cell_windows
    weights = t.weights
    line = t.line
    nw = len(windows)
    wcol = [0] * nw
    wn = [0] * nw
    for w in range(nw):
        col = 0
        n = 0
        for i in windows[w]:
            v = board[i]
            if v:
                if v != col:
                    if col:
                        col = -1
                        break
                    col = v
                n += 1
        wcol[w] = col
        wn[w] = n

    shared = t.shared
    gain_cache: dict[int, tuple[float, tuple[int, ...]]] = {}

    def gain(target: int, color: int) -> tuple[float, tuple[int, ...]]:
        key = target * 8 + color
        hit = gain_cache.get(key)
        if hit is not None:
            return hit
        d = 0.0
        full: list[int] = []
        for w in cell_windows[target]:
            c = wcol[w]
            if c == 0:
                d += weights[1]
            elif c == color:
                n = wn[w]
                d += weights[n + 1] - weights[n]
                if n + 1 == line:
                    full.append(w)
            elif c > 0:
                d -= weights[wn[w]]
        out = (d, tuple(full))
        gain_cache[key] = out
        return out

    def window_value(w: int, source: int, target: int, color: int) -> float:
        col = 0
        n = 0
        for i in windows[w]:
            v = color if i == target else (0 if i == source else board[i])
            if v:
                if v != col:
                    if col:
                        return 0.0
                    col = v
                n += 1
        return weights[n] if n < line else 0.0

    plain: list[tuple[float, int, int]] = []
    scoring: list[Move] = []
    for s in range(CELLS):
        color = board[s]
        if not color:
            continue
        near = {label[nb] for nb in NEIGHBOURS[s] if not board[nb]}
        if not near:
            continue
        loss = 0.0
        for w in cell_windows[s]:
            c = wcol[w]
            if c == color:
                n = wn[w]
                loss += weights[n - 1] - weights[n]
            elif c < 0:
                loss += window_value(w, s, -1, 0)
        base = s * CELLS
        for r in near:
            for tg in regions[r]:
                d, full = gain(tg, color)
                both = shared.get(base + tg)
                if both is None:
                    if full:
                        scoring.append((s, tg))
                        continue
                    plain.append((loss + d, s, tg))
                    continue
                if full and any(w not in both for w in full):
                    scoring.append((s, tg))
                    continue
                exact = loss + d
                made = False
                for w in both:
                    before = weights[wn[w]] if wcol[w] > 0 else 0.0
                    moved = window_value(w, s, -1, 0)  # the source's share, already in loss
                    placed = window_value(w, -1, tg, color)  # the target's share, in d
                    after = window_value(w, s, tg, color)
                    exact += after - moved - placed + before
                    if _is_full(windows[w], board, s, tg, color):
                        made = True
                if made:
                    scoring.append((s, tg))
                else:
                    plain.append((exact, s, tg))

    picks = nlargest(refine, plain, key=_cheap_key)
    out: list[tuple[float, Move]] = []
    for _d, s, tg in picks:
        b = _played(board, s, tg)
        out.append((evaluate(b, t), (s, tg)))
    for s, tg in scoring:
        b = _played(board, s, tg)
        gained = settle(b, (tg,), line)
        out.append((gained + evaluate(b, t), (s, tg)))
    out.sort(key=_rank_key)
    return out


def _cheap_key(item: tuple[float, int, int]) -> tuple[float, int, int]:
    return (item[0], -item[1], -item[2])


def _rank_key(item: tuple[float, Move]) -> tuple[float, int, int]:
    return (-item[0], item[1][0], item[1][1])


def _is_full(cells: tuple[int, ...], board: list[int], source: int, target: int,
             color: int) -> bool:
    for i in cells:
        v = color if i == target else (0 if i == source else board[i])
        if v != color:
            return False
    return True


def _played(board: list[int], source: int, target: int) -> list[int]:
    """A copy of ``board`` with the ball on ``source`` moved to ``target`` (no lines removed)."""
    b = board[:]
    b[target] = b[source]
    b[source] = 0
    return b


def _scores(board: list[int], move: Move, line: int) -> bool:
    b = _played(board, *move)
    return settle(b, (move[1],), line) > 0


def _look_further(board: list[int], nxt: tuple[int, int, int], t: Tables,
                  rnd: random.Random, top: list[tuple[float, Move]], effort: Effort) -> Move:
    """The best of ``top`` one move further: each candidate is played; a line
    is followed by the free move the rules give (no new balls), anything else
    by the three coming balls landing on free cells in ``effort.samples`` sampled
    ways (the same for every candidate: common random numbers), then by the
    best reply. A candidate is worth its points, plus the mean over the
    samples of the points the landing balls make and the value of the best
    reply (``rank``); a sample that fills the board is lost. ``effort.prior``
    times the candidate's value in the ranking (``top`` holds ``(value,
    move)``) is added to that worth, so that a move the ranking liked less
    must be clearly better one move further to win: the samples are few, and
    among many candidates one may win on lucky samples. Ties go to the lower
    source, then target index."""
    line = t.line
    samples = effort.samples
    orders = []
    for _ in range(samples):
        order = list(range(CELLS))
        rnd.shuffle(order)
        orders.append(order)
    best: tuple[float, int, int] | None = None
    for ranked_value, (source, target) in top:
        b = _played(board, source, target)
        made = settle(b, (target,), line)
        if made and any(b):
            value = made + _best_reply(b, t)
        else:
            total = 0.0
            for order in orders:
                after = b[:]
                cells = [i for i in order if not after[i]][:3]
                for colour, cell in zip(nxt, cells, strict=False):  # fewer cells when nearly full
                    after[cell] = colour
                landed = settle(after, cells, line)
                total += INF_LOSS if 0 not in after else landed + _best_reply(after, t)
            value = made + total / samples
        key = (value + effort.prior * ranked_value, -source, -target)
        if best is None or key > best:
            best = key
    assert best is not None
    return (-best[1], -best[2])


def _best_reply(board: list[int], t: Tables) -> float:
    """The value of the best move on ``board`` by ``rank`` (INF_LOSS when there is none)."""
    ranked = rank(board, t, REPLY_REFINE)
    return ranked[0][0] if ranked else INF_LOSS
