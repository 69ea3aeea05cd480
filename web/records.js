// The records of each variant on the page's side: loading them through the
// engine, counting a finished game (under the records lock shared by every
// tab), the game-over window and the name on a ranking entry. Python decides
// every number; this module stores what it answers.

import { $ } from "./dom.js";
import * as storage from "./storage.js";
import { app, engine, emit } from "./store.js";
import { showRecord } from "./bar.js";
import { updateClock } from "./clock.js";
import { notify } from "./notices.js";
import { engineError } from "./failures.js";
import { showGameOver } from "./dialogs.js";
import { t, applyWords } from "./i18n.js";

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
export function updateRecords(line, change) {
  return withRecordsLock(async () => {
    let base = app.records[line];
    let writable = app.recordsWritable[line];
    const stored = storage.loadRecords(line);
    if (stored?.failed) writable = false;
    else if (stored && writable) {
      const merged = "doc" in stored
        ? await engine.request("records_merge", { a: stored.doc, b: base, line })
        : { ok: false, error: { code: "bad_document" } };
      if (merged.ok) base = merged.result.records;
      else if (merged.error?.code === "newer_version") {
        app.recordsWritable[line] = writable = false;
        notify(t("newerVersion"), 10000);
      } else if (merged.error?.code === "bad_document") {
        if (storage.keepBroken(stored.raw, storage.KEYS.records(line))) {
          notify(t("brokenRecords", { variant: t(`variant${line}`) }), 10000);
        } else writable = false;
      } else writable = false;
    }
    const reply = await change(base);
    if (reply.ok) {
      app.records[line] = reply.result.records;
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
export async function finishGame(final, show) {
  const line = final.line;
  const date = new Date().toISOString();
  const known = app.records[line]?.record ?? 0;
  // a game with help never sets the record (the records say so too)
  lastOver = { final, info: { record: final.assisted ? known : Math.max(known, final.score) }, date };
  const dialog = $("game-over");
  dialog.dataset.records = "pending"; // "done" once the window shows what the records say
  updateClock();
  emit("over", { state: final });
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
      dailyBest: r.daily_best ?? null, // the best on this day's deal before this game
      dailyBeaten: Boolean(r.daily_beaten) && !r.already_counted,
    };
    const entry = r.records?.ranking?.find((e) => e.id === final.id);
    info.name = entry?.name ?? "";
    lastOver.info = info;
    showRecord(app.state?.line ?? line);
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
  $("go-name").addEventListener("input", () => {
    $("go-name-saved").hidden = true;
    countName();
  });
  return row;
}

/** How many of the name's characters are used: "12/24" under the field. */
function countName() {
  const field = $("go-name");
  $("go-name-count").textContent = `${field.value.length}/${field.maxLength}`;
}

/** The game-over window, with the name field when the game is in the ranking. */
function showOver() {
  const { final, info } = lastOver;
  showGameOver(final, info);
  if (info.rank) {
    nameRow().hidden = false;
    $("go-name").value = info.name || playerName || lastName(final.line);
    countName();
  } else if ($("go-name-row")) {
    $("go-name-row").hidden = true;
  }
}

/** The most recent name in the ranking of `line` (text from a validated document). */
function lastName(line) {
  const named = (app.records[line]?.ranking ?? []).filter((e) => e.name).sort((a, b) => String(b.date).localeCompare(String(a.date)));
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
  return Boolean(app.state?.over && app.state.id === final?.id);
}

/** Open the game-over window again for the finished game on the board. */
export function openGameOverAgain() {
  if (lastOver && isOnBoard(lastOver.final)) showOver();
}

/** Validate a stored records document through the engine; keep a broken one aside. */
export async function loadRecords(line) {
  const stored = storage.loadRecords(line);
  // Unread records (storage failed) are shown as none, but never written over:
  // every write re-reads and merges first (updateRecords).
  if (stored?.failed) { /* nothing readable now */ } else if (stored && !("doc" in stored)) {
    if (!storage.keepBroken(stored.raw, storage.KEYS.records(line))) app.recordsWritable[line] = false;
    notify(t("brokenRecords", { variant: t(`variant${line}`) }), 10000);
  }
  const reply = await engine.request("records_load", { doc: stored && !stored.failed ? stored.doc ?? null : null, line });
  if (reply.ok) {
    app.records[line] = reply.result.records;
    return;
  }
  if (reply.error?.code === "newer_version") {
    app.recordsWritable[line] = false;
    notify(t("newerVersion"));
  } else if (reply.error?.code === "bad_document") {
    if (!storage.keepBroken(stored.raw, storage.KEYS.records(line))) app.recordsWritable[line] = false;
    notify(t("brokenRecords", { variant: t(`variant${line}`) }), 10000);
  } else app.recordsWritable[line] = false;
  const empty = await engine.request("records_load", { doc: null, line });
  app.records[line] = empty.ok ? empty.result.records : null;
}
