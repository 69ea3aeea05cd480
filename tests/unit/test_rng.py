from __future__ import annotations

from collections import Counter

import pytest

from kugler_core import MAX_DEAL, rng


def reference_splitmix64(state: int, count: int) -> list[int]:
    """Straight transcription of the published splitmix64 (Vigna), for comparison."""
    out = []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & (2**64 - 1)
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
        out.append(z ^ (z >> 31))
    return out


def test_reference_vector() -> None:
    assert reference_splitmix64(0, 3) == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert rng.splitmix64_output(0) == 0xE220A8397B1DCDAF


@pytest.mark.parametrize("deal", [1, 2, 42, MAX_DEAL])
def test_words_are_the_splitmix64_stream(deal: int) -> None:
    (seed,) = reference_splitmix64(deal, 1)
    assert [rng.word(deal, n) for n in range(10)] == reference_splitmix64(seed, 10)


def test_ball_ranges_and_spread() -> None:
    colors: Counter[int] = Counter()
    cells: Counter[int] = Counter()
    for deal in (1, 2, 3):
        for k in range(2000):
            b = rng.ball(deal, k)
            colors[b.color] += 1
            cells[b.cell] += 1
            assert 0 <= b.fallback < 2**64
    assert set(colors) == set(range(1, 8))
    assert set(cells) == set(range(81))
    assert max(colors.values()) < 1.1 * 6000 / 7  # roughly uniform
    assert min(colors.values()) > 0.9 * 6000 / 7


def test_deals_differ() -> None:
    assert [rng.ball(1, k) for k in range(8)] != [rng.ball(2, k) for k in range(8)]


def test_landing_rule() -> None:
    b = rng.Ball(color=2, cell=40, fallback=10)
    board = [0] * 81
    assert rng.landing(b, board) == 40
    board[40] = 1
    free = [i for i in range(81) if not board[i]]
    assert rng.landing(b, board) == free[10]
    board = [1] * 81
    board[3] = board[77] = 0
    assert rng.landing(b, board) == 3  # 10 % 2 == 0 -> first free cell
    board[3] = 5
    assert rng.landing(b, board) == 77
    board[77] = 5
    assert rng.landing(b, board) is None


@pytest.mark.parametrize("deal", [0, -1, MAX_DEAL + 1, True, 1.0, "1", None])
def test_check_deal(deal: object) -> None:
    with pytest.raises(ValueError, match="deal"):
        rng.check_deal(deal)


def test_ball_is_one_word_split_into_digits() -> None:
    for deal, k in ((1, 0), (5, 17), (MAX_DEAL, 300)):
        w = rng.word(deal, k)
        fraction = w / 2**64
        b = rng.ball(deal, k)
        assert b.color == 1 + int(fraction * 7)
        assert b.cell == int((fraction * 7 % 1) * 81) or abs(  # float rounding at a boundary
            (fraction * 7 % 1) * 81 - round((fraction * 7 % 1) * 81)) < 1e-9
        assert b.fallback == (((w * 7) % 2**64) * 81) % 2**64
