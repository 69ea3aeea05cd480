// Wires the page's modules together; it holds no logic of its own.
//
// first.js has drawn the saved game (or an empty board) and calls start()
// with the board's renderer and that game; once that frame is shown start() puts the rest of the page in place
// and shows the saved game's numbers in the bar (startup.js); once that page
// has had its first frame it starts the engine worker; when the engine is
// ready, startup.js validates settings, records and the saved game through
// it, or opens the deal of the URL fragment, or starts a new game.
// After every successful state change the game document of the reply
// (state.save) is stored. JavaScript never decides a rule: every move, undo and
// record goes through the engine.
//
// The modules, one role each:
//   store.js        shared state and the event bus      board.js    grid, selection, busy
//   bar.js          the bar                              clock.js    the play clock
//   notices.js      notices                              failures.js the engine's failures
//   tabs.js         saved game, other tabs               records.js  records, game over
//   preferences.js  settings and language                play.js     new game, moves, undo
//   startup.js      the engine's life                    menus.js    buttons, windows
//   transfer.js     export and import                    options.js  the Options window, marks, shapes
//   announce.js     the screen reader's messages          keys.js     keyboard shortcuts, focus
//   sound.js        the sounds                           assist.js   hint, watch
//   replay.js       the replay viewer (with share.js)    daily.js    the deal of the day

import { fillPage, afterNextFrame } from "./dom.js";
import { engine } from "./store.js";
import { installBoard } from "./board.js";
import { installClock } from "./clock.js";
import { installNotices } from "./notices.js";
import { installTabSync } from "./tabs.js";
import { activate, installTimeSaving } from "./play.js";
import { firstPaint, installStartup } from "./startup.js";
import { installMenus } from "./menus.js";
import { installTransfer } from "./transfer.js";
import { installAssist } from "./assist.js";
import { installOptions } from "./options.js";
import { installAnnouncements } from "./announce.js";
import { installKeys } from "./keys.js";
import { installSound } from "./sound.js";
import { registerServiceWorker } from "./pwa.js";
import { installReplay } from "./replay.js";
import { installDaily } from "./daily.js";

/**
 * Wire the page around first.js's board: `renderer` draws it, `firstGame` is
 * the stored game document drawn (or null), `firstBoard` its 81 colours (or
 * null), `boardShown` resolves once that frame has been painted.
 */
export async function start({ renderer, firstGame, firstBoard, boardShown }) {
  // The bar, the notices and the windows join the page once the board's first
  // frame is shown; the bar gets the saved game's numbers in the same task.
  await boardShown;
  fillPage();

  installBoard(renderer, activate);
  installClock();
  installNotices();
  installTimeSaving();
  installTabSync();
  installStartup();
  installMenus();
  installTransfer();
  installOptions();
  installAnnouncements();
  installKeys();
  installSound();
  installAssist();
  installReplay();
  installDaily();
  firstPaint(firstGame, firstBoard);

  // Started once the filled page has had its first frame: on two cores the
  // worker's downloads and compile would otherwise share the CPU with that
  // frame's style, layout and paint, the longest main-thread task of a cold
  // load, and reach ready no sooner (docs/startup.md). A worker that cannot
  // even be made fails at once: startup.js shows the error.
  afterNextFrame(() => engine.start());
  registerServiceWorker();
}
