// The last finished game's review in the side panel (view layer): its
// points and moves, its accuracy, its moves of each grade, and the button
// #last-review-open that opens its review (the input layer's: menus.js).
// Shown beside the board on a desktop only (style.css: the panel has the
// room there); the numbers are the engine's review of that game, summed by
// review.js as in the review window.
//
// Page hooks: #last-review (hidden until a finished game is reviewed),
// #last-review-info, #last-review-accuracy, #last-review-counts (a dt and
// a dd per grade, each div with data-grade), #last-review-open.

import { $, el } from "./dom.js";
import { on } from "./store.js";
import { t, formatNumber } from "./i18n.js";
import { GRADES } from "./window-review.js";

/**
 * A finished game's summary: its `points`, its `moves`, its `accuracy`
 * (0..100) and its moves per grade.
 * @typedef {{points: number, moves: number, accuracy: number, counts: Record<string, number>}} LastReview
 */

/** @type {LastReview | null} */
let shown = null;

/**
 * Show the last finished game's summary, or nothing (null).
 * @param {LastReview | null} summary
 */
export function showLastReview(summary) {
  shown = summary;
  const section = $("last-review");
  section.hidden = !summary;
  if (!summary) return;
  $("last-review-info").textContent = t("lastGameInfo",
    { points: formatNumber(summary.points), moves: formatNumber(summary.moves) });
  $("last-review-accuracy").textContent = t("percent", { n: formatNumber(Math.round(summary.accuracy)) });
  $("last-review-counts").replaceChildren(...GRADES.map((grade) =>
    el("div", { class: `last-review-count grade-${grade}`, "data-grade": grade },
      el("dt", {}, t(`grade${grade}`)), el("dd", {}, formatNumber(summary.counts[grade] ?? 0)))));
}

/** Follow the language: the words again in the new one. */
export function installLastReview() {
  on("language", () => showLastReview(shown));
}
