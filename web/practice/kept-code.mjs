// The user's practice code in localStorage, one key a language, which every tab of the site reads and
// writes: a write is made only over the text this tab last read or wrote, never over newer code. No DOM.
import { storageProblem } from "../core/codec.mjs";

/**
 * One language's kept code as this tab knows it. `base` is the stored text the editor's code is based on
 * (null: none was stored): the text last read (`read`) or written. Another tab's write changes what is
 * stored but not `base`, so a save from a stale base is seen before anything is written, whether or not
 * the `storage` event has arrived yet.
 */
export class KeptCode {
  /** The Storage, got anew each time (the getter may throw when storage is blocked). */
  #store;
  key;
  base = null;

  /** `storage` is a Storage or a getter of one. */
  constructor(key, storage = () => localStorage) {
    this.key = key;
    this.#store = typeof storage === "function" ? storage : () => storage;
  }

  /** The stored text, or null (none, or storage cannot be read); `base` is not changed. */
  stored() {
    try {
      return this.#store().getItem(this.key);
    } catch {
      return null;
    }
  }

  /** The stored text, which becomes `base`: the editor now shows it (or the template, when null). */
  read() {
    this.base = this.stored();
    return this.base;
  }

  /**
   * Keep `text`, typed over `base`: `{saved: true}`; `{newer}` (nothing written) when another tab stored
   * other code since this tab last read or wrote, `newer` being that code; `{problem}` when storage refused.
   */
  save(text) {
    const now = this.stored();
    if (now === text) {
      this.base = now; // the same code, whoever wrote it
      return { saved: true };
    }
    if (now !== this.base) return { newer: now };
    return this.keep(text);
  }

  /** Keep `text` whatever is stored (the user chose theirs over another tab's): `{saved: true}` or `{problem}`. */
  keep(text) {
    try {
      this.#store().setItem(this.key, text);
    } catch (error) {
      return { problem: storageProblem(error) };
    }
    this.base = text;
    return { saved: true };
  }
}
