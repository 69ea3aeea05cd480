// The page's language (view layer): the words of every element in the
// language chosen, and a "language" event for the views whose words are made
// in code (the grid's names, the bar, the failure box, the notices). It
// follows the settings ("settings" event); the language window's choice is
// shown at once (useLanguage), before the engine has validated it.

import { emit, on } from "./store.js";
import { setLanguage, detectLanguage, applyWords, LANGUAGES } from "./i18n.js";

let shown; // the choice last shown (undefined: none yet)

/** Show the page in `lang` ("da", "sv", "en"; anything else: the browser's choice). */
export function useLanguage(lang) {
  shown = lang;
  setLanguage(LANGUAGES.includes(lang) ? lang : detectLanguage());
  applyWords();
  emit("language", { language: lang });
  for (const radio of document.querySelectorAll("input[name=lang]")) {
    radio.checked = radio.value === (LANGUAGES.includes(lang) ? lang : "auto");
  }
}

/** Follow the settings' language (a choice already shown is not shown again). */
export function installLanguage() {
  on("settings", ({ settings }) => {
    if (settings.language !== shown) useLanguage(settings.language);
  });
}
