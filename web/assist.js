// Help from the computer player: the Hint button (and key H), watching the
// computer play, and the note that a game with help counts in the
// statistics only.
//
// The engine chooses every move (facade `suggest`, computed in the worker);
// this module only asks, shows and forwards. A hint marks the suggested ball
// as selected (it bounces), its target with a ring and its path with dots
// (board.js showHint; the grid's cells get data-hint="from"|"to"|"path")
// until the player moves, selects another ball or asks again; tapping the
// marked target makes the move, as any tap does. A request is tagged with
// the game it was asked for (id and moves): a reply for a game that has
// moved on since is dropped, never shown.
//
// Watch plays the game on with the strong player, through play.js's
// playMove (by: "computer"), at the speed of the setting `watch_speed`;
// html[data-watching] is set meanwhile ("playing" or "paused") and the
// control over the board (#watch-controls: speed, pause, #watch-stop) is
// shown. A tap on the board, Undo (its button, Ctrl/Cmd+Z or U), Escape, a
// new game or the end of the game hand the game back.
//
// The first hint or watch of a game without help asks once whether to go on
// (dialogs.js confirmQuestion); each hint shown is counted by the engine
// (hint_shown), each computer move by `move`, so the game's state says
// `assisted` and the records count it apart.
//
// Events: a hint shown is sent as "hint" {move: {from, to}} on the store's
// bus (for announcements); the state hint_shown answers is adopted with
// cause "hint".

import { $, root } from "./dom.js";
import { SIZE } from "./render.js";
import { app, engine, emit, on } from "./store.js";
import { select, setBusy, showHint as markHint, whenIdle } from "./board.js";
import { showBar } from "./bar.js";
import { notify } from "./notices.js";
import { engineError } from "./failures.js";
import { catchUpWithOtherTab } from "./tabs.js";
import { changeSettings } from "./preferences.js";
import { adopt, playMove, undo } from "./play.js";
import { confirmQuestion, closeWindow } from "./dialogs.js";
import { t, applyWords } from "./i18n.js";

/** Pauses of watch mode per speed (ms): the ball shown selected before it moves, and the rest after a move. */
const SPEEDS = {
  slow: { show: 650, rest: 900, animate: true },
  normal: { show: 300, rest: 350, animate: true },
  fast: { show: 0, rest: 60, animate: true },
  max: { show: 0, rest: 0, animate: false },
};

/** The game a request is made for: a reply for another is stale. */
const gameKey = (state) => (state ? `${state.id}\u0000${state.moves}\u0000${state.over}` : "");
const index = ([r, c]) => r * SIZE + c;

let shown = null; // the hint on the board: {key, from, to} (cell indices)
let hintRequest = 0; // the number of the hint request last made (a newer one drops older replies)
const agreed = new Set(); // ids of games whose player agreed to help in this page

// -- the question -------------------------------------------------------------------

/** True when help may be given in the game of `state`: it had help already, or the player agrees now (asked once). */
async function mayHelp(state) {
  if (state.assisted || agreed.has(state.id)) return true;
  const ok = await confirmQuestion(t("assistQuestion"));
  if (ok) agreed.add(state.id);
  return ok;
}

// -- hints --------------------------------------------------------------------------

/** Remove the hint's marks (the selection stays as the player left it). */
function clearHint() {
  if (!shown) return;
  markHint(null);
  $("hint-note").textContent = "";
  shown = null;
}

/** Mark `move` ({from, to, path} of [row, col] cells) on the board for the game `key`. */
function showHint(move, key) {
  clearHint();
  const from = index(move.from);
  const to = index(move.to);
  const path = (Array.isArray(move.path) ? move.path : []).map(index);
  shown = { key, from, to };
  markHint({ from, to, path });
  select(from);
  const [r1, c1] = move.from;
  const [r2, c2] = move.to;
  $("hint-note").textContent = t("hintNote", { r1: r1 + 1, c1: c1 + 1, r2: r2 + 1, c2: c2 + 1 });
  emit("hint", { move: { from: move.from, to: move.to } }); // announced by whoever listens
  performance.mark("kugler:hint-shown");
}

function setHintBusy(busy) {
  $("hint").setAttribute("aria-busy", busy ? "true" : "false");
}

/**
 * Ask the engine for a hint on the game on the board and show it, unless
 * the game moved on meanwhile (then nothing is shown). Asking again while a
 * hint is shown replaces it.
 */
export async function requestHint() {
  if (watching || !app.started || !app.state || app.state.over || engine.state !== "ready") return;
  performance.mark("kugler:hint-asked");
  const request = ++hintRequest;
  clearHint();
  if (app.busy > 0) await whenIdle();
  if (request !== hintRequest) return;
  const state = app.state;
  if (!state || state.over || !(await mayHelp(state))) return;
  if (request !== hintRequest || gameKey(app.state) !== gameKey(state)) return;
  const key = gameKey(state);
  const selected = app.selected;
  setHintBusy(true);
  let reply;
  try {
    if (await catchUpWithOtherTab()) return;
    reply = await engine.request("suggest", { strength: "quick" });
    // a move sent meanwhile is answered after this: wait for it, then compare
    if (app.busy > 0) await whenIdle();
  } finally {
    if (request === hintRequest) setHintBusy(false);
  }
  const stale = request !== hintRequest || gameKey(app.state) !== key
    || app.selected !== selected || watching;
  if (stale) return;
  if (!reply.ok) {
    engineError(reply.error);
    return;
  }
  const move = reply.result.move;
  if (!move) {
    notify(t("hintNone"));
    return;
  }
  // counted before it is shown: a hint seen is a hint counted, even if the page closes now
  setBusy(+1);
  const counted = await engine.request("hint_shown", {});
  setBusy(-1);
  if (!counted.ok) {
    engineError(counted.error);
    return;
  }
  adopt(counted.result.state, "hint", { redraw: false });
  showBar(counted.result.state);
  if (request !== hintRequest || app.selected !== selected) return;
  showHint(move, gameKey(counted.result.state));
}

// -- watch --------------------------------------------------------------------------

let watching = false;
let paused = false;
let wake = null; // resolves a paused or resting watch loop

function speed() {
  return SPEEDS[app.settings.watch_speed] ? app.settings.watch_speed : "normal";
}

/** Wait `ms`, or until woken (pause, stop, a change of speed); 0 still yields to the page. */
function rest(ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      if (wake === done) wake = null;
      resolve();
    }
    wake = done;
  });
}

/** Resolves once the next frame has been painted (or after 100 ms: a hidden page paints none). */
function painted() {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(timer);
      resolve();
    }, 0));
  });
}

function wakeUp() {
  wake?.();
}

function showWatching() {
  const controls = $("watch-controls");
  if (watching) root.dataset.watching = paused ? "paused" : "playing";
  else delete root.dataset.watching;
  controls.hidden = !watching;
  const pause = $("watch-pause");
  const label = pause.querySelector("[data-i18n]");
  label.dataset.i18n = paused ? "watchResume" : "watchPause";
  label.textContent = t(label.dataset.i18n);
  pause.setAttribute("aria-pressed", paused ? "true" : "false");
  $("watch-speed").value = speed();
}

/** Hand the game back to the player: the move being made ends, no other follows. */
export function stopWatching() {
  if (!watching) return;
  watching = false;
  paused = false;
  showWatching();
  wakeUp();
}

function togglePause() {
  if (!watching) return;
  paused = !paused;
  showWatching();
  wakeUp();
}

/** The computer plays the game on the board until it ends or the player takes it back. */
export async function startWatching() {
  if (watching || !app.started || !app.state || app.state.over || engine.state !== "ready") return;
  closeWindow($("game-window"));
  hintRequest += 1; // a hint on its way is no longer wanted
  clearHint();
  await whenIdle();
  const first = app.state;
  if (!first || first.over || !(await mayHelp(first))) return;
  if (gameKey(app.state) !== gameKey(first)) return;
  watching = true;
  paused = false;
  select(null);
  showWatching();
  try {
    await playOn();
  } finally {
    stopWatching();
  }
}

async function playOn() {
  while (watching) {
    if (paused) {
      await rest(60_000);
      continue;
    }
    await whenIdle();
    const state = app.state;
    if (!watching || paused) continue;
    if (!state || state.over) return;
    const key = gameKey(state);
    const reply = await engine.request("suggest", { strength: "strong" });
    if (!watching || gameKey(app.state) !== key) return;
    if (paused) continue;
    if (!reply.ok) {
      engineError(reply.error);
      return;
    }
    const move = reply.result.move;
    if (!move) return;
    const pace = SPEEDS[speed()];
    if (pace.show > 0) {
      select(index(move.from));
      await rest(pace.show);
      if (!watching || gameKey(app.state) !== key) {
        if (app.selected === index(move.from)) select(null);
        return;
      }
    }
    const played = await playMove(move.from, move.to, { by: "computer", animate: pace.animate });
    if (!played || app.state?.over) return;
    // The move is painted before the engine thinks again: on two cores its
    // frame would otherwise share the CPU with the worker's search, and the
    // page's tasks stretch. Then a pause (at least a task boundary).
    await painted();
    await rest(SPEEDS[speed()].rest);
  }
}

// -- the page -----------------------------------------------------------------------

/** The note on the game-over window that the game had help (#go-assisted), made once. */
function assistedNote() {
  let note = $("go-assisted");
  if (!note) {
    note = document.createElement("p");
    note.id = "go-assisted";
    note.className = "assisted-note";
    note.dataset.i18n = "goAssisted";
    note.textContent = t("goAssisted");
    note.hidden = true;
    $("go-rank").after(note);
  }
  return note;
}

function typing(target) {
  return target instanceof HTMLElement
    && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/** Wire the Hint button and key H, watch mode and its control, and the assisted-game note. */
export function installAssist() {
  const template = $("assist-template");
  $("board-wrap").append(template.content);
  template.remove();
  applyWords($("watch-controls"));
  $("hint").addEventListener("click", () => requestHint());
  document.addEventListener("keydown", (event) => {
    if (event.key !== "h" && event.key !== "H") return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || typing(event.target)) return;
    if (document.querySelector("dialog[open]")) return;
    event.preventDefault();
    requestHint();
  });
  // the hint stays until the player moves, selects another ball or the game changes
  on("select", ({ index: selected }) => {
    if (shown && selected !== shown.from) clearHint();
  });
  on("state", ({ state, cause }) => {
    $("hint").disabled = $("watch").disabled = !state || state.over;
    if (shown && gameKey(state) !== shown.key) clearHint();
    if (watching && cause !== "move" && cause !== "time" && cause !== "hint") stopWatching();
  });
  on("turn", () => clearHint());
  on("over", ({ state }) => {
    assistedNote().hidden = !state.assisted;
    $("hint").disabled = $("watch").disabled = true;
  });
  assistedNote();

  $("watch").addEventListener("click", () => startWatching());
  $("watch-stop").addEventListener("click", () => stopWatching());
  $("watch-pause").addEventListener("click", () => togglePause());
  $("watch-speed").addEventListener("change", async (event) => {
    await changeSettings({ watch_speed: event.target.value });
    showWatching();
    wakeUp();
  });
  // Any tap on the board, or Undo, hands the game back: heard first (the
  // window's capture phase) and kept from the board and the Undo button,
  // which would otherwise find the board busy and drop the tap.
  const takeBack = (event, thenUndo) => {
    event.stopImmediatePropagation();
    event.preventDefault();
    stopWatching();
    if (thenUndo) whenIdle().then(() => undo());
  };
  window.addEventListener("click", (event) => {
    if (!watching || !(event.target instanceof Element)) return;
    if (event.target.closest("#grid")) takeBack(event, false);
    else if (event.target.closest("#undo")) takeBack(event, true);
  }, { capture: true });
  // the keys: Ctrl/Cmd+Z or U (undo), Escape, Enter or Space on the board
  window.addEventListener("keydown", (event) => {
    if (!watching || !(event.target instanceof Element) || event.altKey) return;
    if (document.querySelector("dialog[open]") || typing(event.target)) return;
    const key = event.key.toLowerCase();
    const command = event.ctrlKey || event.metaKey;
    if ((command && key === "z" && !event.shiftKey) || (!command && key === "u")) takeBack(event, true);
    else if (!command && key === "escape") takeBack(event, false);
    else if ((key === "enter" || key === " ") && event.target.closest("#grid")) takeBack(event, false);
  }, { capture: true });
  on("settings", () => {
    if (watching) showWatching();
  });
}
