// The keyboard: a key for every action, Escape, and focus that returns.
//
//   U, Ctrl/Cmd+Z   undo                  N        new game (asks first when a game is under way)
//   M               the game window       O        the Options window
//   F1, ?           help                  Escape   closes a window (the browser's <dialog>), else deselects the ball
//
// The board's own keys (arrows, Home/End, PageUp/PageDown, Enter, Space) are
// the grid's (grid.js). A key typed into a text field, or with Alt, is left
// alone; with a window open only Escape and help act. When a window closes
// and no other is open, the focus returns to where it was before the first
// window opened (or to the board). Scrollable texts in windows get a place
// in the tab order so the keyboard can scroll them.

import { $ } from "./dom.js";
import { app } from "./store.js";
import { focusCell, select } from "./board.js";
import { showBar } from "./bar.js";
import { restartWith, undo } from "./play.js";
import { openWindow, showHelp } from "./dialogs.js";
import { openOptions } from "./options.js";

/** Start a new game; a game with moves is only given up when the player confirms (restartWith asks). */
export function newGameAsked() {
  return restartWith({ line: app.settings.line });
}

function openMenu() {
  if (app.state) showBar(app.state);
  openWindow($("game-window"));
}

const ACTIONS = {
  u: () => undo(),
  n: () => newGameAsked(),
  m: () => openMenu(),
  o: () => openOptions(),
  "?": () => showHelp(),
  F1: () => showHelp(),
};

function typing(target) {
  return target instanceof HTMLElement
    && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)
      && !["checkbox", "radio", "range", "button", "submit"].includes(target.type));
}

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

/** The keys, the focus that returns after a window, and the keyboard's reach into scrolling texts. */
export function installKeys() {
  document.addEventListener("keydown", onKey);
  let before = null; // where the focus was outside the windows
  document.addEventListener("focusin", (event) => {
    if (!event.target.closest?.("dialog")) before = event.target;
  });
  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.addEventListener("close", () => setTimeout(() => {
      if (document.querySelector("dialog[open]")) return;
      const active = document.activeElement;
      if (active && active !== document.body && !active.closest("dialog")) return;
      const usable = before?.isConnected && before.getClientRects().length > 0 && !before.disabled;
      const target = usable ? before : focusCell();
      target?.focus();
    }, 0));
  }
  for (const id of ["help-body", "stats-body", "ranking-body"]) {
    const region = $(id);
    if (region && !region.hasAttribute("tabindex")) region.tabIndex = 0;
  }
}
