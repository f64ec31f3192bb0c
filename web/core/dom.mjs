// Element look-up by id for the page's modules: one helper instead of a copy in each module.
// Typed loosely (any): the ids and their element kinds are fixed in index.html.

/** @type {(id: string) => any} */
export const $ = (id) => document.getElementById(id);
