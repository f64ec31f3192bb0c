// The Solve panel's line about the rules an answer is under (web/solve/solving.mjs): none for LeetCode's,
// so the status lines pages and tests read stay as they were, and the start named for every other set.
import { test } from "node:test";
import assert from "node:assert/strict";
import { RULES } from "../../web/core/contract.mjs";
import { describeRules } from "../../web/core/rules-text.mjs";
import { rulesWords } from "../../web/solve/solving.mjs";

/** Every set of rules the contract allows. */
function everyRules() {
  let sets = [{}];
  for (const name of ["start", "overshoot", "sixes"]) {
    sets = sets.flatMap((rules) => RULES[name].values.map((value) => ({ ...rules, [name]: value })));
  }
  return sets;
}

test("LeetCode's rules get no line; every other set names itself and where the moves count from", () => {
  const sets = everyRules();
  assert.equal(sets.length, RULES.start.values.length * RULES.overshoot.values.length * RULES.sixes.values.length);
  for (const rules of sets) {
    const words = rulesWords(rules);
    const leetcode = rules.start === "square1" && rules.overshoot === "stay" && rules.sixes === "plain";
    if (leetcode) {
      assert.equal(words, "");
      continue;
    }
    assert.ok(words.startsWith(`Under this board's rules: ${describeRules(rules)}.`), words);
    const from = rules.start === "off-board" ? "The moves count from off the board" : "The moves count from square 1";
    assert.ok(words.includes(from), words);
    assert.equal(words.includes("never shortens a game"), rules.overshoot !== "stay", words);
  }
});

test("a result's rules without sixes (plain, left out by Python) read as plain", () => {
  assert.equal(rulesWords({ start: "square1", overshoot: "stay" }), "");
  assert.match(rulesWords({ start: "off-board", overshoot: "stay" }), /^Under this board's rules: start off the board/);
});
