// Play mode: replays a seeded game that Python played, one turn at a time, with a token per player.
// The dice, the rules and the winner all come from Python; this only animates and lists the turns.
import { TokenAnimator, playTurn } from "../board/animate.mjs";
import { $ } from "../core/dom.mjs";
import { describeMove, describeWin } from "../core/rules-text.mjs";

export function describeTurn(turn, index, last) {
  return describeMove(`Turn ${index + 1}, player ${turn.player}: roll ${turn.roll}`, turn, last);
}

export class GamePanel {
  #view;
  #turns = $("turns");
  #winner = $("winner");
  #skip = $("skip");
  #players = [];
  #run = 0;
  #game = null;
  #speed = 5;

  constructor(view) {
    this.#view = view;
    this.#skip.addEventListener("click", () => this.#finish());
  }

  set speed(value) {
    this.#speed = value;
    for (const player of this.#players) player.speed = value;
  }

  say(text) {
    this.stop();
    this.#winner.textContent = text;
  }

  /** Remove the tokens and the listing (the board changed or a solve started). */
  stop() {
    this.#run += 1;
    for (const player of this.#players) player.stop();
    this.#players = [];
    this.#view.players(0);
    this.#turns.replaceChildren();
    this.#winner.textContent = "";
    this.#skip.hidden = true;
    this.#game = null;
  }

  /** Replay a game from the API turn by turn; resolves when it has been shown to the end. */
  async play(game) {
    this.stop();
    const run = this.#run;
    this.#game = game;
    const last = game.n * game.n;
    const tokens = this.#view.players(game.players);
    this.#players = tokens.map((token) => {
      const player = new TokenAnimator(this.#view, token);
      player.speed = this.#speed;
      return player;
    });
    this.#skip.hidden = false;
    this.#winner.textContent = `Playing with seed ${game.seed}…`;
    const items = game.turns.map((turn, index) => {
      const item = document.createElement("li");
      item.textContent = describeTurn(turn, index, last);
      item.hidden = true;
      return item;
    });
    this.#turns.replaceChildren(...items);
    for (const [index, turn] of game.turns.entries()) {
      const item = items[index];
      item.hidden = false;
      for (const other of items) other.removeAttribute("aria-current");
      item.setAttribute("aria-current", "step");
      // Keep the newest turn in view inside the list, without scrolling the page away from the board.
      this.#turns.scrollTop = item.offsetTop - this.#turns.offsetTop - this.#turns.clientHeight / 2;
      const done = await playTurn(this.#players[turn.player - 1], turn);
      if (run !== this.#run) return;
      if (!done) return;
    }
    this.#announce();
  }

  #finish() {
    const game = this.#game;
    if (!game) return;
    this.#run += 1;
    for (const player of this.#players) player.stop();
    const tokens = this.#view.players(game.players);
    game.positions.forEach((square, index) => {
      const { left, top } = this.#view.squarePosition(square); // 0 is the off-board start
      Object.assign(tokens[index].style, { left, top });
      tokens[index].dataset.square = String(square);
      tokens[index].hidden = false;
    });
    for (const item of /** @type {HTMLCollectionOf<HTMLElement>} */ (this.#turns.children)) {
      item.hidden = false;
      item.removeAttribute("aria-current");
    }
    this.#announce();
  }

  #announce() {
    const game = this.#game;
    this.#skip.hidden = true;
    // A turn under a sixes rule is several rolls, each listed: the turns are numbered, the rolls counted.
    const number = game.turns.at(-1)?.number ?? 0;
    const rolls = game.turns.filter((turn) => turn.player === game.winner).length;
    this.#winner.textContent =
      game.winner !== null
        ? `${describeWin(`Player ${game.winner}`, { number, players: game.players, rolls })} (seed ${game.seed}).`
        : game.end === "stuck"
          ? `No one can reach square ${game.n * game.n} any more: no winner after ${number} turns in all (seed ${game.seed}).`
          : `No winner after ${number} turns in all: the game was stopped (seed ${game.seed}).`;
  }
}
