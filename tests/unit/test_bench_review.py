"""bench/review.py: its play-outs share their unseen balls, its games have mistakes."""

from __future__ import annotations

import doctest
import itertools

from bench_scripts import load

from kugler_core import review
from kugler_core.player import choose

bench = load("review.py")


def test_doctests() -> None:
    assert doctest.testmod(bench).failed == 0


def test_a_game_with_mistakes_mixes_random_and_computer_moves() -> None:
    moves = list(itertools.islice(bench.mistaken_game(bench.HONEST_DEALS, 0.3), 20))
    wild = [w for _, _, w in moves]
    assert 0 < sum(wild) < 20
    for view, move, w in moves:
        if not w:
            assert move == choose(view, "quick")


def test_both_branches_see_the_same_unseen_balls() -> None:
    """Common random numbers: the same move on the same variant scores the same,
    and the coming three stay the ones the player saw."""
    view, move, _ = next(bench.mistaken_game(bench.HONEST_DEALS, 0.0))
    start = bench.seen(view)
    assert (start.board, start.next, start.landing) == (view.board, view.next, view.landing)
    one = bench.play_on(start, 5, bench.VARIANT_BASE, 5, move)
    assert one == bench.play_on(start, 5, bench.VARIANT_BASE, 5, move)


def test_parts_are_the_worth_the_review_gives() -> None:
    view, move, _ = next(bench.mistaken_game(bench.HONEST_DEALS + 1, 0.0))
    p = bench.parts(view, move)
    assert p["open"] == 1.0
    expected = p["points"] + max(0.0, review.SLOPE * p["evaluate"]
                                 - review.CROWD_SLOPE * p["crowd"])
    assert abs(review.worth(view, move) - expected) < 1e-6
