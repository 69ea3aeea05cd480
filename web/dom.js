// The page's DOM helpers (platform layer): every page module may use them.

/** The element with this id (or null). */
export const $ = (id) => document.getElementById(id);

/** The <html> element: the page's state attributes (data-engine, …) live here. */
export const root = document.documentElement;

/**
 * Move the children of every <template data-into="id"> into the element with
 * that id ("body" for the document's body), at its end, or at its start with
 * data-at="start"; the templates are removed. Safe to call twice.
 */
export function fillPage(doc = document) {
  for (const template of doc.querySelectorAll("template[data-into]")) {
    const into = template.dataset.into;
    const target = into === "body" ? doc.body : doc.getElementById(into);
    if (!target) continue;
    if (template.dataset.at === "start") target.prepend(template.content);
    else target.append(template.content);
    template.remove();
  }
}

/**
 * Run `fn` once, after the next frame has been painted: requestAnimationFrame
 * runs just before that frame is painted, the timeout after it. A hidden page
 * gets no frames, so there `fn` runs at once; a page whose frames stall runs
 * it after 250 ms.
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
