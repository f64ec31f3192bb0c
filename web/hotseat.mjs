// Play with real dice: 1–4 people (or the computer) take turns at one screen, rolling a fair die.
// Where each roll takes a token comes from Python (the API's move op); this rolls, animates and keeps turns.
import { TokenAnimator } from "./animate.mjs";
import { rollDie, FACES } from "./dice.mjs";
import { boardToMatrix } from "./grid.mjs";
import { cleanName } from "./library-store.mjs";
import { describeMove, describeRules } from "./rules-text.mjs";

export const COLOURS = [
  ["#c81e1e", "Red"],
  ["#17803a", "Green"],
  ["#b98900", "Gold"],
  ["#6b2fb3", "Purple"],
  ["#1f5fbf", "Blue"],
  ["#d2691e", "Orange"],
];
const MAX_PLAYER_NAME = 20;
/** A game stops after this many turns, as a seeded game does. */
const TURN_LIMIT = 10_000;

/** One line of the history: "Turn 3, Ana: rolled 4 → square 9, ladder to 20". */
export function describeRoll(number, name, step, last) {
  return describeMove(`Turn ${number}, ${name}: rolled ${step.roll}`, step, last, { bounce: "bounced back", won: step.won });
}

function playerRow(index) {
  const li = document.createElement("li");
  li.className = "hotseat-player";
  const field = (labelText, control) => {
    const label = document.createElement("label");
    label.textContent = labelText;
    label.append(control);
    return label;
  };
  const name = document.createElement("input");
  name.value = `Player ${index + 1}`;
  name.maxLength = MAX_PLAYER_NAME;
  name.dataset.hotseat = "name";
  const colour = document.createElement("select");
  colour.dataset.hotseat = "colour";
  for (const [value, text] of COLOURS) colour.append(new Option(text, value));
  colour.value = COLOURS[index][0];
  const computer = document.createElement("input");
  computer.type = "checkbox";
  computer.dataset.hotseat = "computer";
  li.append(field(`Player ${index + 1} name `, name), field("Colour ", colour), field(" Computer", computer));
  return li;
}

/** The player rows as players: names cleaned, each with its colour and a token animator of its own. */
function makePlayers(rows, tokens, view, rules) {
  return rows.map((row, index) => {
    const field = (name) => /** @type {HTMLInputElement} */ (row.querySelector(`[data-hotseat="${name}"]`));
    const colour = field("colour").value;
    const token = tokens[index];
    token.style.background = colour;
    const mover = new TokenAnimator(view, token);
    const name = cleanName(field("name").value).slice(0, MAX_PLAYER_NAME) || `Player ${index + 1}`;
    return { name, colour, computer: field("computer").checked, position: rules.start === "off-board" ? 0 : 1, hopeless: false, mover };
  });
}

/** The Play with real dice panel: its setup, one game at a time, the die and the history. */
class HotSeat {
  #root;
  /** The options createHotSeat was given: `{root, view, state, request, getRules, onStart}`. */
  #app;
  #rows = Array.from({ length: 4 }, (_, index) => playerRow(index));
  /** The game under way, or null at the setup. */
  #game = null;

  constructor(app) {
    this.#app = app;
    this.#root = app.root;
    this.#$("players").replaceChildren(...this.#rows);
    this.#wire();
    this.#showCount();
    this.showRules();
    this.#setPhase("setup");
  }

  #$(name) {
    return this.#root.querySelector(`[data-hotseat="${name}"]`);
  }

  #setPhase(phase) {
    this.#root.dataset.state = phase;
    this.#$("setup").hidden = phase !== "setup";
    this.#$("game").hidden = phase === "setup";
    this.#$("roll").disabled = phase !== "playing";
    this.#$("end").hidden = phase !== "playing";
    this.#$("new").hidden = phase === "playing";
  }

  showRules() {
    const game = this.#game;
    this.#$("rules").textContent = `Rules: ${describeRules(game?.rules ?? this.#app.getRules())}. ${game ? "" : "Choose them in Random play."}`;
  }

  #showCount() {
    const count = Number(this.#$("count").value);
    this.#rows.forEach((row, index) => (row.hidden = index >= count));
  }

  #announceTurn() {
    const player = this.#game.players[this.#game.turn];
    this.#$("turn").textContent = player.computer ? `${player.name} (computer) is rolling…` : `${player.name}'s turn: press Roll or Space.`;
    this.#$("turn").style.color = player.colour;
  }

  start() {
    this.#app.onStart();
    this.stop();
    const rules = this.#app.getRules();
    const board = this.#app.state.board;
    const count = Number(this.#$("count").value);
    const players = makePlayers(this.#rows.slice(0, count), this.#app.view.players(count), this.#app.view, rules);
    this.#game = { rules, board, matrix: boardToMatrix(board), last: board.n * board.n, players, turn: 0, number: 0, busy: false, over: false };
    for (const player of players) player.mover.play([], { from: player.position });
    this.#$("history").replaceChildren();
    this.#$("winner").textContent = "";
    this.#$("die").textContent = "";
    this.showRules();
    this.#setPhase("playing");
    this.#announceTurn();
    this.#$("roll").focus();
    if (players[0].computer) this.roll();
  }

  /** End the game (the tokens leave the board) and go back to the setup. */
  stop(reason = "") {
    if (!this.#game) return;
    for (const player of this.#game.players) player.mover.stop();
    this.#app.view.players(0);
    this.#game = null;
    this.#setPhase("setup");
    this.showRules();
    this.#$("status").textContent = reason;
  }

  #finish(phase, text) {
    this.#game.over = true;
    this.#$("winner").textContent = text;
    this.#$("turn").textContent = "";
    this.#setPhase(phase);
  }

  /** Roll the die and show it; the value rolled. */
  #throwDie() {
    const value = rollDie();
    const die = this.#$("die");
    die.textContent = FACES[value - 1];
    die.dataset.roll = String(value);
    die.setAttribute("aria-label", `The die shows ${value}`);
    return value;
  }

  async roll() {
    const current = this.#game;
    if (!current || current.busy || current.over) return;
    const player = current.players[current.turn];
    current.busy = true;
    this.#$("roll").disabled = true;
    const value = this.#throwDie();
    let reply;
    try {
      reply = await this.#app.request("move", { board: current.matrix, rules: current.rules, position: player.position, roll: value });
    } catch (error) {
      reply = { ok: false, error: { message: error.message } };
    }
    if (this.#game !== current) return;
    if (!reply.ok) {
      this.#finish("error", `The roll could not be played: ${reply.error.message}.`);
      return;
    }
    const step = reply.result;
    const moving = step.overshoot === "stay" ? [] : [{ ...step, last: current.last }];
    const done = await player.mover.play(moving, { from: step.start, keep: true });
    if (this.#game !== current || !done) return;
    player.position = step.end;
    player.hopeless = step.hopeless;
    current.number += 1;
    const line = document.createElement("li");
    line.textContent = describeRoll(current.number, player.name, step, current.last) + (step.hopeless && !step.won ? ` (can no longer reach square ${current.last})` : "");
    this.#$("history").prepend(line);
    this.#afterRoll(current, player, step);
  }

  #afterRoll(current, player, step) {
    current.busy = false;
    if (step.won) return this.#finish("won", `${player.name} wins after ${current.number} turn${current.number === 1 ? "" : "s"}!`);
    if (current.players.every((p) => p.hopeless)) return this.#finish("stuck", `No one can reach square ${current.last} any more: the game ends without a winner.`);
    if (current.number >= TURN_LIMIT) return this.#finish("stopped", `No winner after ${TURN_LIMIT.toLocaleString("en")} turns: the game was stopped.`);
    do current.turn = (current.turn + 1) % current.players.length;
    while (current.players[current.turn].hopeless);
    this.#$("roll").disabled = false;
    this.#announceTurn();
    if (current.players[current.turn].computer) this.roll();
  }

  /** A person's turn in the game under way (the computer rolls for itself). */
  #personToRoll() {
    const game = this.#game;
    return game !== null && !game.players[game.turn].computer;
  }

  #wire() {
    document.addEventListener("keydown", (event) => {
      if (event.key !== " " || !this.#game || this.#game.over || event.ctrlKey || event.altKey || event.metaKey) return;
      if (/** @type {Element} */ (event.target).closest?.("input, textarea, select, button, [role=grid], [contenteditable], dialog")) return;
      event.preventDefault();
      if (this.#personToRoll()) this.roll();
    });
    this.#app.state.addEventListener("change", () => this.#game && this.stop("The board changed, so the game was stopped."));
    this.#$("count").addEventListener("change", () => this.#showCount());
    this.#$("start").addEventListener("click", () => this.start());
    this.#$("roll").addEventListener("click", () => this.#personToRoll() && this.roll());
    this.#$("end").addEventListener("click", () => this.stop("Game ended."));
    this.#$("new").addEventListener("click", () => this.stop(""));
  }
}

/**
 * Wire the panel `root`. `request(op, fields)` calls the Python API; `getRules()` gives the Random
 * play rules; `onStart()` stops whatever else moves tokens on the board before a game begins.
 * Returns `{start, stop, roll, showRules}`.
 */
export function createHotSeat({ root, view, state, request, getRules, onStart = () => {} }) {
  return new HotSeat({ root, view, state, request, getRules, onStart });
}
