// The page's DOM helpers (platform layer): every page module may use them.

/**
 * The element with this id: one the page holds (index.html, or one of its
 * templates once fillPage has moved it in). Typed as present: a module that
 * asks before the element can exist checks for null itself.
 * @param {string} id
 * @returns {HTMLElement}
 */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** The <html> element: the page's state attributes (data-engine, …) live here. */
export const root = document.documentElement;

/**
 * Move the children of every <template data-into="id"> into the element with
 * that id ("body" for the document's body), at its end; the templates are
 * removed. With `only`, just the templates into those ids. Safe to call twice.
 */
export function fillPage(doc = document, only = /** @type {string[] | null} */ (null)) {
  for (const template of /** @type {NodeListOf<HTMLTemplateElement>} */ (doc.querySelectorAll("template[data-into]"))) {
    const into = template.dataset.into ?? "";
    if (only && !only.includes(into)) continue;
    const target = into === "body" ? doc.body : doc.getElementById(into);
    if (!target) continue;
    target.append(template.content);
    template.remove();
  }
}

/**
 * Run `fn` once, after the next frame has been painted: requestAnimationFrame
 * runs just before that frame is painted, the timeout after it. A hidden page
 * gets no frames, so there `fn` runs at once; a page whose frames stall runs
 * it after 250 ms.
 * @param {() => void} fn
 */
export function afterNextFrame(fn) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  const visible = document.visibilityState === "visible";
  if (visible) requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, visible ? 250 : 0);
}

/**
 * A new `tag` element: `props` are attributes, except "class" (className)
 * and "text" (textContent: never parsed as HTML); then its `children`.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} props
 * @param {...(Node | string | null | undefined)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child != null) node.append(child);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * A new SVG element `tag` with `attrs`.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

/**
 * Resolves in a task of its own, once the browser has handled what waits
 * (input first): scheduler.yield() where there is one, else a message to
 * itself (not a timeout, which a hidden page runs once a second). The start
 * of the page is cut into such tasks so that none of them is long.
 * @returns {Promise<void>}
 */
export function nextTask() {
  /** @type {{yield?: () => Promise<void>} | undefined} */
  const scheduler = /** @type {any} */ (globalThis).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
