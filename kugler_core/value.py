"""A learned value of a board in points to come (an n-tuple network).

``points_to_come(board, line)`` is the expected sum of the points the
following moves make, each move's points discounted by ``DISCOUNT`` per move
(``DISCOUNT`` 0.99: about the next hundred moves), for a board right after
a move (its lines removed) and before the three coming balls land: the
board the player compares its moves by. A full board is worth 0. It is the
sum of table look-ups (an n-tuple network, as the strong 2048 players use):

* every window of ``line`` cells in the 4 directions, once per colour,
  seen relative to that colour (each cell empty / this colour / another
  colour: ``3 ** line`` patterns), one table per class of windows the
  board's 8 symmetries map onto each other, a pattern and its reverse
  sharing their entry (so the windows part is the same on all 8 images of
  a board);
* the free room: the number of free cells, of empty regions, the size of
  the largest one, and the balls with no empty neighbour, a table each.

The weights come from ``tools/train_value.py`` (see docs/player.md) and
ship in the wheel as ``value5.bin``; they are read on the first call and
checked (``Weights.parse``: magic, version, variant, sizes, BLAKE2
checksum). A missing or damaged file raises ``WeightsError`` with what is
wrong, and ``available(line)`` says False, so a caller keeps the hand-made
evaluation (``kugler_core.evaluate``). Pure Python, deterministic.

>>> available(5)
True
>>> empty = points_to_come([0] * 81, 5)
>>> crowded = points_to_come([1, 2, 3, 4, 5, 6, 7, 1, 2] * 8 + [0] * 9, 5)
>>> empty > crowded > 0
True
>>> points_to_come([1, 2] * 40 + [1], 5)
0.0
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence
from importlib import resources

from .board import CELLS, SIZE
from .errors import VariantError
from .lines import windows as line_windows
from .paths import NEIGHBOURS, empty_regions

__all__ = ["DISCOUNT", "FORMAT_VERSION", "Layout", "Weights", "WeightsError", "available",
           "layout", "points_to_come", "weights"]

DISCOUNT = 0.99
"""Discount per move of the points to come."""
FORMAT_VERSION = 1
"""Version of the weights file format."""
MAGIC = b"KUGV"
FREE_TABLE = CELLS + 1
REGION_TABLE = 12
WALLED_TABLE = 24
CACHE = 50_000
"""At most this many window contents remembered per class of windows."""


class WeightsError(ValueError):
    """The weights file is missing or damaged (the message says how)."""


class Layout:
    """Where each feature's table sits in the flat weight vector, for one variant.

    ``windows[k]``: the cells of window ``k`` (as ``evaluate.Tables``);
    ``window_class[k]``: the offset of its class's table (``3 ** line``
    entries); ``slices[k]``: (start, stop, step, class number) of window
    ``k`` in the board's 81 cells; ``canon[p]``: the entry of pattern ``p`` (base 3, first cell
    lowest; 0 empty, 1 this colour, 2 another colour), a pattern and its
    reverse the same; ``free``, ``regions``, ``largest``, ``walled``: the
    offsets of the room tables; ``size``: the number of weights.
    """

    __slots__ = ("canon", "classes", "free", "largest", "line", "regions", "size",
                 "slices", "walled", "window_class", "windows")
    canon: tuple[int, ...]
    classes: int
    free: int
    largest: int
    line: int
    regions: int
    size: int
    slices: tuple[tuple[int, int, int, int], ...]
    walled: int
    window_class: tuple[int, ...]
    windows: tuple[tuple[int, ...], ...]

    def __init__(self, line: int) -> None:
        if line not in (4, 5):
            raise VariantError(f"line must be 4 or 5, got {line!r}")
        self.line = line
        self.windows = windows = line_windows(line)
        patterns = 3 ** line
        keys: dict[tuple[int, ...], int] = {}
        classes: list[int] = []
        for cells in windows:
            key = min(tuple(sorted(_image(i, s) for i in cells)) for s in range(8))
            classes.append(keys.setdefault(key, len(keys)))
        self.classes = len(keys)
        self.window_class = tuple(k * patterns for k in classes)
        self.slices = tuple((cells[0], cells[-1] + 1, cells[1] - cells[0], k)
                            for cells, k in zip(windows, classes, strict=True))
        canon = []
        for p in range(patterns):
            digits = [(p // 3 ** k) % 3 for k in range(line)]
            rev = sum(d * 3 ** k for k, d in enumerate(reversed(digits)))
            canon.append(min(p, rev))
        self.canon = tuple(canon)
        self.free = self.classes * patterns
        self.regions = self.free + FREE_TABLE
        self.largest = self.regions + REGION_TABLE
        self.walled = self.largest + FREE_TABLE
        self.size = self.walled + WALLED_TABLE


def _image(i: int, s: int) -> int:
    """Cell ``i`` under symmetry ``s`` (0..7) of the square board."""
    r, c = divmod(i, SIZE)
    if s & 1:
        r, c = c, r
    if s & 2:
        r = SIZE - 1 - r
    if s & 4:
        c = SIZE - 1 - c
    return r * SIZE + c


_layouts: dict[int, Layout] = {}


def layout(line: int) -> Layout:
    """The layout of variant ``line`` (4 or 5), built once; VariantError otherwise."""
    if line not in _layouts:
        _layouts[line] = Layout(line)
    return _layouts[line]


def room(board: Sequence[int]) -> tuple[int, int, int, int]:
    """The free-room features of ``board``: free cells, empty regions (capped at
    ``REGION_TABLE - 1``), the size of the largest region, and the balls with
    no empty neighbour (capped at ``WALLED_TABLE - 1``)."""
    _label, regions = empty_regions(board)
    free = sum(len(r) for r in regions)
    largest = max((len(r) for r in regions), default=0)
    walled = 0
    for i, nbs in enumerate(NEIGHBOURS):
        if board[i] and all(board[nb] for nb in nbs):
            walled += 1
    return (free, min(len(regions), REGION_TABLE - 1), largest, min(walled, WALLED_TABLE - 1))


class Weights:
    """The weights of one variant: ``values`` (floats, ``layout(line).size`` of
    them, in points), and per window class a cache of what each window
    content is worth summed over the seven colours."""

    __slots__ = ("_cache", "layout", "line", "values")
    _cache: list[dict[bytes, float]]
    layout: Layout
    line: int
    values: tuple[float, ...]

    def __init__(self, line: int, values: Sequence[float]) -> None:
        self.line = line
        self.layout = layout(line)
        if len(values) != self.layout.size:
            raise WeightsError(f"value weights for line {line}: {len(values)} numbers, "
                               f"the layout needs {self.layout.size}")
        self.values = tuple(values)
        self._cache = [{} for _ in range(self.layout.classes)]

    @classmethod
    def parse(cls, data: bytes) -> Weights:
        """The weights in ``data`` (the format ``dump`` writes). Raises
        WeightsError for a wrong magic, version, variant or size, or a
        checksum that does not match."""
        head = struct.Struct("<4sHBxIf")
        if len(data) < head.size + 16:
            raise WeightsError(f"value weights: {len(data)} bytes, too short for a weights file")
        magic, version, line, count, scale = head.unpack_from(data)
        if magic != MAGIC:
            raise WeightsError("value weights: not a weights file (wrong magic)")
        if version != FORMAT_VERSION:
            raise WeightsError(f"value weights: format version {version}, "
                               f"this engine reads {FORMAT_VERSION}")
        if line not in (4, 5):
            raise WeightsError(f"value weights: variant {line}, expected 4 or 5")
        body = data[head.size:-16]
        if len(body) != 2 * count:
            raise WeightsError(f"value weights: {len(body)} bytes of weights, "
                               f"the header says {count} numbers")
        if hashlib.blake2b(data[:-16], digest_size=16).digest() != data[-16:]:
            raise WeightsError("value weights: checksum does not match (damaged file)")
        ints = struct.unpack(f"<{count}h", body)
        return cls(line, [v * scale for v in ints])

    def dump(self) -> bytes:
        """The weights as bytes: header (magic, version, variant, count, scale),
        the weights as int16 times ``scale``, a BLAKE2b-128 checksum."""
        top = max((abs(v) for v in self.values), default=0.0)
        scale = top / 32767 if top else 1.0
        scale = struct.unpack("<f", struct.pack("<f", scale))[0]
        ints = [max(-32767, min(32767, round(v / scale))) for v in self.values]
        data = (struct.pack("<4sHBxIf", MAGIC, FORMAT_VERSION, self.line, len(ints), scale)
                + struct.pack(f"<{len(ints)}h", *ints))
        return data + hashlib.blake2b(data, digest_size=16).digest()

    def window_value(self, k: int, content: bytes) -> float:
        """What window ``k`` holding ``content`` (its colours) is worth, summed
        over the seven colours."""
        lay = self.layout
        base = lay.window_class[k]
        canon = lay.canon
        values = self.values
        present = set(content) - {0}
        other = 0
        for n, v in enumerate(content):
            if v:
                other += 2 * 3 ** n
        got = (7 - len(present)) * values[base + canon[other]]
        for colour in present:
            p = other
            for n, v in enumerate(content):
                if v == colour:
                    p -= 3 ** n
            got += values[base + canon[p]]
        return got

    def value(self, board: Sequence[int]) -> float:
        """Points to come of ``board`` (0 for a full board)."""
        if 0 not in board:
            return 0.0
        lay = self.layout
        values = self.values
        total = 0.0
        caches = self._cache
        colours = bytes(board)
        for k, (start, stop, step, cls) in enumerate(lay.slices):
            content = colours[start:stop:step]
            cache = caches[cls]
            got = cache.get(content)
            if got is None:
                got = self.window_value(k, content)
                if len(cache) < CACHE:
                    cache[content] = got
            total += got
        free, regions, largest, walled = room(board)
        total += (values[lay.free + free] + values[lay.regions + regions]
                  + values[lay.largest + largest] + values[lay.walled + walled])
        return total


_loaded: dict[int, Weights | WeightsError] = {}


def weights(line: int) -> Weights:
    """The shipped weights of variant ``line``, read and checked on the first call.
    Raises WeightsError when the file is missing or damaged (the same error
    again on later calls: the file is read once)."""
    got = _loaded.get(line)
    if got is None:
        try:
            data = resources.files(__package__).joinpath(f"value{line}.bin").read_bytes()
        except OSError as error:
            got = WeightsError(f"value weights for line {line}: cannot read value{line}.bin "
                               f"({error.__class__.__name__})")
        else:
            try:
                got = Weights.parse(data)
                if got.line != line:
                    raise WeightsError(f"value weights: value{line}.bin holds variant {got.line}")
            except WeightsError as error:
                got = error
        _loaded[line] = got
    if isinstance(got, WeightsError):
        raise got
    return got


def available(line: int) -> bool:
    """True when the learned value of variant ``line`` loads and checks out."""
    try:
        weights(line)
    except WeightsError:
        return False
    return True


def points_to_come(board: Sequence[int], line: int = 5) -> float:
    """The expected discounted points to come (``DISCOUNT`` per move) of
    ``board`` (81 ints, right after a move, lines removed, before the coming
    balls land) in variant ``line``; 0 for a full board. Raises WeightsError
    when the learned weights of ``line`` are missing or damaged."""
    return weights(line).value(board)
