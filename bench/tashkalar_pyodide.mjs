#!/usr/bin/env node
// The Tash-Kalar benchmark's Pyodide side (driven by bench/tashkalar_bench.py): boots the vendored Pyodide
// under Node once, with py/ mounted, then answers one request per stdin line.
//   stdin:  {"seconds": 1.0}       ->  stdout: one JSON line, tashkalar.bench.bench_round(seconds)
//   the first stdout line:          {"ready": true, "runtime": ..., "boot_s": ..., "import_s": ...}
// Errors: {"error": "..."} on stdout (a Python traceback for a Python error), then exit 1.

import readline from "node:readline";
import { bootPyodide, SetupError } from "../tests/pyodide/pyodide_node.mjs";

const send = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");

try {
  // The engine needs no package from the lock (no pydantic): the bare runtime.
  const { py, timings } = await bootPyodide({ packages: [], mounts: ["py"] });
  const importS = await py.runPythonAsync(`
import json, time
t = time.perf_counter()
import tashkalar.bench
import_s = time.perf_counter() - t
tashkalar.bench.sample_states(), tashkalar.bench.crowded_states()  # the positions, built once (not timed)
import_s
`);
  send({ ready: true, runtime: `pyodide ${py.version} (node ${process.versions.node})`,
         python: py.runPython("import platform; platform.python_version()"),
         boot_s: +timings.boot_s.toFixed(3), import_s: +importS.toFixed(3) });
  const round = py.runPython("lambda seconds: json.dumps(tashkalar.bench.bench_round(seconds))");
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const { seconds } = JSON.parse(line);
    send(JSON.parse(round(seconds)));
  }
  round.destroy();
} catch (e) {
  const pythonError = e?.constructor?.name === "PythonError";  // its message is the Python traceback
  send({ error: e instanceof SetupError || pythonError ? e.message : (e.stack || String(e)) });
  process.exitCode = 1;
}
