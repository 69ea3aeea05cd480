// The page's language (view layer): the words of every element in the
// language chosen, and a "language" event for the views whose words are made
// in code (the grid's names, the bar, the failure box, the notices). It
// follows the settings ("settings" event); the language window's choice is
// shown at once (useLanguage), before the engine has validated it.

import { emit, on } from "./store.js";
import { setLanguage, detectLanguage, applyWords, LANGUAGES } from "./i18n.js";

const NONE_YET = Symbol("no language shown yet");
/** @type {string | null | typeof NONE_YET} the choice last shown: "da", "sv", "en" or null (the browser's) */
let shown = NONE_YET;

/**
 * The choice `lang` names: one of LANGUAGES, or null for the browser's.
 * @param {unknown} lang
 * @returns {string | null}
 */
function choice(lang) {
  return typeof lang === "string" && LANGUAGES.includes(lang) ? lang : null;
}

/**
 * Show the page in `lang` ("da", "sv", "en"; anything else: the browser's choice).
 * @param {unknown} lang
 */
export function useLanguage(lang) {
  const chosen = choice(lang);
  shown = chosen;
  setLanguage(chosen ?? detectLanguage());
  applyWords();
  emit("language", { language: lang });
  for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[name=lang]"))) {
    radio.checked = radio.value === (chosen ?? "auto");
  }
}

/**
 * Follow the settings' language. A choice already shown is not shown again:
 * the engine's settings at the start name the language the stored ones did
 * (null: the browser's), and writing every word again would cost the start
 * a long task for nothing.
 */
export function installLanguage() {
  on("settings", ({ settings }) => {
    if (choice(settings.language) !== shown) useLanguage(settings.language);
  });
}
