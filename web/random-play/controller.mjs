// The Random play and Explain panels' controller: the live analysis (the what-if after each edit),
// seeded games and the search step by step. It owns the "analysis", "explain" and "play" requests.
import { AnalysisPanel, ExplainPanel } from "./analysis.mjs";
import { GamePanel } from "./seeded-game.mjs";
import { boardToMatrix } from "../core/grid.mjs";
import { $ } from "../core/dom.mjs";

const RULE_SELECTS = { start: "rule-start", overshoot: "rule-overshoot", sixes: "rule-sixes" };
const select = (id) => /** @type {HTMLSelectElement} */ ($(id));

export class RandomPlayController {
  #app;
  #analysis;
  #explainer;
  #game;
  #shown = false; // once an analysis has been shown, it follows every edit
  #edited = false; // the next analysis follows an edit: report the change
  #replays = 0; // counts seeded replays, so one replaced by another does not end the newer one's phase

  /** `app`: `{state, view, bridge, ask, modes, notify}` from the composition root; it follows the state's events. */
  constructor(app) {
    this.#app = app;
    this.#analysis = new AnalysisPanel(app.view, app.modes);
    this.#explainer = new ExplainPanel(app.view, app.modes);
    this.#game = new GamePanel(app.view);
    $("analyze").addEventListener("click", () => {
      this.#edited = false;
      this.analyze();
    });
    $("cancel-analysis").addEventListener("click", () => this.#cancelAnalysis());
    $("cancel-jump-use").addEventListener("click", () => this.#cancelJumpUse());
    $("explain").addEventListener("click", () => this.explain());
    $("play-seeded").addEventListener("click", () => this.playGame());
    $("new-seed").addEventListener("click", () => {
      $("seed").value = String(Math.floor(Math.random() * 1_000_000));
    });
    this.#wireRules();
    app.state.addEventListener("change", () => this.boardChanged());
    app.state.addEventListener("ruleschange", (event) => {
      this.#showRules();
      if (!(/** @type {CustomEvent} */ (event).detail.withBoard)) this.rulesChanged();
    });
    $("players").addEventListener("change", () => this.rulesChanged());
  }

  /**
   * The rules are part of the state (undone with the board, carried by links and My boards): the panel's
   * Rules for a real die selects only show them and ask the state to change them.
   */
  #wireRules() {
    const { state, notify } = this.#app;
    for (const [name, id] of Object.entries(RULE_SELECTS)) {
      $(id).addEventListener("change", () => {
        const problem = state.setRules({ [name]: select(id).value });
        if (problem) notify(problem, "error");
        this.#showRules();
      });
    }
    this.#showRules();
  }

  #showRules() {
    for (const [name, id] of Object.entries(RULE_SELECTS)) select(id).value = this.#app.state.rules[name];
  }

  set speed(value) {
    this.#game.speed = value;
  }

  /** The board changed: stale figures and games go, and a shown analysis is asked again. */
  boardChanged() {
    this.#analysis.stale();
    this.#explainer.clear();
    this.clearGame();
    if (this.#shown) this.analyze();
  }

  /** The rules or the players changed: the game and the explained search (it starts where the rules say) go,
   * a shown analysis is asked again (no what-if). */
  rulesChanged() {
    this.clearGame();
    this.#explainer.clear();
    if (this.#shown) {
      this.#edited = false;
      this.analyze();
    }
  }

  /** Take the seeded replay off the board (its tokens and turns). */
  clearGame() {
    this.#game.stop();
    this.#app.modes.go("replay", "idle");
  }

  /** Take the explanation's layers off the board. */
  clearSearch() {
    this.#explainer.clear();
  }

  async analyze() {
    const { ask, bridge, state } = this.#app;
    const edited = this.#edited;
    // A jump use still computing for the old board is dropped (its worker restarted if it ran long).
    bridge.cancel("jump-use", { now: false });
    this.#analysis.jumpUse("idle");
    this.#analysis.busy("Analyzing…");
    this.#analysis.running(true);
    let reply;
    try {
      reply = await ask.analyze({ board: boardToMatrix(state.board), players: playerCount() }, "analysis");
    } catch (error) {
      this.#analysis.error(`Could not analyze: ${error.message}`);
      return;
    } finally {
      this.#analysis.running(bridge.busy("analysis"));
    }
    if (!reply) return;
    if (!reply.ok) {
      this.#analysis.error(`Could not analyze: ${reply.error.message}`);
      return;
    }
    this.#shown = true;
    this.#edited = true;
    this.#analysis.show(reply.result, { edited });
    if (!reply.result.unsolved && state.board.jumps.size) await this.#jumpUse();
  }

  /** The analysis's second stage: how often each jump is used, or why it was not computed. */
  async #jumpUse() {
    const { ask, state } = this.#app;
    this.#analysis.jumpUse("running");
    let reply;
    try {
      reply = await ask.jump_use({ board: boardToMatrix(state.board) }, "jump-use");
    } catch (error) {
      this.#analysis.jumpUse("refused", { text: `Could not find the jump use: ${error.message}` });
      return;
    }
    if (!reply) return; // replaced by a newer analysis, or cancelled
    if (!reply.ok) this.#analysis.jumpUse("refused", { text: `Could not find the jump use: ${reply.error.message}` });
    else if (reply.result.refused) this.#analysis.jumpUse("refused", { text: sentence(reply.result.refused) });
    else this.#analysis.jumpUse("done", { jumps: reply.result.jumps });
  }

  async explain() {
    const { ask, state } = this.#app;
    this.#explainer.say("Explaining…", "running");
    let reply;
    try {
      // The search starts where the board's rules say; its other rules never shorten a game.
      reply = await ask.explain({ board: boardToMatrix(state.board), rules: { start: state.rules.start } });
    } catch (error) {
      this.#explainer.say(`Could not explain: ${error.message}`, "error");
      return;
    }
    if (!reply) return;
    if (!reply.ok) {
      this.#explainer.say(`Could not explain: ${reply.error.message}`, "error");
      return;
    }
    this.#explainer.show(reply.result);
  }

  async playGame() {
    const { ask, state, modes } = this.#app;
    const seed = Number($("seed").value);
    if (!Number.isSafeInteger(seed) || seed < 0) {
      this.#game.say("The seed must be a whole number, 0 or more.");
      return;
    }
    this.#game.say("Rolling the dice…");
    const replay = ++this.#replays;
    modes.go("replay", "rolling");
    let reply;
    try {
      // Play's one count of players is Play with real dice's: the replay is a game for them.
      reply = await ask.play({ board: boardToMatrix(state.board), players: playerCount("hotseat-count"), seed });
    } catch (error) {
      this.#game.say(`Could not play: ${error.message}`);
      modes.go("replay", "error");
      return;
    }
    if (!reply) return;
    if (!reply.ok) {
      this.#game.say(`Could not play: ${reply.error.message}`);
      modes.go("replay", "error");
      return;
    }
    if (replay !== this.#replays || modes.phase("replay") !== "rolling") return; // cleared meanwhile
    modes.go("replay", "playing");
    await this.#game.play(reply.result);
    if (replay === this.#replays && modes.phase("replay") === "playing") modes.go("replay", "done");
  }

  // Cancelling the second stage restarts the analysis worker too; the figures shown stay.
  #cancelJumpUse() {
    this.#app.bridge.cancel("jump-use", { restart: true });
    this.#analysis.jumpUse("cancelled", {
      text: "Jump use cancelled. Python is restarting; press Analyze to find it again.",
    });
  }

  // A large board's analysis can take a while: cancelling restarts the analysis worker.
  #cancelAnalysis() {
    this.#app.bridge.cancel("analysis", { restart: true });
    this.#shown = false;
    this.#analysis.running(false);
    this.#analysis.error("Analysis cancelled. Python is restarting; press Analyze to try again.");
  }
}

/** Python's message as a sentence: a capital first letter and a full stop. */
function sentence(text) {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The players of Random play's race (Solve), or of `id`'s count. */
function playerCount(id = "players") {
  const value = Number(/** @type {HTMLInputElement} */ ($(id)).value);
  return Number.isInteger(value) && value >= 1 && value <= 4 ? value : 1;
}
