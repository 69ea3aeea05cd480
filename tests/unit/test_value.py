"""The learned value: its layout, its weights file and the checks on it, and
what the shipped weights say of a few boards."""

from __future__ import annotations

import random

import pytest

from kugler_core import value
from kugler_core.value import Weights, WeightsError, layout, points_to_come


def _image(board: list[int], s: int) -> list[int]:
    out = [0] * 81
    for i, c in enumerate(board):
        out[value._image(i, s)] = c
    return out


def _board(seed: int, balls: int) -> list[int]:
    rnd = random.Random(seed)
    board = [0] * 81
    for i in rnd.sample(range(81), balls):
        board[i] = rnd.randrange(1, 8)
    return board


def test_layout_sizes() -> None:
    five, four = layout(5), layout(4)
    assert len(five.windows) == 140 and len(four.windows) == 180
    # 9x9 windows of five under the 8 symmetries: 15 orthogonal, 9 diagonal classes
    assert five.classes == 24
    assert five.size == 24 * 243 + 82 + 12 + 82 + 24
    assert all(five.canon[p] == five.canon[_reverse(p)] <= p for p in range(243))
    with pytest.raises(ValueError):
        layout(6)


def _reverse(p: int) -> int:
    digits = [(p // 3 ** k) % 3 for k in range(5)]
    return sum(d * 3 ** k for k, d in enumerate(reversed(digits)))


def test_the_value_is_the_same_on_the_8_images_of_a_board() -> None:
    lay = layout(5)
    rnd = random.Random(3)
    vals = [0.0] * lay.size
    for k in range(lay.size):
        vals[k] = rnd.uniform(-1, 1)
    w = Weights(5, vals)
    for seed in range(5):
        board = _board(seed, 30)
        values = {round(w.value(_image(board, s)), 9) for s in range(8)}
        assert len(values) == 1


def test_colours_are_seen_relative_to_each_other() -> None:
    """Swapping two colours everywhere changes nothing: one table serves all seven."""
    w = value.weights(5)
    board = _board(11, 40)
    swapped = [{1: 2, 2: 1}.get(c, c) for c in board]
    assert w.value(board) == pytest.approx(w.value(swapped), abs=1e-9)


def test_the_weights_file_round_trips_quantised() -> None:
    lay = layout(5)
    rnd = random.Random(1)
    vals = [rnd.uniform(-50, 50) for _ in range(lay.size)]
    data = Weights(5, vals).dump()
    assert len(data) == 16 + 2 * lay.size + 16
    back = Weights.parse(data)
    assert back.line == 5
    assert max(abs(a - b) for a, b in zip(vals, back.values, strict=True)) <= 50 / 32767
    assert Weights.parse(back.dump()).values == back.values


@pytest.mark.parametrize(("damage", "message"), [
    (lambda d: d[:-1], "header says"),
    (lambda d: d + b"\0", "header says"),
    (lambda d: d[:10], "too short"),
    (lambda d: b"XXXX" + d[4:], "wrong magic"),
    (lambda d: d[:4] + b"\x09\x00" + d[6:], "format version 9"),
    (lambda d: d[:6] + b"\x07" + d[7:], "variant 7"),
    (lambda d: d[:30] + bytes([d[30] ^ 1]) + d[31:], "checksum does not match"),
    (lambda d: d[:-18] + d[-16:], "header says"),
])
def test_a_damaged_file_is_refused_with_what_is_wrong(damage: object, message: str) -> None:
    data = Weights(5, [0.0] * layout(5).size).dump()
    assert callable(damage)
    with pytest.raises(WeightsError, match=message):
        Weights.parse(damage(data))


def test_a_missing_or_damaged_shipped_file_makes_the_value_unavailable(
        monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.setattr(value, "_loaded", {})
    monkeypatch.setattr(value, "__package__", "tests")  # no value5.bin there
    assert not value.available(5)
    with pytest.raises(WeightsError, match=r"cannot read value5\.bin"):
        points_to_come([0] * 81, 5)
    monkeypatch.setattr(value, "_loaded", {})
    monkeypatch.setattr(value, "__package__", "kugler_core")
    assert value.available(5)


def test_the_shipped_weights_load_and_judge_boards_sensibly() -> None:
    assert value.available(5)
    w = value.weights(5)
    assert w is value.weights(5)  # read once
    full = [1, 2] * 40 + [1]
    assert points_to_come(full) == 0.0
    # crowding costs points to come: on average over random boards, and at the end
    room = [points_to_come(_board(seed, 20)) for seed in range(20)]
    crowded = [points_to_come(_board(seed, 60)) for seed in range(20)]
    assert sum(room) / 20 > sum(crowded) / 20 + 100
    assert sum(room) / 20 < 1 / (1 - value.DISCOUNT) * 10  # below a line every move
