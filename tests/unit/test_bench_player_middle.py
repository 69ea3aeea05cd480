"""bench/player_middle.py: the kept middle-game positions, their deal streams,
how positions are found, a short paired run that resumes, and the table."""

from __future__ import annotations

import doctest
import json
from itertools import pairwise
from pathlib import Path

import pytest
from bench_scripts import load

middle = load("player_middle.py")

from kugler_core import player as engine  # noqa: E402
from kugler_core.errors import DocumentError  # noqa: E402
from kugler_core.game import Game  # noqa: E402


def test_doctests() -> None:
    assert doctest.testmod(middle).failed == 0


def test_the_kept_positions_are_middle_game_positions_of_fresh_deals() -> None:
    """217 positions of quick's games on deals 341-387 (no deal of the
    benchmark, 1-300, or of the crisis sets, 5001 on), 28-36 free cells,
    after move 300, at most 7 a deal, none over."""
    docs = middle.load_middle()
    assert len(docs) == 217
    games = [Game.from_dict(doc) for doc in docs]
    assert all(341 <= g.deal <= 387 for g in games)
    assert all(28 <= g.board.count(0) <= 36 and g.moves >= 300 and not g.over for g in games)
    per_deal: dict[int, list[int]] = {}
    for g in games:
        per_deal.setdefault(g.deal, []).append(g.moves)
    assert max(len(moves) for moves in per_deal.values()) <= 7
    assert all(b - a >= 80 for moves in per_deal.values() for a, b in pairwise(moves))


def test_every_stream_shows_the_player_the_same_position() -> None:
    doc = middle.load_middle()[5]
    games = [middle.start(doc, s) for s in range(middle.STREAMS)]
    assert len({g.deal for g in games}) == middle.STREAMS
    assert all(engine.View.of(g) == engine.View.of(games[0]) for g in games)
    assert games[0].deal == doc["deal"]


def test_a_damaged_or_finished_position_is_refused(tmp_path: Path) -> None:
    doc = middle.load_middle()[0]
    path = tmp_path / "middle.json"
    middle.save_middle([doc, {**doc, "board": doc["board"][:8]}], path)
    with pytest.raises(DocumentError):
        middle.load_middle(path)
    middle.save_middle([{**doc, "over": True, "landing": []}], path)
    with pytest.raises((ValueError, DocumentError)):
        middle.load_middle(path)


def test_positions_are_found_in_a_game_as_the_set_was(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    """With a short game and small gaps: the positions come at least the gap
    apart, each is the game after its moves, and they save and load."""
    monkeypatch.setattr(middle, "AFTER", 10)
    monkeypatch.setattr(middle, "GAP", 8)
    monkeypatch.setattr(middle, "FREE", (60, 81))
    result = middle.play_game(3, 5, "quick", 45)
    found = middle.find_middle(result)
    assert found and len(found) <= middle.PER_GAME
    at = [doc["moves"] for doc in found]
    assert at[0] >= 10 and all(b - a >= 8 for a, b in pairwise(at))
    boards = [game.board for game in result.replay(5)]
    for doc in found:
        assert Game.from_dict(doc).board == boards[doc["moves"]]
    path = tmp_path / "found.json"
    middle.save_middle(found, path)
    assert middle.load_middle(path) == found


def test_a_paired_run_resumes_and_puts_the_player_back(tmp_path: Path) -> None:
    docs = middle.load_middle()[:2]
    quick = engine.EFFORTS["quick"]
    results = tmp_path / "r.jsonl"
    specs = ["a", "b:top=1,top_crowded=1"]
    got = middle.run(docs, specs, [0], 1, moves=2, results=results)
    assert engine.EFFORTS["quick"] is quick
    assert {n: sorted(by[0]) for n, by in got.items()} == {"a": [0, 1, 2], "b": [0, 1, 2]}
    lines = results.read_text().splitlines()
    assert len(lines) == 6
    again = middle.run(docs, specs, [0, 1], 1, moves=2, results=results)
    assert again["a"][0] == got["a"][0] and sorted(again["a"]) == [0, 1]
    assert len(results.read_text().splitlines()) == 12, "only the missing play-ons are played"
    first = [json.loads(line) for line in lines if json.loads(line)["variant"] == "a"]
    assert all(len(d["play_on"]) == 4 and d["ms"] > 0 for d in first)
    assert all(play_on[4] > 0 for by in got.values() for play_on in by[0].values())


def test_a_bad_variant_fails_before_any_play(tmp_path: Path) -> None:
    results = tmp_path / "r.jsonl"
    with pytest.raises(ValueError, match="depth"):
        middle.run(middle.load_middle()[:1], ["a", "x:depth=3"], [0], 1, 2, results)
    assert not results.exists() or results.read_text() == ""


def test_the_table_pairs_only_positions_every_variant_finished(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines: list[str] = []
    for variant, position, stream, play_on in [
            ("a", 0, 0, [False, 20, 30, 100]), ("a", 0, 1, [False, 30, 31, 90]),
            ("a", 1, 0, [True, 0, 0, 10]), ("a", 1, 1, [True, 0, 0, 20]),
            ("b", 0, 0, [False, 29, 35, 120]), ("b", 0, 1, [False, 27, 33, 80]),
            ("b", 1, 0, [False, 25, 30, 50])]:  # b's position 1 is unfinished
        ms = {} if variant == "a" and stream else {"ms": 40.0 + 10 * len(lines)}
        lines.append(json.dumps({"variant": variant, "position": position, "stream": stream,
                                 "play_on": play_on, **ms}))
    results = middle.read_results(lines)
    rows = middle.table(results, streams=2).splitlines()
    assert rows[0].endswith("| points | ms a move (CPU) |")
    assert rows[2] == "| a | 1 | 50.0 | 0.0 | 0.0 | 25.0 | 30.5 | 95.0 | - |", "a lacks ms"
    assert rows[3] == "| b | 1 | 0.0 | 0.0 | 0.0 | 28.0 | 34.0 | 100.0 | 85.0 |"
    assert rows[4].startswith("| b - a | 1 | -50.0 ± inf |") and rows[4].endswith(" | - |")
    both = middle.read_results([line.replace('"play_on"', '"ms": 30.0, "play_on"', 1)
                                if '"ms"' not in line else line for line in lines])
    assert middle.table(both, streams=2).splitlines()[4].endswith(" | +50.0 ± inf |")
    assert "no position finished" in middle.table({"a": {}, "b": results["b"]}, 2)
    path = tmp_path / "a.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert middle.main(["--compare", str(path)]) == 0
    assert capsys.readouterr().out.startswith("| variant | positions | fell to 24 % |")
