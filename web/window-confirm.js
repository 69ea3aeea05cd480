// The confirm window (dialog#confirm-window, view layer): a yes/no question.

import { $ } from "./dom.js";
import { openWindow } from "./windows.js";

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
