// The game review (feature): every move of a game judged by the engine
// (api.js review: the quick computer player's move, the points the played
// move gave away, its grade; kugler_core/review.py, docs/review.md), shown
// in the review window (window-review.js), a move opened in the replay
// viewer with the played and the better move marked (replay.js
// openReplayAt, handed over by main.js).
//
// The game being played is reviewed while it is played, one move a step in
// the engine's idle time. The engine answers one request at a time, so a
// move asked for while a step runs waits for it: a step therefore starts
// only when the player is not about to move. That is, the page is visible,
// the review window is closed, the engine has no request waiting, the board
// is not busy (no move animating), no ball is selected (the player is in the
// middle of a move), the computer does not play, and for IDLE_MS neither the
// game changed nor the player tapped or pressed a key. The step's second
// request is not sent when something else was asked for meanwhile. So a move
// waits at most for the rest of one move's review, and only when the player
// taps a ball and its target within that time after a pause. Nothing runs
// while the page is hidden. At game over the review is then (nearly) ready;
// a finished game (also one on the board after a reload: the last finished
// game's review is recomputed so, never stored) is reviewed without waiting
// for the player's hands, as there is no move to delay.
// The last finished game stays known after a new game begins: its review
// is finished first in the same idle time, and its summary shows in the
// side panel (last-review.js) once every move is judged; kept in memory
// only (a reload while a new game is played forgets it).
// Any other game (the replay viewer's: a ranking entry, a link) is reviewed
// on demand, the first request FIRST_CHUNK moves and each later one as many
// as the engine judges in about REQUEST_MS, the progress and the summary
// filling in as the moves are known; closing the window stops the work (the
// request under way finishes, no other is sent), hiding the page pauses it.
//
// The numbers are the engine's: the cost and grade of each move and its
// share of the accuracy (the game's accuracy is their mean, docs/review.md).

import { $ } from "./dom.js";
import { decodeReplay, engine, engineReady, review as reviewMoves } from "./api.js";
import { app, on } from "./store.js";
import { colorName, formatNumber, t } from "./i18n.js";
import { cellName } from "./grid.js";
import { openWindow } from "./windows.js";
import {
  GRADES, drawReviewGraph, installReviewWindow, openReviewWindow, reopenReviewWindow,
  reviewOpen, showReviewMoves, showReviewProgress, showReviewSummary,
} from "./window-review.js";
import { installLastReview, showLastReview } from "./last-review.js";

/** Moves of the first request of an on-demand review: the first moves soon on screen. */
const FIRST_CHUNK = 3;
/**
 * How long each later request of an on-demand review should take (ms): the
 * moves per request follow the engine's pace (a phone's or this machine's),
 * so that the fixed cost of a request (decoding and replaying the game, a
 * drawing of the window) is a small part of it, and a closed window stops
 * the work within about this time (the request under way finishes).
 */
const REQUEST_MS = 1000;
/** The most moves a request of an on-demand review asks for. */
const MAX_CHUNK = 60;
/** How long the game and the player's hands must stay still before a background step (ms). */
const IDLE_MS = 1200;
/** How many costliest moves the summary names. */
const COSTLIEST = 3;
const SERIOUS = new Set(["mistake", "blunder"]);

/** @typedef {import("./types").ReviewedMove} Judged */
/** @typedef {import("./types").ReplayFrame} ReplayFrame */
/** @typedef {import("./types").State} State */
/** @typedef {import("./types").ReplayGame} KnownGame */
/** @typedef {{deal: number, line: number, rule: number, history: [number, number][]}} PlayedGame  a game with its moves as a list */
/** @typedef {{played: number[], better: number[], text: string, prev: boolean, next: boolean}} MoveMarks */
/**
 * The other features this one calls, handed over by main.js.
 * @typedef {object} Others
 * @property {{boardGame: () => KnownGame | null,
 *   replayCode: (game: KnownGame) => Promise<string | null>}} share  share.js
 * @property {(code: string, index: number, review: MoveMarks) => Promise<boolean>} openReplayAt  replay.js
 * @property {() => void} openGameOver  gameover.js
 */

/** @type {Others | null} */
let others = null;

/** The game on the board (store.js's app.state, typed). */
const current = () => /** @type {State | null} */ (app.state);

/** The other features' functions (installReview has run). */
function them() {
  if (!others) throw new Error("review.js: installReview has not run");
  return others;
}

/**
 * The game being played, reviewed in the background: its id and its moves judged so far.
 * @type {{id: string | null, judged: Judged[]}}
 */
const live = { id: null, judged: [] };
/**
 * The last finished game: its id, its moves, its points and its moves
 * judged so far (the same list as `live`'s while it is the game on the
 * board, so the background review fills both).
 * @type {{id: string | null, game: PlayedGame | null, points: number, judged: Judged[]}}
 */
const last = { id: null, game: null, points: 0, judged: [] };
/** @type {ReturnType<typeof setTimeout> | undefined} */
let idleTimer;
let stepping = false;
/** performance.now() of the player's last tap or key. */
let lastInput = -Infinity;

/**
 * The game in the review window: its replay `code`, replay_decode's `frames`
 * (the boards, the points), its `total` moves and those `judged` so far;
 * `run` the run of the review loop that may go on (a new run or a closing
 * stops the others), `back` the window to go back to on closing, `leaving`
 * while the window closes to show a move (no going back), `at` the move
 * opened last.
 * @type {{code: string | null, frames: ReplayFrame[], total: number, judged: Judged[], run: number,
 *   back: string | null, leaving: boolean, at: number | null}}
 */
const shown = { code: null, frames: [], total: 0, judged: [], run: 0, back: null, leaving: false, at: null };

/**
 * The index (row * size + col) of cell [row, col] on the game's board (its size the engine's state says).
 * @param {number[]} cell
 */
const index81 = (cell) => cell[0] * (current()?.size ?? 0) + cell[1];

/**
 * The judged moves of `live` that still fit the moves of `state` (an undone
 * move drops its review); the moves, or null when they are not known.
 * @param {State | null} state
 * @returns {number[][] | null}
 */
function liveFor(state) {
  const history = /** @type {number[][] | null | undefined} */ (state?.save?.history);
  if (!state || !Array.isArray(history)) return null;
  if (live.id !== state.id) {
    live.id = state.id;
    live.judged = [];
  }
  let keep = 0;
  while (keep < live.judged.length && keep < history.length) {
    const [s, tg] = history[keep];
    const [ps, pt] = live.judged[keep].played.map(index81);
    if (s !== ps || tg !== pt) break;
    keep += 1;
  }
  live.judged.length = keep;
  return history;
}

/** A background step in `ms`, unless the page is hidden. */
function scheduleIdle(ms = IDLE_MS) {
  clearTimeout(idleTimer);
  if (document.hidden) return; // resumed by visibilitychange
  idleTimer = setTimeout(idleStep, ms);
}

/**
 * Why a background step must wait now: the ms to wait, or 0 when it may run.
 * (Checked before each of a step's requests: the engine answers one at a time.)
 * A finished game has no move to keep waiting: only a request does.
 */
function mustWait() {
  if (engine.pending.size > 0 || reviewOpen() || app.busy > 0) return IDLE_MS;
  if (current()?.over) return 0;
  if (app.selected !== null || app.help === "watch") return IDLE_MS;
  return Math.max(0, Math.ceil(lastInput + IDLE_MS - performance.now()));
}

/**
 * The game to review next in the background: the last finished game while
 * its review is not complete and it is no longer on the board, else the
 * game on the board; its moves and the list its judged moves go to.
 * @returns {{game: PlayedGame, judged: Judged[]} | null}
 */
function backgroundGame() {
  const state = current();
  if (last.game && last.id !== state?.id && last.judged.length < last.game.history.length) {
    return { game: last.game, judged: last.judged };
  }
  const history = liveFor(state);
  if (!state || !history) return null;
  return { game: { deal: state.deal, line: state.line,
    history: /** @type {[number, number][]} */ (history), rule: state.rule }, judged: live.judged };
}

/** True while `judged` is the list of a game the background review works for. */
function stillWanted(/** @type {Judged[]} */ judged) {
  return judged === last.judged || (judged === live.judged && current()?.id === live.id);
}

/** One move of the last finished game or the game in play reviewed, when nothing else waits for the engine. */
async function idleStep() {
  if (stepping || document.hidden || !engineReady()) return;
  const wait = mustWait();
  if (wait > 0) {
    scheduleIdle(wait);
    return;
  }
  const target = backgroundGame();
  if (!target || target.judged.length >= target.game.history.length) return;
  const { game: whole, judged } = target;
  const start = judged.length;
  // a move a step, also once the game is over: a new game asked for waits for one move's review at most
  const count = 1;
  stepping = true;
  let next = 50;
  try {
    // a finished game's code is the same each step (the engine replays it once), the game in play's its moves so far
    /** @type {PlayedGame} */
    const game = judged === last.judged ? whole : { ...whole, history: whole.history.slice(0, start + count) };
    const code = await them().share.replayCode(game);
    if (!code) {
      next = IDLE_MS;
      return;
    }
    if (document.hidden || mustWait() > 0 || !stillWanted(judged)) return; // the player came first
    const reply = await reviewMoves(code, start, count);
    if (!reply.ok) next = IDLE_MS; // never a tight loop on a refused step
    else if (stillWanted(judged) && judged.length === start) {
      judged.push(...reply.result.moves);
      liveFor(current()); // a move undone meanwhile drops it again
      if (judged === last.judged) showLast();
    }
  } finally {
    stepping = false;
    scheduleIdle(next);
  }
}

/**
 * The number of moves of each grade, the accuracy (the mean of the moves'
 * shares, docs/review.md; null with no move) and the points lost of `judged`.
 * @param {Judged[]} judged
 */
function summarize(judged) {
  /** @type {Record<string, number>} */
  const counts = Object.fromEntries(GRADES.map((g) => [g, 0]));
  let lost = 0;
  let share = 0;
  for (const m of judged) {
    counts[m.grade] += 1;
    lost += m.cost;
    share += m.accuracy;
  }
  return { counts, lost, accuracy: judged.length ? share / judged.length : null };
}

/** The last finished game's summary in the side panel, once every move of it is judged. */
function showLast() {
  const game = last.game;
  const { counts, accuracy } = summarize(last.judged);
  if (!game || accuracy === null || last.judged.length < game.history.length) {
    showLastReview(null);
    return;
  }
  showLastReview({ points: last.points, moves: game.history.length, accuracy, counts });
}

/**
 * Follow the game on the board: a game that ends becomes the last finished
 * game (its summary shows once its review is complete); one taken back
 * into play (undone) is not finished any more.
 * @param {State | null | undefined} state
 */
function followFinished(state) {
  if (!state) return;
  if (!state.over) {
    if (last.id === state.id) {
      Object.assign(last, { id: null, game: null, points: 0, judged: [] });
      showLast();
    }
    return;
  }
  const history = liveFor(state);
  if (!history || history.length === 0) return;
  if (last.id === state.id && last.game?.history.length === history.length) return;
  last.id = state.id;
  last.game = { deal: state.deal, line: state.line,
    history: /** @type {[number, number][]} */ (history.slice()), rule: state.rule };
  last.points = state.score;
  last.judged = live.judged; // the background review goes on filling it
  showLast();
}

/**
 * The words of move `m` of the game shown: "Move 12: red C4 → F4, about 34 points; better: …".
 * @param {Judged} m
 * @param {string} [key]  the words' key in i18n.js
 */
function words(m, key = "reviewMoveWords") {
  const board = shown.frames[m.index]?.board ?? [];
  const [ps] = m.played.map(index81);
  const [bs] = m.best.map(index81);
  return t(key, {
    move: formatNumber(m.index + 1),
    grade: t(`grade${m.grade}`),
    color: colorName(board[ps]), from: cellName(m.played[0]), to: cellName(m.played[1]),
    points: formatNumber(Math.round(m.cost)),
    bcolor: colorName(board[bs]), bfrom: cellName(m.best[0]), bto: cellName(m.best[1]),
  });
}

/** The window's numbers for the moves known so far. */
function render() {
  const judged = shown.judged;
  const { counts, lost, accuracy } = summarize(judged);
  const costliest = judged.filter((m) => m.cost > 0)
    .sort((a, b) => b.cost - a.cost || a.index - b.index)
    .slice(0, COSTLIEST)
    .map((m) => ({ index: m.index, words: words(m) }));
  showReviewProgress(judged.length, shown.total);
  showReviewSummary({ accuracy, counts, lost, costliest });
  showReviewMoves(judged);
  const frames = shown.frames;
  drawReviewGraph({
    points: frames.map((f) => f.score),
    free: frames.map((f) => f.board.filter((c) => !c).length),
    cells: frames[0]?.board.length ?? 0,
    marks: judged,
  });
}

/** Resolves once the page is visible again. */
function seenAgain() {
  return new Promise((resolve) => {
    const seen = () => {
      if (document.hidden) return;
      document.removeEventListener("visibilitychange", seen);
      resolve(undefined);
    };
    document.addEventListener("visibilitychange", seen);
  });
}

/**
 * The moves for the next request of an on-demand review, from the last one:
 * `count` moves answered in `ms`; as many as take about REQUEST_MS at that
 * pace (at least 1, at most MAX_CHUNK, at most twice as many as the last).
 * @param {number} count
 * @param {number} ms
 */
function nextChunk(count, ms) {
  if (count <= 0 || !(ms > 0)) return FIRST_CHUNK;
  const paced = Math.floor((REQUEST_MS * count) / ms);
  return Math.max(1, Math.min(MAX_CHUNK, 2 * count, paced));
}

/**
 * Review the moves of the game shown not known yet, a chunk at a time, while
 * the window stays open and the page is seen. The next request goes out
 * before the moves that came are drawn: the engine works while the page draws.
 */
async function runReview() {
  shown.run += 1;
  const run = shown.run;
  const code = shown.code;
  if (!code) return;
  let chunk = FIRST_CHUNK;
  /** @type {ReturnType<typeof reviewMoves> | null} */
  let pending = null;
  let asked = 0;
  const ask = () => {
    asked = performance.now();
    pending = reviewMoves(code, shown.judged.length, chunk);
    return pending;
  };
  while (run === shown.run && shown.judged.length < shown.total) {
    if (!pending) {
      if (document.hidden) await seenAgain(); // no work while the page is hidden
      if (run !== shown.run) return;
    }
    const reply = await (pending ?? ask());
    pending = null;
    if (run !== shown.run) return;
    if (!reply.ok) break;
    chunk = nextChunk(chunk, performance.now() - asked);
    shown.judged.push(...reply.result.moves);
    if (shown.judged.length < shown.total && !document.hidden) ask();
    render();
  }
}

/**
 * Open the review window on the game of replay `code` (`back`: the window
 * to go back to on closing, "game-over" or "ranking-window"). The moves the
 * background review already judged of the game on the board (or `known`,
 * those of the last finished game) are reused.
 * @param {string} code
 * @param {{back?: string | null, known?: Judged[] | null}} [options]
 */
export async function openReview(code, { back = null, known = null } = {}) {
  if (!engineReady() || !code) return false;
  const reply = await decodeReplay(code);
  if (!reply.ok) return false;
  const { deal, line, history, frames } = reply.result;
  shown.run += 1; // a review running for another game stops
  shown.code = code;
  shown.frames = frames;
  shown.total = history.length;
  shown.back = back;
  shown.at = null;
  const state = current();
  const mine = state && state.deal === deal && state.line === line ? liveFor(state) : null;
  shown.judged = [];
  const reuse = known ?? (mine ? live.judged : null);
  if (reuse) {
    // the moves judged in the background, as long as they are this game's
    for (const m of reuse) {
      const [s, tg] = history[m.index] ?? [];
      const [ps, pt] = m.played.map(index81);
      if (m.index !== shown.judged.length || s !== ps || tg !== pt) break;
      shown.judged.push(m);
    }
  }
  $("review-moves").replaceChildren();
  openReviewWindow({ deal, line, moves: history.length });
  render();
  runReview();
  return true;
}

/** Review the finished game on the board (#go-review). */
export async function reviewGameOver() {
  const game = them().share.boardGame();
  if (!game) return false;
  const code = await them().share.replayCode(game);
  return code ? openReview(code, { back: "game-over" }) : false;
}

/** Review the last finished game (#last-review-open in the side panel), its judged moves reused. */
export async function reviewLastGame() {
  if (!last.game) return false;
  const code = await them().share.replayCode(last.game);
  return code ? openReview(code, { known: last.judged }) : false;
}

/** The window opens again where it was (after a move was looked at), the review going on. */
export function reopenReview() {
  if (!shown.code) return;
  shown.leaving = false;
  reopenReviewWindow();
  render();
  runReview();
}

/** The mistakes and blunders known, in game order. */
function serious() {
  return shown.judged.filter((m) => SERIOUS.has(m.grade));
}

/**
 * Open move `index` (a button of #review-moves, a costliest move, a mark of
 * the graph): the replay viewer on the board before it, the played and the
 * better move marked.
 * @param {number} index
 */
export function openReviewedMove(index) {
  const m = shown.judged[index];
  if (!m || !shown.code) return false;
  shown.at = index;
  const list = serious();
  /** @type {MoveMarks} */
  const review = {
    played: m.played.map(index81),
    better: m.best.map(index81),
    text: words(m, "reviewShown"),
    prev: list.some((x) => x.index < index),
    next: list.some((x) => x.index > index),
  };
  shown.leaving = true;
  shown.run += 1; // the review stops while the move is looked at, and goes on after
  return them().openReplayAt(shown.code, index, review);
}

/**
 * The next (`1`) or the previous (`-1`) mistake or blunder from the move
 * opened last (#review-next, #review-prev).
 * @param {number} direction  1 or -1
 */
export function stepReviewed(direction) {
  const at = shown.at ?? -1;
  const list = serious();
  const found = direction > 0 ? list.find((m) => m.index > at) : list.reverse().find((m) => m.index < at);
  if (found) openReviewedMove(found.index);
}

/** The window closed: the work stops; the window it came from comes back (not when a move is shown). */
function closed() {
  shown.run += 1;
  if (shown.leaving) return;
  const back = shown.back;
  shown.back = null;
  if (back === "game-over") them().openGameOver();
  else if (back === "ranking-window") openWindow($("ranking-window"));
}

/**
 * Take the other features' functions: `share` (share.js: boardGame,
 * replayCode), `openReplayAt` (replay.js) and `openGameOver` (gameover.js);
 * follow the game to review it while it is played, and the page's
 * visibility (no work while it is hidden).
 * @param {Others} collaborators
 */
export function installReview(collaborators) {
  others = collaborators;
  installReviewWindow(closed);
  installLastReview();
  on("state", ({ state }) => {
    followFinished(state);
    scheduleIdle();
  });
  // the player's hands: a tap or a key puts the next step off by IDLE_MS
  for (const type of ["pointerdown", "keydown"]) {
    window.addEventListener(type, () => { lastInput = performance.now(); }, { capture: true, passive: true });
  }
  on("over", (/** @type {{state?: State}} */ { state }) => {
    $("go-review").hidden = !Array.isArray(state?.save?.history);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) clearTimeout(idleTimer);
    else scheduleIdle();
  });
}
