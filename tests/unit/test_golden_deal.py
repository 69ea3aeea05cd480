"""Deal 1 pinned: a change to the generator must not pass unnoticed.

These literals are the definition of deal 1; never update them to make a test
pass (a deal number must mean the same game forever).
"""

from __future__ import annotations

from kugler_core import Game, rng

FIRST_FIVE = [((2, 7), 1), ((3, 8), 6), ((4, 7), 2), ((5, 1), 3), ((5, 4), 7)]
"""(cell, colour) of the 5 starting balls, row-major."""

COMING = [  # ball k = 5..16: (colour, preferred cell)
    (6, (3, 7)), (5, (3, 4)), (2, (6, 5)), (2, (2, 1)), (2, (6, 3)), (5, (2, 6)),
    (7, (4, 4)), (2, (0, 2)), (6, (4, 3)), (6, (1, 3)), (3, (4, 3)), (7, (7, 7)),
]


def test_deal_1_starting_position() -> None:
    g = Game.new(deal=1, line=5)
    placed = [((i // 9, i % 9), c) for i, c in enumerate(g.board) if c]
    assert placed == FIRST_FIVE
    assert g.to_text() == "\n".join([
        ".........",
        ".........",
        ".......1.",
        "........6",
        ".......2.",
        ".3..7....",
        ".........",
        ".........",
        ".........",
    ])
    assert g.next == (6, 5, 2)
    assert g.ball == 5


def test_deal_1_coming_balls() -> None:
    got = [(rng.ball(1, k).color, divmod(rng.ball(1, k).cell, 9)) for k in range(5, 17)]
    assert got == COMING


def test_deal_1_raw_words() -> None:
    assert [rng.word(1, n) for n in range(3)] == [
        6791897765849424158, 17405687883870564846, 834844254806117752]
    assert rng.ball(1, 0) == rng.Ball(3, 46, 14083265905036761458)


def test_same_for_both_variants() -> None:
    assert Game.new(deal=1, line=4).board == Game.new(deal=1, line=5).board
