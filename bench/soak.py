"""Soak test of the rules engine: many random games, invariants checked after every turn.

    python bench/soak.py --games 100000 [--seed 1] [--roundtrip-every 25] [--undo-rate 0.05]
                         [--replay-every 1]

A seeded local ``random.Random`` picks among legal moves through the public API
(``Game.new``, ``board``, ``reachable``, ``move``, ``undo``, ``to_dict``,
``from_dict``). After every turn it checks, with its own code rather than
the engine's:

* ball bookkeeping: balls after = balls before + spawned - removed cells;
* no line of ``line`` or more balls of one colour stands anywhere on the board;
* every removed line is a straight run of one colour of at least ``line``
  balls, worth n * (n - line + 1) * 2; the turn's points are their sum; the
  score is the sum of that formula over the lines removed so far, by length;
* the path runs orthogonally over free cells from the source to the target;
* moves count up by one; the game is over exactly when the board is full,
  and the board is never empty while the game goes on;
* every ``--roundtrip-every`` turns the game goes through JSON
  (``to_dict``/``from_dict``) and play continues with the loaded copy;
* on a ``--undo-rate`` sample of turns: undo restores the document exactly,
  a second undo is refused, and replaying the move gives the same turn;
* every ``--replay-every`` games (default every game; 0 = never), when the game
  is over: replaying its history (``replay.replay``) from the deal gives the
  board and score seen after every move, and its replay code decodes to the
  same game.

Prints the games and turns checked and the time taken; exits 1 on the
first broken invariant, naming the seed, game and turn.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kugler_core import Game, IllegalMove, Turn
from kugler_core.errors import ReplayError
from kugler_core.replay import decode, encode, replay

SIZE = 9
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
Cell = tuple[int, int]


class InvariantBroken(AssertionError):
    """An engine invariant does not hold; the message says where."""


@dataclass
class Counts:
    games: int = 0
    turns: int = 0
    roundtrips: int = 0
    undos: int = 0
    replays: int = 0
    points: int = 0
    seconds: float = 0.0


def formula(n: int, line: int) -> int:
    return n * (n - line + 1) * 2


def _run(board: tuple[int, ...] | list[int], r: int, c: int, dr: int, dc: int) -> list[int]:
    """The maximal run of the colour at (r, c) through it in direction (dr, dc)."""
    color = board[r * SIZE + c]
    while 0 <= r - dr < SIZE and 0 <= c - dc < SIZE and board[(r - dr) * SIZE + c - dc] == color:
        r, c = r - dr, c - dc
    cells = []
    while 0 <= r < SIZE and 0 <= c < SIZE and board[r * SIZE + c] == color:
        cells.append(r * SIZE + c)
        r, c = r + dr, c + dc
    return cells


def standing_runs(board: tuple[int, ...] | list[int], line: int,
                  cells: Iterable[int] = range(SIZE * SIZE)) -> list[list[int]]:
    """Runs of one colour of length ≥ ``line`` through ``cells`` (own scan, not the
    engine's). With no line before a turn, only the cells that changed can be in one."""
    runs: dict[tuple[int, ...], None] = {}
    for i in cells:
        if board[i]:
            r, c = divmod(i, SIZE)
            for dr, dc in DIRECTIONS:
                run = _run(board, r, c, dr, dc)
                if len(run) >= line:
                    runs[tuple(run)] = None
    return [list(run) for run in runs]


def _straight(cells: list[int]) -> bool:
    if len(cells) < 2:
        return False
    pts = sorted(divmod(i, SIZE) for i in cells)
    dr, dc = pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]
    if (dr, dc) not in ((0, 1), (1, 0), (1, 1), (1, -1)):
        return False
    return all((b[0] - a[0], b[1] - a[1]) == (dr, dc) for a, b in pairwise(pts))


def random_move(g: Game, rnd: random.Random) -> tuple[Cell, Cell]:
    """A random legal move, chosen through the public API."""
    balls = [divmod(i, SIZE) for i, c in enumerate(g.board) if c]
    start = rnd.randrange(len(balls))
    for source in balls[start:] + balls[:start]:
        targets = g.reachable(source)
        if targets:
            return source, rnd.choice(sorted(targets))
    raise InvariantBroken("a game that is not over has no legal move")


def check_turn(g: Game, before: tuple[int, int], board_before: tuple[int, ...],
               source: Cell, target: Cell, t: Turn) -> None:
    """Check every invariant of one turn; raise InvariantBroken with the reason."""
    line = g.line
    path = [tuple(p) for p in t.path]
    if path[0] != source or path[-1] != target:
        raise InvariantBroken(f"path {path} does not run from {source} to {target}")
    for (r0, c0), (r1, c1) in pairwise(path):
        if abs(r0 - r1) + abs(c0 - c1) != 1:
            raise InvariantBroken(f"path step {(r0, c0)} -> {(r1, c1)} is not orthogonal")
    if any(board_before[r * SIZE + c] for r, c in path[1:]):
        raise InvariantBroken("path runs through a ball")
    # where each colour could have come from: the board, the moved ball, a new ball
    colour_at = dict(enumerate(board_before))
    colour_at[source[0] * SIZE + source[1]] = 0
    colour_at[target[0] * SIZE + target[1]] = board_before[source[0] * SIZE + source[1]]
    spawned = [r * SIZE + c for (r, c), _ in t.spawned]
    spawned_colour = {r * SIZE + c: colour for (r, c), colour in t.spawned}
    if len(set(spawned)) != len(spawned) or len(spawned) > 3:
        raise InvariantBroken(f"spawned {t.spawned}")
    removed: set[int] = set()
    total = 0
    for ln in t.lines:
        cells = [r * SIZE + c for r, c in ln.cells]
        if len(cells) < line or not _straight(cells):
            raise InvariantBroken(f"removed cells {ln.cells} are not a line of {line}+")
        if any(colour_at[i] != ln.color and spawned_colour.get(i) != ln.color for i in cells):
            raise InvariantBroken(f"line {ln.cells} is not all of colour {ln.color}")
        if ln.points != formula(len(cells), line):
            raise InvariantBroken(f"line of {len(cells)} scored {ln.points}")
        total += ln.points
        removed.update(cells)
    if t.points != total:
        raise InvariantBroken(f"turn points {t.points} != sum of its lines {total}")
    balls_before = sum(1 for c in board_before if c)
    balls_after = sum(1 for c in g.board if c)
    if balls_after != balls_before + len(spawned) - len(removed):
        raise InvariantBroken(
            f"balls {balls_before} + spawned {len(spawned)} - removed {len(removed)}"
            f" != {balls_after}")
    board = g.board
    changed = [i for i in range(SIZE * SIZE) if board[i] and board[i] != board_before[i]]
    runs = standing_runs(board, line, changed)
    if runs:
        raise InvariantBroken(f"a line stands after the turn: {runs[0]}")
    if g.score != before[0] + total:
        raise InvariantBroken("score did not grow by the turn's points")
    by_formula = sum(formula(n, line) * k for n, k in g.lines_by_length.items())
    if g.score != by_formula:
        raise InvariantBroken(f"score {g.score} != formula over lines {by_formula}")
    if g.moves != before[1] + 1:
        raise InvariantBroken("moves did not count up by one")
    full = all(g.board)
    if g.over != full:
        raise InvariantBroken(f"over={g.over} but board full={full}")
    if not g.over and balls_after == 0:
        raise InvariantBroken("the board is empty while the game goes on")
    if len(g.next) != 3 or not all(1 <= c <= 7 for c in g.next):
        raise InvariantBroken(f"next {g.next}")


def check_replay(g: Game, seen: dict[int, tuple[tuple[int, ...], int]]) -> None:
    """Replay ``g``'s history: the board and score after every move must be those
    ``seen`` in play (move number -> (board, score)); the code must round-trip."""
    history = g.history
    if history is None or len(history) != g.moves:
        raise InvariantBroken("the game's history does not hold its moves")
    try:
        frames = replay(g.deal, g.line, history, g.rule)
    except ReplayError as exc:
        raise InvariantBroken(f"the history does not replay: {exc}") from None
    for n, frame in enumerate(frames[1:], 1):
        if (frame.position.board, frame.position.score) != seen[n]:
            raise InvariantBroken(f"replaying the history differs after move {n}")
    if frames[-1].position != g.position:
        raise InvariantBroken("replaying the history does not end in the game's position")
    if decode(encode(g.deal, g.line, history, g.rule)) != (g.deal, g.line, history, g.rule):
        raise InvariantBroken("the replay code does not round-trip")


def play_game(deal: int, line: int, gid: str, rnd: random.Random, counts: Counts,
              roundtrip_every: int, undo_rate: float, check_replays: bool = True) -> None:
    g = Game.new(deal=deal, line=line, id=gid)
    seen: dict[int, tuple[tuple[int, ...], int]] = {}
    if standing_runs(g.board, line) or not any(g.board):
        raise InvariantBroken("a new game starts with a line or an empty board")
    turn_no = 0
    while not g.over:
        source, target = random_move(g, rnd)
        sample_undo = rnd.random() < undo_rate
        before_doc = g.to_dict() if sample_undo else None
        before = (g.score, g.moves)
        board_before = tuple(g.board)
        g.seconds = turn_no
        turn = g.move(source, target)
        turn_no += 1
        counts.turns += 1
        seen[g.moves] = (g.board, g.score)
        try:
            check_turn(g, before, board_before, source, target, turn)
            if before_doc is not None and not g.over:
                after = g.to_dict()
                g.undo()
                counts.undos += 1
                restored = g.to_dict()
                same = {"seconds": 0, "undo": None}  # undo keeps the time; one undo only
                if restored["undo"] is not None or {**restored, **same} != {**before_doc, **same}:
                    raise InvariantBroken("undo did not restore the position exactly")
                try:
                    g.undo()
                except IllegalMove as exc:
                    if getattr(exc, "code", None) != "nothing_to_undo":
                        raise InvariantBroken(f"second undo gave {exc.code}") from None
                else:
                    raise InvariantBroken("a second undo was allowed")
                again = g.move(source, target)
                if again != turn or g.to_dict() != after:
                    raise InvariantBroken("replaying the move after undo differs")
            if roundtrip_every and turn_no % roundtrip_every == 0:
                doc = g.to_dict()
                loaded = Game.from_dict(json.loads(json.dumps(doc)))
                if loaded.to_dict() != doc:
                    raise InvariantBroken("to_dict/from_dict round trip differs")
                g = loaded
                counts.roundtrips += 1
        except InvariantBroken as exc:
            raise InvariantBroken(f"deal {deal} line {line} turn {turn_no}: {exc}") from None
        if turn_no > 10_000:
            raise InvariantBroken(f"deal {deal}: the game never ends")
    doc = g.to_dict()
    if g.can_undo or doc["undo"] is not None:
        raise InvariantBroken(f"deal {deal}: a finished game can be undone")
    if Game.from_dict(json.loads(json.dumps(doc))).to_dict() != doc:
        raise InvariantBroken(f"deal {deal}: finished game round trip differs")
    if check_replays:
        try:
            check_replay(g, seen)
        except InvariantBroken as exc:
            raise InvariantBroken(f"deal {deal} line {line}: {exc}") from None
        counts.replays += 1
    counts.points += g.score
    counts.games += 1


def soak(games: int, seed: int = 1, roundtrip_every: int = 25,
         undo_rate: float = 0.05, replay_every: int = 1) -> Counts:
    """Play ``games`` random games (both variants, random deals); raise
    InvariantBroken at the first broken invariant."""
    rnd = random.Random(seed)
    counts = Counts()
    start = time.perf_counter()
    for n in range(games):
        deal = rnd.randint(1, 999_999_999)
        line = 4 if n % 2 else 5
        play_game(deal, line, f"soak-{seed}-{n}", rnd, counts, roundtrip_every, undo_rate,
                  replay_every > 0 and n % replay_every == 0)
    counts.seconds = time.perf_counter() - start
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--roundtrip-every", type=int, default=25)
    ap.add_argument("--undo-rate", type=float, default=0.05)
    ap.add_argument("--replay-every", type=int, default=1)
    args = ap.parse_args(argv)
    try:
        c = soak(args.games, args.seed, args.roundtrip_every, args.undo_rate,
                 args.replay_every)
    except InvariantBroken as exc:
        print(f"INVARIANT BROKEN (seed {args.seed}): {exc}", file=sys.stderr)
        return 1
    rate = c.turns / c.seconds if c.seconds else 0.0
    print(f"soak: {c.games} games, {c.turns} turns checked "
          f"({c.roundtrips} JSON round trips, {c.undos} undos, {c.replays} replays), "
          f"{c.seconds:.1f} s, {rate:,.0f} turns/s, "
          f"{c.turns / max(c.games, 1):.1f} turns/game, "
          f"{c.points / max(c.games, 1):.1f} points/game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
