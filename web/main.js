// Wires the page: the engine worker, the canvas, the grid, storage, words and
// windows. This is the only module that knows all the others.
//
// Order of events: first.js has drawn the saved game (or an empty board);
// once that frame is shown this module puts the rest of the page in place
// and shows the saved game's numbers in the bar; once that page has had its
// first frame it starts the engine worker; when the engine is ready, it
// validates settings, records and the saved game through it, or opens the
// deal of the URL fragment, or starts a new game.
// After every successful state change the game document of the reply
// (state.save) is stored. JavaScript never decides a rule: every move, undo and
// record goes through the engine.

import { renderer, firstGame, firstBoard, boardShown, fillPage, afterNextFrame } from "./first.js";
import { Engine } from "./engine.js";
import * as storage from "./storage.js";
import { SIZE } from "./render.js";
import { BoardGrid } from "./grid.js";
import { t, setLanguage, detectLanguage, applyWords, formatTime, formatNumber, colorName, LANGUAGES, language } from "./i18n.js";
import {
  openWindow, closeWindow, closeOnBackdrop, confirmQuestion, showGameOver,
  renderStats, renderRanking, selectTab, showHelp,
} from "./dialogs.js";
import { registerServiceWorker } from "./pwa.js";

// The bar, the notices and the windows join the page once the board's first
// frame is shown; the bar gets the saved game's numbers in the same task.
await boardShown;
fillPage();

// Started once the filled page has had its first frame (afterNextFrame below):
// on two cores the worker's downloads and compile would otherwise share the
// CPU with that frame's style, layout and paint, the longest main-thread
// task of a cold load, and reach ready no sooner (docs/startup.md).
const engine = new Engine();

const $ = (id) => document.getElementById(id);
const root = document.documentElement;

// ------------------------------------------------------------------ state

let state = null; // the last state the engine replied with
let selected = null; // index of the selected ball
let busyCount = 0;
let started = false; // a game from the engine is on the board
let settings = { kind: "kugler/settings", version: 1, language: null, line: 5, reduced_motion: null };
let settingsWritable = true;
let gameWritable = true; // false while storage holds a saved game from a newer version
const records = { 4: null, 5: null };
const recordsWritable = { 4: true, 5: true };
const clock = { baseMs: 0, since: null };

const motionQuery = window.matchMedia?.("(prefers-reduced-motion: reduce)");
function reducedMotion() {
  if (settings.reduced_motion === true || settings.reduced_motion === false) return settings.reduced_motion;
  return Boolean(motionQuery?.matches);
}

// ------------------------------------------------------------------ board and grid

// The board's size depends on the bar's height (--bar-h in the stylesheet),
// and the bar's height on its width, which follows the board's: measured
// until it settles (two rounds at most in practice), after the first layout
// with the bar's words (firstPaint), then on every resize. A board drawn at a
// size that then changes is drawn twice, with all its images.
const bar = document.querySelector(".bar");
// While the stylesheet's guess (--bar-guess) is right, --bar-h stays unset:
// setting it on the root restyles every element of the page.
function measureBar() {
  for (let round = 0; round < 4; round += 1) {
    const height = `${Math.ceil(bar.getBoundingClientRect().height)}px`;
    const used = root.style.getPropertyValue("--bar-h")
      || getComputedStyle(root).getPropertyValue("--bar-guess").trim();
    if (used === height) return;
    root.style.setProperty("--bar-h", height);
  }
}

renderer.reducedMotion = reducedMotion;
const grid = new BoardGrid($("grid"), (row, col) => activate(row, col));

function setBusy(delta) {
  busyCount = Math.max(0, busyCount + delta);
  grid.setBusy(busyCount > 0);
}

function select(index) {
  selected = index;
  renderer.setSelected(index);
  grid.setSelected(index);
}

// ------------------------------------------------------------------ the bar

let shownScore = 0;

function showBar(view) {
  const score = view.score ?? 0;
  $("score").textContent = formatNumber(score);
  if (score > shownScore && started && !reducedMotion()) {
    const el = $("score");
    el.classList.remove("bump");
    void el.offsetWidth; // restart the animation
    el.classList.add("bump");
  }
  shownScore = score;
  $("deal").textContent = view.deal ? String(view.deal) : "–";
  const next = $("next");
  const colors = view.next ?? [];
  [...next.children].forEach((ball, i) => {
    ball.dataset.color = colors[i] ? String(colors[i]) : "";
  });
  next.setAttribute("aria-label", `${t("next")}: ${colors.map((c) => colorName(c)).join(", ")}`);
  $("undo").disabled = !(view.can_undo && started);
  showRecord(view.line ?? settings.line);
  if (view.deal) {
    const link = new URL(`#deal=${view.deal}&line=${view.line}`, location.href);
    $("share-link").textContent = link.href;
  }
  for (const radio of document.querySelectorAll("input[name=line]")) {
    radio.checked = Number(radio.value) === Number(view.line ?? settings.line);
  }
}

function showRecord(line) {
  const doc = records[line];
  $("record").textContent = formatNumber(doc?.record ?? 0);
}

// ------------------------------------------------------------------ the clock

function clockRunning() {
  return started && state && !state.over && document.visibilityState === "visible";
}

function elapsedMs() {
  return clock.baseMs + (clock.since === null ? 0 : performance.now() - clock.since);
}

function seconds() {
  return Math.floor(elapsedMs() / 1000);
}

function resetClock(secs) {
  clock.baseMs = secs * 1000;
  clock.since = null;
  updateClock();
}

function updateClock() {
  const run = clockRunning();
  if (run && clock.since === null) clock.since = performance.now();
  if (!run && clock.since !== null) {
    clock.baseMs = elapsedMs();
    clock.since = null;
  }
  $("time").textContent = formatTime(seconds());
}
setInterval(updateClock, 500);

// A page being left (closed, reloaded, navigated away) gets pagehide before
// visibilitychange: its engine could no longer answer in time to save the
// play time, and the worker would only take CPU from the next page's start
// (a reload started ~160 ms later with it).
let leaving = false;
window.addEventListener("pagehide", () => { leaving = true; });
window.addEventListener("pageshow", () => { leaving = false; });

document.addEventListener("visibilitychange", () => {
  const wasRunning = clock.since !== null;
  updateClock();
  if (document.visibilityState === "hidden" && !leaving && wasRunning && started
      && engine.state === "ready") {
    engine.request("time", { seconds: seconds() }).then((reply) => {
      if (reply.ok) adopt(reply.result.state, { redraw: false });
    });
  }
});

// ------------------------------------------------------------------ notices

let noticeTimer = 0;
function notify(text, ms = 6000) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(noticeTimer);
  if (ms > 0) noticeTimer = setTimeout(() => { box.hidden = true; }, ms);
}

$("notice").addEventListener("click", () => {
  $("notice").hidden = true;
});

// While storage cannot be written (missing, disabled, full) a notice stays up.
function showStorageNotice(ok) {
  const box = $("storage-notice");
  box.textContent = t("storageUnavailable");
  box.hidden = ok;
}
storage.onAvailability(showStorageNotice);

// ------------------------------------------------------------------ applying states

/** Save a game document produced by the engine (unless it must stay untouched). */
function saveGame(doc) {
  if (gameWritable && doc) storage.saveGame(doc);
}

/** True when the stored game is still the one this tab shows (same id, moves, end). */
function storedIsOurs() {
  const stored = storage.loadGame();
  if (!stored || stored.failed || !("doc" in stored) || !state) return true;
  const doc = stored.doc;
  return doc?.id === state.id && doc?.moves === state.moves && doc?.over === state.over;
}

/**
 * Another tab changed the saved game: load its copy (validated by the engine)
 * and show it. Resolves true when it was adopted.
 */
async function adoptOtherTab(doc) {
  setBusy(+1);
  const reply = await engine.request("load", { save: doc });
  setBusy(-1);
  if (!reply.ok) return false;
  closeWindow($("game-over"));
  select(null);
  state = reply.result.state;
  renderer.setBoard(state.board);
  grid.setBoard(state.board);
  showBar(state);
  resetClock(state.seconds);
  notify(t("otherTab"));
  return true;
}

/** Before changing the game: if another tab changed it meanwhile, take its copy instead. */
async function catchUpWithOtherTab() {
  if (!gameWritable || storedIsOurs()) return false;
  return adoptOtherTab(storage.loadGame().doc);
}

/** Take `next` as the current state: store it and (unless told otherwise) draw it at once. */
function adopt(next, { redraw = true } = {}) {
  state = next;
  saveGame(next.save);
  if (redraw) {
    renderer.setBoard(next.board);
    grid.setBoard(next.board);
    showBar(next);
  }
  updateClock();
}

function startGame(next) {
  started = true;
  shownScore = next.score ?? 0; // a game that opens is not a score that grows
  select(null);
  resetClock(next.seconds ?? 0);
  adopt(next);
  updateClock();
}

function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function entropy() {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return (hi & 0x1fffff) * 2 ** 32 + lo;
}

/** Start a new game: a given deal, or a random one. Resolves true on success. */
async function newGame({ deal = null, line = settings.line } = {}) {
  if (engine.state !== "ready") return false;
  closeWindow($("game-over"));
  setBusy(+1);
  const args = { line, id: newId() };
  if (deal) args.deal = deal;
  else args.entropy = entropy();
  const reply = await engine.request("new", args);
  setBusy(-1);
  if (!reply.ok) {
    engineError(reply.error);
    return false;
  }
  startGame(reply.result.state);
  return true;
}

// ------------------------------------------------------------------ playing

let flashing = false;

async function activate(row, col) {
  if (busyCount > 0 || !started || !state || engine.state !== "ready") return;
  if (state.over) {
    openGameOverAgain();
    return;
  }
  const index = row * SIZE + col;
  if (state.board[index]) {
    select(selected === index ? null : index);
    return;
  }
  if (selected === null) return;
  const from = [Math.floor(selected / SIZE), selected % SIZE];
  // never play on (and then write) an old copy of a game another tab moved on
  if (await catchUpWithOtherTab()) return;
  setBusy(+1);
  const reply = await engine.request("move", { from, to: [row, col], seconds: seconds() });
  if (!reply.ok) {
    setBusy(-1);
    if (reply.error?.code === "unreachable") flash(index);
    else if (reply.error?.code === "game_over") openGameOverAgain();
    else engineError(reply.error);
    return;
  }
  const { turn, state: next } = reply.result;
  state = next;
  saveGame(next.save); // the saved game is the state after the move, even if the page closes now
  select(null);
  try {
    await renderer.playTurn(turn, next.board);
  } finally {
    grid.setBoard(next.board);
    showBar(next);
    updateClock();
    setBusy(-1);
  }
  if (next.over) await finishGame(next, true);
}

function flash(index) {
  const ms = 640;
  grid.flash(index, ms);
  if (!flashing) {
    flashing = true;
    renderer.flash(index).then(() => { flashing = false; });
  }
}

async function undo() {
  if (busyCount > 0 || !started || !state?.can_undo || engine.state !== "ready") return;
  if (await catchUpWithOtherTab()) return;
  setBusy(+1);
  const reply = await engine.request("undo", { seconds: seconds() });
  setBusy(-1);
  if (!reply.ok) {
    if (reply.error?.code === "nothing_to_undo") notify(t("undoNothing"));
    else engineError(reply.error);
    return;
  }
  select(null);
  closeWindow($("game-over"));
  adopt(reply.result.state);
}

// ------------------------------------------------------------------ records

let lastOver = null;
let playerName = ""; // the last name typed for the ranking (this session)

/** Run fn while holding the records lock (shared by every tab), or just run it. */
function withRecordsLock(fn) {
  if (navigator.locks?.request) return navigator.locks.request("kugler-records", fn);
  return fn();
}

/**
 * Under the records lock: re-read the stored records of `line`, join them with
 * this tab's copy (records_merge, a = stored, b = ours), pass the result to
 * `change(base)` (an engine request answering {records, ...}) and store what it
 * answers. Nothing is written when the stored copy could not be read, is from
 * a newer version, or is broken and could not be kept aside: records are never
 * replaced by a copy that may miss games. Resolves to change's reply.
 */
function updateRecords(line, change) {
  return withRecordsLock(async () => {
    let base = records[line];
    let writable = recordsWritable[line];
    const stored = storage.loadRecords(line);
    if (stored?.failed) writable = false;
    else if (stored && writable) {
      const merged = "doc" in stored
        ? await engine.request("records_merge", { a: stored.doc, b: base, line })
        : { ok: false, error: { code: "bad_document" } };
      if (merged.ok) base = merged.result.records;
      else if (merged.error?.code === "newer_version") {
        recordsWritable[line] = writable = false;
        notify(t("newerVersion"), 10000);
      } else if (merged.error?.code === "bad_document") {
        if (storage.keepBroken(stored.raw, storage.KEYS.records(line))) {
          notify(t("brokenRecords", { variant: t(`variant${line}`) }), 10000);
        } else writable = false;
      } else writable = false;
    }
    const reply = await change(base);
    if (reply.ok) {
      records[line] = reply.result.records;
      if (writable) storage.saveRecords(line, reply.result.records);
    }
    return reply;
  });
}

/**
 * Count the game in the records of its variant and (when `show`) open the
 * game-over window: right after the final board has been painted, with what
 * the final state says, then completed with what the records answer (record,
 * new record, rank, name field) if it still shows this game. The board is not
 * busy meanwhile: the records are written under their own lock, from the
 * final state alone.
 */
async function finishGame(final, show) {
  const line = final.line;
  const date = new Date().toISOString();
  const known = records[line]?.record ?? 0;
  lastOver = { final, info: { record: Math.max(known, final.score) }, date };
  const dialog = $("game-over");
  dialog.dataset.records = "pending"; // "done" once the window shows what the records say
  updateClock();
  if (show) {
    // The player sees the last move land before the window covers the board.
    requestAnimationFrame(() => setTimeout(() => {
      if (lastOver?.final === final && isOnBoard(final)) showOver();
    }, 0));
  }
  const reply = await updateRecords(line, (base) =>
    engine.request("records_add", { records: base, game: final.save, date }));
  if (lastOver?.final !== final) return; // another game ended meanwhile
  if (reply.ok) {
    const r = reply.result;
    const info = {
      record: r.records?.record ?? final.score,
      newRecord: Boolean(r.new_record) && !r.already_counted,
      previousRecord: r.previous_record,
      rank: r.rank,
    };
    const entry = r.records?.ranking?.find((e) => e.id === final.id);
    info.name = entry?.name ?? "";
    lastOver.info = info;
    showRecord(state?.line ?? line);
  } else if (reply.error?.code === "internal") {
    engineError(reply.error);
  }
  if (show && dialog.open && isOnBoard(final)) showOver();
  dialog.dataset.records = "done";
}

/**
 * The name field of the game-over window (#go-name-row), made from its
 * template the first time a game enters the ranking.
 */
function nameRow() {
  const existing = $("go-name-row");
  if (existing) return existing;
  const template = $("go-name-template");
  template.after(template.content.cloneNode(true));
  const row = $("go-name-row");
  applyWords(row);
  $("go-name-save").addEventListener("click", () => saveName());
  $("go-name").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault(); // Enter saves the name instead of closing the window
      saveName();
    }
  });
  $("go-name").addEventListener("input", () => { $("go-name-saved").hidden = true; });
  return row;
}

/** The game-over window, with the name field when the game is in the ranking. */
function showOver() {
  const { final, info } = lastOver;
  showGameOver(final, info);
  if (info.rank) {
    nameRow().hidden = false;
    $("go-name").value = info.name || playerName || lastName(final.line);
  } else if ($("go-name-row")) {
    $("go-name-row").hidden = true;
  }
}

/** The most recent name in the ranking of `line` (text from a validated document). */
function lastName(line) {
  const named = (records[line]?.ranking ?? []).filter((e) => e.name).sort((a, b) => String(b.date).localeCompare(String(a.date)));
  return named[0]?.name ?? "";
}

/**
 * Put the typed name on the finished game's ranking entry: Python cleans it
 * (records_add of the game alone, with the name) and the copy is merged into
 * the stored records, whose entry for that game it replaces.
 */
async function saveName() {
  if (!lastOver?.info?.rank || engine.state !== "ready") return;
  const { final, date } = lastOver;
  const typed = $("go-name").value;
  playerName = typed;
  const line = final.line;
  const named = await engine.request("records_add", { records: null, game: final.save, date, name: typed });
  if (!named.ok) return;
  const reply = await updateRecords(line, (base) =>
    engine.request("records_merge", { a: base, b: named.result.records, line }));
  if (!reply.ok) return;
  const entry = reply.result.records.ranking.find((e) => e.id === final.id);
  lastOver.info.name = entry?.name ?? "";
  $("go-name").value = lastOver.info.name;
  $("go-name-saved").hidden = false;
}

/** Whether the finished game `final` is still the one on the board (not undone or replaced). */
function isOnBoard(final) {
  return Boolean(state?.over && state.id === final?.id);
}

function openGameOverAgain() {
  if (lastOver && isOnBoard(lastOver.final)) showOver();
}

/** Validate a stored records document through the engine; keep a broken one aside. */
async function loadRecords(line) {
  const stored = storage.loadRecords(line);
  // Unread records (storage failed) are shown as none, but never written over:
  // every write re-reads and merges first (updateRecords).
  if (stored?.failed) { /* nothing readable now */ } else if (stored && !("doc" in stored)) {
    if (!storage.keepBroken(stored.raw, storage.KEYS.records(line))) recordsWritable[line] = false;
    notify(t("brokenRecords", { variant: t(`variant${line}`) }), 10000);
  }
  const reply = await engine.request("records_load", { doc: stored && !stored.failed ? stored.doc ?? null : null, line });
  if (reply.ok) {
    records[line] = reply.result.records;
    return;
  }
  if (reply.error?.code === "newer_version") {
    recordsWritable[line] = false;
    notify(t("newerVersion"));
  } else if (reply.error?.code === "bad_document") {
    if (!storage.keepBroken(stored.raw, storage.KEYS.records(line))) recordsWritable[line] = false;
    notify(t("brokenRecords", { variant: t(`variant${line}`) }), 10000);
  } else recordsWritable[line] = false;
  const empty = await engine.request("records_load", { doc: null, line });
  records[line] = empty.ok ? empty.result.records : null;
}

// ------------------------------------------------------------------ settings

async function loadSettings() {
  const stored = storage.loadSettings();
  if (stored?.failed) settingsWritable = false;
  let reply = await engine.request("settings_load", { doc: stored && !stored.failed ? stored.doc ?? "" : null });
  if (!reply.ok) {
    if (reply.error?.code === "newer_version") {
      settingsWritable = false;
      notify(t("newerVersion"), 10000);
    } else if (stored) {
      if (!storage.keepBroken(stored.raw, storage.KEYS.settings)) settingsWritable = false;
      notify(t("brokenSettings"), 10000);
    }
    reply = await engine.request("settings_load", { doc: null });
  }
  if (reply.ok) settings = reply.result.settings;
  useLanguage(settings.language);
}

/** Change settings fields, validate them through the engine, store them. */
let pendingSettings = null; // changes made before the engine was ready

async function changeSettings(changes) {
  const wanted = { ...settings, ...changes };
  settings = wanted;
  if (engine.state !== "ready") {
    pendingSettings = { ...pendingSettings, ...changes };
    return;
  }
  const reply = await engine.request("settings_load", { doc: wanted });
  if (reply.ok) {
    settings = reply.result.settings;
    if (settingsWritable) storage.saveSettings(settings);
  }
}

function useLanguage(lang) {
  setLanguage(LANGUAGES.includes(lang) ? lang : detectLanguage());
  applyWords();
  grid.relabel();
  if (state) showBar(state);
  if (root.dataset.engine === "failed") showEngineError(lastFailure);
  $("storage-notice").textContent = t("storageUnavailable");
  for (const radio of document.querySelectorAll("input[name=lang]")) {
    radio.checked = radio.value === (LANGUAGES.includes(lang) ? lang : "auto");
  }
}

// ------------------------------------------------------------------ the engine's life

let lastFailure = null;

function showEngineError(failure) {
  lastFailure = failure;
  const key = {
    no_wasm: "engineFailedNoWasm",
    download: "engineFailedDownload",
    crashed: "engineCrashed",
    internal: "engineCrashed",
  }[failure?.code] ?? "engineFailed";
  $("engine-error-text").textContent = t(key);
  $("engine-retry").textContent = failure?.code === "crashed" || failure?.code === "internal" ? t("restart") : t("tryAgain");
  $("engine-error").hidden = false;
  root.dataset.engine = "failed";
  renderer.setLoading(false);
}

/** An error reply the page cannot handle in place: internal errors restart the engine. */
function engineError(error) {
  const code = error?.code;
  if (code === "internal" || code === "engine_failed") {
    started = false;
    busyCount = 0;
    grid.setBusy(true);
    updateClock();
    showEngineError({ code: code === "internal" ? "internal" : engine.failure?.code ?? "crashed" });
  } else {
    notify(t("moveFailed"));
  }
}

engine.addEventListener("state", (event) => {
  const { state: engineState } = event.detail;
  if (engineState === "failed") {
    started = false;
    updateClock();
    showEngineError(event.detail);
  } else if (engineState === "ready") {
    whenReady();
  }
});

$("engine-retry").addEventListener("click", () => {
  $("engine-error").hidden = true;
  root.dataset.engine = "loading";
  renderer.setLoading(true);
  busyCount = 0;
  grid.setBusy(true);
  engine.restart();
});

/** The engine is up: settings, records, then the game (fragment, saved, or new). */
async function whenReady() {
  busyCount = 0;
  setBusy(+1);
  // Three independent documents: their requests go out together (the worker
  // answers them in order), not one round trip after another.
  await Promise.all([loadSettings(), loadRecords(5), loadRecords(4)]);
  if (pendingSettings) {
    const changes = pendingSettings;
    pendingSettings = null;
    await changeSettings(changes);
    useLanguage(settings.language);
  }
  const opened = (await openFragment(location.hash)) || (await resumeSaved()) || (await newGame());
  setBusy(-1);
  renderer.setLoading(false);
  if (engine.state === "ready" && opened) {
    $("engine-error").hidden = true;
    root.dataset.engine = "ready";
  }
}

/** Open the deal of a URL fragment (#deal=N&line=4); false when it names none. */
async function openFragment(hash) {
  if (!hash || hash === "#") return false;
  const reply = await engine.request("fragment", { text: hash });
  history.replaceState(null, "", location.pathname + location.search);
  if (!reply.ok) return false;
  const { deal, line, notices } = reply.result;
  const texts = (notices ?? []).map((n) => {
    const key = `fragment_${n.code}`;
    const word = t(key, { detail: n.text ?? "" });
    return word === key ? String(n.text ?? "") : word;
  });
  const useLine = line === 4 || line === 5 ? line : settings.line;
  if (!deal) {
    if (texts.length) notify(texts.join(" "));
    if (line === 4 || line === 5) {
      if (line !== settings.line) await changeSettings({ line });
      return newGame({ line });
    }
    return false;
  }
  const ok = await newGame({ deal, line: useLine });
  if (ok) notify([...texts, t("dealOpened", { deal, variant: t(`variant${useLine}`) })].join(" "));
  return ok;
}

/** Resume the saved game through the engine; false when there is none or it was broken. */
async function resumeSaved() {
  const stored = storage.loadGame();
  if (!stored || stored.failed) return false;
  if (!("doc" in stored)) {
    storage.keepBroken(stored.raw, storage.KEYS.game);
    notify(t("brokenGame"), 10000);
    return false;
  }
  const reply = await engine.request("load", { save: stored.doc });
  if (reply.ok) {
    startGame(reply.result.state);
    if (state.over) await finishGame(state, true);
    return true;
  }
  if (reply.error?.code === "newer_version") {
    notify(t("newerVersion"), 10000);
    gameWritable = false; // a newer version's saved game is never overwritten
    return newGame();
  }
  if (reply.error?.code === "internal" || reply.error?.code === "engine_failed") {
    engineError(reply.error);
    return false;
  }
  storage.keepBroken(stored.raw, storage.KEYS.game);
  notify(t("brokenGame"), 10000);
  return false;
}

window.addEventListener("hashchange", async () => {
  if (engine.state !== "ready" || !started) return;
  await whenIdle();
  setBusy(+1);
  await openFragment(location.hash);
  setBusy(-1);
});

// Another tab changed the saved game or the records: show the newest state
// here (validated by the engine) and never write the old copy back over it.
window.addEventListener("storage", async (event) => {
  if (!event.key || !event.key.startsWith("kugler:1:") || engine.state !== "ready" || !started) return;
  let doc = null;
  try {
    doc = event.newValue === null ? null : JSON.parse(event.newValue);
  } catch {
    return;
  }
  await whenIdle();
  if (event.key === storage.KEYS.game && doc) {
    // the newest write wins; what is stored now may be newer still than the event
    const now = storage.loadGame();
    const current = now && !now.failed && "doc" in now ? now.doc : doc;
    if (current.id === state?.id && current.moves === state?.moves && current.over === state?.over) return;
    if (gameWritable) await adoptOtherTab(current);
  } else if (event.key === storage.KEYS.records(4) || event.key === storage.KEYS.records(5)) {
    const line = event.key.endsWith(":4") ? 4 : 5;
    if (!doc) return;
    // join, not replace: this tab may hold games the other copy misses
    const reply = await engine.request("records_merge", { a: doc, b: records[line], line });
    if (reply.ok) {
      records[line] = reply.result.records;
      showRecord(state?.line ?? settings.line);
    }
  }
});

document.addEventListener("keydown", (event) => {
  if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "z") {
    if (document.querySelector("dialog[open]")) return;
    event.preventDefault();
    undo();
  }
});

function whenIdle() {
  return new Promise((resolve) => {
    const check = () => (busyCount === 0 ? resolve() : setTimeout(check, 30));
    check();
  });
}

// ------------------------------------------------------------------ the windows

for (const dialog of document.querySelectorAll("dialog")) closeOnBackdrop(dialog);

$("menu").addEventListener("click", () => {
  if (state) showBar(state);
  openWindow($("game-window"));
});
$("undo").addEventListener("click", () => undo());

async function restartWith(options) {
  closeWindow($("game-window"));
  closeWindow($("game-over"));
  await whenIdle();
  await newGame(options);
}

$("new-game").addEventListener("click", () => restartWith({ line: settings.line }));
$("go-new").addEventListener("click", () => restartWith({ line: settings.line }));
const retry = () => restartWith(state ? { deal: state.deal, line: state.line } : { line: settings.line });
$("retry").addEventListener("click", retry);
$("go-retry").addEventListener("click", retry);

for (const radio of document.querySelectorAll("input[name=line]")) {
  radio.addEventListener("change", async () => {
    if (!radio.checked) return;
    const line = Number(radio.value);
    if (!state || engine.state !== "ready" || line === state.line) {
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
    await restartWith({ line });
  });
}

function openTabbed(dialog, render) {
  const line = state?.line ?? settings.line;
  const show = (l) => {
    selectTab(dialog, l);
    render(records[l]);
  };
  show(line);
  for (const tab of dialog.querySelectorAll(".tab")) tab.onclick = () => show(Number(tab.dataset.line));
  openWindow(dialog);
}

$("stats").addEventListener("click", () => openTabbed($("stats-window"), renderStats));

// ------------------------------------------------------------------ name, export and import

/** Download the facade's export document (game, records of both variants, settings). */
async function exportData() {
  if (engine.state !== "ready") return;
  const date = new Date().toISOString();
  const reply = await engine.request("export", {
    game: state?.save ?? null, records: { 4: records[4], 5: records[5] }, settings, date,
  });
  if (!reply.ok) {
    notify(t("exportFailed"));
    return;
  }
  const blob = new Blob([JSON.stringify(reply.result.doc, null, 1)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `kugler-${date.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

const MAX_IMPORT = 2_000_000; // bytes: far more than any real export

/**
 * Read an export file through the facade's `import` (the same validation as
 * stored documents). A bad file changes nothing; a good one is joined with
 * the records here (records_merge, nothing counted twice or lost), its
 * settings are taken and its game (if any) is opened.
 */
async function importData(file) {
  if (!file || engine.state !== "ready") return;
  let doc;
  try {
    if (file.size > MAX_IMPORT) throw new Error("too large");
    doc = JSON.parse(await file.text());
  } catch {
    notify(t("importBad"), 10000);
    return;
  }
  const reply = await engine.request("import", { doc });
  if (!reply.ok) {
    notify(t(reply.error?.code === "newer_version" ? "importNewer" : "importBad"), 10000);
    return;
  }
  await whenIdle();
  setBusy(+1);
  const { game, records: imported, settings: importedSettings } = reply.result;
  for (const line of [4, 5]) {
    const other = imported[String(line)];
    if (other?.stats?.games) {
      await updateRecords(line, (base) => engine.request("records_merge", { a: base, b: other, line }));
    }
  }
  await changeSettings(importedSettings);
  useLanguage(settings.language);
  if (game) {
    const loaded = await engine.request("load", { save: game });
    if (loaded.ok) {
      startGame(loaded.result.state);
      if (state.over) await finishGame(state, false);
    }
  }
  setBusy(-1);
  showRecord(state?.line ?? settings.line);
  const dialog = $("stats-window");
  if (dialog.open) {
    const tab = dialog.querySelector(".tab[aria-selected=true]");
    renderStats(records[Number(tab?.dataset.line ?? settings.line)]);
  }
  notify(t("importDone"));
}

$("export").addEventListener("click", () => exportData());
$("import").addEventListener("click", () => $("import-file").click());
$("import-file").addEventListener("change", async () => {
  const input = $("import-file");
  const file = input.files?.[0];
  input.value = "";
  await importData(file);
});
$("ranking").addEventListener("click", () => openTabbed($("ranking-window"), renderRanking));
$("help").addEventListener("click", () => showHelp());
$("language").addEventListener("click", () => {
  for (const radio of document.querySelectorAll("input[name=lang]")) {
    radio.checked = radio.value === (settings.language ?? "auto");
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

// ------------------------------------------------------------------ first paint

function firstPaint() {
  const storedSettings = storage.loadSettings()?.doc;
  if (storedSettings && typeof storedSettings === "object") {
    if (storedSettings.line === 4 || storedSettings.line === 5) settings.line = storedSettings.line;
  }
  useLanguage(storedSettings?.language);
  if (firstBoard) { // already on the canvas (first.js)
    grid.setBoard(firstBoard);
    const line = firstGame.line === 4 ? 4 : 5;
    const storedRecords = storage.loadRecords(line)?.doc;
    if (storedRecords && Number.isInteger(storedRecords.record)) records[line] = { record: storedRecords.record };
    showBar({
      score: Number(firstGame.score) || 0,
      deal: Number(firstGame.deal) || 0,
      next: Array.isArray(firstGame.next) ? firstGame.next : [],
      line,
      can_undo: false,
    });
    clock.baseMs = (Number(firstGame.seconds) || 0) * 1000;
    updateClock();
  } else {
    showBar({ score: 0, deal: 0, next: [], line: settings.line, can_undo: false });
  }
  // One style and layout for the rest of the page, with the bar's final words
  // and numbers: in the next frame, not forced here (forced, it made this
  // task 90-130 ms on a cold start). The bar is measured right after that
  // layout; should its height differ from the stylesheet's guess, the
  // board's size changes and the renderer redraws it in the same frame.
  if (typeof ResizeObserver === "function") new ResizeObserver(measureBar).observe(bar);
  else measureBar();
  setBusy(+1); // until the engine has a game on the board (first.js drew the board as loading)
}

firstPaint();
// A worker that cannot even be made fails at once: the "state" listener above
// shows the error.
afterNextFrame(() => engine.start());
motionQuery?.addEventListener?.("change", () => renderer.requestDraw());
registerServiceWorker();

// read once, so the module graph keeps `language` for debugging tools
void language;
