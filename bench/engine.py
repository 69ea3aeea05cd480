"""Benchmark of the rules engine: full random games and single moves.

    python bench/engine.py [--games N]

Prints turns per second, milliseconds per complete random game and the median
microseconds per move (path + lines + placement). Game times are given as CPU
time of this process (``time.process_time``, robust when other programs share
the machine) and as wall-clock time. The random player uses a
seeded local ``random.Random``; the engine itself never uses ``random``.
Targets (CPython): a full game < 5 ms, one move < 50 µs median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kugler_core.board import CELL_OF
from kugler_core.game import Game, play
from kugler_core.paths import reachable


def random_move(game: Game, rnd: random.Random) -> tuple[int, int]:
    """A random legal move (source, target) as cell indices."""
    board = game.board
    balls = [i for i, c in enumerate(board) if c]
    rnd.shuffle(balls)
    for source in balls:
        targets = reachable(board, source)
        if targets:
            return source, rnd.choice(sorted(targets))
    raise AssertionError("no legal move on a board with a free cell")


def random_game(deal: int, line: int, rnd: random.Random, times: list[float]) -> int:
    """Play a whole random game; append the time of each move to ``times``; return turns."""
    game = Game.new(deal=deal, line=line)
    turns = 0
    clock = time.perf_counter
    while not game.over:
        source, target = random_move(game, rnd)
        position = game.position
        start = clock()
        new_position, _turn = play(position, deal, line, source, target, game.rule)
        times.append(clock() - start)
        game.move(CELL_OF[source], CELL_OF[target])
        assert game.position == new_position
        turns += 1
    return turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    rnd = random.Random(20240601)
    for line in (5, 4):
        move_times: list[float] = []
        game_times: list[float] = []
        cpu_times: list[float] = []
        turns_total = 0
        for n in range(args.games):
            deal = rnd.randint(1, 999_999_999)
            player = random.Random(n)
            # Time a game of pure engine moves: replay the random player's moves.
            moves: list[tuple[int, int]] = []
            game = Game.new(deal=deal, line=line)
            while not game.over:
                s, t = random_move(game, player)
                moves.append((s, t))
                game.move(CELL_OF[s], CELL_OF[t])
            start_cpu = time.process_time()
            start = time.perf_counter()
            g = Game.new(deal=deal, line=line)
            for s, t in moves:
                g.move(CELL_OF[s], CELL_OF[t])
            game_times.append(time.perf_counter() - start)
            cpu_times.append(time.process_time() - start_cpu)
            assert g.to_dict() == game.to_dict()
            turns_total += len(moves)
            random_game(deal, line, random.Random(n), move_times)
        cpu = sum(cpu_times)
        wall = sum(game_times)
        print(f"line={line}: {args.games} random games, {turns_total} turns "
              f"(mean {turns_total / args.games:.1f} per game): "
              f"{turns_total / cpu:,.0f} turns/s, "
              f"{1000 * cpu / args.games:.2f} ms CPU per full game "
              f"({1000 * wall / args.games:.2f} ms wall), "
              f"{1e6 * statistics.median(move_times):.1f} µs per move (median), "
              f"{1e6 * statistics.quantiles(move_times, n=100)[98]:.1f} µs (p99)")


if __name__ == "__main__":
    main()
