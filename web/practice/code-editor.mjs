// The Practice panel's code editor: CodeMirror from the vendored bundle, loaded on first use, in a shadow
// root of its host, in the page's colours (editor-theme.mjs) and the language's mode (languages.mjs).
import { siteUrl } from "../core/site.mjs";
import { editorTheme } from "./editor-theme.mjs";
import { languageExtensions } from "./languages.mjs";

// CodeMirror adds its styles as <style> elements to a document, which the page's CSP refuses; in a shadow
// root it adopts constructed style sheets instead, which CSP allows. So the editor lives in one.
// The language's mode and indentation sit in a compartment, so that the language switch reconfigures them.
export async function createEditor(host, text, onChange, name) {
  const cm = await import(siteUrl("vendor/codemirror.mjs").href);
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  const mode = new cm.Compartment();
  const view = new cm.EditorView({
    doc: text,
    parent: root,
    root,
    extensions: [
      cm.basicSetup,
      mode.of(languageExtensions(cm, name)),
      cm.keymap.of([cm.indentWithTab]),
      editorTheme(cm),
      cm.EditorView.contentAttributes.of({ "aria-label": "Your solution" }),
      cm.EditorView.updateListener.of((update) => update.docChanged && onChange(update.state.doc.toString())),
    ],
  });
  return { view, setLanguage: (next) => view.dispatch({ effects: mode.reconfigure(languageExtensions(cm, next)) }) };
}
