#!/usr/bin/env node
// Engine throughput inside the vendored Pyodide under Node (run by `python build.py bench`).
//   node bench/pyodide_bench.mjs [--seconds 3.0]
// Prints one JSON object: crystalclans.simulate.throughput(seconds) plus boot timings.

import { bootPyodide, SetupError } from "../tests/pyodide/pyodide_node.mjs";

const i = process.argv.indexOf("--seconds");
const seconds = i >= 0 ? Number(process.argv[i + 1]) : 3.0;

try {
  const t0 = performance.now();
  // The engine needs no pydantic for random games; loading it is part of what the page pays.
  const { py, timings } = await bootPyodide({ packages: ["pydantic"], mounts: ["py"] });
  const t1 = performance.now();
  const json = await py.runPythonAsync(`
import json, time
t = time.perf_counter()
import crystalclans.simulate
import_s = time.perf_counter() - t
result = dict(crystalclans.simulate.throughput(seconds=${seconds}))
result["engine_import_s"] = round(import_s, 3)
from crystalclans.ai.bench import decision_times, iterations_per_second
result.update(iterations_per_second(${seconds}))
result["decision_ms"] = decision_times(count=16)
json.dumps(result)
`);
  const result = JSON.parse(json);
  const report = {
    runtime: `pyodide ${py.version} (node ${process.versions.node})`,
    boot_s: +timings.boot_s.toFixed(3),
    pydantic_load_s: +timings.packages_s.toFixed(3),
    ready_s: +((t1 - t0) / 1000).toFixed(3),
    ...result,
  };
  console.log(JSON.stringify(report, null, 1));
  const aps = result.actions_per_s ?? result.actions / result.seconds;
  console.log(`Pyodide: ${Math.round(aps)} actions/s, ${(result.games_per_s ?? 0).toFixed(1)} games/s ` +
              `(boot ${report.boot_s.toFixed(2)} s); search ${result.search_iterations_per_s} iterations/s`);
  for (const [level, t] of Object.entries(result.decision_ms)) {
    console.log(`  ${level.padEnd(7)} bot: median ${t.median_ms} ms, p95 ${t.p95_ms} ms, max ${t.max_ms} ms per decision`);
  }
} catch (e) {
  const pythonError = e?.constructor?.name === "PythonError";  // its message is the Python traceback
  console.error(e instanceof SetupError || pythonError ? e.message : (e.stack || String(e)));
  process.exitCode = 1;
}
