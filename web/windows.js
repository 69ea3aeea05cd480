// The page's windows (<dialog> elements, view layer): opening one (closing
// any other), closing, closing on a click on the backdrop, and the variant
// tabs of the statistics and ranking windows. Each window's content is its
// own module (window-*.js; the game and language windows are the page's own
// markup); their buttons are the input layer's (menus.js, buttons.js).

/**
 * Open `dialog` as a modal window (closing any other open window first).
 * @param {HTMLElement} dialog  a <dialog>
 */
export function openWindow(dialog) {
  const window = /** @type {HTMLDialogElement} */ (dialog);
  for (const open of document.querySelectorAll("dialog[open]")) if (open !== window) /** @type {HTMLDialogElement} */ (open).close();
  if (!window.open) window.showModal();
}

/**
 * Close `dialog` if it is open.
 * @param {HTMLElement} dialog  a <dialog>
 */
export function closeWindow(dialog) {
  const window = /** @type {HTMLDialogElement} */ (dialog);
  if (window.open) window.close();
}

/**
 * Close a window when the player clicks its backdrop.
 * @param {HTMLDialogElement} dialog
 */
export function closeOnBackdrop(dialog) {
  dialog.addEventListener("click", (event) => {
    if (event.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
    if (!inside) dialog.close("close");
  });
}

/**
 * Mark the tab of `line` in a tabbed window as selected.
 * @param {HTMLElement} dialog
 * @param {number} line
 */
export function selectTab(dialog, line) {
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (dialog.querySelectorAll(".tab"))) {
    tab.setAttribute("aria-selected", tab.dataset.line === String(line) ? "true" : "false");
  }
}
