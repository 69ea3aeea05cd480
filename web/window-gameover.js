// The game-over window (dialog#game-over, view layer): the final state's
// numbers and what the records answered (gameover.js fills it).
//
// Built with DOM APIs and textContent: no file content or player text is
// ever parsed as HTML. It only shows what it is given (documents and states
// produced by Python) and never changes the game itself.

import { $ } from "./dom.js";
import { openWindow } from "./windows.js";
import { app } from "./store.js";
import { t, formatTime, formatNumber, formatLines } from "./i18n.js";

/**
 * Fill and open dialog#game-over.
 * @param {import("./types").State} state  the final state
 * @param {import("./types").GameOverInfo} info
 */
export function showGameOver(state, info) {
  $("go-points").textContent = formatNumber(state.score);
  $("go-moves").textContent = formatNumber(state.moves);
  $("go-time").textContent = formatTime(state.seconds);
  $("go-lines").textContent = formatLines(state.lines);
  $("go-record").textContent = formatNumber(info.record ?? state.score);
  // the variant when it is not the usual one (the engine's first), and the deal of the day
  const variant = state.line !== app.variants[0] ? t(`variant${state.line}`) : "";
  const mode = [variant, state.daily ? t("daily") : ""].filter(Boolean);
  $("go-mode").textContent = mode.join(" · ");
  $("go-mode").hidden = mode.length === 0;
  const celebrate = $("go-celebrate");
  celebrate.hidden = !info.newRecord;
  $("game-over").classList.toggle("is-record", Boolean(info.newRecord));
  const rank = $("go-rank");
  const notes = [];
  if (info.newRecord && info.previousRecord) notes.push(t("previousRecord", { points: formatNumber(info.previousRecord) }));
  if (info.rank) notes.push(t("rankPlace", { rank: info.rank }));
  if (info.dailyBeaten) notes.push(t("dailyBeaten", { points: formatNumber(info.dailyBest ?? 0) }));
  else if (state.daily && info.dailyBest != null) notes.push(t("dailyBest", { points: formatNumber(info.dailyBest) }));
  rank.textContent = notes.join(" · ");
  rank.hidden = notes.length === 0;
  openWindow($("game-over"));
}
