"""Replays: a game rebuilt from its deal and moves, and the replay code of a link.

A game is its deal, its variant and its moves: the deal decides every coming
ball and where it lands, so ``replay`` rebuilds every position, checking each
move; a move list that is not legal from the deal's start raises
``ReplayError`` naming the first bad move, never a wrong game.

The replay code (``encode``/``decode``) is URL-safe text: base64url without
padding of these bytes (version 2; version 1 is the same layout)::

    0      version      2: a game of placement rule 2; 1: of rule 1 (codes made
                        before rule 2, which decode under rule 1 forever)
    1      line         4 or 5
    2..5   deal         unsigned, big-endian (1..999999999)
    6..8   moves n      unsigned, big-endian (0..MAX_HISTORY)
    9..    the moves    each move 14 bits: source * 128 + target (cells 0..80),
                        packed first bit first, the last byte filled with 0 bits
    last 4 check        CRC-32 (zlib) of every byte before it, started from
                        the CRC-32 of b"kugler"

Every later version keeps byte 0 (its version) and the last 4 bytes (the
same check), so that a code of a newer version is told from a damaged one.

A 2,000-move game is 3,513 bytes, 4,684 characters. ``decode`` refuses any
code that is damaged, truncated, lengthened, not in canonical base64url, of
an unknown version, or whose moves are not legal (``ReplayError``, code
``bad_replay``); the check makes a damaged code that decodes to another game
overwhelmingly unlikely (about 1 in 4 billion), and a single wrong character
is always caught.

>>> encode(42, 5, [(30, 0)], rule=1)       # a code made before rule 2: the same forever
'AQUAAAAqAAABPAD9pN9h'
>>> decode('AQUAAAAqAAABPAD9pN9h')
Code(deal=42, line=5, moves=((30, 0),), rule=1)
>>> code = encode(42, 5, [(30, 0)], rule=2)
>>> decode(code)
Code(deal=42, line=5, moves=((30, 0),), rule=2)
>>> decode(code[:-1])
Traceback (most recent call last):
...
kugler_core.errors.ReplayError: the replay code is damaged or cut short (its check does not match)
>>> decode(encode(42, 5, [(30, 0), (0, 1)], rule=2).replace("A", "B", 1))
Traceback (most recent call last):
...
kugler_core.errors.ReplayError: the replay code is damaged or cut short (its check does not match)
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from . import rng
from .board import CELL_OF, CELLS
from .checks import LINES
from .errors import IllegalMove, InputError, ReplayError
from .game import Game, Turn, play
from .position import MAX_HISTORY, Move, Position

__all__ = ["CODE_VERSION", "Code", "Frame", "ReplayError", "decode", "encode", "game_of",
           "replay", "unpack", "verify"]

CODE_VERSION = 2
"""The newest code version; a code's version is its game's placement rule (1 or 2)."""
_HEADER = 9
_CHECK = 4
_SEED = zlib.crc32(b"kugler")
MAX_CODE = 4 * (_HEADER + (14 * MAX_HISTORY + 7) // 8 + _CHECK) // 3 + 3
"""Longest replay code text (characters), for MAX_HISTORY moves."""
_DAMAGED = "the replay code is damaged or cut short (its check does not match)"
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of a replay: the position after move ``position.moves`` and the
    turn that led to it (None for the start)."""

    position: Position
    turn: Turn | None


class Code(NamedTuple):
    """What a replay code holds: the deal, the variant, the moves and the rule."""

    deal: int
    line: int
    moves: tuple[Move, ...]
    rule: int


def _start(deal: object, line: object, rule: object) -> Game:
    try:
        return Game.new(deal=deal, line=line, rule=rule)  # type: ignore[arg-type]
    except InputError as error:
        raise ReplayError(str(error)) from None


def _check_moves(history: object) -> list[Move]:
    if not isinstance(history, (list, tuple)):
        raise ReplayError("the moves must be a list of [from, to] pairs")
    if len(history) > MAX_HISTORY:
        raise ReplayError(f"a replay holds at most {MAX_HISTORY} moves", len(history))
    out = []
    for n, pair in enumerate(history, 1):
        if (not isinstance(pair, (list, tuple)) or len(pair) != 2
                or type(pair[0]) is not int or type(pair[1]) is not int
                or not 0 <= pair[0] < CELLS or not 0 <= pair[1] < CELLS):
            raise ReplayError(f"move {n} is not a pair of cells 0..80", n)
        out.append((pair[0], pair[1]))
    return out


def replay(deal: int, line: int, history: Sequence[Sequence[int]], rule: int
           ) -> list[Frame]:
    """Every position of the game of ``deal`` and ``line`` played by ``history``
    (``(source, target)`` cell indices) under placement rule ``rule`` (the game's:
    1 or 2): ``frames[0]`` is the start, ``frames[i]`` the position after move
    ``i`` with its turn.

    Raises ReplayError (``move`` = the first bad move's number) for a bad deal,
    line or rule, a move that is not two cells, or a move the rules do not allow.
    """
    moves = _check_moves(history)
    start = _start(deal, line, rule)
    position = start.position
    frames = [Frame(position, None)]
    for n, (s, t) in enumerate(moves, 1):
        try:
            position, turn = play(position, deal, line, s, t, rule)
        except IllegalMove as error:
            raise ReplayError(
                f"move {n} ({_name(s)} to {_name(t)}) is not legal: {error}", n) from None
        frames.append(Frame(position, turn))
    return frames


def _name(i: int) -> str:
    r, c = CELL_OF[i]
    return f"[{r}, {c}]"


def game_of(deal: int, line: int, history: Sequence[Sequence[int]], rule: int,
            id: str = "") -> Game:
    """The game after ``history`` (with its undo and its history), for play to go on.
    Raises ReplayError like ``replay``."""
    frames = replay(deal, line, history, rule)
    previous = frames[-2].position if len(frames) > 1 else None
    return Game(frames[-1].position, deal=deal, line=line, id=id, previous=previous,
                history=[(s, t) for s, t in history], rule=rule)


def verify(game: Game) -> list[Frame]:
    """Replay ``game``'s history and check that it leads to the game's position (and
    its undo position). Returns the frames. Raises ReplayError when the history is
    unknown, not legal, or leads elsewhere."""
    history = game.history
    if history is None:
        raise ReplayError("this game was saved without its moves: it cannot be replayed "
                          "from the start")
    frames = replay(game.deal, game.line, history, game.rule)
    if frames[-1].position != game.position:
        raise ReplayError("the moves of this game do not lead to its position")
    previous = game.previous
    if previous is not None and (len(frames) < 2 or frames[-2].position != previous):
        raise ReplayError("the moves of this game do not lead to its undo position")
    return frames


# --------------------------------------------------------------------------- the code


def encode(deal: int, line: int, history: Sequence[Sequence[int]], rule: int) -> str:
    """The replay code of a game of placement rule ``rule`` (code version ``rule``).
    Raises ReplayError when the moves are not a legal game of that deal, line and
    rule (it replays them: a code always decodes)."""
    replay(deal, line, history, rule)
    moves = _check_moves(history)
    n = len(moves)
    body = bytearray([rule, line])
    body += deal.to_bytes(4, "big") + n.to_bytes(3, "big")
    for k in range(0, n, 4):
        group = moves[k:k + 4]
        value = 0
        for s, t in group:
            value = (value << 14) | (s << 7) | t
        size = (14 * len(group) + 7) // 8
        body += (value << (8 * size - 14 * len(group))).to_bytes(size, "big")
    body += zlib.crc32(body, _SEED).to_bytes(_CHECK, "big")
    return base64.urlsafe_b64encode(bytes(body)).rstrip(b"=").decode("ascii")


def unpack(code: object) -> Code:
    """The deal, line, moves and rule of a replay code, without replaying the moves.

    Raises ReplayError for anything that is not a well-formed code of a known
    version with a matching check."""
    if not isinstance(code, str):
        raise ReplayError("a replay code is text")
    if not code:
        raise ReplayError("the replay code is empty")
    if len(code) > MAX_CODE:
        raise ReplayError("the replay code is too long")
    if not _ALPHABET.issuperset(code):
        raise ReplayError("this is not a replay code (it has characters a code never has)")
    if len(code) % 4 == 1:  # no base64 text has this length
        raise ReplayError(_DAMAGED)
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):  # pragma: no cover - the alphabet is checked above
        raise ReplayError("this is not a replay code") from None
    if base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii") != code:
        raise ReplayError(_DAMAGED)
    if len(data) < 1 + _CHECK:
        raise ReplayError("the replay code is truncated")
    body, check = data[:-_CHECK], data[-_CHECK:]
    if zlib.crc32(body, _SEED).to_bytes(_CHECK, "big") != check:
        raise ReplayError(_DAMAGED)
    if data[0] > CODE_VERSION:
        raise ReplayError(f"this replay code was made by a newer version of Kugler "
                          f"(code version {data[0]}, this one reads {CODE_VERSION})")
    if data[0] not in rng.RULES or len(data) < _HEADER + _CHECK:
        raise ReplayError(f"this is not a replay code of version {data[0]}")
    line = data[1]
    deal = int.from_bytes(data[2:6], "big")
    n = int.from_bytes(data[6:9], "big")
    if line not in LINES or not 1 <= deal <= rng.MAX_DEAL or n > MAX_HISTORY:
        raise ReplayError("the replay code holds an impossible game")
    packed = body[_HEADER:]
    if len(packed) != (14 * n + 7) // 8:
        raise ReplayError("the replay code is truncated or too long for its moves")
    moves: list[Move] = []
    for k in range(0, n, 4):
        count = min(4, n - k)
        size = (14 * count + 7) // 8
        start = (k // 4) * 7
        value = int.from_bytes(packed[start:start + size], "big")
        spare = 8 * size - 14 * count
        if value & ((1 << spare) - 1):
            raise ReplayError("the replay code is damaged (bits where none belong)")
        value >>= spare
        for j in range(count - 1, -1, -1):
            m = (value >> (14 * j)) & 0x3FFF
            s, t = m >> 7, m & 0x7F
            if s >= CELLS or t >= CELLS:
                raise ReplayError(f"move {k + count - j} of the replay code is not on the "
                                  "board", k + count - j)
            moves.append((s, t))
    return Code(deal, line, tuple(moves), data[0])


def decode(code: object) -> Code:
    """The deal, line, moves and rule of a replay code, after replaying them.

    Raises ReplayError (code ``bad_replay``): damaged, truncated or edited code,
    unknown version, or a move that is not legal (named by its number)."""
    found = unpack(code)
    replay(found.deal, found.line, found.moves, found.rule)
    return found
