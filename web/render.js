// The board on a <canvas>: the frame and the cells, glossy balls, and the
// short animations of a turn (roll, clear with "+points", new balls growing
// in), the bouncing selected ball in its frame and the red blink of a cell
// that cannot be reached. Every colour comes from the look's palette
// (looks.js): a renderer follows the look applied (onLook) and draws again.
//
// The renderer never decides anything: it draws the board it is given.
// All animations resolve their promise when done; with reduced motion they
// finish at once (the state is drawn immediately); pace() (1 normal, less is
// faster) scales their length. Two options: a shape on every ball
// (setSymbols, the shapes of SYMBOLS) and small balls on the cells where the
// coming balls will land (setComing, the engine's state.landing). The canvas backing store
// follows its CSS size times devicePixelRatio, so it stays crisp. The
// board's side is the board's it is given (size × size colours); before any,
// the canvas's data-size (index.html: the engine's board size, held equal by
// tests/unit/test_web_modules.py).

import { currentLook, onLook, paletteOf } from "./looks.js";

/** The wooden frame around the cells, as a fraction of the board's side (style.css --frame is the same). */
export const FRAME = 0.03;

/** The number of ball colours (1..7; their colours are each look's palette's). */
export const BALL_COLORS = 7;

/** @typedef {CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D} Ctx a 2D context, on screen or off */
/** @typedef {ImageBitmap | HTMLCanvasElement} Image an image painted once (makeImage) */
/** @typedef {(ctx: Ctx, now: number) => void} Overlay drawn over the balls, each frame */

/**
 * The shape drawn on each ball colour 1..7 with symbols on: an SVG path in a
 * 24×24 box centred on (12, 12), filled with `ink` and outlined with `rim`
 * (the ink has the more contrast on that ball). The same paths are drawn on
 * the canvas and, as SVG images, on the balls of the page (window-options.js).
 * Shapes that differ in outline, not in size or angle alone: triangle,
 * square, ring, star, heart, cross, diamond.
 */
/** @type {({name: string, d: string} | null)[]} */
export const SYMBOLS = [
  null,
  { name: "triangle", d: "M12 3.6 21 19.2H3z" },
  { name: "square", d: "M5 5h14v14H5z" },
  { name: "ring", d: "M12 3.8a8.2 8.2 0 1 0 0 16.4 8.2 8.2 0 1 0 0-16.4zm0 4.4a3.8 3.8 0 1 1 0 7.6 3.8 3.8 0 1 1 0-7.6z" },
  { name: "star", d: "M12 2.6l2.75 6 6.5.7-4.85 4.4 1.35 6.4L12 16.9l-5.75 3.2 1.35-6.4L2.75 9.3l6.5-.7z" },
  { name: "heart", d: "M12 20.4C5.2 15.6 3.2 12.4 3.2 9.2c0-2.8 2.1-4.8 4.6-4.8 1.8 0 3.3 1 4.2 2.6.9-1.6 2.4-2.6 4.2-2.6 2.5 0 4.6 2 4.6 4.8 0 3.2-2 6.4-8.8 11.2z" },
  { name: "cross", d: "M9.3 3.5h5.4v5.8h5.8v5.4h-5.8v5.8H9.3v-5.8H3.5V9.3h5.8z" },
  { name: "diamond", d: "M12 2.5 21.5 12 12 21.5 2.5 12z" },
];
/** Fill and outline of the shape on each colour: dark ink on the light balls, light on the dark ones. */
/** @type {("light" | "dark" | null)[]} */
export const SYMBOL_INK = [null, "light", "light", "light", "dark", "light", "dark", "dark"];
const INKS = {
  light: { fill: "#ffffff", rim: "rgba(35, 16, 4, 0.8)" },
  dark: { fill: "#2a1404", rim: "rgba(255, 255, 255, 0.75)" },
};

/**
 * Paint the shape of `color` centred at (cx, cy) on a ball of radius r.
 * @param {Ctx} ctx
 * @param {number} cx
 * @param {number} cy
 * @param {number} r
 * @param {number} color
 */
export function paintSymbol(ctx, cx, cy, r, color) {
  const symbol = SYMBOLS[color];
  if (!symbol || typeof Path2D !== "function") return;
  const ink = INKS[/** @type {"light" | "dark"} */ (SYMBOL_INK[color])];
  const scale = (r * 1.2) / 24;
  ctx.save();
  ctx.translate(cx - 12 * scale, cy - 12 * scale);
  ctx.scale(scale, scale);
  const path = new Path2D(symbol.d);
  ctx.lineJoin = "round";
  ctx.lineWidth = 2.6;
  ctx.strokeStyle = ink.rim;
  ctx.stroke(path);
  ctx.fillStyle = ink.fill;
  ctx.fill(path, "evenodd");
  ctx.restore();
}

const ROLL_MS = 34; // per cell (the spec asks for at most ~40 ms)
const CLEAR_MS = 320;
const SPAWN_MS = 230;
const FLASH_MS = 640;
const FLOAT_MS = 900;
const BOUNCE_MS = 620;

/** @param {string} hex */
function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * @param {string} hex
 * @param {number[]} target
 * @param {number} amount
 */
function mix(hex, target, amount) {
  const [r, g, b] = hexToRgb(hex);
  const [tr, tg, tb] = target;
  const f = (/** @type {number} */ a, /** @type {number} */ z) => Math.round(a + (z - a) * amount);
  return `rgb(${f(r, tr)}, ${f(g, tg)}, ${f(b, tb)})`;
}
const lighten = (/** @type {string} */ hex, /** @type {number} */ a) => mix(hex, [255, 255, 255], a);
const darken = (/** @type {string} */ hex, /** @type {number} */ a) => mix(hex, [0, 0, 0], a);

const easeOutBack = (/** @type {number} */ t) => {
  const c1 = 1.70158;
  const c3 = c1 + 1;
  return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2;
};
const easeInOut = (/** @type {number} */ t) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * A w×h image painted once by paint(ctx): an ImageBitmap when OffscreenCanvas
 * exists (drawing it needs no snapshot of a source canvas, which costs ~0.1 ms
 * per drawImage without a GPU), else a detached <canvas>.
 * @param {number} w
 * @param {number} h
 * @param {(ctx: Ctx) => void} paint
 * @returns {Image}
 */
function makeImage(w, h, paint) {
  if (typeof OffscreenCanvas === "function") {
    const off = new OffscreenCanvas(w, h);
    const ctx = off.getContext("2d");
    if (ctx && typeof off.transferToImageBitmap === "function") {
      paint(ctx);
      return off.transferToImageBitmap();
    }
  }
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  paint(/** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d")));
  return canvas;
}

/** @param {Image | null | undefined} image */
function release(image) {
  /** @type {ImageBitmap | null | undefined} */ (image)?.close?.();
}

/**
 * @param {Ctx} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} r
 */
function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/**
 * The same colour as `rgba` ("rgba(r, g, b, a)") with alpha 0.
 * @param {string} rgba
 */
const clear = (rgba) => rgba.replace(/,\s*[\d.]+\)$/, ", 0)");

/**
 * Paint one glossy ball of `color` centred at (cx, cy) with radius r on ctx,
 * in the colours of `palette` (looks.js).
 * @param {Ctx} ctx
 * @param {number} cx
 * @param {number} cy
 * @param {number} r
 * @param {number} color
 */
export function paintBall(ctx, cx, cy, r, color, shadow = true, symbol = false, palette = paletteOf("wood")) {
  const base = palette.balls[color];
  if (!base) return;
  if (shadow) {
    const sg = ctx.createRadialGradient(cx + r * 0.12, cy + r * 0.78, r * 0.1, cx + r * 0.12, cy + r * 0.78, r * 1.0);
    sg.addColorStop(0, palette.ballShadow);
    sg.addColorStop(1, clear(palette.ballShadow));
    ctx.fillStyle = sg;
    ctx.beginPath();
    ctx.ellipse(cx + r * 0.12, cy + r * 0.8, r * 1.0, r * 0.42, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  const g = ctx.createRadialGradient(cx - r * 0.38, cy - r * 0.42, r * 0.05, cx, cy, r);
  g.addColorStop(0, lighten(base, 0.62));
  g.addColorStop(0.28, lighten(base, 0.12));
  g.addColorStop(0.7, base);
  g.addColorStop(0.92, darken(base, 0.38));
  g.addColorStop(1, darken(base, 0.55));
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  // light bounced from the board, lower right
  const rg = ctx.createRadialGradient(cx + r * 0.45, cy + r * 0.55, 0, cx + r * 0.45, cy + r * 0.55, r * 0.6);
  rg.addColorStop(0, palette.ballBounce);
  rg.addColorStop(1, clear(palette.ballBounce));
  ctx.fillStyle = rg;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  if (palette.ballRim) {
    ctx.lineWidth = Math.max(1, r * 0.09);
    ctx.strokeStyle = palette.ballRim;
    ctx.beginPath();
    ctx.arc(cx, cy, r - ctx.lineWidth / 2, 0, Math.PI * 2);
    ctx.stroke();
  }
  if (symbol) paintSymbol(ctx, cx, cy, r, color);
  // specular highlight
  const hx = cx - r * 0.36;
  const hy = cy - r * 0.42;
  const hg = ctx.createRadialGradient(hx, hy, 0, hx, hy, r * 0.42);
  hg.addColorStop(0, "rgba(255, 255, 255, 0.95)");
  hg.addColorStop(0.35, "rgba(255, 255, 255, 0.45)");
  hg.addColorStop(1, "rgba(255, 255, 255, 0)");
  ctx.fillStyle = hg;
  ctx.beginPath();
  ctx.ellipse(hx, hy, r * 0.42, r * 0.3, -Math.PI / 5, 0, Math.PI * 2);
  ctx.fill();
}

export class BoardRenderer {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{reducedMotion?: () => boolean}} options
   */
  constructor(canvas, { reducedMotion = () => false } = {}) {
    this.canvas = canvas;
    this.ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
    this.reducedMotion = reducedMotion;
    /** Length of the animations: 1 normal, less is faster. */
    this.pace = () => 1;
    this.symbols = false;
    /** @type {[number, number][]} [index, colour] of the coming balls' cells (marks), or none */
    this.coming = [];
    /** The board's side, in cells: the last board's, at first the canvas's data-size. */
    this.size = Number(canvas.dataset.size) || 1;
    this.board = new Array(this.size * this.size).fill(0);
    /** @type {Set<number>} cells whose static ball is drawn by an animation instead */
    this.hidden = new Set();
    /** @type {Set<Overlay>} */
    this.overlays = new Set();
    /** @type {number | null} */
    this.selected = null;
    this.selectedSince = 0;
    /** @type {Map<number, {start: number, kind: string}>} cell -> when it started blinking, and how */
    this.flashing = new Map();
    /** @type {{from: number, to: number, path: number[]} | null} the cell indices of a hint shown (setHint) */
    this.hint = null;
    /** @type {{played: number[], better: number[]} | null} the cell indices of a reviewed move (setReview) */
    this.review = null;
    this.loading = false;
    this.frame = 0;
    this.pxSize = 0;
    this.cssSize = 0;
    /** @type {Image | null} */
    this.backdrop = null;
    /** @type {Map<number, Image>} */
    this.sprites = new Map();
    /** The look's colours (looks.js); a change of look draws the board again. */
    this.palette = paletteOf(currentLook());
    onLook((look) => this.setPalette(paletteOf(look)));
    // Measured at the first draw (the page's first layout), then on resize.
    if (typeof ResizeObserver === "function") {
      const ro = new ResizeObserver((entries) => {
        const entry = entries[entries.length - 1];
        const box = entry.devicePixelContentBoxSize?.[0];
        if (this.measure(box ? box.inlineSize : null)) this.draw();
      });
      try {
        ro.observe(canvas, { box: "device-pixel-content-box" });
      } catch {
        ro.observe(canvas);
      }
    }
  }

  /**
   * Size the backing store to the canvas's CSS size × devicePixelRatio.
   * Returns true when that size changed (the canvas is then blank).
   * @param {number | null} devicePixels
   */
  measure(devicePixels = null) {
    const rect = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const css = Math.max(1, rect.width);
    const wanted = css * dpr;
    // the exact device-pixel size when the browser reports a plausible one
    const exact = devicePixels && Math.abs(devicePixels - wanted) <= Math.max(2, wanted * 0.02);
    const px = Math.max(1, Math.round(exact ? devicePixels : wanted));
    this.cssSize = css;
    if (px === this.pxSize) return false;
    this.pxSize = px;
    this.canvas.width = px;
    this.canvas.height = px;
    release(this.backdrop);
    this.backdrop = null;
    for (const sprite of this.sprites.values()) release(sprite);
    this.sprites.clear();
    return true;
  }

  get inner() {
    return this.pxSize * (1 - 2 * FRAME);
  }
  get cell() {
    return this.inner / this.size;
  }
  get origin() {
    return this.pxSize * FRAME;
  }

  /**
   * The centre of cell `index`, in the canvas's pixels.
   * @param {number} index
   * @returns {[number, number]}
   */
  center(index) {
    const r = Math.floor(index / this.size);
    const c = index % this.size;
    return [this.origin + (c + 0.5) * this.cell, this.origin + (r + 0.5) * this.cell];
  }

  /**
   * Show `board` (size × size colours, row by row) at once, ending nothing that runs.
   * @param {ArrayLike<number>} board
   */
  setBoard(board) {
    this.board = Array.from(board, (v) => v | 0);
    const size = Math.round(Math.sqrt(this.board.length));
    if (size !== this.size && size > 0) {
      this.size = size; // the cells' images are of another size now
      release(this.backdrop);
      this.backdrop = null;
      for (const sprite of this.sprites.values()) release(sprite);
      this.sprites.clear();
    }
    this.requestDraw();
  }

  /**
   * Draw in the colours of `palette` (looks.js) from the next frame on.
   * @param {ReturnType<typeof paletteOf>} palette
   */
  setPalette(palette) {
    if (palette === this.palette) return;
    this.palette = palette;
    release(this.backdrop);
    this.backdrop = null;
    for (const sprite of this.sprites.values()) release(sprite);
    this.sprites.clear();
    this.requestDraw();
  }

  /**
   * Draw a shape on every ball (true) or none.
   * @param {boolean} on
   */
  setSymbols(on) {
    if (this.symbols === Boolean(on)) return;
    this.symbols = Boolean(on);
    for (const sprite of this.sprites.values()) release(sprite);
    this.sprites.clear();
    this.requestDraw();
  }

  /**
   * Mark where the coming balls land: [[index, colour], ...] (empty: no marks).
   * @param {[number, number][]} list
   */
  setComing(list) {
    this.coming = Array.isArray(list) ? list.map(([i, c]) => [i | 0, c | 0]) : [];
    this.requestDraw();
  }

  /** @param {boolean} loading */
  setLoading(loading) {
    this.loading = loading;
    this.requestDraw();
  }

  /**
   * Select a cell (its ball bounces in a gold frame) or null.
   * @param {number | null} index
   */
  setSelected(index) {
    if (index === this.selected) return;
    this.selected = index;
    this.selectedSince = performance.now();
    this.requestDraw();
  }

  /**
   * Show a hint's marks: a ring on the target cell `to` and dots on the
   * cells of `path` between `from` and `to` (cell indices 0..80); null
   * removes them. The suggested ball itself is shown by setSelected.
   * @param {{from: number, to: number, path?: number[]} | null} hint
   */
  setHint(hint) {
    this.hint = hint ? { from: hint.from, to: hint.to, path: Array.from(hint.path ?? []) } : null;
    this.requestDraw();
  }

  /**
   * The hint's path dots and target ring (drawn under the balls).
   * @param {Ctx} ctx
   */
  drawHint(ctx) {
    const c = this.cell;
    const { from, to, path } = /** @type {NonNullable<typeof this.hint>} */ (this.hint);
    const p = this.palette;
    ctx.save();
    ctx.fillStyle = p.hint;
    ctx.strokeStyle = p.hintEdge;
    ctx.lineWidth = Math.max(1, c * 0.025);
    for (const idx of path) {
      if (idx === from || idx === to) continue;
      const [x, y] = this.center(idx);
      ctx.beginPath();
      ctx.arc(x, y, c * 0.1, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
    const [x, y] = this.center(to);
    ctx.lineWidth = c * 0.11;
    ctx.strokeStyle = p.hintRingEdge;

    ctx.beginPath();
    ctx.arc(x, y, c * 0.31, 0, Math.PI * 2);
    ctx.stroke();
    ctx.lineWidth = c * 0.065;
    ctx.strokeStyle = p.hint;
    ctx.setLineDash([c * 0.14, c * 0.06]);
    ctx.stroke();
    ctx.restore();
  }

  /**
   * Show a reviewed move: the played move's cells framed by solid squares
   * joined by a solid line, the better move's by dashed rings joined by a
   * dashed line (two looks, not only two colours); null removes them.
   * @param {{played: number[], better: number[]} | null} review
   */
  setReview(review) {
    this.review = review ? { played: [...review.played], better: [...review.better] } : null;
    this.requestDraw();
  }

  /**
   * The reviewed move's marks (drawn over the balls).
   * @param {Ctx} ctx
   */
  drawReview(ctx) {
    const c = this.cell;
    const { played, better } = /** @type {NonNullable<typeof this.review>} */ (this.review);
    /**
     * @param {number[]} move its from and to cells
     * @param {number[]} dash
     * @param {string} color
     */
    const line = ([a, b], dash, color) => {
      const [x1, y1] = this.center(a);
      const [x2, y2] = this.center(b);
      ctx.setLineDash(dash);
      ctx.lineWidth = c * 0.09;
      ctx.strokeStyle = "rgba(255, 255, 255, 0.85)";
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(x2, y2);
      ctx.stroke();
      ctx.lineWidth = c * 0.05;
      ctx.strokeStyle = color;
      ctx.stroke();
    };
    ctx.save();
    line(played, [], "#9c1c12");
    line(better, [c * 0.16, c * 0.1], "#0a5c80");
    ctx.setLineDash([]);
    for (const idx of played) {
      const [x, y] = this.center(idx);
      ctx.lineWidth = c * 0.12;
      ctx.strokeStyle = "rgba(255, 255, 255, 0.9)";
      ctx.strokeRect(x - c * 0.42, y - c * 0.42, c * 0.84, c * 0.84);
      ctx.lineWidth = c * 0.07;
      ctx.strokeStyle = "#9c1c12";
      ctx.strokeRect(x - c * 0.42, y - c * 0.42, c * 0.84, c * 0.84);
    }
    for (const idx of better) {
      const [x, y] = this.center(idx);
      ctx.setLineDash([]);
      ctx.lineWidth = c * 0.12;
      ctx.strokeStyle = "rgba(255, 255, 255, 0.9)";
      ctx.beginPath();
      ctx.arc(x, y, c * 0.3, 0, Math.PI * 2);
      ctx.stroke();
      ctx.setLineDash([c * 0.13, c * 0.08]);
      ctx.lineWidth = c * 0.07;
      ctx.strokeStyle = "#0a5c80";
      ctx.stroke();
    }
    ctx.restore();
  }

  /**
   * Blink `index`: red for a cell the ball cannot reach (`kind`
   * "unreachable"), pale for an empty cell tapped with no ball selected
   * ("empty"); resolves when the blink is over.
   * @param {number} index
   * @returns {Promise<void>}
   */
  flash(index, kind = "unreachable") {
    this.flashing.set(index, { start: performance.now(), kind });
    this.requestDraw();
    return new Promise((resolve) => {
      setTimeout(() => {
        this.flashing.delete(index);
        this.requestDraw();
        resolve();
      }, FLASH_MS);
    });
  }

  /**
   * Animate a turn (the facade's turn.events) starting from the board shown
   * now, then show `finalBoard`. Resolves when done; at once with reduced motion.
   * @param {import("./types").Turn} turn
   * @param {number[]} finalBoard
   */
  async playTurn(turn, finalBoard) {
    if (!this.reducedMotion()) {
      const board = this.board.slice();
      const events = Array.isArray(turn?.events) ? turn.events : [];
      try {
        for (const ev of events) {
          if (ev.type === "roll") await this.roll(board, ev.path, ev.color);
          else if (ev.type === "clear") await this.clear(board, ev.lines ?? [], ev.points ?? 0);
          else if (ev.type === "spawn") await this.spawn(board, ev.balls ?? []);
        }
      } catch {
        /* a malformed event only costs the animation */
      }
    }
    this.hidden.clear();
    this.setBoard(finalBoard);
  }

  /**
   * Run frame(t in 0..1, ctx) as an overlay for `ms`; resolves at the end.
   * @param {number} ms
   * @param {(t: number, ctx: Ctx) => void} frame
   * @returns {Promise<void>}
   */
  animate(ms, frame) {
    return new Promise((resolve) => {
      const start = performance.now();
      /** @type {Overlay} */
      const overlay = (ctx, now) => {
        const t = Math.min(1, (now - start) / ms);
        if (t >= 1) {
          // The last frame is the board without this overlay: drawn again,
          // so nothing of the animation is left on the canvas.
          this.overlays.delete(overlay);
          this.requestDraw();
          resolve();
          return;
        }
        frame(t, ctx);
      };
      this.overlays.add(overlay);
      this.requestDraw();
    });
  }

  /**
   * @param {number[]} board
   * @param {import("./types").Cell[]} path
   * @param {number} color
   */
  async roll(board, path, color) {
    if (!Array.isArray(path) || path.length === 0) return;
    const cells = path.map(([r, c]) => r * this.size + c);
    const from = cells[0];
    const to = cells[cells.length - 1];
    color = color || board[from];
    this.hidden.add(from);
    const steps = cells.length - 1;
    await this.animate(Math.max(1, steps) * ROLL_MS * this.pace(), (t, ctx) => {
      const pos = t * steps;
      const i = Math.min(steps - 1, Math.floor(pos));
      const f = steps === 0 ? 0 : pos - i;
      const [x0, y0] = this.center(cells[Math.max(0, i)]);
      const [x1, y1] = this.center(cells[Math.min(steps, i + 1)]);
      this.ballAt(ctx, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, 1, color);
    });
    this.hidden.delete(from);
    board[from] = 0;
    board[to] = color;
    this.board = board.slice();
  }

  /**
   * @param {number[]} board
   * @param {import("./types").Line[]} lines
   * @param {number} points
   */
  async clear(board, lines, points) {
    /** @type {Map<number, number>} */
    const cells = new Map();
    let sx = 0;
    let sy = 0;
    let n = 0;
    for (const line of lines) {
      for (const [r, c] of line.cells ?? []) {
        const idx = r * this.size + c;
        cells.set(idx, line.color || board[idx]);
        const [x, y] = this.center(idx);
        sx += x;
        sy += y;
        n += 1;
      }
    }
    if (n === 0) return;
    for (const idx of cells.keys()) this.hidden.add(idx);
    const shrinking = this.animate(CLEAR_MS * this.pace(), (t, ctx) => {
      for (const [idx, color] of cells) {
        const [x, y] = this.center(idx);
        const scale = t < 0.3 ? 1 + t * 0.6 : 1.18 * (1 - (t - 0.3) / 0.7);
        ctx.globalAlpha = 1 - t * t;
        this.ballAt(ctx, x, y, Math.max(0, scale), color);
        // sparkle ring
        ctx.globalAlpha = (1 - t) * 0.8;
        ctx.strokeStyle = this.palette.sparkle;
        ctx.lineWidth = this.cell * 0.05;
        ctx.beginPath();
        ctx.arc(x, y, this.cell * (0.3 + t * 0.35), 0, Math.PI * 2);
        ctx.stroke();
        ctx.globalAlpha = 1;
      }
    });
    this.floatText(`+${points}`, sx / n, sy / n); // after the balls: drawn over them
    await shrinking;
    for (const idx of cells.keys()) {
      this.hidden.delete(idx);
      board[idx] = 0;
    }
    this.board = board.slice();
  }

  /**
   * "+points" rising from (x, y) and fading out, always inside the board.
   * @param {string} text
   * @param {number} x
   * @param {number} y
   */
  floatText(text, x, y) {
    const size = this.cell * 0.62;
    this.animate(FLOAT_MS * this.pace(), (t, ctx) => {
      ctx.save();
      ctx.globalAlpha = Math.min(1, Math.max(0, t < 0.7 ? 1 : 1 - (t - 0.7) / 0.3));
      ctx.font = `800 ${size}px system-ui, "Segoe UI", Roboto, sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      const half = ctx.measureText(text).width / 2 + size * 0.2; // the outline stays inside too
      const S = this.pxSize;
      x = Math.min(Math.max(x, half), S - half);
      const yy = Math.max(size * 0.62, y - this.cell * 0.9 * easeInOut(t));
      // a wide, opaque dark outline (and a soft shadow outside it): the light
      // figure reads on the pale wood, on every ball colour and shape alike
      ctx.lineJoin = "round";
      ctx.lineWidth = Math.max(4, size * 0.3);
      const [outline, top, bottom] = this.palette.points;
      ctx.strokeStyle = outline;
      ctx.shadowColor = "rgba(0, 0, 0, 0.6)";
      ctx.shadowBlur = size * 0.25;
      ctx.strokeText(text, x, yy);
      ctx.shadowColor = "transparent";
      ctx.shadowBlur = 0;
      const g = ctx.createLinearGradient(0, yy - size / 2, 0, yy + size / 2);
      g.addColorStop(0, top);
      g.addColorStop(1, bottom);
      ctx.fillStyle = g;
      ctx.fillText(text, x, yy);
      ctx.restore();
    });
  }

  /**
   * @param {number[]} board
   * @param {[import("./types").Cell, number][]} balls
   */
  async spawn(board, balls) {
    /** @type {[number, number][]} */
    const list = [];
    for (const ball of balls) {
      const [[r, c], color] = ball;
      list.push([r * this.size + c, color]);
    }
    if (list.length === 0) return;
    for (const [idx] of list) this.hidden.add(idx);
    await this.animate(SPAWN_MS * this.pace(), (t, ctx) => {
      for (const [idx, color] of list) {
        const [x, y] = this.center(idx);
        this.ballAt(ctx, x, y, Math.max(0.01, easeOutBack(t)), color);
      }
    });
    for (const [idx, color] of list) {
      this.hidden.delete(idx);
      board[idx] = color;
    }
    this.board = board.slice();
  }

  /**
   * Make the sprite of `color` now, if it is missing and the size is known
   * (first.js makes them ahead, one a task).
   */
  /** @param {number} color */
  prepareSprite(color) {
    if (this.pxSize >= 10 && this.palette.balls[color] && !this.sprites.has(color)) this.sprite(color);
  }

  /**
   * A cached sprite of one ball (with its shadow) for the current cell size.
   * @param {number} color
   */
  sprite(color) {
    let s = this.sprites.get(color);
    if (s) return s;
    const size = Math.ceil(this.cell * 1.1);
    s = makeImage(size, size, (ctx) =>
      paintBall(ctx, size / 2, size / 2 - this.cell * 0.02, this.cell * 0.385, color, true, this.symbols,
        this.palette));
    this.sprites.set(color, s);
    return s;
  }

  /**
   * @param {Ctx} ctx
   * @param {number} x
   * @param {number} y
   * @param {number} scale
   * @param {number} color
   */
  ballAt(ctx, x, y, scale, color, squashX = 1, squashY = 1) {
    if (!this.palette.balls[color] || scale <= 0) return;
    const s = this.sprite(color);
    const w = s.width * scale * squashX;
    const h = s.height * scale * squashY;
    ctx.drawImage(s, x - w / 2, y - h / 2 + (s.height * scale - h) / 2, w, h);
  }

  /** The board without balls, cached per size. */
  backdropCanvas() {
    if (this.backdrop) return this.backdrop;
    const S = this.pxSize;
    this.backdrop = makeImage(S, S, (ctx) => this.paintBackdrop(ctx, S));
    return this.backdrop;
  }

  /**
   * @param {Ctx} ctx
   * @param {number} S the board's side, in pixels
   */
  paintBackdrop(ctx, S) {
    const p = this.palette;
    if (p.board === "bevel") {
      this.paintBevelBackdrop(ctx, S);
      return;
    }
    // the frame (wood: with its grain)
    const wood = ctx.createLinearGradient(0, 0, S, S);
    wood.addColorStop(0, p.frame[0]);
    wood.addColorStop(0.45, p.frame[1]);
    wood.addColorStop(1, p.frame[2]);
    roundRect(ctx, 0, 0, S, S, S * 0.035);
    ctx.fillStyle = wood;
    ctx.fill();
    if (p.grain) {
      ctx.save();
      ctx.clip();
      ctx.globalAlpha = 0.08;
      ctx.strokeStyle = p.grain;
      for (let i = 0; i < 40; i += 1) {
        ctx.lineWidth = S * (0.001 + ((i * 7) % 5) * 0.0006);
        ctx.beginPath();
        const y = (i / 40) * S;
        ctx.moveTo(0, y);
        ctx.bezierCurveTo(S * 0.3, y + S * 0.01 * Math.sin(i), S * 0.6, y - S * 0.012 * Math.cos(i), S, y + S * 0.006);
        ctx.stroke();
      }
      ctx.restore();
    }
    // frame bevel
    ctx.lineWidth = S * 0.004;
    roundRect(ctx, S * 0.002, S * 0.002, S * 0.996, S * 0.996, S * 0.034);
    ctx.strokeStyle = p.frameEdge;
    ctx.stroke();
    // inner well
    const o = this.origin;
    const inner = this.inner;
    roundRect(ctx, o - S * 0.006, o - S * 0.006, inner + S * 0.012, inner + S * 0.012, S * 0.018);
    ctx.fillStyle = p.well;
    ctx.fill();
    // cells: tiles gently recessed, in two shades; the two kinds of tile are
    // painted once and copied (81 clipped paths cost ~40 ms without a GPU)
    const c = this.cell;
    const gap = Math.max(1, c * 0.045);
    const w = c - gap;
    const pad = 1;
    const side = Math.ceil(w) + 2 * pad;
    const tiles = p.tiles.map(([from, to]) => makeImage(side, side, (t) => {
      const g = t.createLinearGradient(pad, pad, pad + w, pad + w);
      g.addColorStop(0, from);
      g.addColorStop(1, to);
      roundRect(t, pad, pad, w, w, c * 0.12);
      t.fillStyle = g;
      t.fill();
      // inner shadow at the top-left edge
      t.clip();
      t.lineWidth = c * 0.08;
      t.strokeStyle = p.tileShade;
      roundRect(t, pad + c * 0.02, pad + c * 0.02, w + c * 0.06, w + c * 0.06, c * 0.14);
      t.stroke();
    }));
    for (let r = 0; r < this.size; r += 1) {
      for (let col = 0; col < this.size; col += 1) {
        const tile = tiles[(r + col) % 2];
        ctx.drawImage(tile, o + col * c + gap / 2 - pad, o + r * c + gap / 2 - pad);
      }
    }
    for (const tile of tiles) release(tile);
  }

  /**
   * The classic board: a grey frame raised in one bevel and 81 grey cells
   * each raised in its own (light edges at the top and left, dark at the
   * bottom and right), square, as on the desktops of the 1990s.
   * @param {Ctx} ctx
   * @param {number} S the board's side, in pixels
   */
  paintBevelBackdrop(ctx, S) {
    const p = this.palette;
    /**
     * A raised (or, with `sunken`, pressed) bevelled square; its edge is `edge` wide.
     * @param {CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D} t
     * @param {number} x @param {number} y @param {number} w @param {number} edge
     * @param {string | CanvasGradient} fill @param {boolean} [sunken]
     */
    const bevel = (t, x, y, w, edge, fill, sunken = false) => {
      t.fillStyle = fill;
      t.fillRect(x, y, w, w);
      const [lit, shade] = sunken ? [p.tileShade, p.tileLight] : [p.tileLight, p.tileShade];
      t.fillStyle = lit;
      t.beginPath();
      t.moveTo(x, y);
      t.lineTo(x + w, y);
      t.lineTo(x + w - edge, y + edge);
      t.lineTo(x + edge, y + edge);
      t.lineTo(x + edge, y + w - edge);
      t.lineTo(x, y + w);
      t.fill();
      t.fillStyle = shade;
      t.beginPath();
      t.moveTo(x + w, y + w);
      t.lineTo(x, y + w);
      t.lineTo(x + edge, y + w - edge);
      t.lineTo(x + w - edge, y + w - edge);
      t.lineTo(x + w - edge, y + edge);
      t.lineTo(x + w, y);
      t.fill();
    };
    const frame = ctx.createLinearGradient(0, 0, S, S);
    frame.addColorStop(0, p.frame[0]);
    frame.addColorStop(0.45, p.frame[1]);
    frame.addColorStop(1, p.frame[2]);
    bevel(ctx, 0, 0, S, Math.max(2, S * 0.008), frame);
    const o = this.origin;
    const inner = this.inner;
    const rim = Math.max(1, S * 0.004);
    bevel(ctx, o - rim, o - rim, inner + 2 * rim, rim, p.well, true);
    const c = this.cell;
    const side = Math.max(1, Math.floor(c));
    const edge = Math.max(1, Math.round(c * 0.07));
    const tiles = p.tiles.map(([from, to]) => makeImage(side, side, (t) => {
      const g = t.createLinearGradient(0, 0, side, side);
      g.addColorStop(0, from);
      g.addColorStop(1, to);
      bevel(t, 0, 0, side, edge, p.well);
      t.fillStyle = g;
      t.fillRect(edge, edge, side - 2 * edge, side - 2 * edge);
    }));
    for (let r = 0; r < this.size; r += 1) {
      for (let col = 0; col < this.size; col += 1) {
        ctx.drawImage(tiles[(r + col) % 2], o + col * c, o + r * c, c, c);
      }
    }
    for (const tile of tiles) release(tile);
  }

  requestDraw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame((now) => {
      this.frame = 0;
      this.draw(now);
    });
  }

  /** Draw one frame now; schedules the next while something moves. */
  draw(now = performance.now()) {
    // A frame still requested would only draw this again.
    if (this.frame) {
      cancelAnimationFrame(this.frame);
      this.frame = 0;
    }
    if (this.pxSize < 10) this.measure();
    const ctx = this.ctx;
    const S = this.pxSize;
    ctx.clearRect(0, 0, S, S);
    ctx.drawImage(this.backdropCanvas(), 0, 0);
    const c = this.cell;
    const reduced = this.reducedMotion();

    // blinking cells under everything
    for (const [idx, { start, kind }] of this.flashing) {
      const t = (now - start) / FLASH_MS;
      const alpha = reduced ? 0.75 : 0.85 * Math.abs(Math.sin(t * Math.PI * 3));
      const [x, y] = this.center(idx);
      const empty = kind === "empty";
      ctx.fillStyle = `rgba(${empty ? this.palette.nudge : this.palette.blink}, ${alpha.toFixed(3)})`;
      roundRect(ctx, x - c * 0.45, y - c * 0.45, c * 0.9, c * 0.9, c * 0.12);
      ctx.fill();
      if (empty) { // a cell lit in the cells' own tone: its edge is what the eye catches
        ctx.lineWidth = c * 0.07;
        ctx.strokeStyle = `rgba(${this.palette.nudgeEdge}, ${alpha.toFixed(3)})`;
        ctx.stroke();
      }
    }

    // gold frame of the selected cell
    if (this.selected !== null) {
      const [x, y] = this.center(this.selected);
      const g = ctx.createLinearGradient(x - c / 2, y - c / 2, x + c / 2, y + c / 2);
      const [light, middle, dark] = this.palette.select;
      g.addColorStop(0, light);
      g.addColorStop(0.5, middle);
      g.addColorStop(1, dark);
      ctx.save();
      ctx.shadowColor = this.palette.selectGlow;
      ctx.shadowBlur = c * 0.25;
      ctx.lineWidth = c * 0.075;
      ctx.strokeStyle = g;
      roundRect(ctx, x - c * 0.44, y - c * 0.44, c * 0.88, c * 0.88, c * 0.13);
      ctx.stroke();
      ctx.restore();
    }

    // the coming balls' marks: small balls on their empty cells
    for (const [idx, color] of this.coming) {
      if (this.board[idx] || this.hidden.has(idx) || !this.palette.balls[color]) continue;
      const [x, y] = this.center(idx);
      this.ballAt(ctx, x, y, 0.46, color);
    }
    if (this.hint) this.drawHint(ctx);

    // balls at rest
    for (let i = 0; i < this.board.length; i += 1) {
      const color = this.board[i];
      if (!color || this.hidden.has(i)) continue;
      const [x, y] = this.center(i);
      if (i === this.selected && !reduced) {
        const phase = ((now - this.selectedSince) % BOUNCE_MS) / BOUNCE_MS;
        const lift = Math.sin(phase * Math.PI);
        const squash = lift < 0.15 ? 1 - (0.15 - lift) * 0.5 : 1;
        this.ballAt(ctx, x, y - lift * c * 0.13, 1, color, 2 - squash, squash);
      } else {
        this.ballAt(ctx, x, y, 1, color);
      }
    }

    if (this.review) this.drawReview(ctx);
    for (const overlay of [...this.overlays]) overlay(ctx, now);

    if (this.loading) {
      ctx.fillStyle = this.palette.loading;
      ctx.fillRect(0, 0, S, S);
    }

    const moving =
      this.overlays.size > 0 ||
      this.flashing.size > 0 ||
      (this.selected !== null && !reduced && this.board[this.selected]);
    if (moving) this.requestDraw();
  }
}
