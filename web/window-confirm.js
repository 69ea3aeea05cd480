// The confirm window (dialog#confirm-window, view layer): a yes/no question.

import { $ } from "./dom.js";
import { openWindow } from "./windows.js";

/** @type {((answer: boolean) => void) | null} tells the question asked last its answer (null once told) */
let unanswered = null;

/**
 * Ask a yes/no question in dialog#confirm-window; resolves true when the
 * player chose the button with value="confirm", false for any other way
 * the window closes, and false for a question that another one replaces
 * while it is open.
 *
 * A dialog's close event comes a task after it closed: a question asked
 * right after the player answered the one before (a key pressed at once)
 * would take that event, and so the earlier answer, for its own. So the
 * earlier question is told its answer here, and a close event that comes
 * while the window is open again belongs to no question.
 * @param {string} text
 * @returns {Promise<boolean>}
 */
export function confirmQuestion(text) {
  const dialog = /** @type {HTMLDialogElement} */ ($("confirm-window"));
  unanswered?.(!dialog.open && dialog.returnValue === "confirm");
  $("confirm-text").textContent = text;
  dialog.returnValue = "";
  openWindow(dialog);
  return new Promise((resolve) => {
    const onClose = () => {
      if (!dialog.open) tell(dialog.returnValue === "confirm");
    };
    /** @param {boolean} answer */
    const tell = (answer) => {
      dialog.removeEventListener("close", onClose);
      if (unanswered === tell) unanswered = null;
      resolve(answer);
    };
    unanswered = tell;
    dialog.addEventListener("close", onClose);
  });
}
