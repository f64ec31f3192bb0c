// Play with real dice: 1–4 people (or the computer) take turns at one screen, rolling a fair die.
// Every rule of a turn comes from Python (the API's turn op, the function seeded games are played with):
// where a roll takes the token and the squares it walks, who rolls next, and when the game ends. This
// rolls the die, draws the answer and keeps the answer's state for the next request.
import { TokenAnimator, playTurn } from "../board/animate.mjs";
import { LIMITS } from "../core/contract.mjs";
import { rollDie, FACES } from "./dice.mjs";
import { boardToMatrix } from "../core/grid.mjs";
import { cleanName } from "../library/library-store.mjs";
import { describeMove, describeRules, describeWin } from "../core/rules-text.mjs";

export const COLOURS = [
  ["#c81e1e", "Red"],
  ["#17803a", "Green"],
  ["#b98900", "Gold"],
  ["#6b2fb3", "Purple"],
  ["#1f5fbf", "Blue"],
  ["#d2691e", "Orange"],
];
const MAX_PLAYER_NAME = 20;

/** One line of the history: "Turn 3, Ana: rolled 4 → square 9, ladder to 20". */
export function describeRoll(number, name, step, last) {
  if (step.to_start)
    return `Turn ${number}, ${name}: rolled a third 6 in the turn, so the token goes back to the start`;
  const move = describeMove(`Turn ${number}, ${name}: rolled ${step.roll}`, step, last, {
    bounce: "bounced back",
    won: step.won,
  });
  return step.again ? `${move}. Roll again: a six!` : move;
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
function makePlayers(rows, tokens, view) {
  return rows.map((row, index) => {
    const field = (name) => /** @type {HTMLInputElement} */ (row.querySelector(`[data-hotseat="${name}"]`));
    const colour = field("colour").value;
    const token = tokens[index];
    token.style.background = colour;
    const mover = new TokenAnimator(view, token);
    const name = cleanName(field("name").value).slice(0, MAX_PLAYER_NAME) || `Player ${index + 1}`;
    return { name, colour, computer: field("computer").checked, mover };
  });
}

/** The Play with real dice panel: its setup, one game at a time, the die and the history. */
class HotSeat {
  #root;
  /** The options createHotSeat was given: `{root, view, state, modes, request, getRules}`. */
  #app;
  #rows = Array.from({ length: LIMITS.MAX_PLAYERS }, (_, index) => playerRow(index));
  /** The game under way, or null at the setup. */
  #game = null;

  constructor(app) {
    this.#app = app;
    this.#root = app.root;
    this.#$("players").replaceChildren(...this.#rows);
    const count = this.#$("count");
    const chosen = count.value;
    count.replaceChildren(...this.#rows.map((_, index) => new Option(String(index + 1))));
    count.value = chosen;
    this.#wire();
    this.#showCount();
    this.showRules();
    this.#setPhase("setup");
  }

  #$(name) {
    return this.#root.querySelector(`[data-hotseat="${name}"]`);
  }

  /** Move to `phase` in the mode table (which writes data-state, and takes the board for a game) and show it. */
  #setPhase(phase) {
    this.#app.modes.go("hotseat", phase);
    this.#$("setup").hidden = phase !== "setup";
    this.#$("game").hidden = phase === "setup";
    this.#$("roll").disabled = phase !== "playing";
    this.#$("end").hidden = phase !== "playing" && phase !== "starting";
    this.#$("new").hidden = phase === "playing" || phase === "starting";
  }

  showRules() {
    const game = this.#game;
    this.#$("rules").textContent =
      `Rules: ${describeRules(game?.rules ?? this.#app.getRules())}. ${game ? "" : "Choose them under Rules for a real die."}`;
  }

  #showCount() {
    const count = Number(this.#$("count").value);
    this.#rows.forEach((row, index) => (row.hidden = index >= count));
  }

  #announceTurn() {
    const player = this.#game.players[this.#game.player - 1];
    const again = this.#game.sixes > 0 ? "Roll again: a six! " : ""; // a sixes rule's extra roll in the same turn
    this.#$("turn").textContent = player.computer
      ? `${again}${player.name} (computer) is rolling…`
      : `${again}${player.name}'s turn: press Roll${touchOnly() ? "" : " or Space"}.`;
    this.#$("turn").style.color = player.colour;
  }

  /** Start a game: Python says where the tokens stand and whether any of them can finish at all. */
  async start() {
    this.stop();
    this.#setPhase("starting"); // takes the board (the mode table clears it)
    const rules = this.#app.getRules();
    const board = this.#app.state.board;
    const count = Number(this.#$("count").value);
    const game = {
      rules,
      matrix: boardToMatrix(board),
      last: board.n * board.n,
      players: [],
      positions: [],
      player: 1,
      number: 0,
      sixes: 0,
      rolls: Array(count).fill(0),
      busy: true,
      over: false,
    };
    this.#game = game;
    for (const name of ["history", "winner", "die", "turn"]) this.#$(name).replaceChildren();
    this.showRules();
    const reply = await this.#ask(game, { players: count });
    if (this.#game !== game) return;
    if (!reply.ok) return this.#finish("error", `The game could not start: ${reply.error.message}.`);
    // Entering "playing" takes the board again, and the mode table clears a seeded replay's tokens with
    // it (all player tokens): this game's tokens go on after that, where Python says they stand.
    this.#setPhase("playing");
    game.players = makePlayers(this.#rows.slice(0, count), this.#app.view.players(count), this.#app.view);
    // The key of player colours (web/board/layers.mjs) names the players and shows the colours they chose.
    const named = game.players.map(({ name, colour }) => ({ name, colour }));
    this.#app.view.dispatchEvent(new CustomEvent("playernames", { detail: { players: named } }));
    game.positions = reply.result.positions;
    game.players.forEach((player, index) => player.mover.play([], { from: game.positions[index] }));
    this.#next(game, reply.result);
    this.#$("roll").focus();
  }

  /** Ask Python about `game` with the turn op; errors come back as replies. */
  async #ask(game, fields) {
    try {
      return await this.#app.request.turn({ board: game.matrix, rules: game.rules, ...fields });
    } catch (error) {
      return { ok: false, error: { message: error.message } };
    }
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
    const game = this.#game;
    if (!game || game.busy || game.over) return;
    const player = game.players[game.player - 1];
    game.busy = true;
    this.#$("roll").disabled = true;
    const roll = this.#throwDie();
    // After a 6 under a sixes rule the same turn goes on: the same number, and the 6s so far (Python's count).
    const number = game.sixes > 0 ? game.number : game.number + 1;
    const reply = await this.#ask(game, {
      positions: game.positions,
      player: game.player,
      number,
      roll,
      sixes: game.sixes,
    });
    if (this.#game !== game) return;
    if (!reply.ok) return this.#finish("error", `The roll could not be played: ${reply.error.message}.`);
    const answer = reply.result;
    const turn = answer.turn;
    // A third 6 walks no square: the token goes straight back to the start, drawn as a jump there.
    const back = { ...turn, landing: turn.start, visits: [] };
    const done = await (turn.to_start
      ? player.mover.play([back], { from: turn.start, keep: true, catchUp: false })
      : playTurn(player.mover, turn));
    if (this.#game !== game || !done) return;
    game.positions = answer.positions;
    game.number = answer.turn.number;
    game.rolls[game.player - 1] += 1;
    game.sixes = answer.turn.again ? answer.sixes : 0;
    const won = answer.over === "won";
    const line = document.createElement("li");
    const hopeless = answer.hopeless[game.player - 1] && !won ? ` (can no longer reach square ${game.last})` : "";
    line.textContent = describeRoll(game.number, player.name, { ...answer.turn, won }, game.last) + hopeless;
    this.#$("history").prepend(line);
    this.#next(game, answer);
  }

  /** Show what Python answered: the game's end, or whose turn it is now (the computer rolls at once). */
  #next(game, answer) {
    game.busy = false;
    const players = game.players.length;
    const won = () =>
      describeWin(game.players[answer.winner - 1].name, {
        number: game.number,
        players,
        rolls: game.rolls[answer.winner - 1],
      });
    if (answer.over === "won") return this.#finish("won", `${won()}!`);
    if (answer.over === "stuck")
      return this.#finish("stuck", `No one can reach square ${game.last} any more: the game ends without a winner.`);
    if (answer.over)
      return this.#finish(
        "stopped",
        `No winner after ${LIMITS.MAX_TURNS.toLocaleString("en")} turns in all: the game was stopped.`,
      );
    game.player = answer.next_player;
    this.#$("roll").disabled = false;
    this.#announceTurn();
    if (game.players[game.player - 1].computer) this.roll();
  }

  /** A person's turn in the game under way (the computer rolls for itself). */
  #personToRoll() {
    const game = this.#game;
    return game !== null && !game.busy && !game.players[game.player - 1].computer;
  }

  #wire() {
    document.addEventListener("keydown", (event) => {
      if (event.key !== " " || !this.#game || this.#game.over || event.ctrlKey || event.altKey || event.metaKey) return;
      if (document.body.dataset.workspace !== "play") return; // a game kept while another workspace shows
      if (
        /** @type {Element} */ (event.target).closest?.(
          "input, textarea, select, button, [role=grid], [contenteditable], dialog",
        )
      )
        return;
      event.preventDefault();
      if (this.#personToRoll()) this.roll();
    });
    this.#app.state.addEventListener(
      "change",
      () => this.#game && this.stop("The board changed, so the game was stopped."),
    );
    this.#app.state.addEventListener("ruleschange", () => this.showRules()); // a game keeps its own rules
    this.#$("count").addEventListener("change", () => this.#showCount());
    this.#$("start").addEventListener("click", () => this.start());
    this.#$("roll").addEventListener("click", () => this.#personToRoll() && this.roll());
    this.#$("end").addEventListener("click", () => this.stop("Game ended."));
    this.#$("new").addEventListener("click", () => this.stop(""));
  }
}

/**
 * Wire the panel `root`. `request` is the solver worker's client (web/core/client.mjs: `request.turn(fields)`); `getRules()` gives the Random
 * play rules; `modes` is the ModeMachine, whose table clears the board when a game starts.
 * Returns `{start, stop, roll, showRules}`.
 */
export function createHotSeat({ root, view, state, modes, request, getRules }) {
  return new HotSeat({ root, view, state, modes, request, getRules });
}

/** A touch screen with no fine pointer (a phone): its visitors have no Space key to press. */
function touchOnly() {
  return window.matchMedia("(pointer: coarse)").matches && !window.matchMedia("(any-pointer: fine)").matches;
}
