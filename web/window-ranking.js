// The ranking window's content (#ranking-body, view layer): the ten best
// games of a records document, each with its replay and share buttons when
// its moves are kept.
//
// Built with DOM APIs and textContent: no file content or player text is
// ever parsed as HTML. It only shows what it is given (documents and states
// produced by Python) and never changes the game itself.

import { $, el, svg } from "./dom.js";
import { t, formatTime, formatNumber, formatDate } from "./i18n.js";

/**
 * The replay and share buttons of a ranking row (only for an entry whose moves are kept).
 * @param {import("./types").RankingEntry} entry
 * @param {number} line
 */
function rankingActions(entry, line) {
  const cell = el("td", { class: "col-actions" });
  if (typeof entry.history !== "string" || !entry.history) return cell;
  /**
   * @param {string} cls
   * @param {string} label
   * @param {string} path
   */
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

/**
 * Fill #ranking-body from a records document (or null) of one variant.
 * @param {import("./types").RecordsDoc | null | undefined} records
 */
export function renderRanking(records) {
  const body = $("ranking-body");
  const ranking = records?.ranking ?? [];
  if (!records || ranking.length === 0) {
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
