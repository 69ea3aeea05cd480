// The statistics window's content (#stats-body, view layer): a records
// document's numbers, a small SVG chart of recent scores and the bests on
// the deals of the day.
//
// Built with DOM APIs and textContent: no file content or player text is
// ever parsed as HTML. It only shows what it is given (documents and states
// produced by Python) and never changes the game itself.

import { $, el, svg } from "./dom.js";
import { t, tCount, formatTime, formatNumber, formatDate, formatLines } from "./i18n.js";

/** @typedef {import("./types").RecentGame} RecentGame */

/**
 * @param {string} label
 * @param {string} value
 */
function statRow(label, value) {
  return el("div", { class: "stat-row" }, el("dt", { text: label }), el("dd", { text: value }));
}

/**
 * A small bar chart of recent scores as inline SVG (DOM-built).
 * @param {{points: number}[] | null | undefined} recent
 * @param {number | null | undefined} record
 */
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
 * @param {RecentGame[]} recent
 * @param {number} record
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

/**
 * Fill #stats-body from a records document (or null) of one variant.
 * @param {import("./types").RecordsDoc | null | undefined} records
 */
export function renderStats(records) {
  const body = $("stats-body");
  const stats = records?.stats;
  const helped = stats?.assisted?.games ? stats.assisted : null; // games with help, counted apart
  if (!records || !stats || (!stats.games && !helped)) {
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
    .../** @type {HTMLElement[]} */ ([list, assisted, el("h3", { class: "chart-title", text: t("recentScores") }), chart,
      dailyBests(stats.daily)].filter(Boolean)), // dailyBests is null without a day's deal played
  );
}

/**
 * The best points on each day's deal played (the last 7 days played), or nothing.
 * @param {Record<string, number> | null | undefined} daily
 */
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
