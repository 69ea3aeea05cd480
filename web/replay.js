// The replay viewer (dialog#replay-window): a game of known moves watched
// again on a board of its own, from a ranking row, the game-over window or a
// replay link (#replay=<code>). The engine rebuilds every position
// (replay_encode, replay_decode: frames[0] = the start, frames[i] = after
// move i with the turn that led there); this module only decides which of
// the frames it answers to show, and when. It never touches the game in
// progress or the records: the window's board, grid and renderer are its
// view's (window-replay.js), and closing it leaves the game as it was. The
// window's buttons are the input layer's (buttons.js, its keys keys.js):
// they call moveReplay, jumpReplay, toggleReplayPlay, playThisDeal,
// shareReplay, replayGameOver and replayRankingGame.

import { $ } from "./dom.js";
import { CODES, decodeReplay, engineReady, failedWith } from "./api.js";
import { app, on } from "./store.js";
import { changeSettings } from "./settings.js";
import { notify } from "./notices.js";
import { openWindow, closeWindow } from "./windows.js";
import {
  animateReplayTurn, chosenReplaySpeed, installReplayWindow, mayAnimate, openReplayWindow,
  showReplayBoard, showReplayNumbers, showReplayPlaying, showReplayReady, showReplayReview,
} from "./window-replay.js";
import { t } from "./i18n.js";

// The other features this one calls, handed over by main.js (installReplay: restartWith, openGameOver, share).
/**
 * @typedef {{restartWith: (options: {deal: number, line: number}) => Promise<boolean>,
 *   openGameOver: () => void, share: import("./types").ShareFunctions,
 *   openReview: (code: string, options?: {back?: string | null}) => Promise<unknown>,
 *   reopenReview: () => void}} Others
 */
/** @typedef {{played: number[], better: number[], text: string, prev: boolean, next: boolean}} MoveMarks */
/** @type {Others} */
let others = /** @type {any} */ (null);

/** @type {Record<string, {pause: number, animate: boolean}>} Pause after each move while playing (ms), and whether the move is animated. */
const SPEEDS = {
  slow: { pause: 900, animate: true },
  normal: { pause: 350, animate: true },
  fast: { pause: 90, animate: false },
};

/**
 * @type {{frames: import("./types").ReplayFrame[] | null, deal: number, line: number,
 *   history: [number, number][] | null, rule: number, code: string | null, index: number, animating: boolean,
 *   pending: {index: number, animate: boolean} | null, playing: boolean, from: string | null,
 *   review: (MoveMarks & {index: number}) | null}}
 */
const view = {
  frames: null, // the engine's frames of the game shown
  deal: 0, // the deal, variant and placement rule of the game shown (replay_decode's; 0: none yet)
  line: 0,
  history: null,
  rule: 0,
  index: 0, // the frame shown (= moves shown)
  animating: false,
  pending: null, // {index, animate} asked for while a move animated
  playing: false,
  from: null, // the window to go back to on closing ("game-over", "ranking-window", "review-window") or null
  code: null, // the replay code of the game shown
  review: null, // the reviewed move shown: {index, played, better, text, prev, next} (openReplayAt)
};

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => { setTimeout(resolve, ms); });
}

/**
 * Show frame `index`. With `animate`, one step forward plays that move's
 * turn (the roll, the lines as they vanish, the new balls) from the frame
 * before; anything else is shown at once. Asked while a move animates, it
 * waits for that animation and then shows the last frame asked for.
 * @param {number} index
 * @returns {Promise<void>}
 */
async function show(index, { animate = false } = {}) {
  if (!view.frames) return;
  const target = Math.max(0, Math.min(view.frames.length - 1, index | 0));
  if (view.animating) {
    view.pending = { index: target, animate };
    return;
  }
  const from = view.index;
  const frame = view.frames[target];
  view.index = target;
  if (animate && target === from + 1 && mayAnimate(frame)) {
    view.animating = true;
    try {
      await animateReplayTurn(view.frames[from], frame);
    } finally {
      view.animating = false;
    }
  } else {
    showReplayBoard(frame);
  }
  showReplayNumbers(view.frames, target);
  // a reviewed move's marks belong to the board before it, and only to that one
  showReplayReview(view.review && view.review.index === target ? view.review : null);
  if (view.pending) {
    const next = view.pending;
    view.pending = null;
    await show(next.index, next);
  }
}

/** @param {boolean} playing */
function setPlaying(playing) {
  view.playing = playing;
  showReplayPlaying(playing);
}

/** Play the moves one after another at the chosen speed, until paused or at the end. */
async function play() {
  if (view.playing || !view.frames) return;
  if (view.index >= view.frames.length - 1) await show(0);
  setPlaying(true);
  while (view.playing && view.frames && view.index < view.frames.length - 1) {
    const speed = SPEEDS[chosenReplaySpeed()] ?? SPEEDS.normal;
    await show(view.index + 1, { animate: speed.animate });
    if (!view.playing) break;
    await sleep(speed.pause);
  }
  setPlaying(false);
}

function pause() {
  if (view.playing) setPlaying(false);
}

/** Play the moves from the one shown (#replay-play), or pause when they play. */
export function toggleReplayPlay() {
  return view.playing ? pause() : play();
}

/**
 * Step by `delta` moves (a step forward is animated); pauses playing.
 * @param {number} delta
 */
function step(delta) {
  pause();
  const base = view.pending ? view.pending.index : view.index;
  show(base + delta, { animate: delta === 1 });
}

/**
 * Show the position after `index` moves at once (the slider #replay-move); pauses playing.
 * @param {number} index
 */
export function jumpReplay(index) {
  pause();
  show(index);
}

/**
 * Ask the engine for the frames of replay `code` and show them from the
 * start. Resolves true when the window opened; false (nothing changed) when
 * the engine refused the code.
 * @param {string} code
 * @param {{from?: string | null, at?: number}} [options]
 */
async function openCode(code, { from = null, at = 0 } = {}) {
  if (!engineReady()) return false;
  const reply = await decodeReplay(code);
  if (!reply.ok) {
    if (failedWith(reply, CODES.badReplay) || failedWith(reply, CODES.badRequest)) {
      notify(t("replayBad"), 10000);
    }
    return false;
  }
  const { deal, line, history, rule, frames } = reply.result;
  if (!Array.isArray(frames) || frames.length === 0) return false;
  pause();
  view.frames = frames;
  view.deal = deal;
  view.line = line;
  view.history = history;
  view.rule = rule;
  view.code = code;
  if (from !== "review-window") view.review = null;
  view.index = 0;
  view.pending = null;
  view.from = from;
  openReplayWindow(deal, line);
  await show(Math.min(at, frames.length - 1));
  showReplayReady();
  return true;
}

/**
 * Open the viewer on {deal, line, history, rule} (the game-over window's game, a ranking entry).
 * @param {import("./types").ReplayGame | null} game
 * @param {{from?: string | null, at?: number}} options
 */
export async function openReplay(game, options = {}) {
  if (!game?.history) {
    notify(t("replayUnknown"));
    return false;
  }
  const code = await others.share.replayCode(game);
  return code ? openCode(code, options) : false;
}

/**
 * Open the replay of a link's code (the URL fragment #replay=<code>). A bad
 * code gives a notice and leaves the game on the board as it was.
 * @param {string} code
 */
export function openReplayLink(code) {
  return openCode(code);
}

/** The window closed: the frames go, and the window it was opened from comes back. */
function closed() {
  pause();
  view.frames = null;
  view.pending = null;
  view.review = null;
  const from = view.from;
  view.from = null;
  if (from === "game-over") others.openGameOver();
  else if (from === "ranking-window") openWindow($("ranking-window"));
  else if (from === "review-window") others.reopenReview();
}

/**
 * Show the board before move `index` of the game of replay `code` with the
 * reviewed move's marks (`review`: {played, better, text, prev, next}); the
 * window opens on it (from the review window) or, showing that game already,
 * goes there.
 * @param {string} code
 * @param {number} index
 * @param {MoveMarks} review
 */
export async function openReplayAt(code, index, review) {
  view.review = { ...review, index };
  if (view.frames && view.code === code && /** @type {HTMLDialogElement} */ ($("replay-window")).open) {
    pause();
    await show(index);
    return true;
  }
  const opened = await openCode(code, { from: "review-window", at: index });
  if (!opened) view.review = null;
  return opened;
}

/** True while the viewer shows a game opened from the review at one of its moves (its marks kept for that move). */
export function reviewedOpen() {
  return view.review !== null;
}

/** Review the game shown (#replay-review): the review window opens on it. */
export function reviewReplay() {
  if (!view.frames || !view.code) return false;
  const code = view.code;
  const from = view.from;
  view.from = null; // the review window takes the viewer's place
  view.review = null;
  closeWindow($("replay-window"));
  return others.openReview(code, { back: from });
}

/** Start a new game on the replay's deal and variant (#replay-play-deal; play.js asks first when a game would be lost). */
export async function playThisDeal() {
  const { deal, line } = view;
  view.from = null;
  closeWindow($("replay-window"));
  await others.restartWith({ deal, line });
  if (app.state?.deal === deal && app.state?.line === line && app.settings.line !== line) {
    await changeSettings({ line });
  }
}

/**
 * Step `where` moves (-1 or 1), or go to the start (`"first"`) or the end (`"last"`).
 * @param {number | "first" | "last"} where
 */
export function moveReplay(where) {
  if (where === "first") jumpReplay(0);
  else if (where === "last") jumpReplay(view.frames ? view.frames.length - 1 : 0);
  else step(where);
}

/**
 * Share the replay link of the game shown (#replay-share); `anchor`: the button pressed.
 * @param {HTMLElement | null} anchor
 */
export function shareReplay(anchor = null) {
  if (!view.frames) return null;
  return others.share.shareGame({ deal: view.deal, line: view.line, history: view.history, rule: view.rule }, anchor);
}

/**
 * Watch the finished game on the board again (#go-replay), or say why it cannot be.
 * @param {HTMLElement | null} anchor
 */
export function replayGameOver(anchor = null) {
  const game = others.share.boardGame();
  if (game) return openReplay(game, { from: "game-over" });
  others.share.showShareStatus(t("replayUnknown"), anchor); // saved before moves were kept
  return false;
}

/**
 * Watch the ranking entry `id` of `line` again (a ranking row's button.replay), or say why it cannot be.
 * @param {number} line
 * @param {string} id
 * @param {HTMLElement | null} anchor
 */
export function replayRankingGame(line, id, anchor = null) {
  const game = others.share.rankingGame(line, id);
  if (!game?.history) {
    others.share.showShareStatus(t("replayUnknown"), anchor);
    return false;
  }
  return openReplay(game, { from: "ranking-window" });
}

/**
 * Take the other features' functions: `restartWith` (play.js),
 * `openGameOver` (gameover.js), `share` (share.js: boardGame, rankingGame,
 * replayCode, shareGame, showShareStatus) and `openReview`, `reopenReview`
 * (review.js); follow the window's closing and
 * the game-over window's watch and share buttons.
 * @param {Others} collaborators
 */
export function installReplay(collaborators) {
  others = collaborators;
  installReplayWindow(closed);
  // The game-over window offers the link only for a game whose moves are known;
  // «Se spillet igen» says why a game saved without its moves cannot be watched.
  on("over", ({ state }) => {
    $("go-replay").hidden = false;
    $("go-share").hidden = !Array.isArray(state?.save?.history);
  });
}
