// The Practice editor's colours: the page's theme, not CodeMirror's light default. Every colour is a
// page variable or a light-dark() pair, so the editor follows the Theme control and, on "System", the
// system's setting, without being rebuilt (color-scheme is inherited into the editor's shadow root).
// Each token colour has a contrast of at least 4.5:1 (WCAG) on the editor's backgrounds, its active
// line included, in every theme: tests/e2e/test_e2e_practice_view.py measures it from the computed colours.

/** light-dark(light, dark): the light colour on light backgrounds (the contrast theme too), the dark one on dark. */
const pair = (light, dark) => `light-dark(${light}, ${dark})`;

/**
 * Token colours by CodeMirror highlight tag names (the tags of its default style, recoloured).
 * @type {[string[], string][]}
 */
const TOKENS = [
  [["keyword"], pair("#7a1fa2", "#d7a8ff")],
  [["atom", "bool", "url", "contentSeparator", "labelName"], pair("#1a3e9e", "#9cc1ff")],
  [["literal", "inserted"], pair("#116a3e", "#8fd9a8")],
  [["string", "deleted"], pair("#9b1c1c", "#ffaa9e")],
  [["regexp", "escape"], pair("#8f3f00", "#ffc27a")],
  [["typeName", "namespace"], pair("#0b6e4f", "#7fdcc0")],
  [["className"], pair("#17606e", "#7fd4e0")],
  [["macroName"], pair("#245b66", "#a3d1db")],
  [["comment"], pair("#7a4300", "#e0b080")],
  [["invalid"], pair("#b00000", "#ff8a80")],
  [["meta"], pair("#404740", "#c0c8c0")],
];

const ACTIVE_LINE = pair("#f3eee2", "#262f33");

// CodeMirror's base theme scopes its light colours under its light-theme class (the editor is never
// built "dark": light-dark() does that job); "&.cm-editor" gives these rules as many classes, and being
// later in the cascade they win.
const panel = { backgroundColor: "var(--card)", color: "var(--ink)", border: "1px solid var(--line)" };
const field = {
  color: "var(--ink)",
  backgroundColor: "var(--button)",
  backgroundImage: "none",
  border: "1px solid var(--line)",
};
const selection = { backgroundColor: "var(--select-bg)" };
/** The editor's own elements in the page's colours, as CodeMirror's EditorView.theme spec. */
const THEME = {
  "&": {
    minHeight: "14rem",
    maxHeight: "32rem",
    fontSize: "0.9rem",
    backgroundColor: "var(--card)",
    color: "var(--ink)",
  },
  ".cm-scroller": { fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace' },
  "&.cm-editor .cm-content": { caretColor: "var(--ink)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--ink)" },
  "&.cm-editor .cm-gutters": {
    backgroundColor: "var(--paper)",
    color: "var(--muted)",
    borderRight: "1px solid var(--line)",
  },
  "&.cm-editor .cm-activeLine": { backgroundColor: ACTIVE_LINE },
  "&.cm-editor .cm-activeLineGutter": { backgroundColor: ACTIVE_LINE, color: "var(--ink)" },
  "&.cm-editor .cm-selectionBackground": selection,
  "&.cm-editor.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground": selection,
  ".cm-content ::selection": selection,
  "&.cm-focused .cm-matchingBracket": { backgroundColor: "var(--select-bg)", outline: "1px solid var(--select)" },
  "&.cm-focused .cm-nonmatchingBracket": {
    backgroundColor: "transparent",
    color: "var(--error)",
    outline: "1px solid var(--error)",
  },
  "&.cm-editor .cm-searchMatch": { backgroundColor: "var(--landing)", outline: "1px solid var(--current)" },
  "&.cm-editor .cm-searchMatch-selected": { backgroundColor: "var(--path)" },
  "&.cm-editor .cm-selectionMatch": selection,
  "&.cm-editor .cm-specialChar": { color: "var(--error)" },
  "&.cm-editor .cm-panels": { backgroundColor: "var(--card)", color: "var(--ink)" },
  "&.cm-editor .cm-button, &.cm-editor .cm-textfield": field,
  "&.cm-editor .cm-tooltip": panel,
  "&.cm-editor .cm-tooltip-autocomplete ul li[aria-selected]": {
    backgroundColor: "var(--select-bg)",
    color: "var(--ink)",
  },
  ".cm-foldPlaceholder": { backgroundColor: "var(--paper)", color: "var(--muted)", border: "1px solid var(--line)" },
};

/** The editor's theme and highlighting, as CodeMirror extensions built from the vendored bundle `cm`. */
export function editorTheme(cm) {
  const { tags } = cm;
  /** @type {object[]} */
  const styles = TOKENS.map(([names, color]) => ({ tag: names.map((name) => tags[name]), color }));
  styles.push(
    { tag: tags.special(tags.string), color: pair("#8f3f00", "#ffc27a") },
    { tag: tags.definition(tags.variableName), color: pair("#0b4fc4", "#8ab4ff") },
    { tag: tags.local(tags.variableName), color: pair("#3a1f9e", "#c2b3ff") },
    { tag: tags.special(tags.variableName), color: pair("#245b66", "#a3d1db") },
    { tag: tags.definition(tags.propertyName), color: pair("#0033b3", "#9cb8ff") },
    { tag: tags.emphasis, fontStyle: "italic" },
    { tag: tags.strong, fontWeight: "bold" },
  );
  return [cm.syntaxHighlighting(cm.HighlightStyle.define(styles)), cm.EditorView.theme(THEME)];
}
