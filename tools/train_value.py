"""Train the learned value (``kugler_core/value.py``) and write its weights file.

    python tools/train_value.py [--seed 1] [--games 2000] [--epochs 6]
                                [--work build/value] [--out kugler_core/value5.bin]
    python tools/train_value.py --from-results games.jsonl ... --work build/own [--epochs 6]

One command does it all, and resumes from what ``--work`` already holds:

1. *play*: games of the ranking player (``kugler_core.player.rank`` with
   ``REFINE`` refined moves, its best move: about 2 ms a move) on the deals
   ``DEAL_BASE + seed * 1,000,000 + 1 ...`` (deals no benchmark or tuning
   uses), in chunks of ``CHUNK`` games saved as ``games-NNNN.npz``: for each
   move the board right after it (its line removed, before the coming balls
   land), the free-room features of that board and the discounted points
   that followed (``value.DISCOUNT`` a move, 0 after the game ends). A chunk
   already on disk is not played again.
   With ``--from-results FILE ...`` the chunks come instead from the games
   that ``bench/player.py --results`` kept with their moves (the player's
   own games, replayed without the player), in deal order; the last
   ``HORIZON`` boards of a game that reached its cap are left out, their
   points to come cut short. Give such a run a ``--work`` of its own.
2. *fit*: the n-tuple weights by least squares on those targets, Adam on
   minibatches of ``BATCH`` boards in an order drawn from ``seed``,
   ``--epochs`` passes; the weights are
   saved after each pass (``fit.npz``) and a run goes on from there.
3. *write*: the weights quantised to int16 in the checked format of
   ``value.Weights.dump`` to ``--out``.

Needs numpy (``pip install -e .[train]``), never shipped to the page. The
same seed, games and epochs give the same file.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from player import load_results  # bench/player.py: the results files it keeps

from kugler_core.board import CELL_OF, CELLS
from kugler_core.errors import IllegalMove
from kugler_core.evaluate import settle, tables
from kugler_core.game import Game
from kugler_core.player import rank
from kugler_core.value import DISCOUNT, Layout, Weights, _image, layout, room

DEAL_BASE = 100_000_000
CHUNK = 50
REFINE = 10
BATCH = 256
MAX_MOVES = 5_000
HORIZON = 459
"""Moves after which a point counts less than 1 % (``DISCOUNT ** HORIZON < 0.01``)."""


def play_game(deal: int, line: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One game of the ranking player: (afterstate boards Nx81 uint8, room
    features Nx4 uint8, discounted points to come N float32)."""
    game = Game.new(deal=deal, line=line)
    t = tables(line)
    boards: list[list[int]] = []
    rooms: list[tuple[int, int, int, int]] = []
    landing: list[int] = []  # points of the balls landing after each move
    turns: list[int] = []  # points of each whole turn
    while not game.over and game.moves < MAX_MOVES:
        source, target = rank(list(game.board), t, REFINE)[0][1]
        after, landed, turn = step(game, source, target)
        boards.append(after)
        rooms.append(room(after))
        turns.append(turn)
        landing.append(landed)
    return (np.array(boards, dtype=np.uint8), np.array(rooms, dtype=np.uint8),
            targets(landing, turns).astype(np.float32))


def step(game: Game, source: int, target: int) -> tuple[list[int], int, int]:
    """Play ``(source, target)`` (cell indices) in ``game``: the board right after
    the move (its line removed, before the coming balls land), the points of
    the balls that land after it and the points of the whole turn. Raises
    IllegalMove (``game`` unchanged) for a move that is not legal there."""
    after = list(game.board)
    after[target], after[source] = after[source], 0
    made = settle(after, (target,), game.line)
    before = game.score
    game.move(CELL_OF[source], CELL_OF[target])
    turn = game.score - before
    return after, turn - made, turn


def targets(landing: list[int], turns: list[int]) -> np.ndarray:
    """The discounted points to come after each move: the points of the balls
    landing after it, then those of the turns after it, ``DISCOUNT`` a move."""
    n = len(turns)
    values = np.zeros(n, dtype=np.float64)
    later = 0.0  # discounted points of the turns after move i
    for i in range(n - 1, -1, -1):
        values[i] = landing[i] + DISCOUNT * later
        later = turns[i] + DISCOUNT * later
    return values


def replay_game(deal: int, line: int, played: list[tuple[int, int]], capped: bool
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A kept game (its deal and moves as cell indices) replayed: its boards,
    room features and targets as ``play_game`` gives them, without the last
    ``HORIZON`` boards when it was ``capped``. ValueError for a move that is
    not legal there."""
    game = Game.new(deal=deal, line=line)
    boards: list[list[int]] = []
    landing: list[int] = []
    turns: list[int] = []
    for n, (source, target) in enumerate(played):
        try:
            after, landed, turn = step(game, source, target)
        except IllegalMove as error:
            raise ValueError(f"deal {deal}, move {n + 1}: {error}") from None
        boards.append(after)
        turns.append(turn)
        landing.append(landed)
    keep = max(0, len(boards) - HORIZON) if capped else len(boards)
    boards = boards[:keep]
    return (np.array(boards, dtype=np.uint8).reshape(-1, CELLS),
            np.array([room(b) for b in boards], dtype=np.uint8).reshape(-1, 4),
            targets(landing, turns)[:keep].astype(np.float32))


def kept_games(paths: list[Path], line: int) -> list[tuple[int, list[tuple[int, int]], bool]]:
    """``(deal, moves, capped)`` of the games of ``line`` in results files
    (``bench/player.py``'s ``load_results``), in deal order, then strength.
    ValueError for a malformed line or a game kept without its moves."""
    games = []
    for (strength, game_line), results in load_results(paths).items():
        if game_line != line:
            continue
        for r in results:
            if not r.played:
                raise ValueError(f"deal {r.deal} ({strength}): kept without its moves")
            games.append((r.deal, strength, list(r.played), r.capped))
    return [(deal, played, capped) for deal, _s, played, capped in sorted(games)]


def save_chunk(path: Path, parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> None:
    """One chunk file from the games ``parts``, written whole or not at all."""
    boards = np.concatenate([p[0] for p in parts])
    rooms = np.concatenate([p[1] for p in parts])
    values = np.concatenate([p[2] for p in parts])
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, boards=boards, rooms=rooms, values=values)
    tmp.rename(path)


def play_from_results(work: Path, paths: list[Path], line: int) -> None:
    """The chunks of the kept games of ``paths`` not yet on disk."""
    work.mkdir(parents=True, exist_ok=True)
    games = kept_games(paths, line)
    if not games:
        raise SystemExit(f"no game of line {line} with its moves in {', '.join(map(str, paths))}")
    for chunk in range(-(-len(games) // CHUNK)):
        path = work / f"games-{chunk:04d}.npz"
        if path.exists():
            continue
        part = games[chunk * CHUNK:(chunk + 1) * CHUNK]
        save_chunk(path, [replay_game(deal, line, played, capped)
                          for deal, played, capped in part])
        print(f"chunk {chunk}: {len(part)} kept games (deals {part[0][0]}-{part[-1][0]})",
              file=sys.stderr, flush=True)


def play(work: Path, seed: int, games: int, line: int) -> None:
    """Play the chunks of games not yet on disk."""
    work.mkdir(parents=True, exist_ok=True)
    first = DEAL_BASE + seed * 1_000_000 + 1
    for chunk in range(-(-games // CHUNK)):
        path = work / f"games-{chunk:04d}.npz"
        if path.exists():
            continue
        start = time.perf_counter()
        parts = [play_game(first + chunk * CHUNK + k, line)
                 for k in range(min(CHUNK, games - chunk * CHUNK))]
        save_chunk(path, parts)
        print(f"chunk {chunk}: {len(parts)} games, {sum(len(p[2]) for p in parts)} boards, "
              f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)


class Features:
    """The weight indices of boards, as ``kugler_core.value.Weights.value`` reads them."""

    def __init__(self, lay: Layout) -> None:
        line = lay.line
        self.size = lay.size
        self.cells = np.array(lay.windows, dtype=np.intp)  # W x line
        self.cls = np.array(lay.window_class, dtype=np.int64)
        self.canon = np.array(lay.canon, dtype=np.int64)
        self.pow3 = 3 ** np.arange(line, dtype=np.int64)
        self.room_off = np.array([lay.free, lay.regions, lay.largest, lay.walled], dtype=np.int64)
        self.symmetries = [np.array([_inverse(s, i) for i in range(CELLS)], dtype=np.intp)
                           for s in range(8)]

    def __call__(self, boards: np.ndarray, rooms: np.ndarray, symmetry: int = 0) -> np.ndarray:
        """Indices N x F (F = windows x 7 + 4); a weight counted twice appears
        twice."""
        if symmetry:
            boards = boards[:, self.symmetries[symmetry]]
        x = boards[:, self.cells].astype(np.int64)  # N x W x line
        other = (x > 0).astype(np.int64) * 2 @ self.pow3  # N x W
        parts = []
        for colour in range(1, 8):
            p = other - (x == colour).astype(np.int64) @ self.pow3
            parts.append(self.cls + self.canon[p])
        parts.append(self.room_off + rooms.astype(np.int64))
        return np.concatenate(parts, axis=1)


def _inverse(s: int, i: int) -> int:
    """The cell whose image under symmetry ``s`` is ``i`` (a board permuted by
    these indices is the image of the board)."""
    for j in range(CELLS):
        if _image(j, s) == i:
            return j
    raise AssertionError(i)


def load(work: Path, holdout: bool = False, chunks: int = 0
         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The boards, room features and targets of the first ``chunks`` chunks on
    disk (all when 0); with ``holdout``, those of the chunk after them."""
    paths = sorted(work.glob("games-[0-9][0-9][0-9][0-9].npz"))
    if chunks:
        paths = paths[chunks:chunks + 1] if holdout else paths[:chunks]
    if not paths:
        raise SystemExit(f"no games in {work}: play first")
    data = [np.load(p) for p in paths]
    return (np.concatenate([d["boards"] for d in data]),
            np.concatenate([d["rooms"] for d in data]),
            np.concatenate([d["values"] for d in data]).astype(np.float64))


def fit(work: Path, seed: int, epochs: int, line: int, chunks: int = 0,
        rate: float = 0.02) -> np.ndarray:
    """Adam on the squared error over the first ``chunks`` chunks (all when 0),
    resuming from ``fit.npz``; the weights. With ``chunks`` and a chunk after
    them on disk, the error on that chunk (not trained on) is printed too."""
    boards, rooms, values = load(work, chunks=chunks)
    held = load(work, True, chunks) if chunks and len(list(
        work.glob("games-[0-9][0-9][0-9][0-9].npz"))) > chunks else None
    feats = Features(layout(line))
    path = work / "fit.npz"
    weights = np.zeros(feats.size)
    m = np.zeros(feats.size)
    v = np.zeros(feats.size)
    done = 0
    steps = 0
    if path.exists():
        saved = np.load(path)
        if int(saved["boards"]) == len(values) and int(saved["epochs"]) <= epochs:
            weights, m, v = saved["weights"], saved["m"], saved["v"]
            done, steps = int(saved["epochs"]), int(saved["steps"])
    mean = float(values.mean())
    if done == 0:
        weights[feats.room_off[0]:feats.room_off[0] + 82] = mean  # the free-cells table
    n = len(values)
    for epoch in range(done, epochs):
        rng = np.random.default_rng([seed, epoch])
        order = rng.permutation(n)
        start = time.perf_counter()
        total = 0.0
        for b in range(0, n, BATCH):
            rows = order[b:b + BATCH]
            idx = feats(boards[rows], rooms[rows], int(rng.integers(8)))
            err = weights[idx].sum(axis=1) - values[rows]
            total += float(err @ err)
            grad = np.bincount(idx.ravel(), weights=np.repeat(err, idx.shape[1]),
                               minlength=feats.size) / len(rows)
            steps += 1
            m = 0.9 * m + 0.1 * grad
            v = 0.999 * v + 0.001 * grad * grad
            weights -= rate * (m / (1 - 0.9 ** steps)) / (np.sqrt(v / (1 - 0.999 ** steps)) + 1e-8)
        rmse = (total / n) ** 0.5
        check = ""
        if held is not None:
            err = weights[feats(held[0], held[1])].sum(axis=1) - held[2]
            check = (f", held-out chunk rmse {float(np.sqrt(np.mean(err * err))):.1f}"
                     f" (its sd {held[2].std():.1f})")
        print(f"epoch {epoch + 1}: rmse {rmse:.1f} (targets sd {values.std():.1f}){check}, "
              f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
        np.savez(path, weights=weights, m=m, v=v, epochs=epoch + 1, steps=steps, boards=n)
    return weights


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--line", type=int, choices=(4, 5), default=5)
    parser.add_argument("--work", type=Path, default=Path("build/value"))
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--play-only", action="store_true")
    parser.add_argument("--chunks", type=int, default=0,
                        help="fit on the first N chunks only and report the error on the next")
    parser.add_argument("--from-results", type=Path, nargs="+", default=None,
                        help="the games bench/player.py --results kept, not the ranking's")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if args.from_results:
        play_from_results(args.work, args.from_results, args.line)
    else:
        play(args.work, args.seed, args.games, args.line)
    if args.play_only:
        return 0
    weights = fit(args.work, args.seed, args.epochs, args.line, args.chunks)
    out = args.out or Path(__file__).resolve().parents[1] / "kugler_core" / f"value{args.line}.bin"
    out.write_bytes(Weights(args.line, weights.tolist()).dump())
    print(f"{out}: {out.stat().st_size} bytes, {time.perf_counter() - start:.0f} s in all",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
