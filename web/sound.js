// Short sounds made in the page with the Web Audio API (no sound files):
// select, roll, blocked, a line cleared (rising with its length), new balls,
// game over. Off by default (settings.sound, volume 0..100). No AudioContext
// exists before the player's first gesture (a tap, a click or a key) and
// none is made while the sound is off. Reduced motion does not silence it:
// only the player's choice does.
//
// It only follows the game's events (store.js): "select", "turn",
// "blocked", "over".

import { app, on } from "./store.js";
import { reducedMotion, animationPace } from "./board.js";

/** @type {AudioContext | null} */
let context = null;
/** @type {GainNode} the volume every note goes through (made with the context) */
let master = /** @type {any} */ (null);
let gestured = false;

/**
 * The audio context, made at the first sound after a gesture; null while silent.
 * @returns {AudioContext | null}
 */
function audio() {
  if (!app.settings.sound || !gestured) return null;
  if (!context) {
    /** @type {typeof AudioContext | undefined} */
    const Context = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Context) return null;
    context = new Context();
    master = context.createGain();
    master.connect(context.destination);
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  const volume = Math.max(0, Math.min(100, Number(app.settings.volume ?? 60))) / 100;
  master.gain.setValueAtTime(volume * volume * 0.9, context.currentTime);
  return context;
}

/**
 * One note: `freq` Hz (gliding to `to`), starting `at` s from now, `length` s long.
 * @param {AudioContext} ctx
 * @param {number} freq
 * @param {number} at
 * @param {number} length
 * @param {{type?: OscillatorType, gain?: number, to?: number | null}} [options]
 */
function note(ctx, freq, at, length, { type = "sine", gain = 0.3, to = null } = {}) {
  const start = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const env = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, start + length);
  env.gain.setValueAtTime(0.0001, start);
  env.gain.exponentialRampToValueAtTime(gain, start + Math.min(0.012, length / 4));
  env.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(env);
  env.connect(master);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

// A major scale from C5: the notes of a cleared line climb it, one per ball.
const SCALE = [523.25, 587.33, 659.25, 698.46, 783.99, 880, 987.77, 1046.5, 1174.66, 1318.51];

/** @typedef {(ctx: AudioContext, at?: number, n?: number) => void} Sound */

/** @type {Record<"select" | "roll" | "blocked" | "line" | "spawn" | "over", Sound>} */
export const SOUNDS = {
  select(ctx) {
    note(ctx, 660, 0, 0.07, { type: "triangle", gain: 0.25, to: 880 });
  },
  roll(ctx, at = 0, length = 0.15) {
    note(ctx, 190, at, Math.max(0.08, length), { type: "triangle", gain: 0.18, to: 260 });
  },
  blocked(ctx) {
    note(ctx, 150, 0, 0.1, { type: "square", gain: 0.09 });
    note(ctx, 120, 0.13, 0.14, { type: "square", gain: 0.09 });
  },
  line(ctx, at = 0, length = 5) {
    for (let i = 0; i < Math.min(length, SCALE.length); i += 1) {
      note(ctx, SCALE[i], at + i * 0.055, 0.16, { type: "triangle", gain: 0.2 });
    }
  },
  spawn(ctx, at = 0, count = 3) {
    for (let i = 0; i < count; i += 1) note(ctx, 392 + i * 98, at + i * 0.07, 0.06, { gain: 0.22 });
  },
  over(ctx, at = 0) {
    [440, 370, 311, 262].forEach((f, i) => note(ctx, f, at + i * 0.2, 0.3, { type: "triangle", gain: 0.22 }));
  },
};

/**
 * Play sound `name` now (nothing while the sound is off or before the first gesture).
 * @param {keyof typeof SOUNDS} name
 * @param {...number} args
 */
export function play(name, ...args) {
  const ctx = audio();
  if (ctx) SOUNDS[name](ctx, ...args);
}

/**
 * The sounds of a move, in the order and (roughly) at the pace its animation plays.
 * @param {import("./types").Turn} turn
 * @param {import("./types").State} state
 */
function playTurn(turn, state) {
  const ctx = audio();
  if (!ctx) return;
  const pace = reducedMotion() ? 0 : animationPace();
  let at = 0;
  for (const ev of turn?.events ?? []) {
    if (ev.type === "roll") {
      const length = Math.max(1, (ev.path?.length ?? 2) - 1) * 0.034 * pace;
      SOUNDS.roll(ctx, at, length);
      at += length;
    } else if (ev.type === "clear") {
      const longest = Math.max(0, ...(ev.lines ?? []).map((line) => line.cells?.length ?? 0));
      SOUNDS.line(ctx, at, longest);
      at += Math.max(0.32 * pace, 0.1);
    } else if (ev.type === "spawn") {
      SOUNDS.spawn(ctx, at, ev.balls?.length ?? 3);
      at += Math.max(0.23 * pace, 0.2);
    }
  }
  if (state?.over) SOUNDS.over(ctx, at + 0.1);
}

/** Wait for the first gesture, then follow the game's events. */
export function installSound() {
  const gesture = () => {
    gestured = true;
    for (const type of ["pointerdown", "keydown"]) window.removeEventListener(type, gesture, true);
  };
  for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, gesture, true);
  on("select", ({ index }) => { if (index !== null) play("select"); });
  on("blocked", () => play("blocked"));
  on("turn", ({ turn, state }) => playTurn(turn, state));
}
