// The keyboard: a key for every action, Escape, and focus that returns.
//
//   U, Ctrl/Cmd+Z   undo                  N        new game (asks first when a game is under way)
//   M               the game window       O        the Options window
//   H               a hint
//   F1, ?           help                  Escape   closes a window (the browser's <dialog>), else deselects the ball
//   in the replay viewer: ←/→ a move back or on, Home/End the start or the end;
//   opened at a move of the game review: Shift+←/→ the previous or the next mistake
//   in the game-over window's name field: Enter saves the name (instead of closing the window)
//
// The board's own keys (arrows, Home/End, PageUp/PageDown, Enter, Space) are
// the grid's (grid.js). A key typed into a text field, or with Alt, is left
// alone; with a window open only Escape and help act. When a window closes
// and no other is open, the focus returns to where it was before the first
// window opened (or to the board). Scrollable texts in windows get a place
// in the tab order so the keyboard can scroll them.
//
// While the computer plays (assist.js watch mode), Ctrl/Cmd+Z or U, Escape,
// and Enter, Space or a tap on the board, or a tap on Undo, hand the game
// back first: heard in the window's capture phase and kept from the board
// and the Undo button, which would otherwise find the board busy and drop
// them; Undo's then undoes once the board is idle.
//
// The buttons are menus.js's (the bar, the game window) and buttons.js's
// (the other windows); like them, a key only tells a feature what the player
// asked for.

import { $ } from "./dom.js";
import { app } from "./store.js";
import { focusCell, select, whenIdle } from "./board.js";
import { typedName } from "./name-form.js";
import { replayOnTop } from "./window-replay.js";
import { newGameAsked, undo } from "./play.js";
import { showHelp } from "./help.js";
import { openOptions } from "./options.js";
import { isWatching, requestHint, stopWatching } from "./assist.js";
import { moveReplay, reviewedOpen } from "./replay.js";
import { stepReviewed } from "./review.js";
import { saveName } from "./gameover.js";
import { openMenu } from "./menus.js";

/** @type {Record<string, () => unknown>} */
const ACTIONS = {
  u: () => undo(),
  n: () => newGameAsked(),
  m: () => openMenu(),
  o: () => openOptions(),
  h: () => requestHint(),
  "?": () => showHelp(),
  F1: () => showHelp(),
};

/** @param {EventTarget | null} target */
function typing(target) {
  return target instanceof HTMLElement
    && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)
      && !["checkbox", "radio", "range", "button", "submit"].includes(/** @type {HTMLInputElement} */ (target).type));
}

/** @param {KeyboardEvent} event */
function onKey(event) {
  if (event.defaultPrevented || event.altKey || typing(event.target)) return;
  const windowOpen = Boolean(document.querySelector("dialog[open]"));
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (event.ctrlKey || event.metaKey) {
    if (key === "z" && !event.shiftKey && !windowOpen) {
      event.preventDefault();
      undo();
    }
    return;
  }
  if (key === "Escape") {
    if (!windowOpen && app.selected !== null) {
      event.preventDefault();
      select(null);
    }
    return;
  }
  if (event.repeat) return;
  const action = ACTIONS[key];
  if (!action || (windowOpen && key !== "F1" && key !== "?")) return;
  event.preventDefault();
  action();
}

/** @type {Record<string, number | "first" | "last">} */
const REPLAY_KEYS = { ArrowLeft: -1, ArrowRight: 1, Home: "first", End: "last" };

/**
 * The replay viewer's keys, while it is the window on top (its grid, slider and speed keep theirs).
 * @param {KeyboardEvent} event
 */
function onReplayKey(event) {
  if (!replayOnTop()) return;
  if (/** @type {Element} */ (event.target).closest?.("[role=grid], input, select")) return; // their own keys
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.shiftKey && (event.key === "ArrowLeft" || event.key === "ArrowRight") && reviewedOpen()) {
    event.preventDefault();
    if (!event.repeat) stepReviewed(event.key === "ArrowRight" ? 1 : -1);
    return;
  }
  const where = REPLAY_KEYS[event.key];
  if (where === undefined) return;
  event.preventDefault();
  moveReplay(where);
}

/**
 * Enter in the game-over window's name field saves the name (and keeps the window open).
 * @param {KeyboardEvent} event
 */
function onNameKey(event) {
  if (event.key !== "Enter" || /** @type {Element | null} */ (event.target)?.id !== "go-name") return;
  event.preventDefault();
  saveName(typedName());
}

/**
 * A text field (of any kind) or editable text: watch mode leaves its keys alone.
 * @param {EventTarget} target
 */
function inField(target) {
  return target instanceof HTMLElement
    && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * Stop watch mode for `event` (kept from everything else), and undo after it when `thenUndo`.
 * @param {Event} event
 * @param {boolean} thenUndo
 */
function takeBack(event, thenUndo) {
  event.stopImmediatePropagation();
  event.preventDefault();
  stopWatching();
  if (thenUndo) whenIdle().then(() => undo());
}

function installHandBack() {
  window.addEventListener("click", (event) => {
    if (!isWatching() || !(event.target instanceof Element)) return;
    if (event.target.closest("#grid")) takeBack(event, false);
    else if (event.target.closest("#undo")) takeBack(event, true);
  }, { capture: true });
  window.addEventListener("keydown", (event) => {
    if (!isWatching() || !(event.target instanceof Element) || event.altKey) return;
    if (document.querySelector("dialog[open]") || inField(event.target)) return;
    const key = event.key.toLowerCase();
    const command = event.ctrlKey || event.metaKey;
    if ((command && key === "z" && !event.shiftKey) || (!command && key === "u")) takeBack(event, true);
    else if (!command && key === "escape") takeBack(event, false);
    else if ((key === "enter" || key === " ") && event.target.closest("#grid")) takeBack(event, false);
  }, { capture: true });
}

/**
 * The keys, the taps that hand a watched game back, the focus that returns
 * after a window, and the keyboard's reach into scrolling texts.
 */
export function installKeys() {
  installHandBack();
  document.addEventListener("keydown", onKey);
  document.addEventListener("keydown", onReplayKey);
  document.addEventListener("keydown", onNameKey);
  /** @type {HTMLElement | null} where the focus was outside the windows */
  let before = null;
  document.addEventListener("focusin", (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (!target.closest?.("dialog")) before = target;
  });
  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.addEventListener("close", () => setTimeout(() => {
      if (document.querySelector("dialog[open]")) return;
      const active = document.activeElement;
      if (active && active !== document.body && !active.closest("dialog")) return;
      const usable = before?.isConnected && before.getClientRects().length > 0 && !(/** @type {HTMLButtonElement} */ (before).disabled);
      const target = usable ? before : focusCell();
      target?.focus();
    }, 0));
  }
  for (const id of ["help-body", "stats-body", "ranking-body"]) {
    const region = $(id);
    if (region && !region.hasAttribute("tabindex")) region.tabIndex = 0;
  }
}
