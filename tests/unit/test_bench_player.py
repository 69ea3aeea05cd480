"""The pure helpers of bench/player.py, and one short game through it."""

from __future__ import annotations

import dataclasses
import doctest
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from bench_scripts import load

player_bench = load("player.py")


def test_doctests() -> None:
    result = doctest.testmod(player_bench)
    assert result.attempted > 0
    assert result.failed == 0


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
    # one death (the capped game survived) in 800 moves: 125 per 100,000, the
    # exact interval of one Poisson death (0.0253-5.5716) scaled the same way
    assert (s["deaths"], s["moves"], s["rate"]) == (1, 800, 125.0)
    assert s["rate_low"] == pytest.approx(0.025318 * 125, rel=1e-4)
    assert s["rate_high"] == pytest.approx(5.571643 * 125, rel=1e-4)
    assert s["points_per_move"] == 3001 / 800 and s["implied_mean"] == 3001
    table = player_bench.format_table([("quick", s)]).splitlines()
    assert table[0].startswith("| strength | games | deaths / moves | deaths per 100,000 moves"
                               " (95 %) | points per move | implied mean | mean | median |")
    assert table[1].count("---") == table[0].count("|") - 1
    assert table[2] == ("| quick | 2 (1 capped) | 1 / 800 | 125.0 (3.2-696.5) | 3.75 | 3,001"
                        " | 1,500 | 1,500 | 1,000 | 2,001 | 400 | 400"
                        " | 37.5 % | 25.0 | 40.0 | 25.0 | 40.0 |")


def test_no_death_gives_an_upper_bound_and_no_implied_mean() -> None:
    s = player_bench.summarize([result(1, 900, 200, 60, (0.01,), capped=True)])
    assert (s["deaths"], s["rate"], s["rate_low"]) == (0, 0.0, 0.0)
    assert s["rate_high"] == pytest.approx(3.688879 * 500, rel=1e-5)
    assert "| 0 / 200 | 0.0 (0.0-1844.4) | 4.50 | - |" in player_bench.format_table(
        [("quick", s)])


# the exact 95 % intervals of a Poisson count, from the chi-square quantiles
# (chi2(0.025, 2k) / 2, chi2(0.975, 2k + 2) / 2), as tabled by Garwood (1936)
@pytest.mark.parametrize(("k", "low", "high"), [
    (0, 0.0, 3.6889), (1, 0.0253, 5.5716), (2, 0.2422, 7.2247), (5, 1.6235, 11.6683),
    (10, 4.7954, 18.3904), (19, 11.4392, 29.6709), (77, 60.7672, 96.2368),
])
def test_poisson_interval(k: int, low: float, high: float) -> None:
    lo, hi = player_bench.poisson_interval(k)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_poisson_interval_narrows_with_confidence_and_refuses_nonsense() -> None:
    assert player_bench.poisson_interval(10, 0.5)[1] < player_bench.poisson_interval(10)[1]
    for bad in ((-1, 0.95), (3, 0.0), (3, 1.0)):
        with pytest.raises(ValueError):
            player_bench.poisson_interval(*bad)


# exact (Clopper-Pearson) intervals of a share k of n, from the beta quantiles
@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (0, 10, 0.0, 0.30850), (5, 10, 0.18709, 0.81291), (10, 10, 0.69150, 1.0),
    (15, 42, 0.21551, 0.51974),
])
def test_binomial_interval(k: int, n: int, low: float, high: float) -> None:
    lo, hi = player_bench.binomial_interval(k, n)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


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


# -- the crisis positions ------------------------------------------------------------


def test_crisis_positions_are_found_saved_loaded_and_played_on(tmp_path: Path) -> None:
    found = player_bench.find_crises(5001, 5, 60, free=70, gap=15)
    assert found, "a game of 60 moves leaves at most 70 cells free"
    assert found == player_bench.find_crises(5001, 5, 60, free=70, gap=15)  # deterministic
    assert all(c.free <= 70 for c in found)
    moves = [len(c.moves) for c in found]
    assert all(b - a >= 15 for a, b in itertools.pairwise(moves))
    path = tmp_path / "crisis.json"
    player_bench.save_crises(found[:2], path)
    loaded = player_bench.load_crises(path)
    assert loaded == found[:2]
    game = loaded[0].game()
    assert game.board.count(0) == loaded[0].free and game.moves == len(loaded[0].moves)
    r = player_bench.play_crisis(0, loaded[0], "quick", 3)
    assert r.run.moves == 3 and len(r.run.wall) == 3 and r.run.capped and not r.lost
    assert 0 < r.free <= 81 and r.run.points >= 0 and r.run.deal == 5001


def test_the_committed_crisis_positions_come_out() -> None:
    """The hard set: 200+ crowded positions of deals 7001-7200 (used by no
    benchmark or tuning); the older set: 30+ of deals 5001-5040."""
    hard = player_bench.load_crises(player_bench.CRISIS_FILE)
    assert len(hard) >= 200 and all(7001 <= c.deal <= 7200 for c in hard)
    old = player_bench.load_crises(player_bench.CRISIS_FILE.parent / "crisis.json")
    assert len(old) >= 30 and all(5001 <= c.deal <= 5040 for c in old)
    for crises in (hard, old):
        assert all(c.free <= player_bench.CRISIS_FREE for c in crises)
        assert all(not c.game().over for c in crises)


def test_the_committed_decline_positions_come_out() -> None:
    """The decline set: the first position of each of deals 7801-8000 with at
    most 30 free cells, as ``--make-crisis --crisis-free 30`` finds it."""
    decline = player_bench.load_crises(player_bench.DECLINE_FILE)
    assert [c.deal for c in decline] == list(range(7801, 8001))
    assert all(c.free <= player_bench.DECLINE_FREE for c in decline)
    assert all(not c.game().over for c in decline)
    first = decline[0]
    assert first == player_bench.find_crises(first.deal, 5, len(first.moves),
                                             free=player_bench.DECLINE_FREE)[0]


def test_a_crisis_position_that_no_longer_comes_out_is_refused(tmp_path: Path) -> None:
    real = player_bench.find_crises(5001, 5, 20, free=80, gap=10)[0]
    moved = player_bench.Crisis(real.deal, real.line, real.moves, real.free + 1)
    with pytest.raises(ValueError, match="does not come out"):
        moved.game()
    empty = next(i for i, c in enumerate(real.game().board) if not c)
    illegal = player_bench.Crisis(real.deal, real.line, (*real.moves, (empty, empty)), 0)
    with pytest.raises(ValueError, match="does not come out"):
        illegal.game()
    path = tmp_path / "bad.json"
    path.write_text('[{"deal": 1}]', encoding="utf-8")
    with pytest.raises(ValueError, match="not a list of crisis positions"):
        player_bench.load_crises(path)


def test_crisis_summary_and_table() -> None:
    lost = player_bench.GameResult(9, 10, 7, 1, False, (0.01,) * 7, (0.01,) * 7)
    alive = player_bench.GameResult(9, 34, 25, 3, True, (0.03,) * 25, (0.02,) * 25)
    results = [player_bench.CrisisResult(0, 0, lost), player_bench.CrisisResult(1, 20, alive)]
    assert results[0].lost and not results[1].lost
    s = player_bench.summarize_crises(results)
    assert (s["positions"], s["lost"], s["free_mean"], s["points_mean"]) == (2, 1, 10.0, 22.0)
    # one of two lost: 0.0126-0.9874 of 2; free 0 and 20: sd 14.14, 1.96 * 10
    assert s["lost_low"] == pytest.approx(2 * (1 - 0.975 ** 0.5))
    assert s["free_half"] == pytest.approx(19.6)
    table = player_bench.format_crisis_table([("quick", s)], 25).splitlines()
    assert table[0].startswith("| strength | positions | lost within 25 moves (95 %) |")
    assert table[2] == "| quick | 2 | 1 (0-2) | 10.0 ± 19.6 | 22.0 | 30.0 | 20.0 |"


def test_main_crisis_makes_and_plays_positions(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "c.json"
    monkeypatch.setattr(player_bench, "CRISIS_FREE", 70)
    monkeypatch.setattr(player_bench, "CRISIS_GAP", 30)
    assert player_bench.main(["--make-crisis", "--deals", "5001", "--max-moves", "40",
                              "--crisis-file", str(path)]) == 0
    assert "crisis positions from deals 5001" in capsys.readouterr().out
    assert player_bench.main(["--crisis", "--crisis-file", str(path), "--crisis-moves", "2",
                              "--strength", "quick", "--jobs", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"crisis positions {path.name}, 2 moves each, jobs 1"
    assert out[3].startswith("| quick | ")


def test_make_crisis_keeps_positions_up_to_the_free_cells_asked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """--crisis-free sets how crowded a kept position is (CRISIS_FREE unless told)."""
    monkeypatch.setattr(player_bench, "CRISIS_GAP", 5)
    monkeypatch.setattr(player_bench, "CRISIS_FREE", 68)
    made = {}
    for free in (None, 70, 66):
        path = tmp_path / f"c{free}.json"
        extra = [] if free is None else ["--crisis-free", str(free)]
        assert player_bench.main(["--make-crisis", "--deals", "5001", "--max-moves", "40",
                                  "--crisis-file", str(path), *extra]) == 0
        made[free] = player_bench.load_crises(path)
    capsys.readouterr()
    assert made[None] == player_bench.find_crises(5001, 5, 40, free=68, gap=5)
    assert made[None] and made[None][0] not in (made[70][0], made[66][0])
    assert made[70] == player_bench.find_crises(5001, 5, 40, free=70, gap=5)
    assert made[70] and all(c.free <= 70 for c in made[70])
    assert made[66] == player_bench.find_crises(5001, 5, 40, free=66, gap=5)
    assert all(c.free <= 66 for c in made[66]) and made[66][0] != made[70][0]


def test_results_are_kept_per_game_and_tabled_from_several_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A run split in two parts (--results) gives one table (--table-from); the last
    record of a deal counts; a malformed line is refused with its place."""
    odd, even = tmp_path / "odd.jsonl", tmp_path / "even.jsonl"
    assert player_bench.main(["--strength", "quick", "--deals", "1", "--max-moves", "3",
                              "--jobs", "1", "--results", str(odd)]) == 0
    player_bench.save_result(even, "quick", 5, result(2, 40, 9, 2, (0.5, 0.25)))
    player_bench.save_result(even, "quick", 5, result(2, 50, 10, 3, (0.5, 0.5)))
    capsys.readouterr()
    kept = player_bench.load_results([odd, even])
    assert list(kept) == [("quick", 5)]
    games = kept[("quick", 5)]
    assert [g.deal for g in games] == [1, 2]
    assert games[0].moves == 3 and games[0].capped and len(games[0].wall) == 3
    assert (games[1].points, games[1].wall) == (50, (0.5, 0.5))
    assert player_bench.main(["--table-from", str(odd), str(even)]) == 0
    out = capsys.readouterr().out
    assert "quick, 2 games (deals 1,2)" in out and "| quick | 2 (1 capped) |" in out
    (tmp_path / "bad.jsonl").write_text('{"deal": 1}\n')
    with pytest.raises(ValueError, match=r"bad\.jsonl:1"):
        player_bench.load_results([tmp_path / "bad.jsonl"])


def died(deal: int, moves: int, capped: bool = False) -> object:
    """A game of ``moves`` moves on ``deal``, over unless ``capped``."""
    return player_bench.GameResult(deal, 4 * moves, moves, 0, capped, (), ())


@pytest.mark.parametrize(("old", "new", "p_fewer", "p_more"), [
    # the same deaths on the same moves: 2 of 4 deaths at a share of 1/2, either way
    ([(1, 1000), (2, 1000)], [(1, 1000), (2, 1000)], 11 / 16, 11 / 16),
    # the new player survives both where the old died twice: 1/4 by chance
    ([(1, 1000), (2, 1000)], [(1, 1000, True), (2, 1000, True)], 0.25, 1.0),
    # twice the moves for the same deaths: each of the 4 deaths is the new one's
    # with p 2/3; at most 2 of them: 1 - P(3) - P(4), at least 2: 1 - P(0) - P(1)
    ([(1, 500), (2, 500)], [(1, 1000), (2, 1000)], 1 - 32 / 81 - 16 / 81, 1 - 1 / 81 - 8 / 81),
])
def test_compare_gives_the_chance_of_the_deaths_at_one_rate(
        old: list[tuple[Any, ...]], new: list[tuple[Any, ...]], p_fewer: float,
        p_more: float) -> None:
    c = player_bench.compare([died(*g) for g in old], [died(*g) for g in new])
    assert c["deals"] == 2
    assert c["p_fewer"] == pytest.approx(p_fewer)
    assert c["p_more"] == pytest.approx(p_more)


def test_compare_pairs_by_deal_and_prints_both_players(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    for deal, moves in ((1, 900), (2, 300), (3, 800)):  # deal 3 only the old one played
        player_bench.save_result(old, "quick", 5, died(deal, moves))
    player_bench.save_result(new, "quick", 5, died(1, 3000, capped=True))
    player_bench.save_result(new, "strong", 5, died(2, 200))
    with pytest.raises(SystemExit):  # two players in one set
        player_bench.main(["--compare", str(new), "--against", str(old)])
    assert "the games of one player" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        player_bench.main(["--compare", str(new)])
    assert "go together" in capsys.readouterr().err
    new.unlink()
    player_bench.save_result(new, "strong", 5, died(1, 3000, capped=True))
    player_bench.save_result(new, "strong", 5, died(2, 200))
    assert player_bench.main(["--compare", str(new), "--against", str(old)]) == 0
    out = capsys.readouterr().out
    assert "against: 2 deaths in 1,200 moves, 166.7 per 100,000" in out
    assert "compare: 1 deaths in 3,200 moves, 31.2 per 100,000" in out
    assert "2 deals in common; longer on 1, shorter on 1" in out


def test_kept_games_hold_their_moves_and_replay_without_the_player(tmp_path: Path) -> None:
    """A game of a results file comes back move for move (the boards of the
    player's own games, for analysis and training); a record written before
    the moves were kept still loads, with none; a move that is not legal
    there is refused with its place."""
    path = tmp_path / "games.jsonl"
    assert player_bench.main(["--strength", "quick", "--deals", "4", "--max-moves", "6",
                              "--jobs", "1", "--results", str(path)]) == 0
    (game,) = player_bench.load_results([path])[("quick", 5)]
    assert len(game.played) == game.moves == 6
    fresh = player_bench.Game.new(deal=4, line=5)
    boards = []
    for step in game.replay(5):
        boards.append(tuple(step.board))
    for source, target in game.played:
        assert tuple(fresh.board) == boards[fresh.moves]
        fresh.move(player_bench.CELL_OF[source], player_bench.CELL_OF[target])
    assert tuple(fresh.board) == boards[-1] and len(boards) == 7
    assert fresh.score == game.points
    row = json.loads(path.read_text())
    del row["played"]
    path.write_text(json.dumps(row) + "\n")
    (old,) = player_bench.load_results([path])[("quick", 5)]
    assert old.played == () and old.moves == 6
    source, target = game.played[2]
    bad = dataclasses.replace(game, played=(*game.played[:2], (target, source), *game.played[3:]))
    with pytest.raises(ValueError, match="deal 4, move 3"):
        list(bad.replay(5))
    short = dataclasses.replace(game, played=game.played[:5])
    with pytest.raises(ValueError, match="do not end as recorded"):
        list(short.replay(5))


def test_a_changed_effort_plays_kept_and_tabled_as_its_own_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--effort plays the strength's effort changed (the moves of that effort
    swapped in by hand), keeps the change with each game, tables and pairs
    it as its own player, and leaves the shipped effort as it was; an
    unknown field, or a variant of the crisis positions (player_ab's work),
    is refused before any play."""
    path = tmp_path / "games.jsonl"
    changed = "top=1,reply=2"
    assert player_bench.main(["--strength", "quick", "--deals", "3", "--max-moves", "12",
                              "--jobs", "1", "--effort", changed, "--results", str(path)]) == 0
    assert f"| quick {changed} |" in capsys.readouterr().out
    assert player_bench.engine.EFFORTS["quick"] is player_bench.engine.QUICK
    (game,) = player_bench.load_results([path])[(f"quick {changed}", 5)]
    assert json.loads(path.read_text())["effort"] == changed
    variant = dataclasses.replace(player_bench.engine.QUICK, top=1, reply=2)
    plain = player_bench.play_game(3, 5, "quick", 12)
    saved = player_bench.engine.EFFORTS["quick"]
    player_bench.engine.EFFORTS["quick"] = variant
    try:
        by_hand = player_bench.play_game(3, 5, "quick", 12)
    finally:
        player_bench.engine.EFFORTS["quick"] = saved
    assert game.played == by_hand.played != plain.played
    with pytest.raises(SystemExit):
        player_bench.main(["--strength", "quick", "--deals", "3", "--effort", "depth=3"])
    assert "--effort: Effort has no field 'depth'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        player_bench.main(["--crisis", "--effort", "top=1"])
    assert "--effort plays whole games" in capsys.readouterr().err
