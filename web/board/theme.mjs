// The colour theme: "auto" (follows the system's light or dark setting), "light", "dark" or "contrast".
// The choice is kept in localStorage and applied as data-theme on <html>; style.css does the rest.

const STORAGE_KEY = "snakes-ladders:theme";
export const THEMES = ["auto", "light", "dark", "contrast"];

/** The saved theme, or "auto" when there is none (or storage is unavailable or holds junk). */
export function savedTheme(storage = globalThis.localStorage) {
  try {
    const value = storage?.getItem(STORAGE_KEY);
    return THEMES.includes(value) ? value : "auto";
  } catch {
    return "auto";
  }
}

export function applyTheme(theme, root = document.documentElement) {
  if (theme === "auto") delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/** Wire the Theme `select` (options valued as THEMES): applies and saves each choice. */
export function createThemeControl({ select, storage = globalThis.localStorage }) {
  const theme = savedTheme(storage);
  select.value = theme;
  applyTheme(theme);
  select.addEventListener("change", () => {
    const chosen = THEMES.includes(select.value) ? select.value : "auto";
    applyTheme(chosen);
    try {
      storage?.setItem(STORAGE_KEY, chosen);
    } catch {
      // Storage full or disabled: the theme still applies to this page.
    }
  });
}
