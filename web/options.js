// The player's options (feature): the look, marks, shapes, sound and volume,
// animation speed (the Options window), and the page's language (the language window),
// each a field of the settings document. The page asks for a change
// (settings.js changeSettings), the engine validates it, and the views show
// what the validated settings say (window-options.js, language.js). The
// windows' inputs are the input layer's (buttons.js, menus.js; the key O,
// keys.js).

import { $ } from "./dom.js";
import { changeSettings } from "./settings.js";
import { useLanguage } from "./language.js";
import { openWindow } from "./windows.js";
import { showOptions } from "./window-options.js";

/** The settings fields the Options window changes. */
export const OPTIONS = Object.freeze(["look", "marks", "symbols", "sound", "volume", "speed"]);

/** Open the Options window on the settings as they are. */
export function openOptions() {
  showOptions();
  openWindow($("options-window"));
}

/**
 * Set option `name` (one of OPTIONS) to `value`; the engine validates it
 * (a value it refuses changes nothing), and the window and the board follow.
 * Throws a TypeError for a name that is no option.
 * @param {string} name
 * @param {unknown} value
 */
export function setOption(name, value) {
  if (!OPTIONS.includes(name)) throw new TypeError(`no option ${name}`);
  return changeSettings({ [name]: value });
}

/**
 * Show the page in `lang` ("da", "sv", "en", or null: the browser's) at once, and keep it in the settings.
 * @param {"da" | "sv" | "en" | null} lang
 */
export function chooseLanguage(lang) {
  useLanguage(lang);
  return changeSettings({ language: lang });
}
