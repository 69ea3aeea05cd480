// The Options window's view (dialog#options-window) and what its choices show
// on the page, all from the validated settings (store.js app.settings, the
// "settings" event): the window's inputs checked as the settings say, the
// coming balls' marks, the shapes on the balls, html[data-speed]. The inputs
// are the input layer's (buttons.js), the changes the feature's (options.js).
//
// The marks are the engine's own answer (state.landing: where the three
// coming balls land if nothing changes); they are hidden while a move
// animates and shown again with the state that follows it. While the
// computer helps (a hint shown, or watching it play: app.help) they are
// drawn even with the option off: the computer's move is based on them.
//
// The look (looks.js): the settings' choice, or with none (Auto) the one the
// system's preferences give, followed live when they change; applied once the
// engine has read the stored settings (first.js painted the stored look
// before). The shapes on the balls: the settings' choice, or with none the
// look's (on in the high-contrast look only).
//
// Page hooks: input[name=marks|symbols|sound|volume], input[name=speed]
// (normal, fast, off); input[name=look] (auto, wood, light, dark, contrast,
// classic, where the looks offered are); data-coming="1".."7" on the grid's
// marked cells; html[data-symbols] while the shapes are on; html[data-speed]
// (the chosen speed, "auto" when none); html[data-look] (looks.js).

import { $, root } from "./dom.js";
import { app, on } from "./store.js";
import { reducedMotion, showComing, showSymbols } from "./board.js";
import { SYMBOLS, SYMBOL_INK } from "./render.js";
import { applyLook, currentLook, onSystemLook, resolveLook } from "./looks.js";

/** True once the settings are the engine's (or the player changed one): until then first.js's look stays. */
let settingsKnown = false;

/** @type {Record<string, {fill: string, rim: string}>} */
const INK = {
  light: { fill: "#fff", rim: "#231004" },
  dark: { fill: "#2a1404", rim: "#fff" },
};

/**
 * The shape of colour `color` as an SVG image (a data: URL) for the page's small balls.
 * @param {number} color
 */
export function symbolImage(color) {
  const ink = INK[/** @type {string} */ (SYMBOL_INK[color])];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${/** @type {{d: string}} */ (SYMBOLS[color]).d}" `
    + `fill="${ink.fill}" fill-rule="evenodd" stroke="${ink.rim}" stroke-opacity=".8" stroke-width="2.4" `
    + `stroke-linejoin="round" paint-order="stroke"/></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/**
 * The marks to show now: [[index, colour], ...] of state.landing, or none.
 * @returns {[number, number][]}
 */
function marks() {
  const state = app.state;
  if (!(app.settings.marks || app.help) || !app.started || !state || state.over) return [];
  const landing = Array.isArray(state.landing) ? state.landing : [];
  return landing
    .filter((entry) => Array.isArray(entry?.[0]))
    .map(([[r, c], color]) => /** @type {[number, number]} */ ([r * state.size + c, color]));
}

function showMarks(list = marks()) {
  showComing(list);
}

/** Show the look the settings ask for (Auto: the system's) and the shapes that go with it. */
function showLook() {
  const s = app.settings;
  if (settingsKnown) applyLook(resolveLook(s.look));
  // no choice of shapes: the look's (on in the high-contrast look)
  const symbols = typeof s.symbols === "boolean" ? s.symbols : currentLook() === "contrast";
  /** @type {HTMLInputElement} */ ($("options-window").querySelector("input[name=symbols]")).checked = symbols;
  if (!settingsKnown) return;
  if (symbols) root.dataset.symbols = "";
  else delete root.dataset.symbols;
  showSymbols(symbols);
}

/** Put the validated settings into the window's inputs and onto the board. */
export function showOptions() {
  const s = app.settings;
  const form = $("options-window");
  /** @param {string} name */
  const input = (name) => /** @type {HTMLInputElement} */ (form.querySelector(`input[name=${name}]`));
  /** @param {string} name */
  const radios = (name) => /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll(`input[name=${name}]`));
  input("marks").checked = Boolean(s.marks);
  const look = s.look ?? "auto";
  for (const radio of radios("look")) radio.checked = radio.value === look;
  input("sound").checked = Boolean(s.sound);
  const volume = input("volume");
  volume.value = String(s.volume ?? 60);
  volume.disabled = !s.sound;
  // No speed chosen yet: the one the system's preference gives is checked.
  const speed = s.speed ?? (reducedMotion() ? "off" : "normal");
  for (const radio of radios("speed")) radio.checked = radio.value === speed;
  root.dataset.speed = s.speed ?? "auto";
  showLook();
  showMarks();
}

/** The shapes' images for the page's small balls; follow the settings and the game. */
export function installOptionsView() {
  for (let color = 1; color < SYMBOLS.length; color += 1) {
    root.style.setProperty(`--symbol-${color}`, symbolImage(color));
  }
  on("settings", () => {
    settingsKnown = true;
    showOptions();
  });
  onSystemLook(showLook);
  on("state", () => showMarks());
  on("help", () => showMarks());
  on("turn", () => showMarks([])); // the move animates; the next state shows the new marks
  showOptions();
}
