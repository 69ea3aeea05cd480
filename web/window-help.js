// The help window (dialog#help-window, view layer): a help document shown
// as text, {title, blocks: [{type: "h"|"step"|"p"|"table"|"list", ...}]}
// (help/<lang>.json, rendered by build.py from the seeds; help.js loads it).
//
// Built with DOM APIs and textContent: no file content is ever parsed as HTML.

import { $, el } from "./dom.js";
import { openWindow } from "./windows.js";
import { t } from "./i18n.js";

/** Open the help window (its content stays until shown anew). */
export function openHelpWindow() {
  openWindow($("help-window"));
}

/**
 * Show help document `doc` from its start.
 * @param {import("./types").HelpDoc} doc
 */
export function showHelpDoc(doc) {
  const body = $("help-body");
  body.replaceChildren(...renderHelp(doc));
  body.scrollTop = 0;
}

/** Say that the help could not be loaded. */
export function showHelpMissing() {
  $("help-body").replaceChildren(el("p", { text: t("helpMissing") }));
}

/**
 * @param {import("./types").HelpDoc} doc
 * @returns {HTMLElement[]}
 */
function renderHelp(doc) {
  /** @type {HTMLElement[]} */
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
