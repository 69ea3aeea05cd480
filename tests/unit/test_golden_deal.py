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


# Deal 1 played by fixed moves under each placement rule (rng.RULES): the cells
# where the new balls of every move land, and the board after 15 moves. The
# rule-1 literals were made by the code before rule 2 and must never change (games
# begun before it are replayed by them); rule 2 is every new game's.

GOLDEN_MOVES = {
    1: [(25, 65), (46, 38), (49, 26), (38, 69), (21, 22), (33, 53), (74, 51), (77, 0),
        (47, 67), (70, 38), (47, 1), (53, 60), (72, 75), (64, 56), (23, 32)],
    2: [(25, 65), (46, 38), (49, 26), (38, 69), (21, 22), (33, 53), (74, 51), (77, 0),
        (43, 64), (65, 29), (57, 73), (56, 38), (73, 56), (61, 62), (56, 36)],
}
GOLDEN_SPAWNED = {
    1: [[34, 31, 59], [19, 57, 24], [40, 2, 39], [12, 21, 70], [47, 33, 49], [23, 9, 74],
        [7, 42, 77], [8, 52, 58], [27, 47, 80], [78, 72, 64], [21, 68, 37], [61, 20, 13],
        [45, 33, 73], [74, 44, 5], [28, 16, 71]],
    2: [[34, 31, 59], [19, 57, 24], [40, 2, 39], [12, 21, 70], [47, 33, 49], [23, 9, 74],
        [7, 42, 77], [6, 50, 56], [27, 8, 80], [78, 72, 63], [21, 67, 65], [61, 20, 13],
        [75, 33, 11], [74, 44, 5], [32, 17, 71]],
}
GOLDEN_BOARD = {
    1: ["152..6.74", "2..65..3.", ".2363.5.7", "35..55466", ".2767.225", "5...1.55.",
        "..423241.", "..1.643.6", ".414..6.1"],
    2: ["1.2..6475", "2.465...3", ".236355.7", "3.1.55466", "2.367.2.5", "..6.155.4",
        ".....2..1", "422.4.376", "4.15..6.1"],
}
GOLDEN_MARKS = {
    1: [((8, 4), 7), ((4, 0), 6), ((8, 7), 1)],
    2: [((8, 4), 7), ((4, 7), 6), ((8, 7), 1)],
}


def test_deal_1_under_each_rule() -> None:
    for rule in rng.RULES:
        g = Game.new(deal=1, line=5, rule=rule)
        spawned = []
        for s, t in GOLDEN_MOVES[rule]:
            turn = g.move(divmod(s, 9), divmod(t, 9))
            spawned.append([r * 9 + c for (r, c), _ in turn.spawned])
        assert spawned == GOLDEN_SPAWNED[rule], rule
        assert g.to_text().splitlines() == GOLDEN_BOARD[rule], rule
        assert g.landing() == GOLDEN_MARKS[rule], rule
    # the same first 8 moves; the rules part at move 8, whose new balls rule 1 put
    # where the board after the move said, rule 2 where they had been announced
    assert GOLDEN_MOVES[1][:8] == GOLDEN_MOVES[2][:8]
    assert GOLDEN_SPAWNED[1][:7] == GOLDEN_SPAWNED[2][:7]
    assert GOLDEN_SPAWNED[1][7] != GOLDEN_SPAWNED[2][7]
