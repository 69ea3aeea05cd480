"""Benchmark of replays: long games, their replay codes, and every frame of a replay.

    python bench/replay.py [--deal 1] [--moves 2000,5000]

Random play ends a game in about 30 moves, so the long games are played by a
simple greedy player (``greedy_move``: the move that puts the ball in the
longest run of its colour, less half the run it leaves, ties broken by a seeded
``random.Random``) on the 4-in-a-row variant; on deal 1 it lasts past 6,000
moves. Each game of N moves is the first N moves of that game (a prefix of a
legal game is a legal game).

For each N it prints: the length of the replay code; the time to encode it,
to unpack it (the code alone), to replay the moves (every position checked),
to answer the facade's ``replay_decode`` (JSON text in and out, every frame)
and that reply's size; the time to load the game document with its history
(``Game.from_dict``: shape checks only), to check the history against the
position (``replay.verify``), and the size of the document's JSON. Times are
the median of ``--repeat`` runs, CPython, wall clock.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kugler_core.board import CELL_OF
from kugler_core.facade import Session
from kugler_core.game import Game
from kugler_core.paths import reachable
from kugler_core.replay import encode, game_of, replay, unpack, verify
from kugler_core.rng import RULE

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def run_length(board: list[int], i: int, colour: int) -> int:
    """The longest run of ``colour`` through cell ``i`` if it held that colour."""
    r, c = divmod(i, 9)
    best = 0
    for dr, dc in DIRECTIONS:
        n = 1
        for sign in (1, -1):
            rr, cc = r + sign * dr, c + sign * dc
            while 0 <= rr < 9 and 0 <= cc < 9 and board[rr * 9 + cc] == colour:
                n += 1
                rr, cc = rr + sign * dr, cc + sign * dc
        best = max(best, n)
    return best


def greedy_move(game: Game, rnd: random.Random) -> tuple[int, int]:
    """The greedy player's move (source, target), as cell indices."""
    board = list(game.board)
    best: tuple[float, int, int] | None = None
    for s in [i for i, c in enumerate(board) if c]:
        colour = board[s]
        here = run_length(board, s, colour)
        targets = reachable(board, s)
        if not targets:
            continue
        board[s] = 0
        for t in targets:
            value = run_length(board, t, colour) - 0.5 * here + rnd.random() * 0.1
            if best is None or value > best[0]:
                best = (value, s, t)
        board[s] = colour
    if best is None:
        raise AssertionError("a game that is not over always has a move")
    return best[1], best[2]


def long_game(deal: int, line: int, moves: int, seed: int = 1) -> Game:
    """The greedy player's game of ``deal``, stopped after ``moves`` moves or at its end."""
    rnd = random.Random(seed)
    g = Game.new(deal=deal, line=line, id="bench")
    while not g.over and g.moves < moves:
        s, t = greedy_move(g, rnd)
        g.move(CELL_OF[s], CELL_OF[t])
    return g


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def measure(deal: int, line: int, history: list[tuple[int, int]], repeat: int
            ) -> dict[str, float]:
    code = encode(deal, line, history, RULE)
    session = Session()
    request = json.dumps({"id": 1, "cmd": "replay_decode", "args": {"code": code}})
    reply = session.handle_json(request)
    assert json.loads(reply)["ok"], reply[:200]
    game = game_of(deal, line, history, RULE, id="bench")
    doc = game.to_dict()
    doc_text = json.dumps(doc)
    return {
        "moves": len(history),
        "score": game.score,
        "code_chars": len(code),
        "encode_ms": median_ms(lambda: encode(deal, line, history, RULE), repeat),
        "unpack_ms": median_ms(lambda: unpack(code), repeat),
        "replay_ms": median_ms(lambda: replay(deal, line, history, RULE), repeat),
        "replay_decode_ms": median_ms(lambda: session.handle_json(request), repeat),
        "reply_kb": len(reply) / 1000,
        "load_ms": median_ms(lambda: Game.from_dict(json.loads(doc_text)), repeat),
        "verify_ms": median_ms(lambda: verify(game), repeat),
        "doc_kb": len(doc_text) / 1000,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deal", type=int, default=1)
    ap.add_argument("--line", type=int, default=4, choices=(4, 5))
    ap.add_argument("--moves", default="2000,5000", help="comma-separated game lengths")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    lengths = sorted(int(n) for n in args.moves.split(","))
    start = time.perf_counter()
    game = long_game(args.deal, args.line, lengths[-1])
    history = game.history
    assert history is not None
    print(f"greedy game of deal {args.deal}, line {args.line}: {game.moves} moves, "
          f"{game.score} points, played in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    print("moves  points  code chars  encode ms  unpack ms  replay ms  replay_decode ms "
          " reply kB  load ms  verify ms  doc kB")
    for n in lengths:
        if n > len(history):
            print(f"{n:>5}  (the game ended after {len(history)} moves)")
            continue
        m = measure(args.deal, args.line, list(history[:n]), args.repeat)
        print(f"{m['moves']:>5}  {m['score']:>6}  {m['code_chars']:>10}  {m['encode_ms']:>9.1f}"
              f"  {m['unpack_ms']:>9.1f}  {m['replay_ms']:>9.1f}  {m['replay_decode_ms']:>16.1f}"
              f"  {m['reply_kb']:>8.0f}  {m['load_ms']:>7.1f}  {m['verify_ms']:>9.1f}"
              f"  {m['doc_kb']:>6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
