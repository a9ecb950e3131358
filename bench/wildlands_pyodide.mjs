#!/usr/bin/env node
// The Wildlands bots' thinking time inside the vendored Pyodide under Node (driven by
// bench/wildlands_search_bench.py): boots Pyodide once with py/ mounted, then prints one JSON line,
// wildlands.bench.decision_times(names, count), with the boot timings.
//   node bench/wildlands_pyodide.mjs [--count 40] [--bots greedy,search] [--limit 2.0]

import { bootPyodide, SetupError } from "../tests/pyodide/pyodide_node.mjs";

const arg = (name, dflt) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : dflt; };
const count = Number(arg("--count", "40"));
const names = arg("--bots", "greedy,search").split(",");
const limit = arg("--limit", "None");  // the search's time limit in seconds (the app's worker: 2.0)

try {
  const { py, timings } = await bootPyodide({ packages: [], mounts: ["py"] });
  py.globals.set("names", py.toPy(names));
  const json = await py.runPythonAsync(`
import json
import wildlands.bench
json.dumps(wildlands.bench.decision_times(tuple(names), ${count}, ${limit}))
`);
  console.log(JSON.stringify({ runtime: `pyodide ${py.version} (node ${process.versions.node})`,
                               boot_s: +timings.boot_s.toFixed(3), decision_ms: JSON.parse(json) }));
} catch (e) {
  const pythonError = e?.constructor?.name === "PythonError";  // its message is the Python traceback
  console.error(e instanceof SetupError || pythonError ? e.message : (e.stack || String(e)));
  process.exitCode = 1;
}
