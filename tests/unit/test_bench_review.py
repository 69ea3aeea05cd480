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
    """The fit's parts put together with the module's LEVEL and SLOPE give its worth."""
    for view, move, _ in itertools.islice(bench.mistaken_game(bench.HONEST_DEALS + 1, 0.0), 30):
        p = bench.parts(view, move)
        expected = p["points"] + sum(
            level * w + slope * wp for level, slope, w, wp
            in zip(review.LEVEL, review.SLOPE, p["level"], p["slope"], strict=True))
        if all(review.value(board, 5) > 0 for _, _, board in review.outcomes(view, move)):
            assert abs(review.worth(view, move) - expected) < 1e-6


def test_the_level_is_fitted_on_positions_of_the_fit_games_only() -> None:
    rows = []
    for kind, deal in (("fit", bench.FIT_DEALS), ("honest", bench.HONEST_DEALS)):
        for n, (view, move, _) in enumerate(itertools.islice(
                bench.mistaken_game(deal, 0.5), 12)):
            rows.append({"set": kind, "deal": deal, "move": n, "board": list(view.board),
                         "next": list(view.next), "landing": list(view.landing),
                         "line": view.line, "played": list(move), "best": list(move)})
    honest = {tuple(r["board"]) for r in rows if r["set"] == "honest"}
    found = bench.level_positions(rows)
    assert found and not honest & set(found)
    assert [b.count(0) for b in found] == sorted(b.count(0) for b in found)
    assert sum(1 for b in found if b.count(0) > bench.LEVEL_FREE) <= bench.LEVEL_OPEN
