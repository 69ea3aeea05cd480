"""The evaluation and the ranking's cheap scores equal their plain definitions.

``evaluate`` and ``player.cheap`` are written for speed (window contents read
as byte slices, regions as bit sets, a heap of the best moves); the plain
versions here follow the definitions in their docstrings and in
docs/player.md cell by cell, so any board where the two differ is a bug of
the fast code.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kugler_core.board import CELLS, from_text
from kugler_core.evaluate import (
    CROWD,
    CROWDED,
    DEAD,
    FREE,
    INF_LOSS,
    SHORT,
    SPREAD,
    WEIGHTS,
    Tables,
    evaluate,
    evaluate_after,
    kinds,
    tables,
)
from kugler_core.lines import runs_through, windows
from kugler_core.paths import NEIGHBOURS, empty_regions, reachable
from kugler_core.player import cheap


def plain_evaluate(board: list[int], line: int) -> float:
    """docs/player.md, "Evaluation", one window at a time."""
    free = board.count(0)
    if not free:
        return INF_LOSS
    weights = WEIGHTS[line] + (0.0,)
    label, _regions = empty_regions(board)
    by_colour = [0.0] * 8
    for cells in windows(line):
        balls = [board[i] for i in cells if board[i]]
        if len(balls) < 2 or len(set(balls)) > 1:
            continue
        colour, n = balls[0], len(balls)
        value = weights[n]
        for i in cells:
            if board[i]:
                continue
            # balls of the window's colour outside it that touch this cell's region
            have = sum(1 for j in range(CELLS)
                       if board[j] == colour and j not in cells
                       and any(not board[nb] and label[nb] == label[i] for nb in NEIGHBOURS[j]))
            if have < line - n:
                value *= DEAD if have == 0 else SHORT
                break
        by_colour[colour] += value
    top = weights[line - 1]
    total = FREE * free
    for p in by_colour:
        if p:
            total += top * (p / top) ** SPREAD
    if free < CROWDED:
        total -= CROWD * (CROWDED - free) ** 2
    return total


def potential(board: list[int], line: int) -> float:
    """The line potential: ``WEIGHTS[n]`` for each window of ``n`` balls of one colour."""
    weights = WEIGHTS[line] + (0.0,)
    total = 0.0
    for cells in windows(line):
        balls = [board[i] for i in cells if board[i]]
        if balls and len(set(balls)) == 1:
            total += weights[len(balls)]
    return total


def plain_cheap(board: list[int], line: int, best: int
                ) -> tuple[list[tuple[float, int, int]], list[tuple[int, int]]]:
    """Every legal move played: those that make a line, and the ``best`` others
    by the change of the line potential (ties: lower source, then target)."""
    before = potential(board, line)
    plain: list[tuple[float, int, int]] = []
    scoring: list[tuple[int, int]] = []
    for s in range(CELLS):
        if not board[s]:
            continue
        for tg in sorted(reachable(board, s)):
            after = board[:]
            after[tg], after[s] = after[s], 0
            if runs_through(after, tg, line):
                scoring.append((s, tg))
            else:
                plain.append((potential(after, line) - before, s, tg))
    plain.sort(key=lambda m: (-m[0], m[1], m[2]))
    return plain[:max(best, 0)], scoring


@st.composite
def boards(draw: st.DrawFn) -> list[int]:
    """Boards from empty to full, with few colours (long runs, lines standing)
    or all seven (mixed windows)."""
    fill = draw(st.floats(min_value=0.0, max_value=1.0))
    colours = draw(st.integers(min_value=1, max_value=7))
    cells = draw(st.lists(st.tuples(st.floats(min_value=0.0, max_value=1.0),
                                    st.integers(min_value=1, max_value=colours)),
                          min_size=CELLS, max_size=CELLS))
    return [c if u < fill else 0 for u, c in cells]


@settings(max_examples=300, deadline=None)
@given(boards(), st.sampled_from([4, 5]))
def test_evaluate_is_its_plain_definition(board: list[int], line: int) -> None:
    assert evaluate(board, tables(line)) == plain_evaluate(board, line)


@settings(max_examples=200, deadline=None)
@given(boards(), st.sampled_from([4, 5]), st.lists(st.tuples(
    st.integers(min_value=0, max_value=CELLS - 1), st.integers(min_value=0, max_value=7)),
    min_size=1, max_size=4))
def test_evaluate_after_a_change_is_its_plain_definition(
        board: list[int], line: int, changes: list[tuple[int, int]]) -> None:
    """Read again only on the changed cells' rays (a move: its two cells), the
    value is that of the whole board read afresh."""
    t = tables(line)
    before = kinds(bytes(board), t)
    after = board[:]
    for cell, colour in changes:
        after[cell] = colour
    changed = [cell for cell, _colour in changes]
    assert evaluate_after(after, t, before, changed) == plain_evaluate(after, line)


@settings(max_examples=60, deadline=None)
@given(boards(), st.sampled_from([4, 5]), st.sampled_from([0, 1, 3, 10, 24]))
def test_cheap_scores_are_the_change_of_the_line_potential(board: list[int], line: int,
                                                         best: int) -> None:
    assert cheap(board, tables(line), best) == plain_cheap(board, line, best)


POCKETS = """
    11.22.3..
    1..2..3..
    .1122.3..
    ..1.2.33.
    ...1.....
    444444...
    .........
    5.5.5.5..
    .5.5.5.55
"""


@pytest.mark.parametrize("line", [4, 5])
def test_pockets_lines_standing_and_walled_colours(line: int) -> None:
    """A board with regions walled off, a line of six standing and colours
    that can reach their windows only from some regions."""
    board = list(from_text(POCKETS))
    t = tables(line)
    assert len(empty_regions(board)[1]) > 1
    assert evaluate(board, t) == plain_evaluate(board, line)
    for best in (0, 5, 200):
        assert cheap(board, t, best) == plain_cheap(board, line, best)


@pytest.mark.parametrize("line", [4, 5])
def test_the_stores_stay_small_and_change_no_value(line: int,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Once ``RAY_KINDS`` contents of a ray (for ``evaluate``), ``RAY_PLANS`` (for
    ``cheap``) or ``VALUES`` boards are kept a store starts again: values and
    scores stay those of the plain definitions, whether they were kept or not."""
    monkeypatch.setattr("kugler_core.evaluate.RAY_KINDS", 5)
    monkeypatch.setattr("kugler_core.evaluate.RAY_PLANS", 5)
    monkeypatch.setattr("kugler_core.evaluate.VALUES", 5)
    t = Tables(line)  # stores of its own, empty
    board = list(from_text(POCKETS))
    for cell in range(CELLS):
        changed = board[:]
        changed[cell] = 0 if changed[cell] else 6
        for _again in range(2):
            assert evaluate(changed, t) == plain_evaluate(changed, line)
            assert cheap(changed, t, 10) == plain_cheap(changed, line, 10)
        assert max(map(len, t.ray_kinds)) <= 5
        assert len(t.ray_plans) <= 5
        assert len(t.values) <= 5
