// The timing the work-bound tests compare: CPU time, not wall time, so a busy machine changes the ratio little.

/** The least CPU time (user + system, µs) of `runs` runs of `work`: the least is the one least disturbed. */
export function cpuTime(work, runs = 5) {
  let best = Infinity;
  for (let run = 0; run < runs; run += 1) {
    const start = process.cpuUsage();
    work();
    const used = process.cpuUsage(start);
    best = Math.min(best, used.user + used.system);
  }
  return best;
}
