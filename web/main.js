// Wires the page's modules together; it holds no logic of its own. The
// modules and their layers (platform → state → view → features → input →
// wiring) are listed in docs/architecture.md; a feature never imports another
// feature: the functions one feature calls of another are handed over here.
//
// first.js has drawn the saved game (or an empty board) and calls start() with
// the board's renderer and that game; once that frame is shown start() puts the
// rest of the page in place and shows the saved game's numbers in the bar
// (startup.js); once that page has had its first frame it starts the engine
// worker; when the engine is ready, startup.js validates settings, records and
// the saved game through it, or opens the deal of the URL fragment, or starts a
// new game. JavaScript never decides a rule: every move goes through the engine.

import { fillPage, afterNextFrame, nextTask } from "./dom.js";
import { engine } from "./api.js";
import { installBoard } from "./board.js";
import { installBar } from "./bar.js";
import { installLanguage } from "./language.js";
import { installClock } from "./clock.js";
import { installNotices } from "./notices.js";
import { installFailures } from "./failures.js";
import { installAnnouncements } from "./announce.js";
import { installSound } from "./sound.js";
import { catchUpWithOtherTab, installTabSync } from "./tabs.js";
import { activate, installPlay, newGame, playMove, restartWith, startGame } from "./play.js";
import { loadRecords, updateRecords } from "./records.js";
import { finishGame, installGameOver, openGameOverAgain } from "./gameover.js";
import { firstPaint, installStartup } from "./startup.js";
import { installTransfer } from "./transfer.js";
import { installAssist } from "./assist.js";
import { installOptionsView } from "./window-options.js";
import * as share from "./share.js";
import { installReplay, openReplayAt, openReplayLink } from "./replay.js";
import { installReview, openReview, reopenReview } from "./review.js";
import { installDaily, utcDate } from "./daily.js";
import { installMenus } from "./menus.js";
import { installButtons } from "./buttons.js";
import { installKeys } from "./keys.js";
import { registerServiceWorker } from "./pwa.js";

/**
 * Wire the page around first.js's board (types.d.ts's FirstBoard says what it hands over).
 * @param {import("./types").FirstBoard} first
 */
export async function start({ renderer, firstGame, firstBoard, boardShown }) {
  // In short tasks once the board is shown (docs/startup.md, "Lighthouse"):
  // the windows; the bar with the saved game's words and numbers in the same
  // task (no flash of others) and its views; the features; the input layer.
  await boardShown;
  await nextTask(); // after this module's evaluation
  fillPage(document, ["body"]);
  await nextTask();
  fillPage();
  installBoard(renderer, activate);
  installBar();
  installLanguage();
  installClock();
  installNotices();
  installFailures();
  firstPaint(firstGame, firstBoard);
  await nextTask();

  const catchUp = catchUpWithOtherTab;
  const openGameOver = openGameOverAgain;
  installGameOver({ updateRecords });
  installPlay({ catchUp, finishGame, openGameOver });
  installTabSync();
  installStartup({ newGame, restartWith, startGame, loadRecords, finishGame, openReplayLink, today: utcDate });
  installTransfer({ startGame, updateRecords, finishGame });
  installOptionsView();
  installAnnouncements();
  installSound();
  installAssist({ catchUp, playMove });
  share.installShare();
  installReplay({ restartWith, openGameOver, share, openReview, reopenReview });
  installReview({ share, openReplayAt, openGameOver });
  installDaily({ restartWith });
  await nextTask();
  // the input layer, once every control is on the page (watch mode's are assist.js's)
  installMenus();
  installButtons();
  installKeys(); // its capture listeners after the sound's, which hears every first gesture

  // Once the filled page has had its first frame (its style and layout would share two
  // cores with the worker's start: docs/startup.md); a worker not made fails at once.
  afterNextFrame(() => engine.start());
  registerServiceWorker();
}
