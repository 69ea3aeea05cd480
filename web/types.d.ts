// The shapes that cross the page's boundaries: the engine's facade
// (kugler_core/facade.py; its commands, arguments and results are
// docs/architecture.md's table), the worker's messages and the documents the
// page stores (written and validated by the engine). Type declarations only:
// the type check reads them (tsconfig.json), the site does not ship them.
// A module names one as `import("./types").State`.

import type { BoardRenderer } from "./render.js";
import type { BoardGrid } from "./grid.js";

export type { BoardRenderer, BoardGrid };

/** A board cell, [row, column], each 0-based. */
export type Cell = [number, number];

/** A colour: 1..7 (0 on a board: an empty cell). */
export type Colour = number;

/** Removed lines counted by length: {"5": 2, "7": 1}. */
export type LinesByLength = Record<string, number>;

/** An error answered by the engine or its client: `code` is one of api.js's CODES (or another facade code). */
export interface EngineError {
  code: string;
  message: string;
}

/** The facade's answer to one command: its result, or an error as data. */
export type Reply<T> =
  | { id?: number; ok: true; result: T; error?: undefined }
  | { id?: number; ok: false; error: EngineError; result?: undefined };

/** A line of balls that vanished. */
export interface Line {
  cells: Cell[];
  color: Colour;
  points: number;
}

/** One step of a turn, in order: the ball rolls, lines clear, new balls appear. */
export type TurnEvent =
  | { type: "roll"; path: Cell[]; color: Colour }
  | { type: "clear"; lines: Line[]; points: number }
  | { type: "spawn"; balls: [Cell, Colour][] };

/** What one move did (the facade's `turn`). */
export interface Turn {
  path: Cell[];
  points: number;
  lines: Line[];
  spawned: [Cell, Colour][];
  events: TurnEvent[];
}

/** The game document (kind "kugler/game", version 3), as the engine writes it. */
export interface GameDoc {
  kind: "kugler/game";
  version: number;
  id: string;
  deal: number;
  line: number;
  ball: number;
  /** The board's rows of colours (0: empty). */
  board: number[][];
  next: Colour[];
  score: number;
  moves: number;
  seconds: number;
  lines: LinesByLength;
  over: boolean;
  hints: number;
  computer: number;
  daily: string | null;
  rule: number;
  landing: unknown[];
  undo: unknown;
  history?: unknown;
  [key: string]: unknown;
}

/** The engine's state of the game in play (the facade's `state`): what the page draws and stores. */
export interface State {
  /** The board's side, in cells. */
  size: number;
  /** The board's colours, row by row (size × size; 0: empty). */
  board: Colour[];
  next: Colour[];
  score: number;
  moves: number;
  over: boolean;
  can_undo: boolean;
  line: number;
  deal: number;
  seconds: number;
  lines: LinesByLength;
  id: string;
  /** Where each coming ball will land (placement rule 2), with its colour. */
  landing: [Cell, Colour][];
  rule: number;
  history_known: boolean;
  hints: number;
  computer: number;
  /** True when a hint was shown or the computer moved in this game. */
  assisted: boolean;
  /** True when this game can set the record and enter the ranking (records.py's rule: no help). */
  counts_for_record: boolean;
  daily: string | null;
  save: GameDoc;
}

/** One entry of a records document's ranking. */
export interface RankingEntry {
  id: string;
  points: number;
  moves: number;
  seconds: number;
  lines: LinesByLength;
  deal: number;
  date: string;
  name: string | null;
  history: string | null;
  rule: number;
}

/** A finished game of a records document's recent list. */
export interface RecentGame {
  id: string;
  points: number;
  moves: number;
  seconds: number;
  lines: LinesByLength;
  assisted: boolean;
}

/** The records document of one variant (kind "kugler/records", version 3). */
export interface RecordsDoc {
  kind: "kugler/records";
  version: number;
  line: number;
  record: number;
  ranking: RankingEntry[];
  stats: {
    games: number;
    points: number;
    moves: number;
    seconds: number;
    best: number;
    lines: LinesByLength;
    assisted: { games: number; points: number };
    daily: Record<string, number>;
    recent: RecentGame[];
  };
}

/** What the Statistics window shows of a records document. */
export interface Summary {
  games: number;
  points: number;
  average: number;
  best: number;
  moves: number;
  seconds: number;
  lines: LinesByLength;
  recent_points: number[];
  assisted: { games: number; points: number };
  daily: { date: string; points: number }[];
}

/** The settings document (kind "kugler/settings"). */
export interface SettingsDoc {
  kind: "kugler/settings";
  version: number;
  language: "da" | "sv" | "en" | null;
  line: number;
  speed: "normal" | "fast" | "off" | null;
  watch_speed: "slow" | "normal" | "fast" | "max";
  /** The page's look (null: the system's light or dark). */
  look: "wood" | "light" | "dark" | "contrast" | "classic" | null;
  marks: boolean;
  /** A shape on every ball (null: as the look has it). */
  symbols: boolean | null;
  sound: boolean;
  volume: number;
}

/** The export document: one file with the game, both variants' records and the settings. */
export interface ExportDoc {
  kind: "kugler/export";
  version: number;
  date: string;
  game: GameDoc | null;
  records: Record<string, RecordsDoc | null>;
  settings: SettingsDoc;
}

/** A position of a replay. */
export interface ReplayFrame {
  board: Colour[];
  next: Colour[];
  score: number;
  moves: number;
  over: boolean;
  turn: Turn | null;
}

/** A move the computer player proposes. */
export interface Suggestion {
  from: Cell;
  to: Cell;
  path: Cell[];
}

// The facade's results, command by command.

export interface StateResult { state: State }
export interface MoveResult { turn: Turn; state: State }
export interface SuggestResult { move: Suggestion | null }
export interface RecordsResult { records: RecordsDoc; summary: Summary }
export interface AddGameResult extends RecordsResult {
  rank: number | null;
  new_record: boolean;
  previous_record: number;
  already_counted: boolean;
  assisted: boolean;
  daily_best: number | null;
  daily_beaten: boolean;
}
export interface MergeResult extends RecordsResult { complete: boolean }
export interface SettingsResult {
  settings: SettingsDoc;
  /** The variants (line lengths), the first-visit one first. */
  variants: number[];
}
export interface FragmentResult {
  deal: number | null;
  /** True for #daily: the deal of the day (the page sends `new` with today's date). */
  daily: boolean;
  line: number | null;
  replay: string | null;
  notices: { code: string; text: string }[];
}
export interface EncodeResult { code: string }
export interface DecodeResult {
  deal: number;
  line: number;
  rule: number;
  history: [number, number][];
  frames: ReplayFrame[];
}
export interface ExportResult { doc: ExportDoc }
export interface ImportResult {
  game: GameDoc | null;
  records: Record<string, RecordsDoc>;
  settings: SettingsDoc;
}

/** One move of a game review: the move played, the computer's best, and how much it cost. */
export interface ReviewedMove {
  index: number;
  played: [Cell, Cell];
  best: [Cell, Cell];
  cost: number;
  grade: "best" | "good" | "inaccuracy" | "mistake" | "blunder";
  accuracy: number;
}
export interface ReviewResult { moves: ReviewedMove[]; total: number }

/** A request the page posts to the engine worker. */
export interface Request {
  id: number;
  cmd: string;
  args: object;
}

/** A status message of the engine worker (a reply carries an `id` instead). */
export type WorkerStatus =
  | { type: "ready"; build: string | null }
  | { type: "failed"; code: string; message: string };

/** What first.js hands main.js: the board it drew and how. */
export interface FirstBoard {
  renderer: BoardRenderer;
  /** The stored game document drawn, unvalidated (or null). */
  firstGame: GameDoc | null;
  /** Its board's colours as drawn (or null). */
  firstBoard: number[] | null;
  /** Resolves once that frame has been painted. */
  boardShown: Promise<void>;
}

/** What the game-over window shows besides the final state (gameover.js). */
export interface GameOverInfo {
  record: number;
  newRecord?: boolean;
  previousRecord?: number;
  rank?: number | null;
  dailyBest?: number | null;
  dailyBeaten?: boolean;
  /** The name given to a ranked game. */
  name?: string;
}

/** A help page as tools/help_pages.py writes it (help/<language>.json). */
export interface HelpDoc {
  title?: string;
  blocks?: {
    type: "h" | "step" | "p" | "list" | "table";
    text?: string;
    label?: string;
    items?: string[];
    rows?: string[][];
  }[];
}

/**
 * A game to replay or share: its deal, variant, placement rule and moves
 * ([[from, to], …] cell indices, or a ranking entry's stored text).
 */
export interface ReplayGame {
  deal: number;
  line: number;
  history: [number, number][] | string | null;
  rule: number;
}

/** share.js's functions that replay.js calls (handed over by main.js). */
export type ShareFunctions = Pick<typeof import("./share.js"),
  "boardGame" | "rankingGame" | "replayCode" | "shareGame" | "showShareStatus">;

/**
 * records.js's updateRecords: under the records lock, join the stored copy
 * of `line`'s records with the page's, hand it to `change` and keep what it answers.
 */
export type UpdateRecords = <R extends RecordsResult>(
  line: number, change: (base: RecordsDoc | null) => Promise<Reply<R>>) => Promise<Reply<R>>;

/** play.js's startGame: put a game the engine opened on the board. */
export type StartGame = (state: State, cause: Cause) => void;
/** gameover.js's finishGame: count a finished game and (when `show`) open the game-over window. */
export type FinishGame = (final: State, show: boolean) => Promise<void>;

/** What a new game is asked for (play.js newGame): a deal, a day's deal, or a random one. */
export interface NewGameOptions {
  deal?: number | null;
  line?: number;
  daily?: string | null;
}

/** Why the game on the page changed (store.js setState). */
export type Cause = "new" | "load" | "move" | "undo" | "tab" | "time" | "hint";

/** The computer's help on the board: a hint shown, the computer playing, or none. */
export type Help = "hint" | "watch" | null;

/** The page's events (store.js's bus) and what each carries. */
export interface Events {
  state: { state: State; cause: Cause };
  turn: { turn: Turn; state: State };
  select: { index: number | null };
  over: { state: State };
  settings: { settings: SettingsDoc };
  busy: { busy: boolean };
  blocked: { index: number };
  /** An empty cell was tapped with no ball selected. */
  noBall: { index: number };
  hint: { move: { from: Cell; to: Cell } };
  help: { help: Help };
  notice: { text: string; ms: number };
  /** The language asked for, as given (the page shows it if it is one of i18n.js's LANGUAGES). */
  language: { language: unknown };
}
