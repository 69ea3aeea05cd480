"""What the board shows besides the balls, on every cell in every look: the
coming balls' marks, the hint's dots and target ring, the selected cell's
frame, the red blink of a cell out of reach and the blink of an empty cell
tapped with no ball selected, and a reviewed move's played and better cells.

The renderer (web/render.js, the module the build bundles) draws each cue on
all 81 cells of an empty board on a canvas of its own; each cell's pixels
where the cue is drawn are compared with the same pixels of the bare board,
as mean colours in CIELAB (ΔE76; 2.3 is a just noticeable difference). A cue
that blends into a cell of some look (the wood's grain, a light tile, a
bevel) fails here, naming the look, the cue and the cell.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ROOT, SiteServer

LOOKS = ["wood", "light", "dark", "contrast", "classic"]

# ΔE76 between a cue and the cell under it: more than six just noticeable
# differences, at a glance on a phone.
CUE_APART = 15.0

CUES = """async ([root, look]) => {
  const { BoardRenderer } = await import(root + "render.js");
  const { paletteOf } = await import(root + "looks.js");
  const canvas = document.createElement("canvas");
  canvas.dataset.size = "9";
  canvas.style.width = "450px";
  canvas.style.height = "450px";
  document.body.replaceChildren(canvas);
  const r = new BoardRenderer(canvas, { reducedMotion: () => true });
  r.setPalette(paletteOf(look));
  r.measure();
  const S = r.pxSize, c = r.cell, ctx = r.ctx;
  const lin = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lab = ([R, G, B]) => {
    const [l, m, s] = [lin(R), lin(G), lin(B)];
    const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
    const x = f((0.4124 * l + 0.3576 * m + 0.1805 * s) / 0.95047);
    const y = f(0.2126 * l + 0.7152 * m + 0.0722 * s);
    const z = f((0.0193 * l + 0.1192 * m + 0.9505 * s) / 1.08883);
    return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
  };
  const dE = (a, b) => {
    const A = lab(a), B = lab(b); return Math.hypot(A[0] - B[0], A[1] - B[1], A[2] - B[2]);
  };
  const snap = () => { r.draw(); return ctx.getImageData(0, 0, S, S).data; };
  // the mean colour of the pixels of cell i where inside(dx, dy) (offsets in cells from its centre)
  const mean = (data, i, inside) => {
    const [cx, cy] = r.center(i); const sum = [0, 0, 0]; let n = 0;
    for (let y = Math.floor(cy - c / 2); y < cy + c / 2; y += 1) {
      for (let x = Math.floor(cx - c / 2); x < cx + c / 2; x += 1) {
        if (!inside((x + 0.5 - cx) / c, (y + 0.5 - cy) / c)) continue;
        const k = (y * S + x) * 4;
        sum[0] += data[k]; sum[1] += data[k + 1]; sum[2] += data[k + 2]; n += 1;
      }
    }
    return sum.map((v) => v / n);
  };
  const disc = (rad) => (dx, dy) => dx * dx + dy * dy <= rad * rad;
  const ring = (lo, hi) => (dx, dy) => { const d = Math.hypot(dx, dy); return d >= lo && d <= hi; };
  const square = (lo, hi) => (dx, dy) => {
    const d = Math.max(Math.abs(dx), Math.abs(dy)); return d >= lo && d <= hi;
  };
  const cells = [...Array(r.size * r.size).keys()];
  const bare = snap();
  const apart = (data, i, region) => dE(mean(data, i, region), mean(bare, i, region));
  const each = (region) => {
    const data = snap(); return cells.map((i) => apart(data, i, region));
  };
  const one = (show, region) => cells.map((i) => { show(i); return apart(snap(), i, region); });
  const out = {};
  r.setComing(cells.map((i) => [i, (i % 7) + 1]));  // a small ball of every colour in turn
  out.marks = each(disc(0.14));
  r.setComing([]);
  r.setHint({ from: -1, to: -1, path: cells });
  out["hint path"] = each(disc(0.08));
  out["hint target"] = one((i) => r.setHint({ from: -1, to: i, path: [] }), ring(0.27, 0.35));
  r.setHint(null);
  out.selected = one((i) => r.setSelected(i), square(0.41, 0.47));
  r.setSelected(null);
  // a reviewed move: the played move's squares, the better move's dashed rings
  const far = (i) => (i + 40) % cells.length;
  out["review played"] = one((i) => r.setReview({ played: [i, far(i)], better: [] }),
                             square(0.38, 0.46));
  out["review better"] = one((i) => r.setReview({ played: [], better: [i, far(i)] }),
                             ring(0.26, 0.34));
  r.setReview(null);
  for (const [kind, region] of [["unreachable", square(0, 0.3)], ["empty", square(0.4, 0.48)]]) {
    const now = performance.now();
    for (const i of cells) r.flashing.set(i, { start: now, kind });
    out[kind + " blink"] = each(region);  // the empty cell's blink: its edge is what shows
    r.flashing.clear();
  }
  return out;
}"""


@pytest.fixture(scope="module")
def sources() -> Iterator[SiteServer]:
    """The page's modules as they are in web/, served."""
    server = SiteServer(ROOT / "web")
    yield server
    server.stop()


@pytest.mark.parametrize("look", LOOKS)
def test_every_cue_shows_on_every_cell(page: Any, sources: SiteServer, look: str) -> None:
    blank = sources.url + "cues.html"  # a page of the modules' origin
    page.route(blank, lambda route: route.fulfill(
        content_type="text/html",
        body='<!doctype html><html lang="en"><title>cues</title><link rel="icon" href="data:,">'))
    page.goto(blank)
    seen = page.evaluate(CUES, [sources.url, look])
    assert set(seen) == {"marks", "hint path", "hint target", "selected", "review played",
                         "review better", "unreachable blink", "empty blink"}
    faint = {(cue, divmod(cell, 9)): round(apart, 1)
             for cue, cells in seen.items() for cell, apart in enumerate(cells)
             if apart < CUE_APART}
    assert not faint, (look, faint)
