// The bar's buttons and the game window's menu: new game, the same deal
// again, the variant, statistics, ranking, help and language (the keyboard
// shortcuts are keys.js's). What each choice means for the game is the engine's business.

import { $ } from "./dom.js";
import { engineReady } from "./api.js";
import { app } from "./store.js";
import { showBar } from "./bar.js";
import { changeSettings } from "./settings.js";
import { useLanguage } from "./language.js";
import { restartWith, undo } from "./play.js";
import { openWindow, closeOnBackdrop, selectTab } from "./windows.js";
import { confirmQuestion } from "./window-confirm.js";
import { renderStats } from "./window-stats.js";
import { renderRanking } from "./window-ranking.js";
import { showHelp } from "./help.js";
import { t } from "./i18n.js";

function openTabbed(dialog, render) {
  const line = app.state?.line ?? app.settings.line;
  const show = (l) => {
    selectTab(dialog, l);
    render(app.records[l]);
  };
  show(line);
  for (const tab of dialog.querySelectorAll(".tab")) tab.onclick = () => show(Number(tab.dataset.line));
  openWindow(dialog);
}

function retry() {
  const state = app.state;
  if (!state) return restartWith({ line: app.settings.line });
  return restartWith({ deal: state.deal, line: state.line }, { question: t("confirmRetry") });
}

async function chooseVariant(radio) {
  if (!radio.checked) return;
  const line = Number(radio.value);
  const state = app.state;
  if (!state || !engineReady() || line === state.line) {
    await changeSettings({ line });
    return;
  }
  if (state.moves > 0 && !state.over) {
    const ok = await confirmQuestion(t("confirmVariant"));
    if (!ok) {
      showBar(state);
      openWindow($("game-window"));
      return;
    }
  }
  await changeSettings({ line });
  await restartWith({ line }, { asked: true });
}

/** Wire the bar's buttons and the windows' buttons. */
export function installMenus() {
  for (const dialog of document.querySelectorAll("dialog")) closeOnBackdrop(dialog);
  $("menu").addEventListener("click", () => {
    if (app.state) showBar(app.state);
    openWindow($("game-window"));
  });
  $("undo").addEventListener("click", () => undo());
  $("new-game").addEventListener("click", () => restartWith({ line: app.settings.line }));
  $("go-new").addEventListener("click", () => restartWith({ line: app.settings.line }));
  $("retry").addEventListener("click", retry);
  $("go-retry").addEventListener("click", retry);
  for (const radio of document.querySelectorAll("input[name=line]")) {
    radio.addEventListener("change", () => chooseVariant(radio));
  }
  $("stats").addEventListener("click", () => openTabbed($("stats-window"), renderStats));
  $("ranking").addEventListener("click", () => openTabbed($("ranking-window"), renderRanking));
  $("help").addEventListener("click", () => showHelp());
  $("language").addEventListener("click", () => {
    for (const radio of document.querySelectorAll("input[name=lang]")) {
      radio.checked = radio.value === (app.settings.language ?? "auto");
    }
    openWindow($("language-window"));
  });
  for (const radio of document.querySelectorAll("input[name=lang]")) {
    radio.addEventListener("change", async () => {
      if (!radio.checked) return;
      const lang = radio.value === "auto" ? null : radio.value;
      useLanguage(lang);
      await changeSettings({ language: lang });
    });
  }
}
