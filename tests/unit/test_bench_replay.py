"""bench/replay.py: its greedy player plays legal long games, and its measures run."""

from __future__ import annotations

import pytest
from bench_scripts import load

from kugler_core.replay import decode, encode, verify

bench = load("replay.py")


def test_greedy_games_are_legal_and_outlive_random_play() -> None:
    g = bench.long_game(1, 4, 150)
    assert g.moves == 150 and not g.over  # random play ends near 30 moves
    verify(g)
    assert decode(encode(1, 4, g.history, g.rule)) == (1, 4, g.history, g.rule)


def test_measure_reports_every_number() -> None:
    g = bench.long_game(2, 4, 40)
    m = bench.measure(2, 4, list(g.history), repeat=1)
    assert m["moves"] == 40 and m["code_chars"] == len(encode(2, 4, g.history, g.rule))
    assert all(m[k] >= 0 for k in ("encode_ms", "unpack_ms", "replay_ms", "replay_decode_ms",
                                   "load_ms", "verify_ms"))
    assert m["reply_kb"] > 0 and m["doc_kb"] > 0


def test_main_prints_a_row_per_length(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--moves", "20,30", "--repeat", "1", "--deal", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("moves") and [line.split()[0] for line in out[1:]] == ["20", "30"]
