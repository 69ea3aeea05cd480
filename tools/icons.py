"""Draw Kugler's app icons as PNG files, with nothing but the standard library.

    python tools/icons.py [OUT_DIR]     (default: web/icons)

Writes icon-192.png and icon-512.png (rounded board on a transparent corner,
purpose "any"), maskable-512.png (full-bleed background, motif inside the
central safe circle of radius 40 %) and apple-touch-icon.png (180 x 180,
opaque, square). The motif: a 3 x 3 patch of the board with three glossy red
balls lined up on the diagonal, a blue and a yellow one beside them.

Drawing is analytic (signed distances with one-pixel edge smoothing), so the
output is deterministic and needs no Pillow. The generated files are
committed; rerun this script only to change the artwork.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

RGB = tuple[float, float, float]
RGBA = tuple[float, float, float, float]

BACK_TOP: RGB = (0x5A, 0x30, 0x18)
BACK_BOTTOM: RGB = (0x2A, 0x16, 0x0B)
CELL: RGB = (0xF0, 0xD6, 0xA8)
CELL_EDGE: RGB = (0xC2, 0x96, 0x5E)
RED: RGB = (0xE0, 0x47, 0x2B)
BLUE: RGB = (0x22, 0x65, 0xC7)
YELLOW: RGB = (0xF4, 0xD0, 0x3A)
# (row, column, colour) on the 3 x 3 patch.
BALLS: tuple[tuple[int, int, RGB], ...] = (
    (0, 0, RED), (1, 1, RED), (2, 2, RED), (0, 2, BLUE), (2, 0, YELLOW),
)
LIGHT = (-0.45, -0.6, 0.66)


def png(width: int, height: int, pixels: list[bytes]) -> bytes:
    """A PNG (8-bit RGBA, no interlace) from `height` rows of width*4 bytes."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    raw = b"".join(b"\x00" + row for row in pixels)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def clamp(value: float, low: float = 0.0, high: float = 1.0) -> float:
    return low if value < low else high if value > high else value


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def over(dst: RGBA, src: RGB, alpha: float) -> RGBA:
    """Composite `src` with coverage `alpha` over the premultiplied-free `dst`."""
    if alpha <= 0:
        return dst
    out_a = alpha + dst[3] * (1 - alpha)
    if out_a <= 0:
        return (0.0, 0.0, 0.0, 0.0)
    k = dst[3] * (1 - alpha)
    return ((src[0] * alpha + dst[0] * k) / out_a, (src[1] * alpha + dst[1] * k) / out_a,
            (src[2] * alpha + dst[2] * k) / out_a, out_a)


def rounded_box(x: float, y: float, cx: float, cy: float, half: float, radius: float) -> float:
    """Signed distance to a square of half-side `half` with corner `radius`."""
    qx = abs(x - cx) - half + radius
    qy = abs(y - cy) - half + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def ball_colour(base: RGB, dx: float, dy: float) -> RGB:
    """Shade a glossy sphere at unit-disc point (dx, dy)."""
    d2 = dx * dx + dy * dy
    nz = math.sqrt(max(0.0, 1.0 - d2))
    diffuse = max(0.0, dx * LIGHT[0] + dy * LIGHT[1] + nz * LIGHT[2])
    shade = 0.32 + 0.8 * diffuse
    colour: RGB = (min(255.0, base[0] * shade), min(255.0, base[1] * shade),
                   min(255.0, base[2] * shade))
    # Bounce light along the lower rim.
    rim = clamp((dy - 0.2) * 1.5) * clamp((math.sqrt(d2) - 0.55) * 3)
    colour = mix(colour, mix(base, (255.0, 255.0, 255.0), 0.25), rim * 0.35)
    # Soft specular window up left.
    hx, hy = (dx + 0.34) / 0.36, (dy + 0.4) / 0.26
    highlight = clamp(1.0 - math.hypot(hx, hy)) ** 0.8
    return mix(colour, (255.0, 255.0, 255.0), highlight * 0.85)


def painter(size: int, scale: float, full_bleed: bool) -> Callable[[float, float], RGBA]:
    """A function giving the colour at pixel centre (x, y) for an icon of `size` px."""
    px = 1.0 / size  # one pixel in unit coordinates
    half_board = 0.36 * scale
    cell = 2 * half_board / 3
    gap = cell * 0.06
    ball_r = cell * 0.42

    def paint(x: float, y: float) -> RGBA:
        colour: RGBA = (0.0, 0.0, 0.0, 0.0)
        back = mix(BACK_TOP, BACK_BOTTOM, clamp(y))
        if full_bleed:
            colour = over(colour, back, 1.0)
        else:
            d = rounded_box(x, y, 0.5, 0.5, 0.5, 0.2)
            colour = over(colour, back, clamp(0.5 - d / px))
        if colour[3] <= 0:
            return colour
        left = 0.5 - half_board
        col = min(2, max(0, int((x - left) // cell)))
        row = min(2, max(0, int((y - left) // cell)))
        cx = left + (col + 0.5) * cell
        cy = left + (row + 0.5) * cell
        d = rounded_box(x, y, cx, cy, cell / 2 - gap, cell * 0.12)
        inner = rounded_box(x, y, cx, cy, cell / 2 - gap * 2.2, cell * 0.1)
        colour = over(colour, CELL_EDGE, clamp(0.5 - d / px))
        colour = over(colour, CELL, clamp(0.5 - inner / px))
        for r, c, base in BALLS:
            if (r, c) != (row, col):
                continue
            # Contact shadow, then the ball.
            sd = math.hypot((x - cx - ball_r * 0.1) / 1.0, (y - cy - ball_r * 0.22) / 0.9)
            shadow = 0.45 * clamp((ball_r * 1.05 - sd) / (ball_r * 0.35))
            colour = over(colour, (90.0, 55.0, 25.0), shadow)
            dist = math.hypot(x - cx, y - cy)
            cover = clamp(0.5 - (dist - ball_r) / px)
            if cover > 0:
                shaded = ball_colour(base, (x - cx) / ball_r, (y - cy) / ball_r)
                colour = over(colour, shaded, cover)
        return colour

    return paint


def render(size: int, scale: float = 1.0, full_bleed: bool = False) -> bytes:
    paint = painter(size, scale, full_bleed)
    rows = []
    for j in range(size):
        row = bytearray()
        for i in range(size):
            r, g, b, a = paint((i + 0.5) / size, (j + 0.5) / size)
            row += bytes((round(r), round(g), round(b), round(a * 255)))
        rows.append(bytes(row))
    return png(size, size, rows)


# name: (size, motif scale, full bleed)
ICONS = {
    "icon-192.png": (192, 1.0, False),
    "icon-512.png": (512, 1.0, False),
    "maskable-512.png": (512, 0.74, True),
    "apple-touch-icon.png": (180, 0.9, True),
}


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[1] / "web" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for name, (size, scale, full_bleed) in ICONS.items():
        (out / name).write_bytes(render(size, scale, full_bleed))
        print(f"wrote {out / name} ({size}x{size})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
