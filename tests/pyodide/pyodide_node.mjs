// Boot the VENDORED Pyodide (web/vendor/pyodide, made by `python build.py setup`) under Node.
//
// The vendored pyodide.mjs is imported directly: no `npm install pyodide` is needed. (Its Node path
// only needs the optional `ws` package for emulated sockets, which the engine never opens.)
// Shared by tests/pyodide/run_pyodide.mjs and bench/pyodide_bench.mjs.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const INDEX_DIR = path.join(REPO, "web", "vendor", "pyodide");
export const TEST_WHEEL_DIR = path.join(REPO, ".cache", "pyodide-test-wheels");
// Where the repo's folders appear inside Pyodide's file system (same relative layout).
export const MOUNT_ROOT = "/repo";

export class SetupError extends Error {}

function requireFile(file) {
  if (!fs.existsSync(file)) {
    throw new SetupError(`missing ${path.relative(REPO, file)}: run \`python build.py setup\` first`);
  }
}

export function testWheelPaths() {
  const manifest = path.join(TEST_WHEEL_DIR, "manifest.json");
  requireFile(manifest);
  const { wheels } = JSON.parse(fs.readFileSync(manifest, "utf8"));
  return wheels.map((name) => {
    const file = path.join(TEST_WHEEL_DIR, name);
    requireFile(file);
    return file;
  });
}

/**
 * Boot Pyodide and prepare the engine.
 *  packages:   names from the vendored (patched) lock, e.g. ["pydantic"]
 *  testWheels: also load pytest & co from .cache/pyodide-test-wheels
 *  mounts:     repo folders to mount read-write with NODEFS at /repo/<folder>
 *  stdout/stderr: (text) => void, raw Python output
 * Returns {py, timings: {boot_s, packages_s}}; cwd is /repo and /repo/py is on sys.path.
 */
export async function bootPyodide({
  packages = ["pydantic"],
  testWheels = false,
  mounts = ["py", "tests"],
  stdout = (t) => process.stderr.write(t),
  stderr = (t) => process.stderr.write(t),
} = {}) {
  for (const f of ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]) {
    requireFile(path.join(INDEX_DIR, f));
  }
  const wheels = testWheels ? testWheelPaths() : [];

  const t0 = performance.now();
  const { loadPyodide } = await import(pathToFileURL(path.join(INDEX_DIR, "pyodide.mjs")).href);
  const dec = (sink) => {
    const d = new TextDecoder();
    return { write: (buf) => { sink(d.decode(buf, { stream: true })); return buf.length; } };
  };
  const py = await loadPyodide({ indexURL: INDEX_DIR + path.sep });
  py.setStdout(dec(stdout));
  py.setStderr(dec(stderr));
  const t1 = performance.now();

  const quiet = () => {};
  const fail = (msg) => stderr(msg + "\n");
  if (packages.length) await py.loadPackage(packages, { messageCallback: quiet, errorCallback: fail });
  if (wheels.length) await py.loadPackage(wheels, { messageCallback: quiet, errorCallback: fail });
  const t2 = performance.now();

  for (const folder of mounts) {
    const host = path.join(REPO, folder);
    if (!fs.existsSync(host)) continue;
    const target = `${MOUNT_ROOT}/${folder}`;
    py.FS.mkdirTree(target);
    py.FS.mount(py.FS.filesystems.NODEFS, { root: host }, target);
  }
  // pytest finds its rootdir and ini options (pythonpath, addopts) here, as under CPython.
  const pyproject = path.join(REPO, "pyproject.toml");
  py.FS.mkdirTree(MOUNT_ROOT);
  if (fs.existsSync(pyproject)) py.FS.writeFile(`${MOUNT_ROOT}/pyproject.toml`, fs.readFileSync(pyproject));
  py.runPython(`
import os, sys
sys.dont_write_bytecode = True   # never drop cpython-314 .pyc files into the mounted repo
os.chdir(${JSON.stringify(MOUNT_ROOT)})
sys.path.insert(0, ${JSON.stringify(MOUNT_ROOT + "/py")})
`);
  return { py, timings: { boot_s: (t1 - t0) / 1000, packages_s: (t2 - t1) / 1000 } };
}
