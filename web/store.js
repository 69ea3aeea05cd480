// The page's shared state and its event bus. No DOM, no rules: what the
// engine last answered, what the player selected, and the documents Python
// produced and validated. The game changes in one place, setState; the views
// (board, bar, clock, marks, announcements, sounds, hints) follow it by
// listening to `on(...)`.
//
// Events (detail in brackets):
//   "state"   {state, cause}  a new state is on the board; cause is one of
//                             "new", "load" (a game opens from its start),
//                             "move", "undo", "tab" (another tab's copy),
//                             "time" (the play time saved), "hint" (a hint counted)
//   "turn"    {turn, state}   a move was played; sent before it is animated
//   "select"  {index}         the selected ball changed (null: none)
//   "over"    {state}         a game ended (or a finished game was opened)
//   "settings" {settings}     the settings changed
//   "busy"    {busy}          the board became busy or idle
//   "blocked" {index}         the selected ball cannot reach that cell
//   "noBall"  {index}         an empty cell was tapped with no ball selected
//   "hint"    {move}          a hint was shown: {from: [r, c], to: [r, c]}
//   "help"    {help}          the computer's help on the board changed (app.help)
//   "notice"  {text, ms}      a notice for the player (shown by notices.js)
//   "language" {language}     the page's words changed language (views relabel)

import * as storage from "./storage.js";

/** @typedef {import("./types").State} State */
/** @typedef {import("./types").Turn} Turn */
/** @typedef {import("./types").Events} Events */

export const app = {
  /** @type {State | null} The last state the engine replied with (null before the first game). */
  state: null,
  /** @type {number | null} Index (row * size + col) of the selected ball, or null. */
  selected: null,
  /** True while a game from the engine is on the board. */
  started: false,
  /** Pending reasons the board cannot be played (a move animating, a request). */
  busy: 0,
  /** @type {import("./types").SettingsDoc} The validated settings document (defaults until the engine has read the stored one). */
  settings: {
    kind: "kugler/settings", version: 3, language: null, line: 5, speed: null, watch_speed: "normal",
    look: null, marks: false, symbols: null, sound: false, volume: 60,
  },
  /**
   * The computer's help on the board now: "hint" (a hint is shown), "watch"
   * (the computer plays) or null. While it helps, the coming balls' marks are
   * drawn whatever the option says: its move is based on them.
   * @type {import("./types").Help}
   */
  help: null,
  /**
   * The variants the engine plays (line lengths), the usual one first: its
   * answer to settings_load. Until it has answered, the first visit's (as
   * `settings` are the first visit's defaults): a copy of the engine's,
   * which tests/unit/test_web_modules.py holds equal.
   * @type {number[]}
   */
  variants: [5, 4],
  /** @type {Record<number, import("./types").RecordsDoc | null>} Validated records documents per variant (each variant's once the engine has read them). */
  records: {},
};

// What storage may be written now, per document (named by its storage key):
// a document that could not be read, is a newer version's, or is broken and
// could not be put aside is never written over by this page.
const untouchable = new Set();

/**
 * True when the document under storage key `key` may be written.
 * @param {string} key
 */
export function mayWrite(key) {
  return !untouchable.has(key);
}

/**
 * Never write the document under storage key `key` again in this page.
 * @param {string} key
 */
export function keepUntouched(key) {
  untouchable.add(key);
}

const bus = new EventTarget();

/**
 * Tell every listener of `type` (see the list above).
 * @template {keyof Events} K
 * @param {K} type
 * @param {Events[K]} detail
 */
export function emit(type, detail) {
  bus.dispatchEvent(new CustomEvent(type, { detail }));
}

/**
 * Listen to `type`; `fn(detail)`. Returns a function that stops listening.
 * @template {keyof Events} K
 * @param {K} type
 * @param {(detail: Events[K]) => void} fn
 * @returns {() => void}
 */
export function on(type, fn) {
  /** @param {Event} event */
  const listener = (event) => fn(/** @type {CustomEvent<Events[K]>} */ (event).detail);
  bus.addEventListener(type, listener);
  return () => bus.removeEventListener(type, listener);
}

/**
 * The one way the game on the page changes: take `next` (a state the engine
 * answered) as the game, store its game document (state.save) unless storage
 * must stay untouched or already holds it (cause "tab"), and tell the views
 * ("state" {state, cause}). A move also gives its `turn` and `show`: "turn"
 * is sent at once, and "state" once `show()` (the move's animation, the one
 * awaited call into the board view) has ended, when the promise returned
 * resolves. Without `show` all is done when setState returns. The saved game
 * is the state after the move even if the page closes during its animation.
 * @param {State} next
 * @param {import("./types").Cause} cause
 * @param {{turn?: Turn | null, show?: (() => Promise<unknown>) | null}} [move]
 */
export async function setState(next, cause, { turn = null, show = null } = {}) {
  app.state = next;
  if (cause !== "tab" && mayWrite(storage.KEYS.game) && next.save) storage.saveGame(next.save);
  if (turn) emit("turn", { turn, state: next });
  try {
    if (show) await show();
  } finally {
    emit("state", { state: next, cause }); // at once when there is nothing to show
  }
}

/**
 * Say what help the computer gives on the board now ("hint", "watch" or null).
 * @param {import("./types").Help} help
 */
export function setHelp(help) {
  if (app.help === help) return;
  app.help = help;
  emit("help", { help });
}

/**
 * Tell the player `text` for `ms` milliseconds (notices.js shows it; 0: until tapped).
 * @param {string} text
 */
export function tell(text, ms = 6000) {
  emit("notice", { text, ms });
}
