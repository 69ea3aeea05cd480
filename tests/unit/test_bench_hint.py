"""bench/hint.py: its positions, its reading of a trace and its table."""

from __future__ import annotations

import doctest

from bench_scripts import load

from kugler_core import Game

bench = load("hint.py")


def test_doctests() -> None:
    assert doctest.testmod(bench).failed == 0


def test_midgame_positions_are_mid_game_and_assisted() -> None:
    for deal in (101, 102, 103):
        doc = bench.midgame(deal)
        game = Game.from_dict(doc)
        assert game.moves == 12 and not game.over
        assert 30 <= sum(1 for v in game.board if v) <= 50
        assert game.assisted and doc["hints"] == 1  # no question in the benchmark


def test_table_names_every_number() -> None:
    watch = {"moves": 60, "seconds": 10.0, "moves_per_second": 6.0, "longtasks": 2,
             "longest_task": 120.0, "traced_longtasks": [(120.0, 9.0), (70.0, 60.0)],
             "cpu_over_50": 1, "longest_cpu": 60.0, "timer_late_max": 130.0}
    text = bench.table([40.0, 50.0, 300.0], watch)
    assert "| hint, tap to marks shown: median | 50 ms |" in text
    assert "| hint, tap to marks shown: p95 | 300 ms |" in text
    assert "1 of 2 (most CPU in one task 60 ms)" in text
    assert "60 in 10.0 s (6.0 per s)" in text
