// The buttons and fields of the windows other than the game window (input
// layer; the bar's and the game window's are menus.js's, the keys keys.js's):
//
//   game over        #go-new, #go-retry, #go-replay, #go-share, the name form's #go-name-save
//   statistics       #export, #import (its hidden file field #import-file)
//   ranking          each row's button.replay and button.share-game
//   Options          input[name=marks|symbols|sound|volume|speed|look]
//   replay viewer    #replay-prev, -next, -first, -last, -play, -move (the slider),
//                    -play-deal, -share, -review, and a reviewed move's #review-prev, #review-next
//                    (#replay-speed is read as it is, window-replay.js)
//   game review      #go-review; in #review-window each move's button (data-move) and
//                    a tap on a mark of #review-graph
//   engine failure   #engine-retry
//
// Each only tells a feature what the player asked for. A window's own
// handling stays with its view: closing on the backdrop (windows.js), a
// notice's close button (notices.js), the name's character count
// (name-form.js), the cells of a board (grid.js).

import { $ } from "./dom.js";
import { newGameAsked, retryDeal } from "./play.js";
import { saveName } from "./gameover.js";
import { typedName } from "./name-form.js";
import { shareBoardGame, shareRankingGame } from "./share.js";
import { exportData, importData } from "./transfer.js";
import { setOption } from "./options.js";
import {
  jumpReplay, moveReplay, playThisDeal, replayGameOver, replayRankingGame, reviewReplay, shareReplay,
  toggleReplayPlay,
} from "./replay.js";
import { restartEngine } from "./startup.js";
import { openReviewedMove, reviewGameOver, stepReviewed } from "./review.js";
import { graphMoveAt } from "./window-review.js";

/**
 * Call `action` on a click of the element `id`.
 * @param {string} id
 * @param {(event: MouseEvent & {currentTarget: HTMLElement}) => unknown} action
 */
const click = (id, action) => $(id).addEventListener("click", /** @type {(event: MouseEvent) => void} */ (action));

/**
 * The element `selector` names at or above the target of `event` (or null).
 * @param {Event} event
 * @param {string} selector
 * @returns {HTMLElement | null}
 */
const closestTo = (event, selector) => /** @type {Element | null} */ (event.target)?.closest?.(selector) ?? null;

function installGameOverButtons() {
  click("go-new", () => newGameAsked());
  click("go-retry", () => retryDeal());
  click("go-replay", (event) => replayGameOver(event.currentTarget));
  click("go-share", (event) => shareBoardGame(event.currentTarget));
  // the name form is made the first time a game enters the ranking (name-form.js)
  $("game-over").addEventListener("click", (event) => {
    if (closestTo(event, "#go-name-save")) saveName(typedName());
  });
}

function installDataButtons() {
  click("export", () => exportData());
  click("import", () => $("import-file").click());
  $("import-file").addEventListener("change", async () => {
    const input = /** @type {HTMLInputElement} */ ($("import-file"));
    const file = input.files?.[0];
    input.value = "";
    await importData(file);
  });
}

function installRankingButtons() {
  // the rows are made anew with each ranking shown (window-ranking.js)
  $("ranking-body").addEventListener("click", (event) => {
    const button = closestTo(event, "button.replay, button.share-game");
    if (!button) return;
    const line = Number(button.dataset.line);
    const id = button.dataset.id ?? "";
    if (button.matches("button.replay")) replayRankingGame(line, id, button);
    else shareRankingGame(line, id, button);
  });
}

function installOptionInputs() {
  const form = $("options-window");
  for (const name of ["marks", "symbols", "sound"]) {
    const box = /** @type {HTMLInputElement} */ (form.querySelector(`input[name=${name}]`));
    box.addEventListener("change", () => setOption(name, box.checked));
  }
  const volume = /** @type {HTMLInputElement} */ (form.querySelector("input[name=volume]"));
  volume.addEventListener("change", () => setOption("volume", Number(volume.value)));
  for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll("input[name=speed]"))) {
    radio.addEventListener("change", () => {
      if (radio.checked) setOption("speed", radio.value);
    });
  }
  for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll("input[name=look]"))) {
    radio.addEventListener("change", () => {
      if (radio.checked) setOption("look", radio.value === "auto" ? null : radio.value);
    });
  }
}

function installReplayButtons() {
  click("replay-prev", () => moveReplay(-1));
  click("replay-next", () => moveReplay(1));
  click("replay-first", () => moveReplay("first"));
  click("replay-last", () => moveReplay("last"));
  click("replay-play", () => toggleReplayPlay());
  $("replay-move").addEventListener("input", (event) => jumpReplay(Number(/** @type {HTMLInputElement} */ (event.target).value)));
  click("replay-play-deal", () => playThisDeal());
  click("replay-share", (event) => shareReplay(event.currentTarget));
  click("replay-review", () => reviewReplay());
}

function installReviewButtons() {
  click("go-review", () => reviewGameOver());
  click("review-prev", () => stepReviewed(-1));
  click("review-next", () => stepReviewed(1));
  // the moves' buttons are made as the review goes on (window-review.js)
  $("review-window").addEventListener("click", (event) => {
    const button = closestTo(event, "button[data-move]");
    if (button) openReviewedMove(Number(button.dataset.move));
  });
  click("review-graph", (event) => {
    const index = graphMoveAt(event);
    if (index !== null) openReviewedMove(index);
  });
}

/** Wire the windows' buttons and fields, and the engine failure box's. */
export function installButtons() {
  installGameOverButtons();
  installDataButtons();
  installRankingButtons();
  installOptionInputs();
  installReplayButtons();
  installReviewButtons();
  click("engine-retry", () => restartEngine());
}
