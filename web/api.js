// The engine's facade as functions (platform layer): one function per
// facade command the page uses, with its arguments named, and the error
// codes it may answer. Every function resolves to the facade's reply,
// {ok: true, result} or {ok: false, error: {code, message}}; none rejects
// (errors are data). A dead or failed engine answers {code: "engine_failed"}.
// The commands, arguments and results are docs/architecture.md's table;
// no module but this one sends a command.

import { Engine } from "./engine.js";

/** @typedef {import("./types").Cell} Cell */
/** @typedef {import("./types").GameDoc} GameDoc */
/** @typedef {import("./types").RecordsDoc} RecordsDoc */
/** @typedef {import("./types").SettingsDoc} SettingsDoc */
/** @typedef {import("./types").StateResult} StateResult */
/** @typedef {import("./types").MoveResult} MoveResult */
/** @typedef {import("./types").SuggestResult} SuggestResult */
/** @typedef {import("./types").RecordsResult} RecordsResult */
/** @typedef {import("./types").AddGameResult} AddGameResult */
/** @typedef {import("./types").MergeResult} MergeResult */
/** @typedef {import("./types").SettingsResult} SettingsResult */
/** @typedef {import("./types").FragmentResult} FragmentResult */
/** @typedef {import("./types").EncodeResult} EncodeResult */
/** @typedef {import("./types").DecodeResult} DecodeResult */
/** @typedef {import("./types").ExportResult} ExportResult */
/** @typedef {import("./types").ImportResult} ImportResult */
/** @typedef {import("./types").ReviewResult} ReviewResult */
/**
 * @template T
 * @typedef {Promise<import("./types").Reply<T>>} Answer
 */

/** The engine worker's client; started by main.js once the page has had its first frame. */
export const engine = new Engine();

/** The error codes the page tells apart (the facade's, and the client's engine_failed). */
export const CODES = Object.freeze({
  badRequest: "bad_request",
  badDocument: "bad_document",
  newerVersion: "newer_version",
  badReplay: "bad_replay",
  unreachable: "unreachable",
  gameOver: "game_over",
  nothingToUndo: "nothing_to_undo",
  internal: "internal",
  engineFailed: "engine_failed",
});

/**
 * True when `reply` failed with error `code` (one of CODES).
 * @param {import("./types").Reply<unknown>} reply
 * @param {string} code
 */
export function failedWith(reply, code) {
  return !reply.ok && reply.error?.code === code;
}

/** True when the engine is up and answers commands. */
export function engineReady() {
  return engine.state === "ready";
}

/**
 * @template T
 * @param {string} cmd
 * @param {object} args
 * @returns {Answer<T>}
 */
const send = (cmd, args) => engine.request(cmd, args);

/**
 * A new game: `line`, `id`, and one of `deal`, `daily` (YYYY-MM-DD) or `entropy`. {state}; bad_request.
 * @param {{line: number, id: string, deal?: number, daily?: string, entropy?: number}} args
 * @returns {Answer<StateResult>}
 */
export const newGame = (args) => send("new", args);

/**
 * Open a stored game document `save`. {state}; bad_document, newer_version.
 * @param {unknown} save
 * @returns {Answer<StateResult>}
 */
export const loadGame = (save) => send("load", { save });

/**
 * Move the ball at `from` to `to` ([row, col]) after `seconds` of play, by
 * "player" (left out) or "computer". {turn, state}; unreachable, game_over,
 * no_ball, target_taken, no_game, bad_request.
 * @param {Cell} from
 * @param {Cell} to
 * @param {number} seconds
 * @param {"player" | "computer"} by
 * @returns {Answer<MoveResult>}
 */
export function move(from, to, seconds, by = "player") {
  /** @type {{from: Cell, to: Cell, seconds: number, by?: string}} */
  const args = { from, to, seconds };
  if (by !== "player") args.by = by;
  return send("move", args);
}

/**
 * Take back the last move. {state}; nothing_to_undo, no_game.
 * @param {number} seconds
 * @returns {Answer<StateResult>}
 */
export const undo = (seconds) => send("undo", { seconds });

/**
 * The play time so far. {state}; no_game, bad_request.
 * @param {number} seconds
 * @returns {Answer<StateResult>}
 */
export const saveTime = (seconds) => send("time", { seconds });

/**
 * Count one more hint in the game. {state}; no_game, game_over.
 * @returns {Answer<StateResult>}
 */
export const hintShown = () => send("hint_shown", {});

/**
 * The computer player's move, `strength` "quick" or "strong". {move} (null: none); no_game.
 * @param {"quick" | "strong"} strength
 * @returns {Answer<SuggestResult>}
 */
export const suggest = (strength) => send("suggest", { strength });

/**
/**
 * Judge moves `start` .. `start + count - 1` of the game of replay `code`
 * (all to the end when `count` is left out). {moves: [{index, played, best,
 * cost, grade, accuracy}], total}; bad_replay, bad_request.
 * @param {string} code
 * @param {number} [start]
 * @param {number} [count]
 * @returns {Answer<ReviewResult>}
 */
export function review(code, start = 0, count) {
  /** @type {{code: string, start: number, count?: number}} */
  const args = { code, start };
  if (count !== undefined) args.count = count;
  return send("review", args);
}

/**
 * Validate a records document `doc` (or null) of `line`. {records, summary}; bad_document, newer_version.
 * @param {unknown} doc
 * @param {number} line
 * @returns {Answer<RecordsResult>}
 */
export const loadRecords = (doc, line) => send("records_load", { doc, line });

/**
 * Count the finished game document `game` on `date` in `records` (or null),
 * with the ranking `name` when given. {records, rank, new_record, …};
 * bad_document, bad_request.
 * @param {RecordsDoc | null} records
 * @param {GameDoc} game
 * @param {string} date
 * @param {string | null} name
 * @returns {Answer<AddGameResult>}
 */
export function addGame(records, game, date, name = null) {
  /** @type {{records: RecordsDoc | null, game: GameDoc, date: string, name?: string}} */
  const args = { records, game, date };
  if (name !== null) args.name = name;
  return send("records_add", args);
}

/**
 * Join two records documents `a`, `b` of `line`. {records, summary, complete}; bad_document, newer_version, bad_request.
 * @param {unknown} a
 * @param {unknown} b
 * @param {number} line
 * @returns {Answer<MergeResult>}
 */
export const mergeRecords = (a, b, line) => send("records_merge", { a, b, line });

/**
 * Validate a settings document `doc` (or null: the defaults). {settings}; bad_document, newer_version.
 * @param {unknown} doc
 * @returns {Answer<SettingsResult>}
 */
export const loadSettings = (doc) => send("settings_load", { doc });

/**
 * Read a URL fragment `text`. {deal, line, replay, notices}; bad_request.
 * @param {string} text
 * @returns {Answer<FragmentResult>}
 */
export const readFragment = (text) => send("fragment", { text });

/**
 * The replay code of {deal, line, history, rule} (rule: the placement rule the game was played by). {code}; bad_replay, bad_request.
 * @param {{deal: number, line: number, history: unknown, rule: number}} game
 * @returns {Answer<EncodeResult>}
 */
export const encodeReplay = ({ deal, line, history, rule }) => send("replay_encode", { deal, line, history, rule });

/**
 * The frames of replay `code`. {deal, line, history, frames}; bad_replay, bad_request.
 * @param {string} code
 * @returns {Answer<DecodeResult>}
 */
export const decodeReplay = (code) => send("replay_decode", { code });

/**
 * The export document of `records` ({4, 5}), `settings` and `game` at `date`. {doc}; bad_document.
 * @param {{records: Record<string, unknown>, settings: unknown, game: unknown, date: string}} args
 * @returns {Answer<ExportResult>}
 */
export const exportData = (args) => send("export", args);

/**
 * Read an export document `doc`. {game, records, settings}; bad_document, newer_version.
 * @param {unknown} doc
 * @returns {Answer<ImportResult>}
 */
export const importData = (doc) => send("import", { doc });
