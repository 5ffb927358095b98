'use strict';
// Just enough of the `vscode` module to activate the extension under plain node: the parts the
// extension itself uses are recorded (output channels, messages, commands, the status item,
// settings); everything else vscode-languageclient touches is an inert stand-in.

function inert(name) {
  const cache = {};
  return new Proxy(function () {}, {
    get(_t, prop) {
      if (prop === 'then') return undefined; // not a promise
      if (prop === Symbol.iterator) return function* () {};
      if (prop === Symbol.toPrimitive || prop === 'toString') return () => name;
      if (!(prop in cache)) cache[prop] = inert(`${name}.${String(prop)}`);
      return cache[prop];
    },
    apply: () => inert(`${name}()`),
    construct: () => inert(`new ${name}`),
  });
}

/** A document open in the editor: a file on disk with its language. */
function textDocument(fsPath, languageId) {
  const text = require('fs').readFileSync(fsPath, 'utf8');
  const uri = { scheme: 'file', fsPath, path: fsPath, toString: () => require('url').pathToFileURL(fsPath).href };
  return { uri, fileName: fsPath, languageId, version: 1, isClosed: false, isDirty: false, isUntitled: false,
    lineCount: text.split('\n').length, eol: 1, getText: () => text };
}

/** vscode.languages.match: 10 when a filter of the selector names the document's language and scheme. */
function match(selector, doc) {
  const filters = Array.isArray(selector) ? selector : [selector];
  return filters.some((f) => (typeof f === 'string' ? f === doc.languageId
    : (!f.language || f.language === doc.languageId) && (!f.scheme || f.scheme === doc.uri.scheme))) ? 10 : 0;
}

function createStub(settings, documents = []) {
  const record = { channels: {}, errors: [], commands: {}, status: null, configListeners: [] };
  const disposable = { dispose() {} };
  const channel = (name) => {
    const lines = [];
    const ch = {
      name, lines,
      append: (s) => lines.push(String(s)),
      appendLine: (s) => lines.push(String(s) + '\n'),
      replace: () => {}, clear: () => {}, show: () => {}, hide: () => {}, dispose: () => {},
      text: () => lines.join(''),
    };
    record.channels[name] = ch;
    return ch;
  };
  class FoldingRange { constructor(start, end, kind) { Object.assign(this, { start, end, kind }); } }
  const base = {
    version: '1.90.0',
    env: { language: 'en', appName: 'stub', machineId: 'stub' },
    LanguageStatusSeverity: { Information: 0, Warning: 1, Error: 2 },
    FoldingRangeKind: { Comment: 1, Imports: 2, Region: 3 },
    FoldingRange,
    Disposable: Object.assign(function Disposable(fn) { this.dispose = fn; }, { from: () => disposable }),
    window: {
      createOutputChannel: channel,
      showErrorMessage: (msg) => { record.errors.push(msg); return Promise.resolve(undefined); },
      showWarningMessage: () => Promise.resolve(undefined),
      showInformationMessage: () => Promise.resolve(undefined),
    },
    languages: {
      createLanguageStatusItem: (id) => { record.status = { id, dispose() {} }; return record.status; },
      registerFoldingRangeProvider: () => disposable,
      match,
    },
    commands: {
      registerCommand: (id, fn) => { record.commands[id] = fn; return disposable; },
      executeCommand: () => Promise.resolve(undefined),
    },
    workspace: {
      workspaceFolders: undefined,
      textDocuments: documents,
      getConfiguration: (section) => ({
        get: (key, dflt) => {
          const full = section ? `${section}.${key}` : key;
          return Object.prototype.hasOwnProperty.call(settings, full) ? settings[full] : dflt;
        },
        has: () => false, inspect: () => undefined, update: () => Promise.resolve(),
      }),
      onDidChangeConfiguration: (fn) => { record.configListeners.push(fn); return disposable; },
      createFileSystemWatcher: () => inert('watcher'),
    },
  };
  const wrap = (obj, name) => new Proxy(obj, {
    get(t, prop) {
      if (prop in t) {
        const v = t[prop];
        return v && typeof v === 'object' && !Array.isArray(v) && prop !== 'env' ? wrap(v, `${name}.${String(prop)}`) : v;
      }
      if (prop === 'then') return undefined;
      return inert(`${name}.${String(prop)}`);
    },
  });
  return { vscode: wrap(base, 'vscode'), record };
}

/** Make `require('vscode')` return the stub. */
function install(stub) {
  const Module = require('module');
  const load = Module._load;
  Module._load = function (request, ...rest) {
    return request === 'vscode' ? stub : load.call(this, request, ...rest);
  };
}

module.exports = { createStub, install, textDocument };
