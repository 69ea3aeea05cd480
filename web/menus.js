// The bar's buttons and the game window's menu (input layer): Undo, the menu,
// Hint, watch mode's control and the last game's review in the bar; new game, the same deal again,
// the variant, statistics, ranking, help, language, watch, options, the deal
// of the day and the share line's copy button in the game window; the
// language window's choices. Each only tells a feature (or a window) what
// the player asked for; the keyboard's shortcuts are keys.js's, the other
// windows' buttons buttons.js's.

import { $ } from "./dom.js";
import { app } from "./store.js";
import { showBar } from "./bar.js";
import { chooseVariant, newGameAsked, retryDeal, undo } from "./play.js";
import { openWindow, closeOnBackdrop, selectTab } from "./windows.js";
import { renderStats } from "./window-stats.js";
import { renderRanking } from "./window-ranking.js";
import { showHelp } from "./help.js";
import { chooseLanguage, openOptions } from "./options.js";
import { requestHint, setWatchSpeed, startWatching, stopWatching, toggleWatchPause } from "./assist.js";
import { playDaily } from "./daily.js";
import { shareDeal } from "./share.js";
import { reviewLastGame } from "./review.js";

/** Open the game window («Spil», #menu and the key M) with the bar's numbers and the variant up to date. */
export function openMenu() {
  if (app.state) showBar(app.state);
  openWindow($("game-window"));
}

/**
 * Open a window with a tab per variant, on the variant played, each tab drawn by `render`.
 * @param {HTMLElement} dialog
 * @param {(records: import("./types").RecordsDoc | null | undefined) => void} render
 */
function openTabbed(dialog, render) {
  const line = app.state?.line ?? app.settings.line;
  /** @param {number} l */
  const show = (l) => {
    selectTab(dialog, l);
    render(app.records[l]);
  };
  show(line);
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (dialog.querySelectorAll(".tab"))) tab.onclick = () => show(Number(tab.dataset.line));
  openWindow(dialog);
}

/** The radio buttons named `name`. */
const radios = (/** @type {string} */ name) =>
  /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll(`input[name=${name}]`));

function openLanguages() {
  for (const radio of radios("lang")) {
    radio.checked = radio.value === (app.settings.language ?? "auto");
  }
  openWindow($("language-window"));
}

/**
 * Call `action` on a click of the element `id`.
 * @param {string} id
 * @param {(event: MouseEvent & {currentTarget: HTMLElement}) => unknown} action
 */
const click = (id, action) => $(id).addEventListener("click", /** @type {(event: MouseEvent) => void} */ (action));

/** Wire the bar's buttons, the game window's and the language window's; every window closes on its backdrop. */
export function installMenus() {
  for (const dialog of document.querySelectorAll("dialog")) closeOnBackdrop(dialog);
  // the bar
  click("menu", () => openMenu());
  click("undo", () => undo());
  click("hint", () => requestHint());
  click("watch-stop", () => stopWatching());
  click("watch-pause", () => toggleWatchPause());
  click("last-review-open", () => reviewLastGame());
  $("watch-speed").addEventListener("change", (event) => setWatchSpeed(/** @type {HTMLSelectElement} */ (event.target).value));
  // the game window
  click("new-game", () => newGameAsked());
  click("retry", () => retryDeal());
  for (const radio of radios("line")) {
    radio.addEventListener("change", () => {
      if (radio.checked) chooseVariant(Number(radio.value));
    });
  }
  click("stats", () => openTabbed($("stats-window"), renderStats));
  click("ranking", () => openTabbed($("ranking-window"), renderRanking));
  click("help", () => showHelp());
  click("watch", () => startWatching());
  click("options", () => openOptions());
  click("daily", () => playDaily());
  click("share-copy", (event) => shareDeal(event.currentTarget));
  click("language", () => openLanguages());
  // the language window
  for (const radio of radios("lang")) {
    radio.addEventListener("change", () => {
      if (radio.checked) chooseLanguage(radio.value === "auto" ? null : /** @type {"da" | "sv" | "en"} */ (radio.value));
    });
  }
}
