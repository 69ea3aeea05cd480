// The help (feature): help/<lang>.json of the page's language, fetched once
// per language, shown in the help window (window-help.js).

import { openHelpWindow, showHelpDoc, showHelpMissing } from "./window-help.js";
import { language } from "./i18n.js";

const helpCache = new Map();

/** Open the help window with the help in the page's language (or say that it could not be loaded). */
export async function showHelp() {
  const lang = language();
  openHelpWindow();
  let doc = helpCache.get(lang);
  if (!doc) {
    try {
      const response = await fetch(new URL(`help/${lang}.json`, document.baseURI));
      if (!response.ok) throw new Error(String(response.status));
      doc = await response.json();
      helpCache.set(lang, doc);
    } catch {
      showHelpMissing();
      return;
    }
  }
  showHelpDoc(doc);
}
