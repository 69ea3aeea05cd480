// The replay viewer (dialog#replay-window): a game of known moves watched
// again on a board of its own, from a ranking row, the game-over window or a
// replay link (#replay=<code>). The engine rebuilds every position
// (replay_encode, replay_decode: frames[0] = the start, frames[i] = after
// move i with the turn that led there); this module only shows the frames it
// answers. It never touches the game in progress or the records: its board,
// grid and renderer are its own, and closing it leaves the game as it was.

import { $ } from "./dom.js";
import { BoardRenderer } from "./render.js";
import { BoardGrid } from "./grid.js";
import { app, engine, on } from "./store.js";
import { reducedMotion } from "./board.js";
import { restartWith } from "./play.js";
import { changeSettings } from "./preferences.js";
import { openGameOverAgain } from "./records.js";
import { notify } from "./notices.js";
import { openWindow, closeWindow } from "./dialogs.js";
import { t, formatNumber, colorName } from "./i18n.js";
import {
  boardGame, installShare, rankingGame, replayCode, shareGame, showShareStatus,
} from "./share.js";

/** Pause after each move while playing (ms), and whether the move is animated. */
const SPEEDS = {
  slow: { pause: 900, animate: true },
  normal: { pause: 350, animate: true },
  fast: { pause: 90, animate: false },
};

const view = {
  frames: null, // the engine's frames of the game shown
  deal: 0,
  line: 5,
  history: null,
  rule: 2, // the placement rule of the game shown (replay_decode's)
  index: 0, // the frame shown (= moves shown)
  animating: false,
  pending: null, // {index, animate} asked for while a move animated
  playing: false,
  from: null, // the window to go back to on closing ("game-over", "ranking-window") or null
};

let renderer = null;
let grid = null;

function dialog() {
  return $("replay-window");
}

/** The grid (role=grid, 81 cells) exists only while the window is open. */
function makeGrid() {
  grid = new BoardGrid($("replay-grid"), () => {});
  grid.setBusy(false);
}

function dropGrid() {
  const root = $("replay-grid");
  root.replaceChildren();
  root.removeAttribute("role");
  root.removeAttribute("aria-label");
  root.removeAttribute("aria-busy");
  grid = null;
}

function sleep(ms) {
  return new Promise((resolve) => { setTimeout(resolve, ms); });
}

/** The numbers beside the board, the slider and the buttons for frame `index`. */
function showNumbers(index) {
  const frame = view.frames[index];
  const last = view.frames.length - 1;
  $("replay-score").textContent = formatNumber(frame.score);
  $("replay-count").textContent = `${formatNumber(index)} / ${formatNumber(last)}`;
  const coming = $("replay-coming");
  const colors = frame.over ? [] : frame.next ?? [];
  [...coming.children].forEach((ball, i) => {
    ball.dataset.color = colors[i] ? String(colors[i]) : "";
  });
  coming.setAttribute("aria-label", `${t("next")}: ${colors.map((c) => colorName(c)).join(", ")}`);
  const slider = $("replay-move");
  slider.max = String(last);
  slider.value = String(index);
  slider.setAttribute("aria-valuetext", t("replayAt", { move: index, moves: last }));
  const ends = { "replay-prev": index === 0, "replay-first": index === 0, "replay-next": index === last, "replay-last": index === last };
  for (const [id, off] of Object.entries(ends)) {
    const button = $(id);
    // a button that goes off hands the focus on, so the keys keep working
    if (off && document.activeElement === button) $("replay-play").focus();
    button.disabled = off;
  }
  dialog().dataset.move = String(index);
}

/**
 * Show frame `index`. With `animate`, one step forward plays that move's
 * turn (the roll, the lines as they vanish, the new balls) from the frame
 * before; anything else is shown at once. Asked while a move animates, it
 * waits for that animation and then shows the last frame asked for.
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
  if (animate && target === from + 1 && frame.turn && !reducedMotion()) {
    view.animating = true;
    renderer.setBoard(view.frames[from].board);
    grid.setBoard(view.frames[from].board);
    grid.setBusy(true);
    try {
      await renderer.playTurn(frame.turn, frame.board);
    } finally {
      view.animating = false;
      grid?.setBusy(false);
    }
  } else {
    renderer.setBoard(frame.board);
  }
  grid?.setBoard(frame.board);
  showNumbers(target);
  if (view.pending) {
    const next = view.pending;
    view.pending = null;
    await show(next.index, next);
  }
}

function setPlaying(playing) {
  view.playing = playing;
  const button = $("replay-play");
  button.setAttribute("aria-pressed", playing ? "true" : "false");
  button.setAttribute("aria-label", t(playing ? "replayPause" : "replayPlay"));
  dialog().dataset.playing = playing ? "true" : "false";
}

/** Play the moves one after another at the chosen speed, until paused or at the end. */
async function play() {
  if (view.playing || !view.frames) return;
  if (view.index >= view.frames.length - 1) await show(0);
  setPlaying(true);
  while (view.playing && view.frames && view.index < view.frames.length - 1) {
    const speed = SPEEDS[$("replay-speed").value] ?? SPEEDS.normal;
    await show(view.index + 1, { animate: speed.animate });
    if (!view.playing) break;
    await sleep(speed.pause);
  }
  setPlaying(false);
}

function pause() {
  if (view.playing) setPlaying(false);
}

/** Step by `delta` moves (a step forward is animated); pauses playing. */
function step(delta) {
  pause();
  const base = view.pending ? view.pending.index : view.index;
  show(base + delta, { animate: delta === 1 });
}

function jump(index) {
  pause();
  show(index);
}

/**
 * Ask the engine for the frames of replay `code` and show them from the
 * start. Resolves true when the window opened; false (nothing changed) when
 * the engine refused the code.
 */
async function openCode(code, { from = null, at = 0 } = {}) {
  if (engine.state !== "ready") return false;
  const reply = await engine.request("replay_decode", { code });
  if (!reply.ok) {
    if (reply.error?.code === "bad_replay" || reply.error?.code === "bad_request") {
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
  view.index = 0;
  view.pending = null;
  view.from = from;
  $("replay-info").textContent = t("replayInfo", { deal, variant: t(`variant${line}`) });
  if (!renderer) {
    renderer = new BoardRenderer($("replay-board"), { reducedMotion });
  }
  if (!grid) makeGrid();
  renderer.hidden.clear();
  openWindow(dialog());
  await show(Math.min(at, frames.length - 1));
  renderer.draw();
  dialog().dataset.ready = "true";
  return true;
}

/** Open the viewer on {deal, line, history, rule} (the game-over window's game, a ranking entry). */
export async function openReplay(game, options = {}) {
  if (!game?.history) {
    notify(t("replayUnknown"));
    return false;
  }
  const code = await replayCode(game);
  return code ? openCode(code, options) : false;
}

/**
 * Open the replay of a link's code (the URL fragment #replay=<code>). A bad
 * code gives a notice and leaves the game on the board as it was.
 */
export function openReplayLink(code) {
  return openCode(code);
}

/** The frames shown now (for the tests and the benchmark: the viewer's own data). */
export function replayShown() {
  return view.frames ? { index: view.index, moves: view.frames.length - 1 } : null;
}

function onClose() {
  pause();
  view.frames = null;
  view.pending = null;
  delete dialog().dataset.ready;
  delete dialog().dataset.move;
  dropGrid();
  const from = view.from;
  view.from = null;
  if (from === "game-over") openGameOverAgain();
  else if (from === "ranking-window") openWindow($("ranking-window"));
}

/** Start a new game on the replay's deal and variant (play.js asks first when a game would be lost). */
async function playThisDeal() {
  const { deal, line } = view;
  view.from = null;
  closeWindow(dialog());
  await restartWith({ deal, line });
  if (app.state?.deal === deal && app.state?.line === line && app.settings.line !== line) {
    await changeSettings({ line });
  }
}

function onKey(event) {
  if (!dialog().open || document.querySelector("dialog[open]") !== dialog()) return;
  if (event.target.closest?.("[role=grid], input, select")) return; // their own keys
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const last = view.frames ? view.frames.length - 1 : 0;
  const actions = {
    ArrowLeft: () => step(-1),
    ArrowRight: () => step(1),
    Home: () => jump(0),
    End: () => jump(last),
  };
  const action = actions[event.key];
  if (!action) return;
  event.preventDefault();
  action();
}

/** Wire the viewer, the game-over window's watch and share buttons, and sharing. */
export function installReplay() {
  installShare();
  const d = dialog();
  dropGrid();
  $("replay-prev").addEventListener("click", () => step(-1));
  $("replay-next").addEventListener("click", () => step(1));
  $("replay-first").addEventListener("click", () => jump(0));
  $("replay-last").addEventListener("click", () => jump(view.frames ? view.frames.length - 1 : 0));
  $("replay-play").addEventListener("click", () => (view.playing ? pause() : play()));
  $("replay-move").addEventListener("input", (event) => jump(Number(event.target.value)));
  $("replay-play-deal").addEventListener("click", () => playThisDeal());
  $("replay-share").addEventListener("click", (event) => {
    if (view.frames) shareGame({ deal: view.deal, line: view.line, history: view.history, rule: view.rule }, event.currentTarget);
  });
  document.addEventListener("keydown", onKey);
  d.addEventListener("close", onClose);

  $("go-replay").addEventListener("click", (event) => {
    const game = boardGame();
    if (game) openReplay(game, { from: "game-over" });
    else showShareStatus(t("replayUnknown"), event.currentTarget); // saved before moves were kept
  });
  $("ranking-body").addEventListener("click", (event) => {
    const button = event.target.closest?.("button.replay");
    if (!button) return;
    const game = rankingGame(Number(button.dataset.line), button.dataset.id);
    if (!game?.history) showShareStatus(t("replayUnknown"), button);
    else openReplay(game, { from: "ranking-window" });
  });
  // The game-over window offers the link only for a game whose moves are known;
  // «Se spillet igen» says why a game saved without its moves cannot be watched.
  on("over", ({ state }) => {
    $("go-replay").hidden = false;
    $("go-share").hidden = !Array.isArray(state?.save?.history);
  });
}
