// The page's client of the engine worker.
//
// const engine = new Engine(); engine.start();  — start the worker first thing.
// engine.state is "loading" | "ready" | "failed"; listeners of "state" events
// hear every change (event.detail = {state, code, message}).
// await engine.request(cmd, args) resolves to the facade's reply
// {id, ok, result|error}; it never rejects: a dead or failed engine answers
// {ok: false, error: {code: "engine_failed"}}. engine.restart() throws the
// worker away (pending requests get engine_failed) and boots a new one.

/** @typedef {import("./types").EngineError} EngineError */
/** @typedef {import("./types").Reply<any>} AnyReply */
/** @typedef {"loading" | "ready" | "failed"} EngineState */

export class Engine extends EventTarget {
  /** @param {URL} url the worker's module */
  constructor(url = new URL("./worker.js", import.meta.url)) {
    super();
    this.url = url;
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {EngineState} */
    this.state = "loading";
    /** @type {EngineError | null} why the engine failed (null unless state is "failed") */
    this.failure = null;
    /** @type {string | null} the build id the worker booted */
    this.build = null;
    this.nextId = 1;
    /** @type {Map<number, (reply: AnyReply) => void>} */
    this.pending = new Map();
    /** @type {((ready: boolean) => void)[]} */
    this.readyWaiters = [];
  }

  /** Start (or restart) the worker. */
  start() {
    this.stop();
    this.setState("loading");
    let worker;
    try {
      worker = new Worker(this.url, { type: "module" });
    } catch (err) {
      this.fail("boot", String(/** @type {Error} */ (err)?.message ?? err));
      return;
    }
    this.worker = worker;
    worker.onmessage = (event) => this.receive(worker, event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      if (this.worker !== worker) return;
      this.fail(this.state === "loading" ? "download" : "crashed", event.message || "worker error");
    };
    worker.onmessageerror = () => {};
  }

  restart() {
    this.start();
  }

  stop() {
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    this.rejectAll("engine_failed", "engine stopped");
  }

  /**
   * Resolves once the engine is ready; resolves false when it failed.
   * @returns {Promise<boolean>}
   */
  whenSettled() {
    if (this.state !== "loading") return Promise.resolve(this.state === "ready");
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /**
   * Send the facade command `cmd` with `args`; resolves to its reply.
   * @param {string} cmd
   * @param {object} args
   * @returns {Promise<AnyReply>}
   */
  request(cmd, args = {}) {
    const worker = this.worker;
    if (!worker || this.state === "failed") {
      return Promise.resolve({ ok: false, error: { code: "engine_failed", message: "engine not running" } });
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      worker.postMessage({ id, cmd, args });
    });
  }

  /**
   * A message of `worker`: a status, or the reply to a request.
   * @param {Worker} worker
   * @param {any} data
   */
  receive(worker, data) {
    if (worker !== this.worker || !data || typeof data !== "object") return;
    if (data.type === "ready") {
      this.build = data.build ?? null;
      this.setState("ready");
      return;
    }
    if (data.type === "failed") {
      this.fail(data.code || "boot", data.message || "");
      return;
    }
    const resolve = this.pending.get(data.id);
    if (resolve) {
      this.pending.delete(data.id);
      resolve(data);
    }
  }

  /**
   * @param {string} code
   * @param {string} message
   */
  fail(code, message) {
    this.failure = { code, message };
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    this.rejectAll("engine_failed", message);
    this.setState("failed");
  }

  /**
   * @param {string} code
   * @param {string} message
   */
  rejectAll(code, message) {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const resolve of pending) resolve({ ok: false, error: { code, message } });
  }

  /** @param {EngineState} state */
  setState(state) {
    this.state = state;
    if (state !== "failed") this.failure = null;
    if (state !== "loading") {
      for (const resolve of this.readyWaiters.splice(0)) resolve(state === "ready");
    }
    this.dispatchEvent(new CustomEvent("state", { detail: { state, ...(this.failure ?? {}) } }));
  }
}
