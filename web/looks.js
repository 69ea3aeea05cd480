// The page's looks (platform): which look is in use and every colour the
// canvas draws in each. The page's own colours are CSS custom properties, one
// table per look on html[data-look=...] (looks.css); the board's are the
// palettes here, read by render.js. Both tables hold the same seven ball
// colours (tests/e2e/test_looks.py checks they agree).
//
// The settings' `look` is null (Auto: the system's prefers-contrast and
// prefers-color-scheme decide) or one of LOOKS. html[data-look] is the look in
// use, never "auto"; first.js sets it before the first board is painted, and
// window-options.js whenever the settings or the system's preferences change.
// applyLook also sets <meta name="theme-color"> and <meta name="color-scheme">
// and tells the renderers (onLook), which draw their board again.

/** The looks, in the order the Options window offers them (after Auto). */
export const LOOKS = Object.freeze(["wood", "light", "dark", "contrast", "classic"]);

/**
 * @typedef {object} Palette
 * @property {readonly (string | null)[]} balls Ball colours 1..7 (index 0 unused).
 * @property {string} page Page background: the theme colour of the browser's bar.
 * @property {"dark" | "light"} scheme The page's color-scheme.
 * @property {"wood" | "flat" | "bevel"} board How the frame and the cells are drawn.
 * @property {readonly string[]} frame The frame's gradient, top left to bottom right.
 * @property {string | null} grain The wood grain's colour (null: none).
 * @property {string} frameEdge The frame's bevel line.
 * @property {string} well The gap between the cells.
 * @property {readonly (readonly string[])[]} tiles Two kinds of cell, each a gradient [from, to].
 * @property {string} tileShade A cell's inner shadow (flat cells) or dark bevel edge.
 * @property {string} tileLight A bevelled cell's light edge.
 * @property {string} ballShadow The shadow under a ball.
 * @property {string} ballBounce Light bounced from the board on a ball's lower right.
 * @property {string | null} ballRim An outline around each ball (null: none).
 * @property {readonly string[]} select The selected cell's frame: a gradient of three.
 * @property {string} selectGlow Its glow.
 * @property {string} blink The red blink of a cell out of reach: "r, g, b".
 * @property {string} nudge The blink of an empty cell tapped with no ball selected: "r, g, b".
 * @property {string} nudgeEdge Its edge: "r, g, b".
 * @property {string} hint The hint's dots and dashed ring.
 * @property {string} hintEdge The dots' outline.
 * @property {string} hintRingEdge The ring's outline.
 * @property {string} sparkle The ring of a clearing ball.
 * @property {readonly string[]} points "+points": [outline, top, bottom].
 * @property {string} loading The veil over the board while the engine starts.
 */

/** @type {Readonly<Record<string, Readonly<Palette>>>} */
export const PALETTES = Object.freeze({
  wood: Object.freeze({
    // Okabe–Ito based: distinct for most colour-blind players too
    balls: [null, "#e0472b", "#13a374", "#2265c7", "#f4d03a", "#d4589f", "#5cc2f2", "#f5961d"],
    page: "#3a1f0e",
    scheme: "dark",
    board: "wood",
    frame: ["#8a5530", "#6b3d1f", "#4a2812"],
    grain: "#2b1405",
    frameEdge: "rgba(255, 214, 160, 0.35)",
    well: "#2e1709",
    tiles: [["#f3dfb8", "#dcbc86"], ["#ecd6ab", "#d4b27b"]],
    tileShade: "rgba(120, 70, 20, 0.18)",
    tileLight: "rgba(255, 255, 255, 0)",
    ballShadow: "rgba(40, 20, 5, 0.45)",
    ballBounce: "rgba(255, 236, 200, 0.32)",
    ballRim: null,
    select: ["#fff1a8", "#e9b530", "#a8741a"],
    selectGlow: "rgba(255, 200, 60, 0.85)",
    blink: "214, 40, 30",
    nudge: "255, 250, 235",
    nudgeEdge: "140, 80, 25",
    hint: "#f7c948",
    hintEdge: "rgba(90, 45, 10, 0.7)",
    hintRingEdge: "rgba(90, 45, 10, 0.6)",
    sparkle: "#fff4c2",
    points: ["#1e0b02", "#fff7c8", "#f7b733"],
    loading: "rgba(40, 20, 8, 0.18)",
  }),
  light: Object.freeze({
    // wood's balls, the yellow and the sky a little deeper on the white cells
    balls: [null, "#e0472b", "#13a374", "#2265c7", "#f2c81f", "#d4589f", "#3fb2ea", "#f5961d"],
    page: "#e9edf2",
    scheme: "light",
    board: "wood",
    frame: ["#c3ccd7", "#aebbca", "#97a6b8"],
    grain: null,
    frameEdge: "rgba(255, 255, 255, 0.6)",
    well: "#8694a6",
    tiles: [["#ffffff", "#edf1f5"], ["#f4f6f9", "#e2e7ee"]],
    tileShade: "rgba(50, 70, 100, 0.14)",
    tileLight: "rgba(255, 255, 255, 0)",
    ballShadow: "rgba(30, 45, 70, 0.38)",
    ballBounce: "rgba(255, 255, 255, 0.3)",
    ballRim: null,
    select: ["#cfe0ff", "#2a6fd6", "#163f86"],
    selectGlow: "rgba(42, 111, 214, 0.7)",
    blink: "215, 38, 38",
    nudge: "207, 224, 255",
    nudgeEdge: "42, 111, 214",
    hint: "#2a6fd6",
    hintEdge: "rgba(255, 255, 255, 0.85)",
    hintRingEdge: "rgba(255, 255, 255, 0.8)",
    sparkle: "#2a6fd6",
    points: ["#17202c", "#ffffff", "#ffd45a"],
    loading: "rgba(40, 60, 90, 0.12)",
  }),
  dark: Object.freeze({
    // wood's balls a little brighter on the dark cells
    balls: [null, "#ec5a3c", "#1fb883", "#3f80e6", "#f4d03a", "#e06bb0", "#5cc2f2", "#f79a2a"],
    page: "#0f1115",
    scheme: "dark",
    board: "wood",
    frame: ["#2c3038", "#22252c", "#191b20"],
    grain: null,
    frameEdge: "rgba(255, 255, 255, 0.1)",
    well: "#0b0c0f",
    tiles: [["#2f343d", "#272b33"], ["#2a2e37", "#22262d"]],
    tileShade: "rgba(0, 0, 0, 0.35)",
    tileLight: "rgba(255, 255, 255, 0)",
    ballShadow: "rgba(0, 0, 0, 0.6)",
    ballBounce: "rgba(255, 255, 255, 0.14)",
    ballRim: null,
    select: ["#e1ecff", "#9cc2ff", "#4a7bd6"],
    selectGlow: "rgba(140, 185, 255, 0.75)",
    blink: "240, 70, 70",
    nudge: "84, 94, 112",
    nudgeEdge: "156, 194, 255",
    hint: "#ffd54a",
    hintEdge: "rgba(0, 0, 0, 0.75)",
    hintRingEdge: "rgba(0, 0, 0, 0.65)",
    sparkle: "#fff4c2",
    points: ["#000000", "#ffffff", "#ffd54a"],
    loading: "rgba(0, 0, 0, 0.25)",
  }),
  contrast: Object.freeze({
    // bright balls with a white rim on black cells: each 3:1 or more against its cell
    balls: [null, "#ff4a3d", "#18e07a", "#4d8dff", "#ffe500", "#ff5fd2", "#3fe0ff", "#ff9a1f"],
    page: "#000000",
    scheme: "dark",
    board: "wood",
    frame: ["#ffffff", "#ffffff", "#ffffff"],
    grain: null,
    frameEdge: "rgba(0, 0, 0, 1)",
    well: "#ffffff",
    tiles: [["#000000", "#000000"], ["#000000", "#000000"]],
    tileShade: "rgba(0, 0, 0, 0)",
    tileLight: "rgba(255, 255, 255, 0)",
    ballShadow: "rgba(0, 0, 0, 0)",
    ballBounce: "rgba(255, 255, 255, 0)",
    ballRim: "#ffffff",
    select: ["#ffee00", "#ffee00", "#ffee00"],
    selectGlow: "rgba(255, 238, 0, 0)",
    blink: "255, 40, 40",
    nudge: "255, 255, 255",
    nudgeEdge: "255, 238, 0",
    hint: "#ffee00",
    hintEdge: "rgba(0, 0, 0, 1)",
    hintRingEdge: "rgba(0, 0, 0, 1)",
    sparkle: "#ffffff",
    points: ["#000000", "#ffffff", "#ffee00"],
    loading: "rgba(0, 0, 0, 0.3)",
  }),
  classic: Object.freeze({
    // the Lines 98 colours: red, green, blue, yellow, magenta, cyan and brown
    balls: [null, "#e8201c", "#16a04a", "#2438e8", "#f2e11a", "#c21fc2", "#1fc7d4", "#5a3010"],
    page: "#008080",
    scheme: "light",
    board: "bevel",
    frame: ["#dcdcdc", "#c0c0c0", "#a8a8a8"],
    grain: null,
    frameEdge: "rgba(255, 255, 255, 1)",
    well: "#808080",
    tiles: [["#c6c6c6", "#bcbcbc"], ["#c6c6c6", "#bcbcbc"]],
    tileShade: "#808080",
    tileLight: "#ffffff",
    ballShadow: "rgba(0, 0, 0, 0.35)",
    ballBounce: "rgba(255, 255, 255, 0.12)",
    ballRim: null,
    select: ["#000080", "#000080", "#000080"],
    selectGlow: "rgba(0, 0, 128, 0)",
    blink: "255, 0, 0",
    nudge: "255, 255, 255",
    nudgeEdge: "0, 0, 128",
    hint: "#000080",
    hintEdge: "rgba(255, 255, 255, 0.9)",
    hintRingEdge: "rgba(255, 255, 255, 0.8)",
    sparkle: "#ffffff",
    points: ["#000000", "#ffffff", "#ffff00"],
    loading: "rgba(0, 0, 0, 0.15)",
  }),
});

/** The look in use: html[data-look] ("wood" until a look is applied). */
export function currentLook() {
  const look = document.documentElement.dataset.look;
  return look && look in PALETTES ? look : "wood";
}

/**
 * The palette of `look` (wood's for a look without one).
 * @param {string} look
 * @returns {Readonly<Palette>}
 */
export function paletteOf(look) {
  return PALETTES[look] ?? PALETTES.wood;
}

/**
 * True when the media query `query` matches (false where matchMedia is missing).
 * @param {string} query
 */
function matches(query) {
  return typeof matchMedia === "function" && matchMedia(query).matches;
}

/**
 * The look that `choice` (a settings' look: null for Auto, or one of LOOKS)
 * shows now: Auto follows the system (more contrast or forced colours: the
 * high-contrast look; a light scheme: light; else wood).
 * @param {unknown} choice
 * @returns {string}
 */
export function resolveLook(choice) {
  if (typeof choice === "string" && LOOKS.includes(choice) && choice in PALETTES) return choice;
  if ("contrast" in PALETTES && (matches("(prefers-contrast: more)") || matches("(forced-colors: active)"))) {
    return "contrast";
  }
  if ("light" in PALETTES && matches("(prefers-color-scheme: light)")) return "light";
  return "wood";
}

/** @type {Set<(look: string) => void>} */
const listeners = new Set();

/**
 * Call fn(look) whenever another look is applied.
 * @param {(look: string) => void} fn
 */
export function onLook(fn) {
  listeners.add(fn);
}

/**
 * Call fn() when a system preference Auto follows changes.
 * @param {() => void} fn
 */
export function onSystemLook(fn) {
  if (typeof matchMedia !== "function") return;
  for (const query of ["(prefers-color-scheme: light)", "(prefers-contrast: more)", "(forced-colors: active)"]) {
    matchMedia(query).addEventListener?.("change", () => fn());
  }
}

/**
 * Show `look` (one of LOOKS): html[data-look], the theme colour and the color-scheme, and the boards.
 * @param {string} look
 */
export function applyLook(look) {
  const root = document.documentElement;
  if (root.dataset.look === look) return;
  root.dataset.look = look;
  const palette = paletteOf(look);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", palette.page);
  document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", palette.scheme);
  for (const fn of listeners) fn(look);
}

/**
 * The look a stored settings document (unvalidated, display only: the engine
 * validates it later) asks for, resolved: what the first board is painted in.
 * @param {unknown} doc
 * @returns {string}
 */
export function storedLook(doc) {
  const choice = doc && typeof doc === "object" && "look" in doc ? doc.look : null;
  return resolveLook(choice);
}
