// Sharing links: a game's replay link (#replay=<code>, the code made by the
// engine's replay_encode) and the game window's link to the deal. The Web
// Share API where the browser has it, otherwise the clipboard; the player
// is told what happened in #share-status (role=status), shown in the window
// that is open. The page never makes a code itself. The share buttons are the
// input layer's (buttons.js, menus.js): they call shareBoardGame,
// shareRankingGame and shareDeal (and replay.js's shareReplay, shareGame).

import { $ } from "./dom.js";
import { encodeReplay, engineReady } from "./api.js";
import { app, on } from "./store.js";
import { t } from "./i18n.js";

/** @typedef {import("./types").ReplayGame} ReplayGame */

/**
 * The game of a ranking entry as {deal, line, history, rule}: `history` is the
 * entry's moves as stored (text), which replay_encode reads as they are,
 * `rule` the placement rule it was played by; null when there is no such entry.
 * @param {number} line
 * @param {string} id
 * @returns {ReplayGame | null}
 */
export function rankingGame(line, id) {
  const entry = (app.records[line]?.ranking ?? []).find((e) => e.id === id);
  return entry ? { deal: entry.deal, line, history: entry.history ?? null, rule: entry.rule } : null;
}

/**
 * The finished (or any) game on the board as {deal, line, history, rule}, or null without its moves.
 * @returns {ReplayGame | null}
 */
export function boardGame() {
  const state = app.state;
  const history = /** @type {[number, number][] | undefined} */ (state?.save?.history);
  if (!state || !Array.isArray(history)) return null;
  return { deal: state.deal, line: state.line, history, rule: state.rule };
}

/**
 * The engine's replay code of {deal, line, history, rule} (history: the moves
 * [[from, to], ...] or a ranking entry's stored text; rule: the game's
 * placement rule, as the engine gave it); null (and a notice) when there are
 * no moves or the engine refuses them.
 * @param {ReplayGame | null} game
 * @param {HTMLElement | null} anchor
 */
export async function replayCode(game, anchor = null) {
  if (!game?.history || !engineReady()) return null;
  const reply = await encodeReplay(game);
  if (!reply.ok) {
    showShareStatus(t("replayBad"), anchor);
    return null;
  }
  return reply.result.code;
}

/**
 * This site's address with `fragment` (e.g. "#replay=…"), without any other fragment.
 * @param {string} fragment
 */
export function siteLink(fragment) {
  const url = new URL(location.href);
  url.hash = fragment;
  return url.href;
}

/**
 * A link shortened for showing: the host, "…" for the path, and the
 * fragment, e.g. ["example.org/…", "#deal=12&line=5"] (two pieces, each kept
 * on one line by the stylesheet, so the text breaks only between them).
 * @param {string} href
 */
export function shortLink(href) {
  const url = new URL(href);
  const path = url.pathname.replace(/\/(index\.html)?$/, "");
  return [`${url.host}${path ? "/…" : ""}`, url.hash];
}

let statusTimer = 0;

/**
 * Say `text` in #share-status for a few seconds: under the buttons of
 * `anchor` (the button pressed) in the open window, else at the window's
 * end, else in the notices' place under the board.
 * @param {string} text
 * @param {HTMLElement | null} anchor
 */
export function showShareStatus(text, anchor = null) {
  const status = $("share-status");
  const place = anchor?.closest?.(".menu-buttons, .share, .ranking-body");
  if (place && document.querySelector("dialog[open]")?.contains(place)) {
    if (place.nextElementSibling !== status) place.after(status);
  } else {
    const host = document.querySelector("dialog[open] .window-body") ?? $("notices");
    if (status.parentElement !== host) host.append(status);
  }
  status.textContent = text;
  status.hidden = false;
  status.scrollIntoView?.({ block: "nearest" });
  clearTimeout(statusTimer);
  statusTimer = setTimeout(() => { status.hidden = true; }, 5000);
}

/** @param {string} text */
async function copyText(text) {
  try {
    if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers, or a clipboard refused without a gesture: a selected text area.
    // The focus goes back to the button pressed: removing the focused text
    // area would leave it on the page's body (out of the open window).
    const focused = document.activeElement;
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "visually-hidden";
    (document.querySelector("dialog[open]") ?? document.body).append(area);
    area.select();
    let ok;
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    area.remove();
    if (focused instanceof HTMLElement && focused.isConnected) focused.focus({ preventScroll: true });
    return ok;
  }
}

/**
 * Share `url` (with `title`): the Web Share API when the browser has it,
 * else a copy to the clipboard. Resolves "shared", "copied", "cancelled" or
 * "failed"; the player is told in #share-status.
 * @param {string} url
 * @param {string} title
 * @param {HTMLElement | null} anchor
 */
export async function shareLink(url, title, anchor = null) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return "shared";
    } catch (error) {
      if (/** @type {Error | null} */ (error)?.name === "AbortError") return "cancelled";
      // NotAllowedError and the like: fall back to the clipboard
    }
  }
  if (await copyText(url)) {
    showShareStatus(t("linkCopied"), anchor);
    return "copied";
  }
  showShareStatus(t("linkNotCopied", { link: url }), anchor);
  return "failed";
}

/**
 * Share the replay link of {deal, line, history}; `anchor`: the button pressed.
 * @param {ReplayGame | null} game
 * @param {HTMLElement | null} anchor
 */
export async function shareGame(game, anchor = null) {
  const code = await replayCode(game, anchor);
  if (!code || !game) return null;
  return shareLink(siteLink(`#replay=${code}`), t("shareTitle", { deal: game.deal }), anchor);
}

/**
 * Share the replay link of the game on the board (#go-share); `anchor`: the button pressed.
 * @param {HTMLElement | null} anchor
 */
export function shareBoardGame(anchor = null) {
  return shareGame(boardGame(), anchor);
}

/**
 * Share the replay link of the ranking entry `id` of `line` (a ranking row's button.share-game).
 * @param {number} line
 * @param {string} id
 * @param {HTMLElement | null} anchor
 */
export function shareRankingGame(line, id, anchor = null) {
  return shareGame(rankingGame(line, id), anchor);
}

/**
 * Share the link to the deal on the board, as the game window's share line shows it (#share-copy).
 * @param {HTMLElement | null} anchor
 */
export function shareDeal(anchor = null) {
  const href = $("share-link").dataset.href;
  if (!href) return null;
  return shareLink(href, t("shareDealTitle", { deal: app.state?.deal ?? "" }), anchor);
}

/**
 * Fill the game window's share line (#share-link) with the link to `state`'s deal.
 * @param {import("./types").State | null} state
 */
export function showShareLine(state) {
  if (!state?.deal) return;
  const href = siteLink(`#deal=${state.deal}&line=${state.line}`);
  const output = $("share-link");
  if (output.dataset.href === href) return;
  const [head, tail] = shortLink(href);
  const a = document.createElement("span");
  a.className = "share-piece";
  a.textContent = head;
  const b = document.createElement("span");
  b.className = "share-piece";
  b.textContent = tail;
  output.replaceChildren(a, b);
  output.dataset.href = href;
  output.title = href;
}

/** Make the share status and follow the game with the game window's share line. */
export function installShare() {
  const status = document.createElement("p");
  status.id = "share-status";
  status.className = "share-status";
  status.setAttribute("role", "status");
  status.hidden = true;
  $("notices").append(status);

  on("state", ({ state }) => showShareLine(state));
  if (app.state) showShareLine(app.state);
}
