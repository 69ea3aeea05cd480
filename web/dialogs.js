// The <dialog> windows: the «Spil» menu, game over, statistics (with a small
// SVG chart of recent scores), ranking, help, language and the confirm question.
//
// Everything is built with DOM APIs and textContent: no file content or
// player text is ever parsed as HTML. The windows only show what they are
// given (records documents and states produced by Python) and report the
// player's choices through callbacks; they never change the game themselves.

import { t, tCount, formatTime, formatNumber, formatDate, language } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child != null) node.append(child);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

/** Open `dialog` as a modal window (closing any other open window first). */
export function openWindow(dialog) {
  for (const open of document.querySelectorAll("dialog[open]")) if (open !== dialog) open.close();
  if (!dialog.open) dialog.showModal();
}

export function closeWindow(dialog) {
  if (dialog.open) dialog.close();
}

/** Close a window when the player clicks its backdrop. */
export function closeOnBackdrop(dialog) {
  dialog.addEventListener("click", (event) => {
    if (event.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
    if (!inside) dialog.close("close");
  });
}

/**
 * Ask a yes/no question in dialog#confirm-window; resolves true when the
 * player chose the button with value="confirm".
 */
export function confirmQuestion(text) {
  const dialog = $("confirm-window");
  $("confirm-text").textContent = text;
  dialog.returnValue = "";
  openWindow(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "confirm"), { once: true });
  });
}

/** "2 lines of 5 · one line of 6": the lines removed, by length, in words. */
export function formatLines(lines) {
  const entries = Object.entries(lines ?? {})
    .map(([len, n]) => [Number(len), Number(n)])
    .filter(([, n]) => n > 0)
    .sort((a, b) => a[0] - b[0]);
  if (entries.length === 0) return t("linesNone");
  return entries
    .map(([length, count]) => t(count === 1 ? "linesOne" : "linesMany", { length, count: formatNumber(count) }))
    .join(" · ");
}

/**
 * Fill and open dialog#game-over.
 * @param {object} state  the final state
 * @param {object} info   {record, newRecord, previousRecord, rank}
 */
export function showGameOver(state, info) {
  $("go-points").textContent = formatNumber(state.score);
  $("go-moves").textContent = formatNumber(state.moves);
  $("go-time").textContent = formatTime(state.seconds);
  $("go-lines").textContent = formatLines(state.lines);
  $("go-record").textContent = formatNumber(info.record ?? state.score);
  // the variant when it is the easy one, and the deal of the day
  const mode = [state.line === 4 ? t("variant4") : "", state.daily ? t("daily") : ""].filter(Boolean);
  $("go-mode").textContent = mode.join(" · ");
  $("go-mode").hidden = mode.length === 0;
  const celebrate = $("go-celebrate");
  celebrate.hidden = !info.newRecord;
  $("game-over").classList.toggle("is-record", Boolean(info.newRecord));
  const rank = $("go-rank");
  const notes = [];
  if (info.newRecord && info.previousRecord) notes.push(t("previousRecord", { points: formatNumber(info.previousRecord) }));
  if (info.rank) notes.push(t("rankPlace", { rank: info.rank }));
  if (info.dailyBeaten) notes.push(t("dailyBeaten", { points: formatNumber(info.dailyBest ?? 0) }));
  else if (state.daily && info.dailyBest != null) notes.push(t("dailyBest", { points: formatNumber(info.dailyBest) }));
  rank.textContent = notes.join(" · ");
  rank.hidden = notes.length === 0;
  openWindow($("game-over"));
}

function statRow(label, value) {
  return el("div", { class: "stat-row" }, el("dt", { text: label }), el("dd", { text: value }));
}

/** A small bar chart of recent scores as inline SVG (DOM-built). */
export function scoreChart(recent, record) {
  const scores = (recent ?? []).slice(-30).map((g) => Number(g.points) || 0);
  const W = 300;
  const H = 110;
  const pad = 4;
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img" });
  root.setAttribute("aria-label", `${t("recentScores")}: ${scores.join(", ")}`);
  const max = Math.max(1, record ?? 0, ...scores);
  const defs = svg("defs");
  const grad = svg("linearGradient", { id: "bar-gradient", x1: 0, y1: 0, x2: 0, y2: 1 });
  grad.append(svg("stop", { offset: "0", "stop-color": "#ffd76a" }), svg("stop", { offset: "1", "stop-color": "#d9822b" }));
  defs.append(grad);
  root.append(defs);
  root.append(svg("line", { x1: pad, y1: H - pad, x2: W - pad, y2: H - pad, class: "chart-axis" }));
  if (scores.length === 0) return root;
  const slot = (W - 2 * pad) / Math.max(scores.length, 10);
  scores.forEach((score, i) => {
    const h = Math.max(2, ((H - 2 * pad - 12) * score) / max);
    const bar = svg("rect", {
      x: (pad + i * slot + slot * 0.15).toFixed(1),
      y: (H - pad - h).toFixed(1),
      width: (slot * 0.7).toFixed(1),
      height: h.toFixed(1),
      rx: Math.min(3, slot * 0.2).toFixed(1),
      class: score === max ? "chart-bar best" : "chart-bar",
    });
    const title = svg("title");
    title.textContent = String(score);
    bar.append(title);
    root.append(bar);
  });
  return root;
}

/**
 * The chart with its axes named in words: points upwards (0 and the top
 * value written at the axis), games from left to right.
 */
function labelledChart(recent, record) {
  const scores = (recent ?? []).slice(-30).map((g) => Number(g.points) || 0);
  const top = Math.max(1, record ?? 0, ...scores);
  return el(
    "figure",
    { class: "chart-box" },
    el("span", { class: "chart-y", text: t("chartPoints") }),
    el("span", { class: "chart-ticks", "aria-hidden": "true" },
      el("span", { text: formatNumber(top) }), el("span", { text: "0" })),
    scoreChart(recent, record),
    el("figcaption", { class: "chart-x", text: t("chartGames") }),
  );
}

/** Fill #stats-body from a records document (or null) of one variant. */
export function renderStats(records) {
  const body = $("stats-body");
  const stats = records?.stats;
  const helped = stats?.assisted?.games ? stats.assisted : null; // games with help, counted apart
  if (!stats || (!stats.games && !helped)) {
    body.replaceChildren(el("p", { class: "empty", text: t("noGames") }));
    return;
  }
  const lines = el("dd", { text: formatLines(stats.lines) });
  const list = el(
    "dl",
    { class: "stat-list" },
    statRow(t("games"), formatNumber(stats.games)),
    statRow(t("record"), formatNumber(records.record ?? stats.best ?? 0)),
    statRow(t("average"), formatNumber(stats.games ? Math.round((stats.points ?? 0) / stats.games) : 0)),
    statRow(t("totalPoints"), formatNumber(stats.points ?? 0)),
    statRow(t("totalMoves"), formatNumber(stats.moves ?? 0)),
    statRow(t("totalTime"), formatTime(stats.seconds ?? 0)),
    el("div", { class: "stat-row" }, el("dt", { text: t("lines") }), lines),
  );
  // the games with help on a line of their own; the chart shows the player's own games
  const assisted = helped && el("p", { id: "stats-assisted", class: "assisted-stats",
    text: `${t("assistedGames")}: ${t("assistedValue", {
      games: tCount("countGames", helped.games), points: tCount("countPoints", helped.points ?? 0) })}` });
  // with no game of the player's own yet, words instead of an empty chart
  const own = (stats.recent ?? []).filter((g) => !g.assisted);
  const chart = own.length ? labelledChart(own, records.record)
    : el("p", { id: "stats-recent-none", class: "empty", text: t("recentNone") });
  body.replaceChildren(
    ...[list, assisted, el("h3", { class: "chart-title", text: t("recentScores") }), chart,
      dailyBests(stats.daily)].filter(Boolean), // dailyBests is null without a day's deal played
  );
}

/** The best points on each day's deal played (the last 7 days played), or nothing. */
export function dailyBests(daily) {
  const days = Object.entries(daily ?? {}).sort((a, b) => b[0].localeCompare(a[0])).slice(0, 7);
  if (days.length === 0) return null;
  return el(
    "section",
    { class: "daily-bests" },
    el("h3", { class: "chart-title", text: t("dailyBests") }),
    el("dl", { class: "stat-list" }, ...days.map(([date, points]) =>
      statRow(formatDate(`${date}T12:00:00Z`), formatNumber(points)))),
  );
}

/** The replay and share buttons of a ranking row (only for an entry whose moves are kept). */
function rankingActions(entry, line) {
  const cell = el("td", { class: "col-actions" });
  if (typeof entry.history !== "string" || !entry.history) return cell;
  const button = (cls, label, path) => {
    const b = el("button", { type: "button", class: `btn btn-icon ${cls}`, "aria-label": label, "data-id": String(entry.id), "data-line": String(line) });
    const icon = svg("svg", { class: "icon", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" });
    icon.append(svg("path", { d: path }));
    b.append(icon);
    return b;
  };
  cell.append(
    button("replay", t("watchAgain"), "M8 5v14l11-7z"),
    button("share-game", t("share"), "M18 16a3 3 0 0 0-2.2 1l-7-4a3 3 0 0 0 0-2l7-4A3 3 0 1 0 15 5l-7 4a3 3 0 1 0 0 6l7 4a3 3 0 1 0 3-3z"),
  );
  return cell;
}

/** Fill #ranking-body from a records document (or null) of one variant. */
export function renderRanking(records) {
  const body = $("ranking-body");
  const ranking = records?.ranking ?? [];
  if (ranking.length === 0) {
    body.replaceChildren(el("p", { class: "empty", text: t("noGames") }));
    return;
  }
  // On a narrow window (a container query in style.css) the moves, time,
  // deal and date columns give way to a detail line under the name (date,
  // moves, time; the deal is left out there).
  const head = el(
    "tr",
    {},
    el("th", { scope: "col", class: "col-rank", text: t("rankCol") }),
    el("th", { scope: "col", class: "col-name", text: t("nameCol") }),
    el("th", { scope: "col", class: "num col-points", text: t("points") }),
    el("th", { scope: "col", class: "num col-wide", text: t("moves") }),
    el("th", { scope: "col", class: "num col-wide", text: t("time") }),
    el("th", { scope: "col", class: "num col-wide col-deal", text: t("deal") }),
    el("th", { scope: "col", class: "num col-wide col-date", text: t("date") }),
    el("th", { scope: "col", class: "col-actions", "aria-label": t("watchAgain") }),
  );
  const rows = ranking.map((entry, i) => {
    const moves = formatNumber(entry.moves ?? 0);
    const time = formatTime(entry.seconds ?? 0);
    const date = formatDate(entry.date);
    const deal = String(entry.deal ?? "");
    const detail = [date, `${moves} ${t("moves").toLowerCase()}`, time].join(" · ");
    return el(
      "tr",
      {},
      el("td", { class: "col-rank", text: String(i + 1) }),
      el("td", { class: "col-name" },
        el("span", { class: "rank-name", text: typeof entry.name === "string" ? entry.name : "" }), // text, never HTML
        el("span", { class: "rank-detail", text: detail })),
      el("td", { class: "num col-points", text: formatNumber(entry.points ?? 0) }),
      el("td", { class: "num col-wide", text: moves }),
      el("td", { class: "num col-wide", text: time }),
      el("td", { class: "num col-wide col-deal", text: deal }),
      el("td", { class: "num col-wide col-date", text: date }),
      rankingActions(entry, records.line),
    );
  });
  body.replaceChildren(el("table", { class: "ranking" }, el("thead", {}, head), el("tbody", {}, ...rows)));
}

/** Mark the tab of `line` in a tabbed window as selected. */
export function selectTab(dialog, line) {
  for (const tab of dialog.querySelectorAll(".tab")) {
    tab.setAttribute("aria-selected", tab.dataset.line === String(line) ? "true" : "false");
  }
}

const helpCache = new Map();

/**
 * Load help/<lang>.json (rendered by build.py from the seeds) and show it in
 * #help-body as text: {title, blocks: [{type: "h"|"step"|"p"|"table"|"list", ...}]}.
 */
export async function showHelp() {
  const lang = language();
  const body = $("help-body");
  openWindow($("help-window"));
  let doc = helpCache.get(lang);
  if (!doc) {
    try {
      const response = await fetch(new URL(`help/${lang}.json`, document.baseURI));
      if (!response.ok) throw new Error(String(response.status));
      doc = await response.json();
      helpCache.set(lang, doc);
    } catch {
      body.replaceChildren(el("p", { text: t("helpMissing") }));
      return;
    }
  }
  body.replaceChildren(...renderHelp(doc));
  body.scrollTop = 0;
}

function renderHelp(doc) {
  const out = [el("h3", { class: "help-title", text: String(doc.title ?? "") })];
  for (const block of doc.blocks ?? []) {
    if (block.type === "h") out.push(el("h4", { text: String(block.text) }));
    else if (block.type === "step") {
      out.push(el("h4", { class: "help-step" }, el("span", { class: "step-no", text: String(block.label) }), el("span", { text: String(block.text) })));
    } else if (block.type === "p") out.push(el("p", { text: String(block.text) }));
    else if (block.type === "list") {
      out.push(el("ul", {}, ...(block.items ?? []).map((item) => el("li", { text: String(item) }))));
    } else if (block.type === "table") {
      const [head, ...rows] = block.rows ?? [];
      const table = el("table", { class: "help-table" });
      if (head) table.append(el("thead", {}, el("tr", {}, ...head.map((c) => el("th", { scope: "col", text: String(c) })))));
      table.append(el("tbody", {}, ...rows.map((r) => el("tr", {}, ...r.map((c, i) => el("td", { class: i > 0 ? "num" : "", text: String(c) }))))));
      out.push(table);
    }
  }
  return out;
}
