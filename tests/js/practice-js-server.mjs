// The JavaScript practice runner (web/workers/js-solution.mjs) as a process, for the Python tests
// (tests/test_practice_javascript.py): one JSON request a line on stdin, one JSON reply a line on stdout.
// {"solutions": true} -> this folder's practice-solutions.mjs and solution-forms.mjs (forms, typescript); {"load": source} -> load's reply;
// {"run": rows JSON, "record": bool} -> run's reply. Not a test file itself (node --test runs *.test.mjs).
import { createInterface } from "node:readline";
import Sval from "sval";
import { parse } from "acorn";
import { javaScriptSolutions } from "../../web/workers/js-solution.mjs";
import { RIGHT, WRONG } from "./practice-solutions.mjs";
import { RIGHT_FORMS, TYPESCRIPT_RIGHT } from "./solution-forms.mjs";

const runner = javaScriptSolutions({ Sval, parse });
const write = (text) => process.stdout.write(`${text}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  if (request.solutions)
    write(JSON.stringify({ right: RIGHT, wrong: WRONG, forms: RIGHT_FORMS, typescript: TYPESCRIPT_RIGHT }));
  else if ("load" in request) write(runner.load(request.load));
  else {
    try {
      write(runner.run(request.run, request.record));
    } catch (error) {
      write(JSON.stringify({ failed: String(error?.message ?? error) }));
    }
  }
}
