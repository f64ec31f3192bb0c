// Plain words for the rules of random play (`{start, overshoot, sixes}`), a move and a game's end, shared by
// the designer's and Play's panels. Only describes them; Python applies the rules.
import { RULES } from "./contract.mjs";

/** Where a token waits before entering the board under the classic start (position 0). */
const OFF_BOARD = RULES.startPositions["off-board"];

const STARTS = { square1: "start on square 1 (LeetCode)", "off-board": "start off the board (classic)" };
const OVERSHOOTS = {
  stay: "a roll past the last square is wasted",
  bounce: "a roll past the last square bounces back",
  win: "any roll reaching the last square wins",
};

/** The sixes rule under which Python does not search the least rolls (the solve and min_moves ops refuse it). */
export const UNSEARCHED_SIXES = "again-three-to-start";

/** The sixes rule in words; plain sixes say nothing, being everyone's first idea of the game. */
export const SIXES = {
  plain: "",
  again: "a 6 gives another roll in the same turn, after moving",
  "again-three-to-start":
    "a 6 gives another roll in the same turn; a third 6 in a turn sends the token back to the start",
};

/** "start on square 1 (LeetCode); a roll past the last square is wasted" (and the sixes rule when not plain). */
export function describeRules({ start, overshoot, sixes = "plain" }) {
  const extra = SIXES[sixes] === undefined ? `; sixes ${sixes}` : SIXES[sixes] ? `; ${SIXES[sixes]}` : "";
  return `${STARTS[start] ?? start}; ${OVERSHOOTS[overshoot] ?? overshoot}${extra}`;
}

/**
 * The rest of a move's line after `head` ("Turn 3, Ana: rolled 4"): where the roll landed, a bounce
 * ("`bounce` from 36"), the jump taken and a win; or that the roll was too far and wasted.
 */
export function describeMove(head, move, last, { bounce = "bounces back", won = move.end === last } = {}) {
  if (move.overshoot === "stay")
    return `${head}, too far: stays on ${move.start === OFF_BOARD ? "the start" : `square ${move.start}`}`;
  const bounced = move.overshoot === "bounce" ? `, ${bounce} from ${last}` : "";
  const jump = move.jump ? `, ${move.jump} to ${move.end}` : "";
  return `${head} → square ${move.landing}${bounced}${jump}${won ? " and wins" : ""}`;
}

/** "1 snake", "2 ladders". */
export function count(number, noun) {
  return `${number} ${noun}${number === 1 ? "" : "s"}`;
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(number) {
  const teen = Math.floor(number / 10) % 10 === 1;
  const suffix = teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[number % 10] ?? "th");
  return `${number}${suffix}`;
}

/**
 * A won game's end, true under every rule: turn `number` (counted over all players, who take turns in
 * order) is the winner's round, and a 6 that rolled again shows as the winner's own `rolls`.
 * "Dad wins in round 15", "Dad wins in round 12, on Dad's 15th roll"; one player: "Ana wins after 12 turns (15 rolls)".
 */
export function describeWin(name, { number, players, rolls }) {
  const round = Math.floor((number - 1) / players) + 1;
  if (players === 1)
    return `${name} wins after ${count(round, "turn")}${rolls === round ? "" : ` (${count(rolls, "roll")})`}`;
  return `${name} wins in round ${round}${rolls === round ? "" : `, on ${name}'s ${ordinal(rolls)} roll`}`;
}
