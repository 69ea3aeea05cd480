// The name form of the game-over window (#go-name-row, view layer): made
// from its template the first time a game enters the ranking, with the count
// of the characters typed. Its button (buttons.js) and Enter in the field
// (keys.js) save the name typed (gameover.js saveName). The name is text
// only, never HTML.

import { $ } from "./dom.js";
import { applyWords } from "./i18n.js";

/** The name's field (in the page once nameRow has made its row). */
const field = () => /** @type {HTMLInputElement} */ ($("go-name"));

function nameRow() {
  const existing = $("go-name-row");
  if (existing) return existing;
  const template = /** @type {HTMLTemplateElement} */ ($("go-name-template"));
  template.after(template.content.cloneNode(true));
  const row = $("go-name-row");
  applyWords(row);
  $("go-name").addEventListener("input", () => {
    $("go-name-saved").hidden = true;
    countName();
  });
  return row;
}

/** How many of the name's characters are used: "12/24" under the field (maxlength is the engine's limit). */
function countName() {
  const input = field();
  $("go-name-count").textContent = `${input.value.length}/${input.maxLength}`;
}

/**
 * Show the form with `name` in its field.
 * @param {string} name
 */
export function showNameField(name) {
  nameRow().hidden = false;
  field().value = name;
  countName();
}

/** The name typed in the form's field. */
export function typedName() {
  return field()?.value ?? "";
}

/** Hide the form (when it was ever shown). */
export function hideNameField() {
  if ($("go-name-row")) $("go-name-row").hidden = true;
}

/**
 * The name as saved (Python cleaned it) in the field, and the mark that it was saved.
 * @param {string} name
 */
export function showNameSaved(name) {
  field().value = name;
  countName();
  $("go-name-saved").hidden = false;
}
