// The page's shared state and its event bus. No DOM, no rules: what the
// engine last answered, what the player selected, and the documents Python
// produced and validated. Modules read and write `app`; modules that only
// follow the game (announcements, marks, sounds, hints) listen to `on(...)`.
//
// Events (detail in brackets):
//   "state"   {state, cause}  a new state is on the board; cause is one of
//                             "new", "load", "move", "undo", "tab", "time"
//   "turn"    {turn, state}   a move was played; sent before it is animated
//   "select"  {index}         the selected ball changed (null: none)
//   "over"    {state}         a game ended (or a finished game was opened)
//   "settings" {settings}     the settings changed
//   "busy"    {busy}          the board became busy or idle
//   "blocked" {index}         the selected ball cannot reach that cell
//   "hint"    {move}          a hint was shown: {from: [r, c], to: [r, c]}

import { Engine } from "./engine.js";

/** The engine worker's client; started by main.js once the page has had its first frame. */
export const engine = new Engine();

export const app = {
  /** The last state the engine replied with (null before the first game). */
  state: null,
  /** Index (0..80) of the selected ball, or null. */
  selected: null,
  /** True while a game from the engine is on the board. */
  started: false,
  /** Pending reasons the board cannot be played (a move animating, a request). */
  busy: 0,
  /** The validated settings document (defaults until the engine has read the stored one). */
  settings: {
    kind: "kugler/settings", version: 2, language: null, line: 5, speed: null, watch_speed: "normal",
    marks: false, symbols: false, sound: false, volume: 60,
  },
  settingsWritable: true,
  /** False while storage holds a saved game from a newer version: never overwrite it. */
  gameWritable: true,
  /** Validated records documents per variant. */
  records: { 4: null, 5: null },
  recordsWritable: { 4: true, 5: true },
};

const bus = new EventTarget();

/** Tell every listener of `type` (see the list above). */
export function emit(type, detail = {}) {
  bus.dispatchEvent(new CustomEvent(type, { detail }));
}

/** Listen to `type`; `fn(detail)`. Returns a function that stops listening. */
export function on(type, fn) {
  const listener = (event) => fn(event.detail);
  bus.addEventListener(type, listener);
  return () => bus.removeEventListener(type, listener);
}
