// The Practice editor's code kept in this browser while other tabs keep theirs: each edit saved over the code
// it is based on (kept-code.mjs), other tabs' writes followed, and the note under the editor when it is not saved.
import { KeptCode } from "./kept-code.mjs";
import { language } from "./languages.mjs";

const CHANGED =
  "This code was changed in another tab, so your edits here are not saved. Load the other tab's version (your edits are replaced; Undo brings them back), or keep yours (saved over the other tab's).";

/**
 * The editor's kept code. The editor is given as `text()` (its code, or null before it exists) and
 * `replace(text)` (replaces it without counting as an edit); `note` is the paragraph under it, shown while
 * the code in the editor is not saved (then switching the language or opening a link is refused).
 */
export class CodeKeeper {
  #kept = null;
  #name = "python";
  #note;
  #choices;
  #text;
  #replace;
  /** True while the editor shows a link's code the user has not edited: not theirs, never saved. */
  #linked = false;

  constructor({ note, text, replace }) {
    [this.#note, this.#text, this.#replace] = [note, text, replace];
    this.#choices = this.#makeChoices();
    // Fired by another tab's write only; a key of null is that tab clearing all of this site's storage.
    window.addEventListener(
      "storage",
      (event) => (event.key === this.#kept?.key || event.key === null) && this.#follow(),
    );
  }

  /** The code to show for `name`'s language: `linked` (a link's, not saved until edited), else the kept code or the template. */
  show(name, linked = null) {
    this.#name = name;
    this.#kept = new KeptCode(language(name).storageKey);
    const kept = this.#kept.read();
    this.#linked = linked !== null;
    this.#say(null);
    return linked ?? kept ?? language(name).template;
  }

  /** A user edit (not a replacement): saved over the code it is based on, or the note says why not. */
  edited(text) {
    this.#linked = false;
    this.#say(this.#kept.save(text));
  }

  /** Another tab wrote this language's code: an editor without edits of its own takes it; one with edits asks. */
  #follow() {
    const text = this.#text();
    const stored = this.#kept.stored();
    if (text === null || stored === this.#kept.base) return;
    if (this.#linked || text === (this.#kept.base ?? language(this.#name).template)) {
      this.#kept.read(); // the link's code stays on screen: the user's own code is now the other tab's
      if (!this.#linked) this.#replace(stored ?? language(this.#name).template);
      this.#say(null);
    } else this.#say(this.#kept.save(text)); // newer code: the choice is shown (or it is the same code)
  }

  /** Show what saving came to: nothing when saved (or null), the reason, or the choice between two tabs' code. */
  #say(outcome) {
    const problem = outcome?.problem
      ? `Your code is not saved: ${outcome.problem}. It stays in this editor while the page is open; copy it somewhere safe.`
      : "";
    const newer = Boolean(outcome && "newer" in outcome);
    this.#note.textContent = newer ? CHANGED : problem;
    this.#note.hidden = !newer && !problem;
    this.#choices.hidden = !newer;
  }

  #makeChoices() {
    const choices = document.createElement("div");
    choices.className = "row buttons";
    choices.hidden = true;
    const button = (label, action) => {
      const made = document.createElement("button");
      made.type = "button";
      made.textContent = label;
      made.addEventListener("click", action);
      return made;
    };
    choices.append(
      button("Load the other tab's version", () => {
        this.#replace(this.#kept.read() ?? language(this.#name).template);
        this.#say(null);
      }),
      button("Keep mine", () => this.#say(this.#kept.keep(this.#text() ?? ""))),
    );
    this.#note.after(choices);
    return choices;
  }
}
