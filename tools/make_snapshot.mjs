#!/usr/bin/env node
// A Pyodide memory snapshot of Python with the engine and the app already imported (run by
// `python build.py setup`): node tools/make_snapshot.mjs <pyodide folder> <python bundle zip> <out file>
// The page restores it on every visit after the first (web/js/pyodide_boot.mjs). It is tied to this exact
// Pyodide build; the page falls back to the normal start if it does not load.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [indexDir, bundle, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(indexDir, "pyodide.mjs")).href);
const t0 = performance.now();
const py = await loadPyodide({ indexURL: indexDir + path.sep, _makeSnapshot: true });
// Where PyScript unpacks the same bundle in the page ([files] "./*": the working directory), so the
// modules' __file__ (the catalogs, the card data) point at files the page has.
py.unpackArchive(new Uint8Array(fs.readFileSync(bundle)), "zip", { extractDir: py.FS.cwd() });
// What the page imports before it is ready and on the first click; nothing that touches the browser.
py.runPython(`
import json, os, random, asyncio
import crystalclans, crystalclans.game, crystalclans.saves, crystalclans.ai, crystalclans.story
import app, app.i18n, app.render, app.settings, app.storage, app.controller, app.text, app.log
import app.rules_ref, app.tutorial, app.replay, app.errors, app.link, app.fx, app.seats
import app.games.crystalclans.game, app.games.crystalclans.table, app.games.crystalclans.cards, app.games.crystalclans.text
import app.games.crystalclans.story, app.games.crystalclans.rules, app.games.crystalclans.tutorial
import app.games.crystalclans.card_data
crystalclans.base_set()  # the card set parsed once, here
`);
const snapshot = py.makeMemorySnapshot();
fs.writeFileSync(out, snapshot);
console.log(JSON.stringify({ seconds: +((performance.now() - t0) / 1000).toFixed(2), bytes: snapshot.length }));
