#!/usr/bin/env node
// Run Python inside the vendored Pyodide under Node; print ONE JSON object on stdout.
//
//   node tests/pyodide/run_pyodide.mjs --code 'import sys; sys.platform'
//   node tests/pyodide/run_pyodide.mjs --file some_script.py
//   node tests/pyodide/run_pyodide.mjs --pytest tests/unit tests/rules -x
//
// Options: --packages a,b (from the vendored lock; default "pydantic", "" for none),
//          --test-wheels (also load pytest & co; implied by --pytest), --echo (copy Python's output
//          to stderr live, handy when running by hand).
// --code/--file: the value of the last expression (JSON-serialisable, else its repr) is "result".
// --pytest: runs pytest.main(args) with cwd /repo (py/ and tests/ mounted there); "exit_code" is
//           pytest's; "result" is {outcomes: {nodeid: [outcome, reason]}} for every test run (a module
//           skipped or failing at collection appears under its own node id). Output JSON keys: ok, mode, platform, python, pyodide, boot_s, packages_s,
//           run_s, result, exit_code, stdout, stderr, error. Process exit status: 0 if ok.

import { bootPyodide, SetupError } from "./pyodide_node.mjs";

function parseArgs(argv) {
  const opts = { packages: ["pydantic"], testWheels: false, echo: false, mode: null, source: null, pytestArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--packages") opts.packages = argv[++i].split(",").filter(Boolean);
    else if (a === "--test-wheels") opts.testWheels = true;
    else if (a === "--echo") opts.echo = true;
    else if (a === "--code") { opts.mode = "code"; opts.source = argv[++i]; }
    else if (a === "--file") { opts.mode = "file"; opts.source = argv[++i]; }
    else if (a === "--pytest") { opts.mode = "pytest"; opts.testWheels = true; opts.pytestArgs = argv.slice(i + 1); break; }
    else throw new Error(`unknown argument ${a}`);
  }
  if (!opts.mode || (opts.mode !== "pytest" && opts.source === undefined)) {
    throw new Error("usage: run_pyodide.mjs [--packages a,b] [--test-wheels] [--echo] (--code CODE | --file PATH | --pytest [ARGS...])");
  }
  return opts;
}

const DRIVER = `
import json, sys, traceback, pyodide, pyodide.code

def _cc_jsonable(value):
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError):
        return repr(value)

def _cc_outcomes():
    """tests/pyodide/outcomes.py's recorder (loaded by path: the repo root is not on sys.path)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("_cc_outcomes", "/repo/tests/pyodide/outcomes.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Outcomes()


async def _cc_run(mode, source, pytest_args):
    info = {"platform": sys.platform, "python": sys.version.split()[0], "pyodide": pyodide.__version__,
            "result": None, "exit_code": 0, "error": None}
    try:
        if mode == "pytest":
            import pytest
            recorder = _cc_outcomes()
            try:
                info["exit_code"] = int(pytest.main(["-p", "no:cacheprovider", *pytest_args], plugins=[recorder]))
            finally:
                info["result"] = {"outcomes": recorder.outcomes}
        else:
            if mode == "file":
                filename = source
                with open(source, encoding="utf-8") as f:
                    source = f.read()
            else:
                filename = "<code>"
            ns = {"__name__": "__main__", "__file__": filename}
            value = await pyodide.code.eval_code_async(source, ns, filename=filename)
            info["result"] = _cc_jsonable(value)
    except SystemExit as e:
        info["exit_code"] = e.code if isinstance(e.code, int) else 1
    except BaseException:
        info["error"] = traceback.format_exc()
        info["exit_code"] = 1
    sys.stdout.flush(); sys.stderr.flush()
    return json.dumps(info)
`;

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(e.message + "\n");
    process.exit(2);
  }
  const out = [];
  const err = [];
  const sink = (buf, stream) => (t) => { buf.push(t); if (opts.echo) process.stderr.write(t); };
  const report = { ok: false, mode: opts.mode, error: null };
  try {
    const { py, timings } = await bootPyodide({
      packages: opts.packages, testWheels: opts.testWheels, stdout: sink(out), stderr: sink(err),
    });
    Object.assign(report, timings);
    const t0 = performance.now();
    py.runPython(DRIVER);
    const run = py.globals.get("_cc_run");
    const pyArgs = py.toPy(opts.pytestArgs);
    const info = JSON.parse(await run(opts.mode, opts.source ?? "", pyArgs));
    pyArgs.destroy();
    run.destroy();
    report.run_s = (performance.now() - t0) / 1000;
    Object.assign(report, info);
    report.ok = info.error === null && info.exit_code === 0;
  } catch (e) {
    report.error = e instanceof SetupError ? e.message : (e.stack || String(e));
    report.exit_code = 1;
  }
  report.stdout = out.join("");
  report.stderr = err.join("");
  process.stdout.write(JSON.stringify(report) + "\n");
  process.exitCode = report.ok ? 0 : (report.exit_code || 1);
}

await main();
