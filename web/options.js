// The options (feature): marks, shapes, sound and volume, animation speed,
// each a field of the settings document. The page asks for a change
// (settings.js changeSettings), the engine validates it, and the Options
// window's view (window-options.js) shows what the validated settings say.
// The window is opened by #options in the game window and the key O (keys.js).

import { $ } from "./dom.js";
import { changeSettings } from "./settings.js";
import { openWindow } from "./windows.js";
import { showOptions } from "./window-options.js";

/** The settings fields the Options window changes. */
export const OPTIONS = Object.freeze(["marks", "symbols", "sound", "volume", "speed"]);

/** Open the Options window on the settings as they are. */
export function openOptions() {
  showOptions();
  openWindow($("options-window"));
}

/**
 * Set option `name` (one of OPTIONS) to `value`; the engine validates it
 * (a value it refuses changes nothing), and the window and the board follow.
 * Throws a TypeError for a name that is no option.
 */
export function setOption(name, value) {
  if (!OPTIONS.includes(name)) throw new TypeError(`no option ${name}`);
  return changeSettings({ [name]: value });
}

/** Wire #options and the Options window's inputs. */
export function installOptions() {
  $("options").addEventListener("click", openOptions);
  const form = $("options-window");
  for (const name of ["marks", "symbols", "sound"]) {
    const box = form.querySelector(`input[name=${name}]`);
    box.addEventListener("change", () => setOption(name, box.checked));
  }
  const volume = form.querySelector("input[name=volume]");
  volume.addEventListener("change", () => setOption("volume", Number(volume.value)));
  for (const radio of form.querySelectorAll("input[name=speed]")) {
    radio.addEventListener("change", () => {
      if (radio.checked) setOption("speed", radio.value);
    });
  }
}
