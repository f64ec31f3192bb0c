// A fair die for hot-seat play: crypto.getRandomValues with rejection sampling, so every face has chance 1/6.
// Pure: the source of random bytes is passed in (the tests give their own).

/** The die's faces as Unicode dice, for the die shown on the page. */
export const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

/** Draws before a source that only gives bytes of 252 or more is declared broken (chance (1/64)^64 otherwise). */
export const MAX_DRAWS = 64;

/**
 * One roll from 1 to 6. A byte of 252 or more is drawn again (252 = 6 × 42), so no face is
 * favoured; each draw is kept with chance 252/256. At most MAX_DRAWS draws.
 */
export function rollDie(getRandomValues = (array) => crypto.getRandomValues(array)) {
  const byte = new Uint8Array(1);
  for (let draw = 0; draw < MAX_DRAWS; draw += 1) {
    getRandomValues(byte);
    if (byte[0] < 252) return (byte[0] % 6) + 1;
  }
  throw new Error(`the random source gave no usable byte in ${MAX_DRAWS} draws`);
}
