// Times min_moves on 1000×1000 boards, or analyze on 50×50 ones, inside Pyodide (the runtime the browser app uses), under Node.
// Run from the repository root: node bench/pyodide_bench.mjs [--repeat 5] [--baselines] [--analysis]
//
// The package and bench/solver_bench.py's board generators are copied into Pyodide's
// file system; each board is built inside Python, then min_moves(matrix) is timed end to
// end (reading and checking the matrix, and the search) with performance.now() around
// one runPython call. Results are printed as a markdown table and written to
// bench/results/pyodide.json.  With --analysis, analyze(board, players=2) is timed instead on
// bench/analysis_bench.py's 50×50 boards (empty, 5% and 30% jumps, the wall), the best
// of the runs in CPU time (process.cpuUsage: Node's process, less inflated by a busy machine) and wall time,
// written to bench/results/pyodide-analysis.json.

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(HERE);
const args = process.argv.slice(2);
const repeat = Number(args[args.indexOf("--repeat") + 1]) || 5;
const withBaselines = args.includes("--baselines");
const BOARDS = ["empty", "random 0.1%", "random 1%", "random 5%", "random 30%", "snake maze", "ladder field"];

function copyTree(pyodide, from, to, keep) {
  pyodide.FS.mkdirTree(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "__pycache__")
      copyTree(pyodide, join(from, entry.name), join(to, entry.name), keep);
    else if (entry.isFile() && keep(entry.name))
      pyodide.FS.writeFile(join(to, entry.name), readFileSync(join(from, entry.name)));
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const loadStart = performance.now();
const pyodide = await loadPyodide();
const loadMs = performance.now() - loadStart;
copyTree(pyodide, join(ROOT, "py", "snakes_ladders"), "/bench/py/snakes_ladders", (name) => name.endsWith(".py"));
const benchFiles = new Set(["solver_bench.py", "baselines.py", "analysis_bench.py"]);
copyTree(pyodide, HERE, "/bench/bench", (name) => benchFiles.has(name));
copyTree(pyodide, join(ROOT, "tests"), "/bench/tests", (name) => name === "reference.py");
if (args.includes("--analysis")) {
  await timeAnalysis();
  process.exit(0);
}
pyodide.runPython(`
import sys
sys.path[:0] = ["/bench/py", "/bench/bench"]
from solver_bench import FAMILIES, matrix_of
from baselines import pruned_bfs, textbook_bfs
from snakes_ladders import min_moves
boards = {}
`);

const solvers = { min_moves: "min_moves" };
if (withBaselines) Object.assign(solvers, { textbook: "textbook_bfs", pruned: "pruned_bfs" });
const rows = [];
for (const name of BOARDS) {
  pyodide.globals.set("name", name);
  pyodide.runPython("boards[name] = matrix_of(1000, FAMILIES[name](1000))");
  const times = Object.fromEntries(Object.keys(solvers).map((key) => [key, []]));
  const answers = {};
  for (let round = 0; round < repeat; round++) {
    for (const [key, fn] of Object.entries(solvers)) {
      const start = performance.now();
      answers[key] = pyodide.runPython(`${fn}(boards[name])`);
      times[key].push(performance.now() - start);
    }
  }
  if (new Set(Object.values(answers)).size !== 1)
    throw new Error(`${name}: solvers disagree ${JSON.stringify(answers)}`);
  const medians = Object.fromEntries(Object.entries(times).map(([key, values]) => [key, median(values)]));
  rows.push({ board: name, moves: answers.min_moves, median_ms: medians, times_ms: times });
  console.error(
    `${name}: ${Object.entries(medians)
      .map(([k, v]) => `${k} ${v.toFixed(1)} ms`)
      .join("  ")}`,
  );
}

const version = pyodide.version;
const python = pyodide.runPython("import platform; platform.python_version()");
console.log(
  `\nPyodide ${version} (Python ${python}) under Node ${process.version}, 1000×1000 boards, median of ${repeat} runs; load ${loadMs.toFixed(0)} ms.\n`,
);
const keys = Object.keys(solvers);
console.log(`| board | moves | ${keys.map((k) => `${k} (ms)`).join(" | ")} |`);
console.log(`|---|---:|${keys.map(() => "---:").join("|")}|`);
for (const row of rows) {
  console.log(
    `| ${row.board} | ${row.moves.toLocaleString("en")} | ${keys.map((k) => row.median_ms[k].toFixed(1)).join(" | ")} |`,
  );
}
mkdirSync(join(HERE, "results"), { recursive: true });
writeFileSync(
  join(HERE, "results", "pyodide.json"),
  `${JSON.stringify({ pyodide: version, python, node: process.version, repeat, load_ms: loadMs, rows }, null, 2)}\n`,
);

async function timeAnalysis() {
  pyodide.runPython(`
import sys
sys.path[:0] = ["/bench/py", "/bench/bench"]
from analysis_bench import make_board, shown
from snakes_ladders import analyze
`);
  const result = [];
  for (const kind of ["empty", "5%", "30%", "wall"]) {
    pyodide.globals.set("kind", kind);
    pyodide.runPython("board = make_board(50, kind)");
    const times = [];
    const cpu = [];
    for (let round = 0; round < repeat; round++) {
      const start = performance.now();
      const startCpu = process.cpuUsage();
      pyodide.runPython("a = analyze(board, players=2)");
      const used = process.cpuUsage(startCpu);
      times.push(performance.now() - start);
      cpu.push((used.user + used.system) / 1000);
    }
    const expected = pyodide.runPython("shown(a.expected_rolls)");
    const row = { board: `50×50 ${kind}`, expected, best_cpu_ms: Math.min(...cpu), best_ms: Math.min(...times) };
    result.push({ ...row, median_ms: median(times), times_ms: times, cpu_ms: cpu });
    console.error(`50×50 ${kind}: best ${row.best_cpu_ms.toFixed(0)} ms CPU, ${row.best_ms.toFixed(0)} ms wall`);
  }
  const python = pyodide.runPython("import platform; platform.python_version()");
  console.log(
    `\nPyodide ${pyodide.version} (Python ${python}) under Node ${process.version}, analyze(board, players=2), best of ${repeat} runs.\n`,
  );
  console.log("| board | expected rolls | CPU | wall |");
  console.log("|---|---:|---:|---:|");
  for (const row of result) {
    console.log(
      `| ${row.board} | ${row.expected} | ${(row.best_cpu_ms / 1000).toFixed(2)} s | ${(row.best_ms / 1000).toFixed(2)} s |`,
    );
  }
  mkdirSync(join(HERE, "results"), { recursive: true });
  const data = { pyodide: pyodide.version, python, node: process.version, repeat, rows: result };
  writeFileSync(join(HERE, "results", "pyodide-analysis.json"), `${JSON.stringify(data, null, 2)}\n`);
}
