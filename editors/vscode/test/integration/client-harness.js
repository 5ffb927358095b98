#!/usr/bin/env node
'use strict';
// Activates the extension under plain node (a stub `vscode`, a fake `mayhem lsp`) and plays one
// scenario; prints what the user would have seen as JSON (tests/test_vscode_client.py reads it).
//
//   node client-harness.js start|crash|early|missing|disabled LOGFILE
//   node client-harness.js real - MAYHEM   # the real `MAYHEM lsp`: starts, initializes, stops
//   node client-harness.js diagnostics - MAYHEM FILE.mh   # ... with FILE.mh open: its diagnostics
// $MAYHEM_EXTENSION_DIR: activate the extension found there (an unpacked .vsix) instead of this one.

const fs = require('fs');
const path = require('path');
const { createStub, install, textDocument } = require('./vscode-stub');

const [scenario, logFile] = process.argv.slice(2);
const fake = path.join(__dirname, 'fake-server.js');
const server = { 'mayhem.server.path': process.execPath, 'mayhem.server.args': [fake, 'lsp'] };
const settings = {
  start: Object.assign({}, server, { 'mayhem.server.env': { FAKE_LSP_LOG: logFile, FAKE_LSP_MARK: 'from-settings' } }),
  crash: Object.assign({}, server, { 'mayhem.server.env': { FAKE_LSP_LOG: logFile, FAKE_LSP_CRASH: '1' } }),
  early: Object.assign({}, server, { 'mayhem.server.env': { FAKE_LSP_LOG: logFile, FAKE_LSP_CRASH: 'early' } }),
  missing: { 'mayhem.server.path': '/nonexistent/bin/mayhem' },
  disabled: { 'mayhem.server.enabled': false },
  real: { 'mayhem.server.path': process.argv[4] },
  diagnostics: { 'mayhem.server.path': process.argv[4], 'mayhem.trace.server': 'verbose' },
}[scenario];
if (!settings) {
  console.error(`unknown scenario ${scenario}`);
  process.exit(2);
}

const events = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').trim().split('\n').filter(Boolean)
  .map((l) => JSON.parse(l)) : []);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(cond, what, ms = 20000) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) {
    if (cond()) return;
  }
  throw new Error(`timed out waiting for ${what}; log: ${JSON.stringify(events())}`);
}
const count = (name) => events().filter((e) => e.event === name).length;

// vscode-languageclient leaves a rejected promise behind when a server dies while starting;
// VS Code logs those, node would stop: record them instead
const unhandled = [];
process.on('unhandledRejection', (err) => unhandled.push(String((err && err.message) || err)));

async function main() {
  const documents = scenario === 'diagnostics'
    ? [textDocument(path.resolve(process.argv[5]), 'mayhem'), textDocument(__filename, 'javascript')] : [];
  const { vscode, record } = createStub(settings, documents);
  install(vscode);
  // the sources in a checkout; the manifest's `main` (the bundle) in an unpacked .vsix
  const dir = process.env.MAYHEM_EXTENSION_DIR;
  const ext = require(dir ? path.join(path.resolve(dir), require(path.join(path.resolve(dir), 'package.json')).main)
    : path.join(__dirname, '..', '..', 'src', 'extension.js'));
  const context = { subscriptions: [] };
  await ext.activate(context);
  const result = { scenario };
  if (scenario === 'start') {
    await until(() => count('initialized') === 1, 'the server to be initialized');
    result.statusAfterStart = record.status.text;
    await record.commands['mayhem.restartServer']();
    await until(() => count('initialized') === 2, 'the restarted server to be initialized');
    result.statusAfterRestart = record.status.text;
    await ext.deactivate();
    await until(() => count('exit') === 2, 'both servers to exit');
  } else if (scenario === 'real') {
    await until(() => record.status.text === 'Mayhem: ready', 'the server to be ready');
    result.statusAfterStart = record.status.text;
    await ext.deactivate();
  } else if (scenario === 'diagnostics') {
    const trace = () => record.channels['Mayhem Language Server Trace'].text();
    await until(() => /Received notification 'textDocument\/publishDiagnostics'/.test(trace()), 'the diagnostics of the open file', 60000);
    result.trace = trace();
    await ext.deactivate();
  } else if (scenario === 'early') {
    await until(() => record.errors.some((m) => /stopped while starting/.test(m)), 'the report of the failed start');
    await sleep(500); // no restart
  } else if (scenario === 'crash') {
    await until(() => record.errors.length > 0, 'the extension to give up');
    await sleep(500); // no further restart
  }
  result.status = record.status && { text: record.status.text, severity: record.status.severity };
  result.errors = record.errors;
  result.output = record.channels['Mayhem Language Server'].text();
  result.commands = Object.keys(record.commands).sort();
  result.events = events();
  result.subscriptions = context.subscriptions.length;
  result.unhandled = unhandled;
  process.stdout.write(JSON.stringify(result) + '\n');
  process.exit(0);
}

main().catch((err) => {
  console.error(err && err.stack ? err.stack : err);
  process.exit(1);
});
