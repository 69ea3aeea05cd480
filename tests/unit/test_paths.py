from __future__ import annotations

import itertools
import random

from kugler_core.paths import NEIGHBOURS, reachable, shortest_path


def test_neighbours() -> None:
    assert NEIGHBOURS[0] == (9, 1)
    assert NEIGHBOURS[40] == (31, 49, 39, 41)
    assert all(len(n) == 2 for n in (NEIGHBOURS[0], NEIGHBOURS[8], NEIGHBOURS[72], NEIGHBOURS[80]))


def test_empty_board_manhattan() -> None:
    board = [0] * 81
    board[0] = 1
    for target in range(1, 81):
        path = shortest_path(board, 0, target)
        assert path is not None
        r, c = divmod(target, 9)
        assert len(path) == r + c + 1


def test_bfs_matches_reachable_on_random_boards() -> None:
    rnd = random.Random(5)
    for _ in range(200):
        board = [1 if rnd.random() < 0.45 else 0 for _ in range(81)]
        source = rnd.choice([i for i in range(81) if board[i]])
        reach = reachable(board, source)
        for target in range(81):
            path = shortest_path(board, source, target)
            assert (path is not None) == (target in reach)
            if path is not None:
                assert path[0] == source and path[-1] == target
                assert all(not board[i] for i in path[1:])
                assert all(b in NEIGHBOURS[a] for a, b in itertools.pairwise(path))
                assert len(set(path)) == len(path)


def test_deterministic() -> None:
    board = [0] * 81
    board[0] = 3
    assert shortest_path(board, 0, 80) == shortest_path(list(board), 0, 80)
    assert shortest_path(board, 0, 0) is None
