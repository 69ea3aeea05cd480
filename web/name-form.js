// The name form of the game-over window (#go-name-row, view layer): made
// from its template the first time a game enters the ranking; Enter or its
// button hands the name typed to the handler it was shown with. The name is
// text only, never HTML.

import { $ } from "./dom.js";
import { applyWords } from "./i18n.js";

let onSave = null; // the handler of the form shown

function nameRow() {
  const existing = $("go-name-row");
  if (existing) return existing;
  const template = $("go-name-template");
  template.after(template.content.cloneNode(true));
  const row = $("go-name-row");
  applyWords(row);
  $("go-name-save").addEventListener("click", () => onSave?.($("go-name").value));
  $("go-name").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault(); // Enter saves the name instead of closing the window
      onSave?.($("go-name").value);
    }
  });
  $("go-name").addEventListener("input", () => {
    $("go-name-saved").hidden = true;
    countName();
  });
  return row;
}

/** How many of the name's characters are used: "12/24" under the field (maxlength is the engine's limit). */
function countName() {
  const field = $("go-name");
  $("go-name-count").textContent = `${field.value.length}/${field.maxLength}`;
}

/** Show the form with `name` in its field; `save(typed)` is called when the player saves. */
export function showNameField(name, save) {
  onSave = save;
  nameRow().hidden = false;
  $("go-name").value = name;
  countName();
}

/** Hide the form (when it was ever shown). */
export function hideNameField() {
  if ($("go-name-row")) $("go-name-row").hidden = true;
}

/** The name as saved (Python cleaned it) in the field, and the mark that it was saved. */
export function showNameSaved(name) {
  $("go-name").value = name;
  countName();
  $("go-name-saved").hidden = false;
}
