"""tools/train_value.py: one command plays, fits and writes the learned value's
weights; the same seed gives the same bytes, and a run goes on from its work
directory (the chunks of games and the fit's checkpoint) instead of starting over."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from kugler_core.board import CELL_OF
from kugler_core.evaluate import tables
from kugler_core.game import Game
from kugler_core.player import rank
from kugler_core.value import DISCOUNT, Weights, layout
from tools import train_value

GAMES = 2  # a short run: about 350 boards of the ranking player's games


def train(work: Path, out: Path, *args: str) -> bytes:
    """Run the command with ``work`` and ``out``; the bytes it wrote."""
    assert train_value.main(["--seed", "7", "--games", str(GAMES), "--work", str(work),
                             "--out", str(out), *args]) == 0
    return out.read_bytes()


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """One run of two passes: its work directory and the weights file it wrote."""
    work = tmp_path_factory.mktemp("value")
    return work, train(work, work / "value5.bin", "--epochs", "2")


def test_the_written_file_is_a_checked_weights_file_of_the_variant(
        trained: tuple[Path, bytes]) -> None:
    _work, data = trained
    weights = Weights.parse(data)
    assert weights.line == 5
    assert len(weights.values) == layout(5).size


def test_the_fit_learns_the_points_to_come_of_its_games(trained: tuple[Path, bytes]) -> None:
    # what the file says of the boards it was fitted on is nearer to their
    # targets than their mean is (the int16 file, read as the player reads it)
    work, data = trained
    weights = Weights.parse(data)
    boards, _rooms, values = train_value.load(work)
    predicted = np.array([weights.value(list(board)) for board in boards])
    assert len(values) > 100
    fitted = float(np.mean((predicted - values) ** 2))
    assert fitted < 0.9 * float(np.var(values))


def test_the_same_seed_gives_the_same_bytes(trained: tuple[Path, bytes],
                                            tmp_path: Path) -> None:
    _work, data = trained
    assert train(tmp_path / "again", tmp_path / "again.bin", "--epochs", "2") == data


def test_another_seed_plays_other_deals(trained: tuple[Path, bytes], tmp_path: Path) -> None:
    assert train_value.main(["--seed", "8", "--games", str(GAMES), "--work",
                             str(tmp_path), "--play-only"]) == 0
    ours = np.load(trained[0] / "games-0000.npz")["boards"]
    theirs = np.load(tmp_path / "games-0000.npz")["boards"]
    assert ours.shape != theirs.shape or not np.array_equal(ours, theirs)


def test_a_run_goes_on_from_its_checkpoint(trained: tuple[Path, bytes], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # one pass, then a second run asked for two: the games are not played
    # again and the fit starts from the saved pass, ending on the same bytes
    # as the two passes in one go
    _work, data = trained
    work = tmp_path / "work"
    train(work, tmp_path / "one.bin", "--epochs", "1")
    assert (work / "fit.npz").exists()

    def no_more_games(deal: int, line: int) -> None:
        raise AssertionError(f"deal {deal} played again")

    monkeypatch.setattr(train_value, "play_game", no_more_games)
    epochs: list[int] = []
    real_rng = np.random.default_rng

    def counted(seed: tuple[int, int]) -> np.random.Generator:
        epochs.append(seed[1])
        return real_rng(seed)

    monkeypatch.setattr(np.random, "default_rng", counted)
    assert train(work, tmp_path / "two.bin", "--epochs", "2") == data
    assert epochs == [1]  # only the second pass was run


def ranking_moves(deal: int) -> list[tuple[int, int]]:
    """The moves ``train_value.play_game`` plays on ``deal`` (the ranking's best)."""
    game = Game.new(deal=deal, line=5)
    t = tables(5)
    moves = []
    while not game.over:
        source, target = rank(list(game.board), t, train_value.REFINE)[0][1]
        game.move(CELL_OF[source], CELL_OF[target])
        moves.append((source, target))
    return moves


def kept(deal: int, moves: list[tuple[int, int]], capped: bool = False,
         strength: str = "quick") -> str:
    """A line of a results file as bench/player.py --results writes it."""
    return json.dumps({"strength": strength, "line": 5, "deal": deal, "points": 0,
                       "moves": len(moves), "scoring": 0, "capped": capped, "wall": [],
                       "cpu": [], "played": [list(m) for m in moves]})


def test_the_player_s_kept_games_train_as_the_ranking_s_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--from-results replays kept games into the same boards, room features and
    points to come as playing them gives; a game that reached its cap leaves out
    its last HORIZON boards (their points to come cut short); a line without
    its moves is refused with its place."""
    assert DISCOUNT ** train_value.HORIZON < 0.01
    assert DISCOUNT ** (train_value.HORIZON - 1) >= 0.01
    monkeypatch.setattr(train_value, "HORIZON", 10)
    results = tmp_path / "games.jsonl"
    five, six = ranking_moves(5), ranking_moves(6)
    results.write_text(kept(6, six, capped=True) + "\n" + kept(5, five) + "\n")
    work = tmp_path / "own"
    assert train_value.main(["--from-results", str(results), "--work", str(work),
                             "--epochs", "1", "--out", str(tmp_path / "own.bin")]) == 0
    Weights.parse((tmp_path / "own.bin").read_bytes())
    boards, rooms, values = train_value.load(work)
    played = [train_value.play_game(deal, 5) for deal in (5, 6)]
    cut = len(six) - 10
    assert len(values) == len(five) + cut
    assert np.array_equal(boards, np.concatenate([played[0][0], played[1][0][:cut]]))
    assert np.array_equal(rooms, np.concatenate([played[0][1], played[1][1][:cut]]))
    assert np.allclose(values, np.concatenate([played[0][2], played[1][2][:cut]]))
    results.write_text("\n".join([kept(6, six), kept(5, five[:3], True, "strong"), kept(5, five),
                                   kept(6, six[:4], True)]) + "\n")
    assert train_value.kept_games([results], 5) == [  # a game per deal and strength, the last
        (5, five, False), (5, five[:3], True), (6, six[:4], True)]
    assert train_value.kept_games([results], 4) == []
    row = json.loads(kept(7, five))
    del row["played"]  # a record written before the moves were kept
    results.write_text(json.dumps(row) + "\n")
    with pytest.raises(ValueError, match=r"deal 7 \(quick\): kept without its moves"):
        train_value.kept_games([results], 5)
    results.write_text(kept(5, five) + "\n" + '{"deal": 7, "line": 5, "capped": false}\n')
    with pytest.raises(ValueError, match=r"games\.jsonl:2"):
        train_value.kept_games([results], 5)
    five[3] = (five[3][1], five[3][0])
    with pytest.raises(ValueError, match="deal 5, move 4"):
        train_value.replay_game(5, 5, five, False)
