"""bench/engine.py runs: its random games replay through the engine's pure
``play`` to the positions ``Game.move`` reaches, and it prints one line a variant."""

from __future__ import annotations

import random
import sys

import pytest
from bench_scripts import load

engine = load("engine.py")


def test_a_random_game_through_play_matches_the_game() -> None:
    times: list[float] = []
    turns = engine.random_game(4242, 5, random.Random(1), times)  # asserts position by position
    assert turns > 0
    assert len(times) == turns


def test_the_benchmark_prints_a_line_per_variant(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["engine.py", "--games", "2"])
    engine.main()
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["line=5", "line=4"]
    assert all("2 random games" in line and "µs per move" in line for line in lines)
