"""The pure helpers of bench/player.py, and one short game through it."""

from __future__ import annotations

import pytest
from bench_scripts import load

player_bench = load("player.py")


@pytest.mark.parametrize(("text", "deals"), [
    ("1-3", [1, 2, 3]), ("7", [7]), ("1-2,5,9-10", [1, 2, 5, 9, 10]), (" 4 - 5 ", [4, 5]),
])
def test_parse_deals(text: str, deals: list[int]) -> None:
    assert player_bench.parse_deals(text) == deals


@pytest.mark.parametrize("text", ["", "0-3", "5-2", "a-b", "1,,2", "-3", "1-"])
def test_parse_deals_rejects(text: str) -> None:
    with pytest.raises(ValueError):
        player_bench.parse_deals(text)


def result(deal: int, points: int, moves: int, scoring: int, wall: tuple[float, ...],
           capped: bool = False) -> object:
    return player_bench.GameResult(deal, points, moves, scoring, capped, wall, wall)


def test_summarize_and_table() -> None:
    results = [
        result(1, 1000, 300, 100, (0.010, 0.020, 0.030)),
        result(2, 2001, 500, 200, (0.040,), capped=True),
    ]
    s = player_bench.summarize(results)
    assert s["games"] == 2 and s["capped"] == 1
    assert s["mean"] == 1500.5 and s["median"] == 1500.5
    assert (s["min"], s["max"]) == (1000, 2001)
    assert s["moves_mean"] == 400 and s["scoring_rate"] == 300 / 800
    assert s["ms_median"] == pytest.approx(25.0) and s["ms_p95"] == pytest.approx(40.0)
    table = player_bench.format_table([("quick", s)]).splitlines()
    assert table[0].startswith("| strength | games | mean | median | min | max |")
    assert table[1].count("---") == table[0].count("|") - 1
    assert table[2] == ("| quick | 2 (1 capped) | 1,500 | 1,500 | 1,000 | 2,001 | 400 | 400"
                        " | 37.5 % | 25.0 | 40.0 | 25.0 |")


def test_percentile() -> None:
    values = list(range(1, 101))
    assert player_bench.percentile(values, 0.95) == 95
    assert player_bench.percentile(values, 0.5) == 50
    assert player_bench.percentile([3.0], 0.95) == 3.0


def test_play_game_counts_lines_and_stops_at_the_cap() -> None:
    r = player_bench.play_game(5, 5, "quick", 12)
    assert r.moves == 12 and r.capped and len(r.wall) == 12
    assert 0 <= r.scoring <= r.moves and r.points >= 10 * r.scoring


def test_main_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert player_bench.main(["--deals", "3", "--strength", "quick", "--max-moves", "5",
                              "--jobs", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "line 5, deals 3, max moves 5, jobs 1"
    assert out[3].startswith("| quick | 1 (1 capped) |")
