// The page's first module: the board before anything else.
//
// The document holds little more than the board; the bar, the notices and
// the windows wait in <template data-into=...> elements, so the first style,
// layout and paint are the board's alone. This module draws the stored game
// on the canvas (or an empty board), marks "kugler:first-board" and loads
// main.js, which waits until that frame is shown (boardShown), puts the rest
// of the page in place (fillPage), shows the saved game's numbers in the bar,
// takes over the renderer exported here and, once that page has had its
// first frame, starts the engine worker.
//
// It decides nothing: the stored board is drawn as stored, unvalidated
// (display only); the engine validates the saved game once it is ready.

import { BoardRenderer, SIZE } from "./render.js";
import * as storage from "./storage.js";

/**
 * The 81 colours of a stored game document's board, or null when `doc` has
 * no board of that shape. Display only: the engine validates the document.
 */
function boardFromDoc(doc) {
  if (!doc || !Array.isArray(doc.board) || doc.board.length !== SIZE) return null;
  const board = [];
  for (const row of doc.board) {
    if (typeof row !== "string" || row.length !== SIZE) return null;
    for (const ch of row) board.push(ch >= "1" && ch <= "7" ? Number(ch) : 0);
  }
  return board;
}

/**
 * Move the children of every <template data-into="id"> into the element with
 * that id ("body" for the document's body), at its end, or at its start with
 * data-at="start"; the templates are removed. Safe to call twice.
 */
export function fillPage(doc = document) {
  for (const template of doc.querySelectorAll("template[data-into]")) {
    const into = template.dataset.into;
    const target = into === "body" ? doc.body : doc.getElementById(into);
    if (!target) continue;
    if (template.dataset.at === "start") target.prepend(template.content);
    else target.append(template.content);
    template.remove();
  }
}

/**
 * The stored game drawn first (null with a deal in the URL fragment: that
 * deal is opened instead; a replay link opens over the stored game).
 */
export const firstGame = location.hash.length > 1 && !location.hash.startsWith("#replay=")
  ? null : storage.loadGame()?.doc ?? null;

/** The board's renderer; main.js gives it the player's reduced-motion choice. */
export const renderer = new BoardRenderer(document.getElementById("board"));

/** Its 81 colours as drawn, or null (no stored game, or not a board of that shape). */
export const firstBoard = boardFromDoc(firstGame);

if (firstBoard) renderer.setBoard(firstBoard);
renderer.setLoading(true);
renderer.draw();
performance.mark("kugler:first-board");

/**
 * Run `fn` once, after the next frame has been painted: requestAnimationFrame
 * runs just before that frame is painted, the timeout after it. A hidden page
 * gets no frames, so there `fn` runs at once; a page whose frames stall runs
 * it after 250 ms.
 */
export function afterNextFrame(fn) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  const visible = document.visibilityState === "visible";
  if (visible) requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, visible ? 250 : 0);
}

// main.js and its modules are fetched meanwhile; main.js waits for the
// board's frame (boardShown) before it puts the rest of the page in place.
/** Resolves once the frame with the first board has been painted (or at once in a hidden page). */
export const boardShown = new Promise((resolve) => afterNextFrame(resolve));

import("./main.js").catch((err) => {
  document.documentElement.dataset.engine = "failed";
  console.error("main.js did not load", err);
});
