"""The computer player: legal, pure, fair, deterministic, takes lines, both variants."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kugler_core import MAX_DEAL, Game, rng
from kugler_core.board import CELL_OF, from_text
from kugler_core.evaluate import Tables, evaluate, settle, tables
from kugler_core.paths import reachable
from kugler_core.player import Effort, Strength, View, choose, suggest

deals = st.integers(min_value=1, max_value=MAX_DEAL)
lines = st.sampled_from([4, 5])
seeds = st.integers(min_value=0, max_value=2**32)
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def random_position(deal: int, line: int, seed: int, moves: int) -> Game:
    """A game of ``deal`` after up to ``moves`` random moves (stops when over)."""
    g = Game.new(deal=deal, line=line)
    rnd = random.Random(seed)
    for _ in range(moves):
        if g.over:
            break
        sources = [i for i, c in enumerate(g.board) if c]
        rnd.shuffle(sources)
        for s in sources:
            targets = sorted(reachable(g.board, s))
            if targets:
                g.move(CELL_OF[s], CELL_OF[rnd.choice(targets)])
                break
    return g


# -- legality, purity ---------------------------------------------------------------


@SETTINGS
@given(deals, lines, seeds, st.integers(min_value=0, max_value=60))
def test_quick_move_is_legal_and_changes_nothing(deal: int, line: int, seed: int,
                                                 moves: int) -> None:
    g = random_position(deal, line, seed, moves)
    before = g.to_dict()
    move = suggest(g)
    assert g.to_dict() == before
    if g.over:
        assert move is None
        return
    assert move is not None
    source, target = move
    assert g.board[source[0] * 9 + source[1]]
    assert CELL_OF.index(target) in reachable(g.board, CELL_OF.index(source))
    g.move(source, target)  # legal: does not raise


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals, lines, seeds, st.integers(min_value=0, max_value=40))
def test_strong_move_is_legal_and_changes_nothing(deal: int, line: int, seed: int,
                                                  moves: int) -> None:
    g = random_position(deal, line, seed, moves)
    before = g.to_dict()
    move = suggest(g, strength="strong")
    assert g.to_dict() == before
    assert (move is None) == g.over
    if move is not None:
        g.move(*move)


def test_a_whole_game_of_suggestions_is_legal() -> None:
    g = Game.new(deal=2024, line=4)
    while not g.over and g.moves < 150:
        move = suggest(g)
        assert move is not None
        g.move(*move)
    assert g.score > 0


# -- fairness, determinism ------------------------------------------------------------


def test_the_view_is_what_the_player_sees() -> None:
    g = random_position(12, 4, 5, 15)
    v = View.of(g)
    assert (v.board, v.next, v.line) == (g.board, g.next, 4)
    assert [(CELL_OF[i], c) for i, c in zip(v.landing, v.next, strict=False)] == g.landing()
    assert suggest(g) == tuple(CELL_OF[i] for i in choose(v) or ())


def twin(g: Game, deal: int) -> Game:
    """A game that looks the same as ``g`` (board, coming colours, their marks,
    variant) but has another deal and ball index: everything it hides differs."""
    position = replace(g.position, ball=g.ball + 3 * (deal % 7 + 1))
    return Game(position, deal=deal, line=g.line)


@SETTINGS
@given(deals, deals, lines, seeds, st.integers(min_value=0, max_value=40))
def test_same_view_same_move(deal: int, other: int, line: int, seed: int, moves: int) -> None:
    g = random_position(deal, line, seed, moves)
    h = twin(g, other)
    assert View.of(h) == View.of(g) and (h.deal, h.ball) != (g.deal, g.ball)
    assert suggest(g) == suggest(h)


def test_same_view_same_strong_move() -> None:
    g = random_position(5, 5, 1, 15)
    assert not g.over
    hidden = [twin(g, d) for d in (1, 99, 123456789)]
    assert {suggest(x, "strong") for x in [g, *hidden]} == {suggest(g, "strong")}


def test_a_saved_and_loaded_game_gets_the_same_move() -> None:
    g = random_position(31, 5, 7, 30)
    assert suggest(Game.from_dict(g.to_dict())) == suggest(g)


@contextmanager
def only_the_coming_balls(g: Game) -> Iterator[None]:
    """While inside, the deal stream of ``g`` answers only for its three coming
    balls: any other ball (or any word of another deal) raises."""
    allowed = {(g.deal, g.ball + k) for k in range(3)}
    real_ball, real_word = rng.ball, rng.word

    def ball(deal: int, k: int) -> rng.Ball:
        if (deal, k) not in allowed:
            raise AssertionError(f"the player asked for ball {k} of deal {deal}")
        return real_ball(deal, k)

    def word(deal: int, n: int) -> int:
        if (deal, n) not in allowed:
            raise AssertionError(f"the player asked for word {n} of deal {deal}")
        return real_word(deal, n)

    real_ball.cache_clear()
    rng.seed.cache_clear()
    rng.ball, rng.word = ball, word  # type: ignore[assignment]
    try:
        yield
    finally:
        rng.ball, rng.word = real_ball, real_word
        real_ball.cache_clear()


@pytest.mark.parametrize("strength", ["quick", "strong"])
@pytest.mark.parametrize(("deal", "line", "seed", "moves"),
                         [(8, 5, 3, 10), (40, 5, 1, 18), (77, 4, 2, 25), (5, 5, 9, 15)])
def test_no_ball_past_the_three_coming_is_read(strength: str, deal: int, line: int, seed: int,
                                               moves: int) -> None:
    g = random_position(deal, line, seed, moves)
    assert not g.over
    expected = suggest(g, strength)  # type: ignore[arg-type]
    with only_the_coming_balls(g):
        with pytest.raises(AssertionError, match="ball"):
            rng.ball(g.deal, g.ball + 3)  # the guard works
        assert suggest(g, strength) == expected  # type: ignore[arg-type]


SPOIL = from_text("""
    111......
    .........
    ........1
    .........
    ....6....
    .........
    ........2
    .........
    222......
""")


@pytest.mark.parametrize("strength", ["quick", "strong"])
@pytest.mark.parametrize(("marks", "target"), [((4, 40, 41), 4), ((76, 40, 41), 76)])
def test_the_player_takes_the_cell_where_a_coming_ball_would_spoil_a_line(
        strength: Strength, marks: tuple[int, int, int], target: int) -> None:
    """Three 1s on top and three 2s below, a fourth of each one move away: with
    the marks out of the way the 1s get their fourth (next to the three or one
    cell apart: one move further the two are tied and quick takes the lower
    target, strong's second move tells them apart by its sampled balls); a
    coming 3 marked on the cell that would complete the four (the row's
    fifth) makes the player take that cell itself, so that the 3 lands elsewhere."""
    free = choose(View(SPOIL, (3, 4, 5), (30, 40, 41), 5), strength)
    assert free == (26, 3) if strength == "quick" else free in ((26, 3), (26, 4))
    move = choose(View(SPOIL, (3, 4, 5), marks, 5), strength)
    assert move is not None and move[1] == target


@pytest.mark.parametrize("strength", ["quick", "strong"])
def test_deterministic(strength: str) -> None:
    g = random_position(77, 5, 2, 20)
    first = suggest(g, strength)  # type: ignore[arg-type]
    random.seed(1)  # the global generator plays no part
    assert all(suggest(g, strength) == first for _ in range(2))  # type: ignore[arg-type]


# -- takes a line, game over ---------------------------------------------------------

LINE_CASES = [
    # (diagram, line, the one move that completes a line)
    ("""
     1111.....
     .........
     ....1....
     .........
     .........
     .........
     .........
     .......22
     .......23
     """, 5, ((2, 4), (0, 4))),
    ("""
     3........
     .3.......
     ..3......
     .........
     ....3....
     .........
     ....3....
     ...5.5...
     2....6...
     """, 5, ((6, 4), (3, 3))),
    ("""
     .........
     .........
     ..66.66..
     .........
     .........
     .........
     ....6....
     .....4...
     .7.....2.
     """, 5, ((6, 4), (2, 4))),
    ("""
     .7.......
     .4.......
     .4.......
     .4.......
     .........
     ...4.....
     .........
     .........
     7...3...5
     """, 4, ((5, 3), (4, 1))),
    ("""
     .........
     ..22.2...
     .........
     .........
     .........
     .........
     .......2.
     .........
     7...3...5
     """, 4, ((6, 7), (1, 4))),
]


@pytest.mark.parametrize("strength", ["quick", "strong"])
@pytest.mark.parametrize(("diagram", "line", "expected"), LINE_CASES)
def test_takes_the_line(diagram: str, line: int, expected: object, strength: str) -> None:
    # coming colours that cannot make the line longer: taking it now is right
    g = Game.from_text(diagram, next=(7, 7, 7), line=line)
    move = suggest(g, strength)  # type: ignore[arg-type]
    assert move == expected
    assert g.move(*move).lines  # type: ignore[misc]


def test_full_board_and_game_over() -> None:
    full = "\n".join("".join(str((r * 3 + c) % 7 + 1) for c in range(9)) for r in range(9))
    for line in (4, 5):
        g = Game.from_text(full, line=line)
        assert g.over
        assert suggest(g) is None and suggest(g, "strong") is None


def test_one_free_cell_walled_in_has_no_legal_move_but_answers() -> None:
    """One free cell, reachable by its neighbours: the player moves one of them."""
    rows = ["".join(str((r * 3 + c) % 7 + 1) for c in range(9)) for r in range(9)]
    rows[4] = rows[4][:4] + "." + rows[4][5:]
    g = Game.from_text("\n".join(rows))
    move = suggest(g)
    assert move is not None and move[1] == (4, 4)
    g.move(*move)


def test_bad_strength() -> None:
    with pytest.raises(ValueError, match="strength"):
        suggest(Game.new(), "hard")  # type: ignore[arg-type]


# -- the evaluation --------------------------------------------------------------------


def test_settle_clears_lines_and_counts_points() -> None:
    board = list(from_text("""
        11111....
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        ........2
    """))
    assert settle(board, (0,), 5) == 10
    assert board[:5] == [0] * 5 and board[80] == 2
    assert settle(board, (80,), 5) == 0


def test_evaluation_prefers_a_row_to_scattered_balls() -> None:
    t = tables(5)
    row = from_text("\n".join(["333......"] + ["........."] * 8))
    scattered = from_text("\n".join(["3...3...3"] + ["........."] * 8))
    walled = from_text("\n".join(["3........", "3........", ".3.......", "3........"]
                                 + ["........."] * 5))
    assert evaluate(row, t) > evaluate(scattered, t)
    assert evaluate(walled, t) < evaluate(row, t)


SPREAD_CASES = [
    # (two colours near a line, one colour twice: the same windows, other colours)
    ("""
     333......
     .........
     .........
     .........
     .........
     .........
     444......
     .........
     3.4.3.4..
     """, """
     333......
     .........
     .........
     .........
     .........
     .........
     333......
     .........
     3.4.3.4..
     """),
    ("""
     .........
     ..5555...
     .........
     .........
     .........
     .........
     .........
     .1111....
     5...1....
     """, """
     .........
     ..5555...
     .........
     .........
     .........
     .........
     .........
     .5555....
     5...1....
     """),
]


@pytest.mark.parametrize(("spread", "heaped"), SPREAD_CASES)
def test_evaluation_prefers_near_lines_spread_over_colours(
        spread: str, heaped: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Near-lines in two colours beat the same near-lines in one colour; added up
    plainly (SPREAD = 1) the boards are about even (the heaped one a little ahead
    here: its spare balls sit nearer its near-lines)."""
    a, b = from_text(spread), from_text(heaped)
    assert [c > 0 for c in a] == [c > 0 for c in b]  # the same cells, other colours
    t = Tables(5)  # its own store of values, which keeps them under one SPREAD
    spread_gain = evaluate(a, t) - evaluate(b, t)
    monkeypatch.setattr("kugler_core.evaluate.SPREAD", 1.0)
    t = Tables(5)
    plain_gain = evaluate(a, t) - evaluate(b, t)
    assert abs(plain_gain) <= 2.0
    assert spread_gain > plain_gain + 2.0


# -- the hand-over to strong's effort on a crowded board ----------------------------------


QUICK_OF_ROW_79 = Effort(refine=24, top=20, samples=3, crowded=30, refine_crowded=90,
                         top_crowded=60, strong_below=30)
"""Quick before it took strong's effort everywhere: its own, smaller effort,
and strong's on a board with fewer than 30 free cells."""


@pytest.mark.parametrize(("deal", "moves", "crowded"), [(17, 20, True), (27, 8, False)])
def test_an_effort_hands_a_crowded_board_to_strongs_effort(
        deal: int, moves: int, crowded: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Below ``strong_below`` free cells an effort chooses with strong's (seeded
    as its own strength, so still its own move); above, with its own. Both
    positions are ones where the two efforts choose different moves."""
    from kugler_core import player
    g = random_position(deal, 5, deal, moves)
    view = View.of(g)
    assert (g.board.count(0) < QUICK_OF_ROW_79.strong_below) == crowded
    monkeypatch.setitem(player.EFFORTS, "quick", QUICK_OF_ROW_79)
    played = choose(view, "quick")
    monkeypatch.setitem(player.EFFORTS, "quick", replace(QUICK_OF_ROW_79, strong_below=0))
    own = choose(view, "quick")
    monkeypatch.setitem(player.EFFORTS, "quick", player.STRONG)
    strongs = choose(view, "quick")
    assert own != strongs
    assert played == (strongs if crowded else own)


def test_an_effort_is_a_value_that_a_variant_replaces() -> None:
    """The strengths' efforts cannot be changed in place; a variant is a copy
    with fields replaced, and an unset crowded width is the effort's own."""
    from dataclasses import FrozenInstanceError

    from kugler_core import player
    with pytest.raises(FrozenInstanceError):
        player.QUICK.top = 1  # type: ignore[misc]
    wide = replace(player.QUICK, refine=50, crowded=30)
    assert (wide.refine, wide.crowded, wide.refine_crowded) == (50, 30, 0)
    assert (player.QUICK.refine, player.QUICK.crowded) == (120, 0)
    assert wide == replace(player.QUICK, crowded=30, refine=50) != player.QUICK


# -- the learned value in the search --------------------------------------------------


@pytest.fixture(params=["learned", "learned_root", "learned_margin"])
def learned_quick(request: pytest.FixtureRequest,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Quick with the learned points to come added to its best replies
    (``learned``) or to its candidates (``learned_root``), or re-ranking the
    candidates within a margin of the best (``learned_margin``), on every
    board (no hand-over to strong's effort on a crowded one)."""
    from kugler_core import player
    base = replace(player.QUICK, strong_below=0, learned_replies=3)
    efforts = {"learned": replace(base, learned=3.0),
               "learned_root": replace(base, learned_root=3.0),
               "learned_margin": replace(base, learned_margin=1e9)}
    monkeypatch.setitem(player.EFFORTS, "quick", efforts[request.param])
    yield


@pytest.mark.parametrize(("deal", "seed", "moves"), [(8, 3, 10), (40, 1, 18), (5, 9, 15)])
def test_the_learned_value_keeps_the_player_legal_fair_and_deterministic(
        learned_quick: None, deal: int, seed: int, moves: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from kugler_core import value
    g = random_position(deal, 5, seed, moves)
    assert not g.over
    asked: list[int] = []
    real = value.Weights.value

    def counted(self: value.Weights, board: list[int]) -> float:
        asked.append(1)
        return real(self, board)

    monkeypatch.setattr(value.Weights, "value", counted)
    move = suggest(g)
    assert asked, "the learned value was consulted"
    assert move is not None
    assert move[1] in {CELL_OF[i] for i in reachable(g.board, _index(move[0]))}
    with only_the_coming_balls(g):
        assert suggest(g) == move
    assert suggest(twin(g, deal + 1)) == move


def _index(cell: tuple[int, int]) -> int:
    return cell[0] * 9 + cell[1]


def test_a_damaged_value_leaves_the_hand_made_evaluation(
        learned_quick: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from kugler_core import player, value
    g = random_position(40, 5, 1, 18)
    monkeypatch.setattr(value, "_loaded", {5: value.WeightsError("damaged")})
    with_error = suggest(g)
    monkeypatch.setitem(player.EFFORTS, "quick",
                        replace(player.EFFORTS["quick"], learned=0.0, learned_root=0.0,
                                learned_margin=None))
    assert with_error == suggest(g)


def test_the_learned_margin_re_ranks_only_the_moves_near_the_best() -> None:
    from kugler_core.player import _near_best
    boards = {name: [i] * 81 for i, name in enumerate("abcd")}
    learned = {0: 5.0, 1: 1.0, 2: 9.0, 3: 99.0}  # by the board's first cell
    candidates = [(100.0, 10, 11, boards["a"]), (98.0, 20, 21, boards["b"]),
                  (97.0, 30, 31, boards["c"]), (60.0, 40, 41, boards["d"])]
    value = lambda board: learned[board[0]]  # noqa: E731
    # exact ties only: the best by value, whatever the learned value says
    assert _near_best(candidates, 0.0, value) == (10, 11)
    # within 2: a and b, a has the higher learned value
    assert _near_best(candidates, 2.0, value) == (10, 11)
    # within 5: c joins and wins; d (40 below) never, though learned likes it most
    assert _near_best(candidates, 5.0, value) == (30, 31)
    assert _near_best(candidates, 39.0, value) == (30, 31)
    assert _near_best(candidates, 40.0, value) == (40, 41)
    # a learned tie goes to the higher value, then the lower source
    assert _near_best(candidates[:2], 5.0, lambda board: 0.0) == (10, 11)
    tied = [(50.0, 7, 8, boards["a"]), (50.0, 3, 9, boards["a"])]
    assert _near_best(tied, 0.0, value) == (3, 9)


# -- strong's second move ---------------------------------------------------------------


NEARLY_FULL = from_text("""
    1111.6712
    456712345
    712345671
    345671234
    671234567
    234567123
    567123456
    123456712
    45671234.
""")


def test_a_reply_that_makes_a_line_brings_no_balls() -> None:
    """Two free cells and a line in hand: the second move's best reply takes it
    (no balls come after a line), while three more balls after any other
    reply would fill the board. Its value is the line's points and the best
    move after it, whatever the sampled balls."""
    from kugler_core.player import STRONG, _best_move, _played, _second_reply
    t = tables(5)
    board = list(NEARLY_FULL)
    after_line = _played(board, 13, 4)
    made = settle(after_line, (4,), 5)
    assert made > 0
    for draws in ([([1, 2, 3], list(range(81)))], [([7, 7, 7], list(range(80, -1, -1)))] * 3):
        assert _second_reply(board, t, STRONG, draws) == made + _best_move(after_line, t,
                                                                            STRONG.reply)


def test_the_second_move_plays_the_best_candidate_two_moves_further(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``_second_look`` plays the candidate whose points, landing balls' points
    and best reply two moves further are worth most, whatever their order one
    move further; ties go to the lower source. Every candidate meets the same
    draws of the balls after the three."""
    from kugler_core import player
    view = View(tuple([0] * 81), (1, 2, 3), (78, 79, 80), 5)
    t = tables(5)
    worth = {10: 5.0, 20: 9.0, 30: 9.0, 40: 1.0}  # by the cell the candidate fills
    seen: list[object] = []

    def reply(board: list[int], _t: Tables, _effort: Effort, draws: object) -> float:
        seen.append(draws)
        return next(v for cell, v in worth.items() if board[cell] == 6)

    monkeypatch.setattr(player, "_second_reply", reply)
    boards = {cell: [6 if i == cell else 0 for i in range(81)] for cell in worth}
    candidates = [(100.0, -1, -10, boards[10], 0), (90.0, -5, -20, boards[20], 0),
                  (80.0, -3, -30, boards[30], 0), (70.0, -2, -40, boards[40], 0)]
    rnd = random.Random(1)
    assert player._second_look(candidates, view, t, rnd, player.STRONG) == (3, 30)
    assert len(seen) == 4 and all(d is seen[0] for d in seen)
    # the points of a line the candidate made count too
    candidates[3] = (70.0, -2, -40, boards[40], 10)
    assert player._second_look(candidates, view, t, rnd, player.STRONG) == (2, 40)
