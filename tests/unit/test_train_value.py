"""tools/train_value.py: one command plays, fits and writes the learned value's
weights; the same seed gives the same bytes, and a run goes on from its work
directory (the chunks of games and the fit's checkpoint) instead of starting over."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from kugler_core.value import Weights, layout
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
    monkeypatch.setattr(np.random, "default_rng",
                        lambda seed: epochs.append(seed[1]) or real_rng(seed))
    assert train(work, tmp_path / "two.bin", "--epochs", "2") == data
    assert epochs == [1]  # only the second pass was run
