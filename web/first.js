// The page's first module: the board before anything else.
//
// The document holds little more than the board; the bar, the notices and
// the windows wait in <template data-into=...> elements, so the first style,
// layout and paint are the board's alone. This module draws the stored game
// on the canvas (or an empty board), marks "kugler:first-board" and loads
// main.js, handing it the renderer, the stored game and a promise of that
// frame (main.start): main.js waits until the frame is shown, puts the rest
// of the page in place (fillPage), shows the saved game's numbers in the bar
// and, once that page has had its first frame, starts the engine worker.
// Nothing imports this module (its exports are for the tests, through the
// inline script's global).
//
// It decides nothing: the stored board is drawn as stored, unvalidated
// (display only); the engine validates the saved game once it is ready.
// The page and the board are painted in the stored settings' look (Auto: the
// system's), set on html[data-look] before anything is drawn, so no other
// look flashes first.

import { BALL_COLORS, BoardRenderer } from "./render.js";
import * as storage from "./storage.js";
import { afterNextFrame, nextTask } from "./dom.js";
import { applyLook, storedLook } from "./looks.js";

/**
 * The colours of a stored game document's board (its rows, one after
 * another), or null when `doc` has no square board of text rows. Its size is
 * the document's (the engine wrote it). Display only: the engine validates
 * the document.
 * @param {{board?: unknown} | null} doc
 * @returns {number[] | null}
 */
function boardFromDoc(doc) {
  if (!doc || !Array.isArray(doc.board) || doc.board.length === 0) return null;
  const size = doc.board.length;
  const board = [];
  for (const row of doc.board) {
    if (typeof row !== "string" || row.length !== size) return null;
    for (const ch of row) board.push(ch >= "1" && ch <= "7" ? Number(ch) : 0);
  }
  return board;
}

/**
 * The stored game drawn first (null with a deal in the URL fragment: that
 * deal is opened instead; a replay link opens over the stored game).
 */
export const firstGame = /** @type {import("./types").GameDoc | null} unvalidated: drawn, never trusted */ (
  location.hash.length > 1 && !location.hash.startsWith("#replay=")
    ? null : /** @type {{doc?: unknown} | null} */ (storage.loadGame())?.doc ?? null);

/** The stored settings as stored (unvalidated, display only), or null. */
const storedSettings = /** @type {{doc?: any} | null} */ (storage.readDoc(storage.KEYS.settings))?.doc ?? null;

/** The look the first board is painted in (html[data-look]). */
export const firstLook = storedLook(storedSettings);
applyLook(firstLook);

/** The board's renderer; main.js gives it the player's reduced-motion choice. */
export const renderer = new BoardRenderer(/** @type {HTMLCanvasElement} */ (document.getElementById("board")));
// the shapes on the balls as the stored settings have them (null: as the look has them)
const storedSymbols = storedSettings && typeof storedSettings === "object" ? storedSettings.symbols : null;
if (storedSymbols === true || (storedSymbols == null && firstLook === "contrast")) renderer.setSymbols(true);

/** Its colours as drawn, or null (no stored game, or not a square board). */
export const firstBoard = boardFromDoc(firstGame);

if (firstBoard) renderer.setBoard(firstBoard);
renderer.setLoading(true);
renderer.draw();
performance.mark("kugler:first-board");

/**
 * After the first board: the sprites of the colours not on it yet, one a
 * task, so that the frame that shows the engine's first game (its new balls
 * and the coming ones) only copies images instead of making them.
 */
async function makeSprites() {
  for (let color = 1; color <= BALL_COLORS; color += 1) {
    await nextTask();
    renderer.prepareSprite(color);
  }
}

// main.js and its modules are fetched meanwhile; main.js waits for the
// board's frame (boardShown) before it puts the rest of the page in place.
/** Resolves once the frame with the first board has been painted (or at once in a hidden page). */
/** @type {Promise<void>} */
const boardShown = new Promise((resolve) => afterNextFrame(() => resolve()));
boardShown.then(makeSprites);

// Nothing imports this module: main.js gets the renderer and the first game
// from here, and the modules it wires get them from main.js.
import("./main.js").then((main) => main.start({ renderer, firstGame, firstBoard, boardShown })).catch((err) => {
  document.documentElement.dataset.engine = "failed";
  console.error("main.js did not load", err);
});
