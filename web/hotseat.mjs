// Play with real dice: 1–4 people (or the computer) take turns at one screen, rolling a fair die.
// Where each roll takes a token comes from Python (the API's move op); this rolls, animates and keeps turns.
import { TokenAnimator } from "./animate.mjs";
import { rollDie, FACES } from "./dice.mjs";
import { boardToMatrix } from "./grid.mjs";
import { cleanName } from "./library-store.mjs";
import { describeRules } from "./rules-text.mjs";

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
  const head = `Turn ${number}, ${name}: rolled ${step.roll}`;
  if (step.overshoot === "stay") return `${head}, too far: stays on ${step.start === 0 ? "the start" : `square ${step.start}`}`;
  const bounce = step.overshoot === "bounce" ? `, bounced back from ${last}` : "";
  const jump = step.jump ? `, ${step.jump} to ${step.end}` : "";
  return `${head} → square ${step.landing}${bounce}${jump}${step.won ? " and wins" : ""}`;
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

/**
 * Wire the panel `root`. `request(op, fields)` calls the Python API; `getRules()` gives the Random
 * play rules; `onStart()` stops whatever else moves tokens on the board before a game begins.
 */
export function createHotSeat({ root, view, state, request, getRules, onStart = () => {} }) {
  const $ = (name) => root.querySelector(`[data-hotseat="${name}"]`);
  const rows = Array.from({ length: 4 }, (_, index) => playerRow(index));
  $("players").replaceChildren(...rows);
  let game = null;

  function setPhase(phase) {
    root.dataset.state = phase;
    $("setup").hidden = phase !== "setup";
    $("game").hidden = phase === "setup";
    $("roll").disabled = phase !== "playing";
    $("end").hidden = phase !== "playing";
    $("new").hidden = phase === "playing";
  }

  function showRules() {
    $("rules").textContent = `Rules: ${describeRules(game?.rules ?? getRules())}. ${game ? "" : "Choose them in Random play."}`;
  }

  function showCount() {
    const count = Number($("count").value);
    rows.forEach((row, index) => (row.hidden = index >= count));
  }

  function announceTurn() {
    const player = game.players[game.turn];
    $("turn").textContent = player.computer ? `${player.name} (computer) is rolling…` : `${player.name}'s turn: press Roll or Space.`;
    $("turn").style.color = player.colour;
  }

  function start() {
    onStart();
    stop();
    const rules = getRules();
    const board = state.board;
    const count = Number($("count").value);
    const tokens = view.players(count);
    const players = rows.slice(0, count).map((row, index) => {
      const field = (name) => /** @type {HTMLInputElement} */ (row.querySelector(`[data-hotseat="${name}"]`));
      const colour = field("colour").value;
      const token = tokens[index];
      token.style.background = colour;
      const mover = new TokenAnimator(view, token);
      const name = cleanName(field("name").value).slice(0, MAX_PLAYER_NAME) || `Player ${index + 1}`;
      return { name, colour, computer: field("computer").checked, position: rules.start === "off-board" ? 0 : 1, hopeless: false, mover };
    });
    game = { rules, board, matrix: boardToMatrix(board), last: board.n * board.n, players, turn: 0, number: 0, busy: false, over: false };
    for (const player of players) player.mover.play([], { from: player.position });
    $("history").replaceChildren();
    $("winner").textContent = "";
    $("die").textContent = "";
    showRules();
    setPhase("playing");
    announceTurn();
    $("roll").focus();
    if (players[0].computer) roll();
  }

  /** End the game (the tokens leave the board) and go back to the setup. */
  function stop(reason = "") {
    if (!game) return;
    for (const player of game.players) player.mover.stop();
    view.players(0);
    game = null;
    setPhase("setup");
    showRules();
    $("status").textContent = reason;
  }

  function finish(phase, text) {
    game.over = true;
    $("winner").textContent = text;
    $("turn").textContent = "";
    setPhase(phase);
  }

  async function roll() {
    if (!game || game.busy || game.over) return;
    const current = game;
    const player = current.players[current.turn];
    current.busy = true;
    $("roll").disabled = true;
    const value = rollDie();
    $("die").textContent = FACES[value - 1];
    $("die").dataset.roll = String(value);
    $("die").setAttribute("aria-label", `The die shows ${value}`);
    let reply;
    try {
      reply = await request("move", { board: current.matrix, rules: current.rules, position: player.position, roll: value });
    } catch (error) {
      reply = { ok: false, error: { message: error.message } };
    }
    if (game !== current) return;
    if (!reply.ok) {
      finish("error", `The roll could not be played: ${reply.error.message}.`);
      return;
    }
    const step = reply.result;
    const moving = step.overshoot === "stay" ? [] : [{ ...step, last: current.last }];
    const done = await player.mover.play(moving, { from: step.start, keep: true });
    if (game !== current || !done) return;
    player.position = step.end;
    player.hopeless = step.hopeless;
    current.number += 1;
    const line = document.createElement("li");
    line.textContent = describeRoll(current.number, player.name, step, current.last) + (step.hopeless && !step.won ? ` (can no longer reach square ${current.last})` : "");
    $("history").prepend(line);
    afterRoll(current, player, step);
  }

  function afterRoll(current, player, step) {
    current.busy = false;
    if (step.won) return finish("won", `${player.name} wins after ${current.number} turn${current.number === 1 ? "" : "s"}!`);
    if (current.players.every((p) => p.hopeless)) return finish("stuck", `No one can reach square ${current.last} any more: the game ends without a winner.`);
    if (current.number >= TURN_LIMIT) return finish("stopped", `No winner after ${TURN_LIMIT.toLocaleString("en")} turns: the game was stopped.`);
    do current.turn = (current.turn + 1) % current.players.length;
    while (current.players[current.turn].hopeless);
    $("roll").disabled = false;
    announceTurn();
    if (current.players[current.turn].computer) roll();
  }

  document.addEventListener("keydown", (event) => {
    if (event.key !== " " || !game || game.over || event.ctrlKey || event.altKey || event.metaKey) return;
    if (/** @type {Element} */ (event.target).closest?.("input, textarea, select, button, [role=grid], [contenteditable], dialog")) return;
    event.preventDefault();
    if (!game.players[game.turn].computer) roll();
  });
  state.addEventListener("change", () => game && stop("The board changed, so the game was stopped."));
  $("count").addEventListener("change", showCount);
  $("start").addEventListener("click", start);
  $("roll").addEventListener("click", () => game && !game.players[game.turn].computer && roll());
  $("end").addEventListener("click", () => stop("Game ended."));
  $("new").addEventListener("click", () => stop(""));
  showCount();
  showRules();
  setPhase("setup");
  return { start, stop, roll, showRules };
}
