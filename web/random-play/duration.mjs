// How long a game takes in class: the race's median and 90th percentile of the total rolls of
// all players (Python's analyze), as minutes at the seconds a roll the teacher sets. The sentence is pure
// (node --test: tests/js/random-play-duration.test.mjs); wireDuration keeps the input and the sentence on the page.

export const SECONDS_KEY = "snakes-ladders:seconds-per-roll:v1";
export const DEFAULT_SECONDS = 10;
export const MIN_SECONDS = 1;
export const MAX_SECONDS = 600;

/** The seconds a roll as typed, or null when it is not a number from MIN_SECONDS to MAX_SECONDS. */
export function readSeconds(text) {
  const value = Number(String(text).trim());
  return String(text).trim() !== "" && Number.isFinite(value) && value >= MIN_SECONDS && value <= MAX_SECONDS
    ? value
    : null;
}

/** Whole minutes for the median: the nearest (a typical game is "about" it), never 0 for a game that takes any. */
export function typicalMinutes(rolls, seconds) {
  return Math.max(1, Math.round((rolls * seconds) / 60));
}

/** Whole minutes for "over within": rounded up, so that the games said to be over are over. */
export function withinMinutes(rolls, seconds) {
  return Math.max(1, Math.ceil((rolls * seconds) / 60));
}

const minutes = (count) => `${count} minute${count === 1 ? "" : "s"}`;

/**
 * "A game of 4 usually takes about 12 minutes; 9 in 10 games are over within 25." from the race's
 * `{players, total_rolls_median, total_rolls_p90, total_rolls_cut_off}` and the seconds a roll; "" for one
 * player (no race) or a race without the figures. A figure beyond the totals computed exactly (cut off)
 * says "more than"; one the race never reaches (a trap) says so. O(1).
 */
export function durationText(race, seconds) {
  if (!race || race.players < 2 || !("total_rolls_median" in race)) return "";
  const { players, total_rolls_median: median, total_rolls_p90: p90, total_rolls_cut_off: cutOff } = race;
  const beyond = "more than could be worked out exactly (the figures were cut off)";
  const never = "no time at all: the race is not won that often (a trap can stop every token)";
  let usual;
  if (median !== null && median !== undefined)
    usual = `usually takes about ${minutes(typicalMinutes(median, seconds))}`;
  else usual = `takes ${cutOff ? beyond : never}`;
  let tail;
  if (p90 !== null && p90 !== undefined) tail = `9 in 10 games are over within ${withinMinutes(p90, seconds)}`;
  else
    tail = cutOff
      ? "the slowest 1 in 10 take more than could be worked out exactly"
      : "fewer than 9 in 10 games are ever won";
  return `A game of ${players} ${usual}; ${tail}.`;
}

/**
 * Keep `input` (the seconds a roll, remembered in `storage`) and `output` (the sentence) in step; returns
 * `show(race)` for each analysis (null clears it).
 */
export function wireDuration({ input, output, storage = () => localStorage }) {
  let race = null;
  try {
    const kept = readSeconds(storage().getItem(SECONDS_KEY) ?? "");
    if (kept !== null) input.value = String(kept);
  } catch {
    // storage blocked: the default stands
  }
  const draw = () => {
    const seconds = readSeconds(input.value);
    const text =
      seconds === null
        ? `Seconds a roll must be a number from ${MIN_SECONDS} to ${MAX_SECONDS}.`
        : durationText(race, seconds);
    output.textContent = text;
    output.closest("[data-duration]")?.toggleAttribute("hidden", !race || race.players < 2);
    if (seconds !== null && race) {
      output.dataset.seconds = String(seconds);
      output.dataset.median = String(race.total_rolls_median ?? "");
      output.dataset.p90 = String(race.total_rolls_p90 ?? "");
    }
  };
  input.addEventListener("input", () => {
    const seconds = readSeconds(input.value);
    if (seconds !== null) {
      try {
        storage().setItem(SECONDS_KEY, String(seconds));
      } catch {
        // not remembered; the sentence still follows the input
      }
    }
    draw();
  });
  return (next) => {
    race = next;
    draw();
  };
}
