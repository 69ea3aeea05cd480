"""Hypothesis properties over many random games (few examples, many moves each)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from random_play import random_move_index

from kugler_core import MAX_DEAL, Clear, Game, Roll, Spawn, Turn, points, rng
from kugler_core.board import CELL_OF, count
from kugler_core.lines import standing_runs

deals = st.integers(min_value=1, max_value=MAX_DEAL)
lines = st.sampled_from([4, 5])
seeds = st.integers(min_value=0, max_value=2**32)
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def random_move(g: Game, rnd: random.Random) -> tuple[tuple[int, int], tuple[int, int]]:
    """A random legal move as two (row, col) cells."""
    s, t = random_move_index(g, rnd)
    return CELL_OF[s], CELL_OF[t]


def announced(board: list[int], deal: int, ball: int, kept: tuple[int, ...], n: int
              ) -> tuple[int, ...]:
    """The rule-2 marks written out: the ``kept`` cells, then each next ball on its
    preferred cell if free, else ``free[fallback % len(free)]``, until 3 (or a full board)."""
    cells = list(board)
    out = list(kept)
    for i in kept:
        assert not cells[i], "an announced cell stays free until its ball comes"
        cells[i] = 9
    for k in range(len(kept), n):
        free = [i for i in range(81) if not cells[i]]
        if not free:
            break
        b = rng.ball(deal, ball + k)
        cell = b.cell if not cells[b.cell] else free[b.fallback % len(free)]
        out.append(cell)
        cells[cell] = 9
    return tuple(out)


def replay(g_before: Game, turn: Turn, deal: int) -> tuple[list[int], int]:
    """Rebuild the board after ``turn`` from its events alone, checking every ball
    against the deal and the rule (under rule 2 each ball on its announced cell
    while it is free): returns the board and the number of balls removed."""
    board = list(g_before.board)
    ball = g_before.ball
    colors = g_before.next
    marks = g_before.position.landing
    assert g_before.rule == 2 or marks == ()
    removed = 0
    assert isinstance(turn.events[0], Roll)
    assert [type(e) for e in turn.events[:2]] in ([Roll, Clear], [Roll, Spawn]), "never empty"
    previous: Roll | Clear | Spawn | None = None
    for event in turn.events:
        if isinstance(event, Roll):
            (r0, c0), (r1, c1) = event.path[0], event.path[-1]
            assert board[r0 * 9 + c0] == event.color
            for r, c in event.path[1:]:
                assert board[r * 9 + c] == 0, "the path runs over free cells only"
            board[r0 * 9 + c0] = 0
            board[r1 * 9 + c1] = event.color
        elif isinstance(event, Clear):
            cells = {r * 9 + c for line in event.lines for r, c in line.cells}
            for line in event.lines:
                assert all(board[r * 9 + c] == line.color for r, c in line.cells)
            removed += len(cells)
            for i in cells:
                board[i] = 0
        else:
            assert isinstance(event, Spawn)
            if isinstance(previous, Clear):
                assert not any(board), "balls come after a line only on an empty board"
            for k, ((r, c), color) in enumerate(event.balls):
                b = rng.ball(deal, ball + k)
                if k < len(marks) and not board[marks[k]]:
                    assert r * 9 + c == marks[k], "ball lands on its announced cell"
                elif not board[b.cell]:
                    assert (r, c) == CELL_OF[b.cell], "ball lands on its preferred cell"
                else:
                    free = [i for i in range(81) if not board[i]]
                    assert r * 9 + c == free[b.fallback % len(free)]
                assert color == colors[k]
                board[r * 9 + c] = color
            if len(event.balls) < 3:
                assert 0 not in board, "a ball is left out only when the board is full"
            ball += 3
            colors = rng.colors(deal, ball)
            marks = ()
        previous = event
    return board, removed


def check_marks(before: Game, g: Game, turn: Turn) -> None:
    """After ``turn``: under rule 2 the new position announces the coming balls'
    cells (those still announced kept when nothing came); none under rule 1."""
    if g.rule == 1 or g.over:
        assert g.position.landing == ()
        return
    kept = () if turn.spawned else before.position.landing
    assert g.position.landing == announced(list(g.board), g.deal, g.ball, kept, 3)
    assert [c for _, c in g.landing()] == list(g.next)[:len(g.landing())]


def play_out(g: Game, rnd: random.Random, check_undo: bool = True) -> int:
    """Play ``g`` to its end with random moves, checking every turn. Returns the turns."""
    deal, line = g.deal, g.line
    total = g.score
    turns = 0
    while not g.over:
        before = Game.from_dict(g.to_dict())
        source, target = random_move(g, rnd)
        turn = g.move(source, target)
        turns += 1
        # the path: orthogonal steps over free cells from source to target
        assert turn.path[0] == source and turn.path[-1] == target
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
                   for a, b in zip(turn.path, turn.path[1:], strict=False))
        # events rebuild the board exactly; ball bookkeeping
        board, removed = replay(before, turn, deal)
        assert tuple(board) == g.board
        check_marks(before, g, turn)
        assert count(g.board) == count(before.board) - removed + len(turn.spawned)
        # no line left standing, scores follow the formula
        assert standing_runs(g.board, line) == []
        assert turn.points == sum(points(x.length, line) for x in turn.lines)
        assert len({x.cells for x in turn.lines}) == len(turn.lines)
        total += turn.points
        assert g.score == total == sum(points(n, line) * c for n, c in g.lines_by_length.items())
        assert g.moves == before.moves + 1
        assert g.over == (0 not in g.board)
        assert g.next == (rng.colors(deal, g.ball) if g.ball >= 3 else before.next)
        if check_undo and not g.over and rnd.random() < 0.2:
            after = g.to_dict()
            g.undo()
            assert g.position == before.position and not g.can_undo
            again = g.move(source, target)
            assert again == turn and g.to_dict() == after
    assert not g.can_undo
    return turns


@SETTINGS
@given(deal=deals, line=lines, seed=seeds, rule=st.sampled_from(rng.RULES))
def test_random_games(deal: int, line: int, seed: int, rule: int) -> None:
    g = Game.new(deal=deal, line=line, rule=rule)
    assume(standing_runs(g.board, line) == [])
    assert g.score == 0 and g.moves == 0 and sum(1 for c in g.board if c) == 5
    assert g.next == rng.colors(deal, 5)
    play_out(g, random.Random(seed))


@settings(max_examples=25, deadline=None)
@given(deal=deals, line=lines, seed=seeds)
def test_many_games_cheap(deal: int, line: int, seed: int) -> None:
    """40 consecutive deals per example (1000 games in all): score and bookkeeping."""
    rnd = random.Random(seed)
    for d in range(deal, min(deal + 40, MAX_DEAL + 1)):
        g = Game.new(deal=d, line=line)
        on_board = 5
        while not g.over:
            turn = g.move(*random_move(g, rnd))
            cleared = sum(len({c for x in e.lines for c in x.cells})
                          for e in turn.events if isinstance(e, Clear))
            on_board += len(turn.spawned) - cleared
            assert count(g.board) == on_board
        assert g.score == sum(points(n, line) * c for n, c in g.lines_by_length.items())


@SETTINGS
@given(deal=deals, seeds=st.tuples(seeds, seeds))
@example(deal=5074093, seeds=(23458, 23458))  # the board fills after one new ball, then a line
def test_same_deal_same_cells_while_free(deal: int, seeds: tuple[int, int]) -> None:
    """Two games of one deal played differently: ball k lands on the same cell
    whenever its preferred cell is free in both (checked in ``replay``), and the
    coming colours are the same sequence: each placement of new balls takes the
    next three balls of the deal, in order. When the board fills after the
    first or second of them, the rest are not placed (a line the placed balls
    make may free cells again; the next placement still starts three on)."""
    a, b = Game.new(deal=deal), Game.new(deal=deal)
    assert a.to_dict() == b.to_dict()
    for g, seed in ((a, seeds[0]), (b, seeds[1])):
        rnd = random.Random(seed)
        k = rng.FIRST_COMING
        while not g.over:
            turn = g.move(*random_move(g, rnd))
            for e in turn.events:
                if isinstance(e, Spawn):
                    colours = [color for _cell, color in e.balls]
                    expected = [rng.ball(deal, k + i).color for i in range(3)]
                    assert colours == expected[:len(colours)]
                    assert len(colours) == 3 or 0 not in g.board or turn.lines
                    k += 3


@SETTINGS
@given(deal=deals, line=lines, seed=seeds, stop=st.integers(0, 40),
       rule=st.sampled_from(rng.RULES))
def test_document_round_trip_continues_identically(deal: int, line: int, seed: int,
                                                   stop: int, rule: int) -> None:
    rnd = random.Random(seed)
    g = Game.new(deal=deal, line=line, id=f"g{seed}", rule=rule)
    for _ in range(stop):
        if g.over:
            break
        g.move(*random_move(g, rnd))
    g.seconds = stop * 7
    copy = Game.from_dict(g.to_dict())
    assert copy.to_dict() == g.to_dict()
    assert copy.position == g.position and copy.previous == g.previous
    assert copy.can_undo == g.can_undo
    if copy.can_undo:
        copy.undo()
        g.undo()
        assert copy.to_dict() == g.to_dict()
    state = rnd.getstate()
    play_out(g, rnd, check_undo=False)
    rnd.setstate(state)
    play_out(copy, rnd, check_undo=False)
    assert copy.to_dict() == g.to_dict()
