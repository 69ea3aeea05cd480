"""Deal 1 pinned: a change to the generator must not pass unnoticed.

These literals are the definition of deal 1; never update them to make a test
pass (a deal number must mean the same game forever).
"""

from __future__ import annotations

from kugler_core import Game, rng

FIRST_FIVE = [((1, 8), 6), ((2, 2), 5), ((5, 4), 2), ((7, 0), 2), ((8, 4), 3)]
"""(cell, colour) of the 5 starting balls, row-major."""

COMING = [  # ball k = 5..16: (colour, preferred cell)
    (3, (8, 7)), (4, (0, 7)), (2, (6, 2)), (2, (1, 0)), (5, (3, 1)), (5, (1, 0)),
    (4, (4, 3)), (4, (2, 2)), (3, (5, 3)), (4, (5, 0)), (5, (6, 4)), (3, (7, 5)),
]


def test_deal_1_starting_position() -> None:
    g = Game.new(deal=1, line=5)
    placed = [((i // 9, i % 9), c) for i, c in enumerate(g.board) if c]
    assert placed == FIRST_FIVE
    assert g.to_text() == "\n".join([
        ".........",
        "........6",
        "..5......",
        ".........",
        ".........",
        "....2....",
        ".........",
        "2........",
        "....3....",
    ])
    assert g.next == (3, 4, 2)
    assert g.ball == 5


def test_deal_1_coming_balls() -> None:
    got = [(rng.ball(1, k).color, divmod(rng.ball(1, k).cell, 9)) for k in range(5, 17)]
    assert got == COMING


def test_deal_1_raw_words() -> None:
    assert [rng.word(1, n) for n in range(3)] == [
        6791897765849424158, 17405687883870564846, 834844254806117752]


def test_same_for_both_variants() -> None:
    assert Game.new(deal=1, line=4).board == Game.new(deal=1, line=5).board
