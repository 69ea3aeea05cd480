// Two small helpers every page module uses.

/** The element with this id (or null). */
export const $ = (id) => document.getElementById(id);

/** The <html> element: the page's state attributes (data-engine, …) live here. */
export const root = document.documentElement;
