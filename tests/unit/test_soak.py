"""A short run of bench/soak.py, and proof that its checks catch a broken engine."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from bench_scripts import load

from kugler_core import Game, Turn

soak = load("soak.py")


def test_fifty_games_pass_every_check() -> None:
    c = soak.soak(50, seed=7, roundtrip_every=5, undo_rate=0.2)
    assert c.games == 50
    assert c.turns > 50 * 10
    assert c.roundtrips > 0 and c.undos > 0


def test_main_prints_games_and_turns(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main(["--games", "4", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("soak: 4 games, ") and "turns checked" in out


def test_standing_runs_finds_lines() -> None:
    board = [0] * 81
    for i in range(5):
        board[i * 10] = 3  # the main diagonal
    assert soak.standing_runs(board, 5) == [[0, 10, 20, 30, 40]]
    assert soak.standing_runs(board, 6) == []
    assert soak.standing_runs(board, 4, [20]) == [[0, 10, 20, 30, 40]]


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda t: dataclasses.replace(t, points=t.points + 1),
        lambda t: dataclasses.replace(t, path=t.path[:1] + t.path),
        lambda t: dataclasses.replace(t, spawned=t.spawned[:-1]),
    ],
)
def test_a_broken_turn_is_caught(monkeypatch: pytest.MonkeyPatch, corrupt: Any) -> None:
    real = Game.move

    def move(self: Game, a: Any, b: Any) -> Turn:
        turn = real(self, a, b)
        return corrupt(turn) if turn.spawned else turn

    monkeypatch.setattr(Game, "move", move)
    with pytest.raises(soak.InvariantBroken):
        soak.soak(3, seed=1)


def test_a_broken_undo_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Game, "undo", lambda self: None)
    with pytest.raises(soak.InvariantBroken, match="undo"):
        soak.soak(5, seed=1, undo_rate=1.0)


def test_replays_are_checked() -> None:
    c = soak.soak(6, seed=2, replay_every=2)
    assert c.replays == 3
    assert soak.soak(4, seed=2, replay_every=0).replays == 0


def test_a_replay_that_differs_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = soak.replay

    def skewed(deal: int, line: int, history: Any, rule: int) -> Any:
        frames = real(deal, line, history, rule)
        position = frames[1].position
        frames[1] = dataclasses.replace(frames[1], position=dataclasses.replace(
            position, score=position.score + 2))
        return frames

    monkeypatch.setattr(soak, "replay", skewed)
    with pytest.raises(soak.InvariantBroken, match="after move 1"):
        soak.soak(2, seed=1)


def test_a_history_with_a_wrong_move_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Game.move

    def move_recorded_backwards(self: Game, a: Any, b: Any) -> Turn:
        turn = real(self, a, b)
        history = self._history
        if history is not None and len(history) == 2:
            history[-1] = history[-1][::-1]  # the move written the wrong way round
        return turn

    monkeypatch.setattr(Game, "move", move_recorded_backwards)
    with pytest.raises(soak.InvariantBroken, match="history does not replay: move 2"):
        soak.soak(3, seed=1, undo_rate=0.0)
