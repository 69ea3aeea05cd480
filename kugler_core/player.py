"""The computer player: a suggested move for what the player sees.

``suggest(game, strength)`` returns ``(source, target)`` cells, or None when the
game is over. It is fair: it reads only the board, the three coming colours
and the variant (``game.board``, ``game.next``, ``game.line``), never the deal,
so two games that look the same get the same suggestion. Balls it cannot see
(where the three coming balls land, the colours after them) are sampled from
a ``random.Random`` of its own, seeded from the visible position and the
strength: the same position always gives the same move, on any machine. The
work is a fixed amount per strength, never a clock. See docs/player.md.

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

from .board import CELL_OF, CELLS, COLORS, Cell
from .evaluate import INF_LOSS, Tables, evaluate, settle, tables
from .game import Game
from .paths import NEIGHBOURS

__all__ = ["STRENGTHS", "Strength", "rank", "suggest"]

Strength = Literal["quick", "strong"]
STRENGTHS: tuple[Strength, ...] = ("quick", "strong")

Move = tuple[int, int]
"""(source, target) as cell indices."""


class Effort:
    """How much work one ranking does (fixed numbers, no clock).

    ``refine``: the best non-scoring moves by the cheap score that get a full
    evaluation; ``samples``: spawn outcomes averaged per refined move;
    ``top``/``replies``: for the strong player, moves searched one more move
    deep and spawn outcomes (with sampled later colours) per such move.
    """

    __slots__ = ("refine", "replies", "samples", "top")

    def __init__(self, refine: int, samples: int, top: int = 0, replies: int = 0) -> None:
        self.refine = refine
        self.samples = samples
        self.top = top
        self.replies = replies


QUICK = Effort(refine=10, samples=4)
STRONG = Effort(refine=10, samples=6, top=4, replies=4)
INNER = Effort(refine=5, samples=3)
"""The reply search inside the strong player."""

NOW = 1.0
"""Extra weight of points made now over points one move later (a line in hand)."""
SPAWN = 0.0
"""Cost of three new balls when they are not sampled."""

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
    rnd = random.Random(_seed(board, nxt, line, strength))
    t = tables(line)
    effort = EFFORTS[strength]
    ranked = rank(board, nxt, t, rnd, effort)
    if not ranked:
        return None
    if effort.top > 1 and len(ranked) > 1:
        best = _deepen(board, nxt, t, rnd, ranked[: effort.top], effort)
    else:
        best = ranked[0][1]
    return CELL_OF[best[0]], CELL_OF[best[1]]


def _seed(board: list[int], nxt: tuple[int, int, int], line: int, strength: str) -> int:
    text = "".join(map(str, board)) + f"|{nxt[0]}{nxt[1]}{nxt[2]}|{line}|{strength}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


# --------------------------------------------------------------------------- search


def rank(board: list[int], nxt: tuple[int, int, int], t: Tables, rnd: random.Random,
         effort: Effort) -> list[tuple[float, Move]]:
    """The refined candidate moves, best first, as ``(value, (source, target))``.

    Every legal move gets a cheap score (the change of the line potential of
    the board); the scoring moves and the ``effort.refine`` best others get a
    full value: points + the evaluation of the board after the move, averaged
    over ``effort.samples`` sampled landings of the three coming balls.
    Empty when the board has no legal move. ``board`` is not changed.
    """
    label = [-1] * CELLS
    regions: list[list[int]] = []
    for i in range(CELLS):
        if board[i] or label[i] >= 0:
            continue
        r = len(regions)
        label[i] = r
        cells = [i]
        for cur in cells:
            for nb in NEIGHBOURS[cur]:
                if label[nb] < 0 and not board[nb]:
                    label[nb] = r
                    cells.append(nb)
        regions.append(cells)
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

    free = len(board) - sum(1 for v in board if v)
    picks = nlargest(effort.refine, plain, key=_cheap_key)
    samples = _landings(rnd, free, effort.samples)
    out: list[tuple[float, Move]] = []
    if not samples:
        for _d, s, tg in picks:
            b = board[:]
            b[tg] = b[s]
            b[s] = 0
            out.append((evaluate(b, t) - SPAWN, (s, tg)))
        picks = []
    for s, tg in scoring:
        b = board[:]
        b[tg] = b[s]
        b[s] = 0
        gained = settle(b, (tg,), line)
        out.append((gained + evaluate(b, t), (s, tg)))
    for _d, s, tg in picks:
        b = board[:]
        b[tg] = b[s]
        b[s] = 0
        out.append((_spawned_value(b, nxt, samples, t), (s, tg)))
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


def _landings(rnd: random.Random, free: int, count: int) -> list[tuple[int, ...]]:
    """``count`` draws of up to 3 distinct positions in a free list of length ``free``."""
    k = min(3, free)
    return [tuple(rnd.sample(range(free), k)) for _ in range(count)] if k else []


def _spawned_value(board: list[int], nxt: tuple[int, int, int],
                   samples: list[tuple[int, ...]], t: Tables) -> float:
    """Mean of (points made by the new balls + evaluation) over the sampled landings."""
    free = [i for i in range(CELLS) if not board[i]]
    nfree = len(free)
    total = 0.0
    for pick in samples:
        b = board[:]
        cells = []
        spots = free[:]
        for k, p in enumerate(pick):
            if p >= len(spots):
                p = p % len(spots)
            cell = spots.pop(p)
            b[cell] = nxt[k]
            cells.append(cell)
        if nfree <= 3 and len(cells) == nfree:
            gained = settle(b, tuple(cells), t.line)
            total += gained + (evaluate(b, t) if 0 in b else INF_LOSS)
            continue
        gained = settle(b, tuple(cells), t.line)
        total += gained + evaluate(b, t)
    return total / len(samples)


def _deepen(board: list[int], nxt: tuple[int, int, int], t: Tables, rnd: random.Random,
            top: list[tuple[float, Move]], effort: Effort) -> Move:
    """The best of ``top`` by one more move of lookahead (see docs/player.md)."""
    line = t.line
    free = len(board) - sum(1 for v in board if v)
    landings = _landings(rnd, free, effort.replies)
    later = [tuple(rnd.randint(1, COLORS) for _ in range(3)) for _ in range(effort.replies)]
    best: tuple[float, int, int] | None = None
    for _value, (s, tg) in top:
        b = board[:]
        b[tg] = b[s]
        b[s] = 0
        gained = settle(b, (tg,), line)
        if gained and any(b):
            replies = rank(b, nxt, t, rnd, INNER)
            value = (1.0 + NOW) * gained + (replies[0][0] if replies else INF_LOSS)
        else:
            spots_all = [i for i in range(CELLS) if not b[i]]
            total = 0.0
            for pick, colors in zip(landings, later, strict=True):
                c = b[:]
                spots = spots_all[:]
                cells = []
                for k, p in enumerate(pick):
                    cell = spots.pop(p % len(spots))
                    c[cell] = nxt[k]
                    cells.append(cell)
                got = settle(c, tuple(cells), line)
                if 0 not in c:
                    total += got + INF_LOSS
                    continue
                coming = (colors[0], colors[1], colors[2])
                replies = rank(c, coming, t, rnd, INNER)
                total += got + (replies[0][0] if replies else INF_LOSS)
            value = gained + total / len(landings)
        key = (value, -s, -tg)
        if best is None or key > best:
            best = key
    assert best is not None
    return (-best[1], -best[2])
