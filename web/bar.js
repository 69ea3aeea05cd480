// The bar above the board: next balls, points, record, deal, time, and the
// board's size, which depends on the bar's height. It follows the game's
// state (store.js "state").

import { $, root } from "./dom.js";
import { app, on } from "./store.js";
import { reducedMotion } from "./board.js";
import { t, formatNumber, colorName } from "./i18n.js";

let shownScore = 0;

/**
 * Show `text` in the bar's number `el`, with its number of characters as
 * --chars: the side panel's figures are as large as its width holds them
 * (style.css).
 * @param {HTMLElement} el
 * @param {string} text
 */
function showFigure(el, text) {
  el.textContent = text;
  el.style.setProperty("--chars", String(text.length));
}

/**
 * Show a state's numbers (or the stored game's, before the engine is ready).
 * @param {Partial<import("./types").State>} view
 */
export function showBar(view) {
  const score = view.score ?? 0;
  showFigure($("score"), formatNumber(score));
  if (score > shownScore && app.started && !reducedMotion()) {
    const el = $("score");
    el.classList.remove("bump");
    void el.offsetWidth; // restart the animation
    el.classList.add("bump");
  }
  shownScore = score;
  $("deal").textContent = view.deal ? String(view.deal) : "–";
  const next = $("next");
  const colors = view.over ? [] : view.next ?? []; // nothing comes after the last move
  [.../** @type {HTMLCollectionOf<HTMLElement>} */ (next.children)].forEach((ball, i) => {
    ball.dataset.color = colors[i] ? String(colors[i]) : "";
  });
  next.setAttribute("aria-label", colors.length
    ? `${t("next")}: ${colors.map((c) => colorName(c)).join(", ")}` : t("next"));
  /** @type {HTMLButtonElement} */ ($("undo")).disabled = !(view.can_undo && app.started);
  // what is played, when it is not the usual variant (the engine's first; the words are the page's: data-i18n)
  $("bar-variant").hidden = Number(view.line ?? app.settings.line) === app.variants[0];
  $("bar-daily").hidden = !view.daily;
  showRecord(view.line ?? app.settings.line);
  // the game window's share line is share.js's (it follows the "state" event)
  for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[name=line]"))) {
    radio.checked = Number(radio.value) === Number(view.line ?? app.settings.line);
  }
}

/**
 * Follow the game's state: a game that opens (or another tab's copy) shows
 * its score without the bump of a score that grows; the play time saved
 * changes nothing here.
 */
export function installBar() {
  on("language", () => {
    if (app.state) showBar(app.state);
  });
  on("state", ({ state, cause }) => {
    if (cause === "time") return;
    if (cause === "new" || cause === "load" || cause === "tab") shownScore = state.score ?? 0;
    showBar(state);
  });
}

/**
 * The record of variant `line` in the bar: the records document's, or the
 * game's score as soon as it passes it (the game that will set the record
 * when it ends). A game that cannot set it (the engine's state says
 * `counts_for_record`: false once it had help) leaves the record as stored,
 * and #record-help beside it says so (a sign; its words for screen readers
 * and as its title).
 * @param {number} line
 */
export function showRecord(line) {
  const record = app.records[line]?.record ?? 0;
  const state = app.state;
  const playing = Boolean(state && app.started && state.line === line);
  const live = playing && state?.counts_for_record ? state.score : 0;
  showFigure($("record"), formatNumber(Math.max(record, live)));
  $("record-help").hidden = !(playing && state?.counts_for_record === false);
}

// The board's size depends on the bar's height (--bar-h in the stylesheet),
// and the bar's height on its width, which follows the board's: measured
// until it settles (two rounds at most in practice), after the first layout
// with the bar's words, then on every resize. A board drawn at a size that
// then changes is drawn twice, with all its images.
// While the stylesheet's guess (--bar-guess) is right, --bar-h stays unset:
// setting it on the root restyles every element of the page.
// On a screen wider than tall the bar stands beside the board with a width
// the stylesheet sets (--bar-beside is 1): the board's size does not depend
// on the bar, and nothing is measured.
function measureBar() {
  const bar = /** @type {HTMLElement} */ (document.querySelector(".bar"));
  for (let round = 0; round < 4; round += 1) {
    const style = getComputedStyle(root);
    if (style.getPropertyValue("--bar-beside").trim() === "1") return;
    const height = `${Math.ceil(bar.getBoundingClientRect().height)}px`;
    const used = root.style.getPropertyValue("--bar-h")
      || style.getPropertyValue("--bar-guess").trim();
    if (used === height) return;
    root.style.setProperty("--bar-h", height);
  }
}

/**
 * Measure the bar after the filled page's first layout (in its frame, not
 * forced now), then on every resize; should its height differ from the
 * stylesheet's guess, the board's size changes and the renderer redraws it
 * in the same frame.
 */
export function watchBarSize() {
  const bar = /** @type {HTMLElement} */ (document.querySelector(".bar"));
  if (typeof ResizeObserver === "function") new ResizeObserver(measureBar).observe(bar);
  else measureBar();
}
