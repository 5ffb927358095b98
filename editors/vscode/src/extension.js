'use strict';
// The Mayhem extension: starts `mayhem lsp` (the language server of the Mayhem toolchain)
// for .mh files, restarts it when it crashes, and shows what it says in an output channel.
// Highlighting (the TextMate grammar) and the language configuration need no code.

const vscode = require('vscode');
const { LanguageClient, State, CloseAction, ErrorAction, RevealOutputChannelOn } = require('vscode-languageclient/node');
const { serverCommand, describe, findExecutable } = require('./server-command');
const { RestartPolicy } = require('./restart-policy');
const { foldingRanges } = require('./folding');

const LANGUAGE = 'mayhem';
const SELECTOR = [{ scheme: 'file', language: LANGUAGE }, { scheme: 'untitled', language: LANGUAGE }];

/** @type {LanguageClient | undefined} */
let client;
/** @type {vscode.OutputChannel} */
let output;
/** @type {vscode.OutputChannel} */
let traceOutput;
/** @type {vscode.LanguageStatusItem} */
let status;
const restarts = new RestartPolicy(5, 3 * 60 * 1000);

function settings() {
  const c = vscode.workspace.getConfiguration('mayhem');
  return {
    enabled: c.get('server.enabled', true),
    path: c.get('server.path', 'mayhem'),
    args: c.get('server.args', ['lsp']),
    env: c.get('server.env', {}),
  };
}

function workspaceFolder() {
  const folders = vscode.workspace.workspaceFolders;
  return folders && folders.length ? folders[0].uri.fsPath : undefined;
}

function setStatus(text, severity, detail) {
  status.text = text;
  status.severity = severity;
  status.detail = detail;
}

/**
 * The output channel as the client sees it: everything goes to the real one, and the last
 * lines of the server's stderr (which the client writes with `append`, its own messages
 * with `appendLine`) are kept, to quote what the server said when it failed to start.
 */
function teeChannel(channel, keep = 20) {
  const tail = [];
  const add = (text) => {
    for (const line of String(text).split(/\r?\n/)) {
      if (line.trim()) tail.push(line);
    }
    tail.splice(0, Math.max(0, tail.length - keep));
  };
  return {
    tail,
    channel: new Proxy(channel, {
      get(target, prop) {
        if (prop === 'append') {
          return (text) => { add(text); target.append(text); };
        }
        const value = target[prop];
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }),
  };
}

/** The error handler of the client: a crash restarts the server, unless it keeps crashing. */
function errorHandler(cmd, state) {
  return {
    error: (_error, _message, count) =>
      ({ action: count && count <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown }),
    closed: () => {
      if (!state.ready) {
        // it died before answering `initialize`: a wrong command or a missing extra, which
        // restarting cannot mend; start() says so
        return { action: CloseAction.DoNotRestart, handled: true };
      }
      if (restarts.shouldRestart()) {
        output.appendLine(`[mayhem] the language server stopped; restarting \`${describe(cmd)}\``);
        return { action: CloseAction.Restart, handled: true };
      }
      const message = `The Mayhem language server (\`${describe(cmd)}\`) stopped ${restarts.maxRestarts + 1} ` +
        'times in 3 minutes and will not be restarted: see the output, then run "Mayhem: Restart Language Server".';
      setStatus('Mayhem: crashed', vscode.LanguageStatusSeverity.Error, message);
      notifyFailure(message);
      return { action: CloseAction.DoNotRestart, handled: true };
    },
  };
}

async function notifyFailure(message) {
  const choice = await vscode.window.showErrorMessage(message, 'Show Output', 'Open Settings', 'Restart');
  if (choice === 'Show Output') output.show(true);
  else if (choice === 'Open Settings') vscode.commands.executeCommand('workbench.action.openSettings', 'mayhem.server');
  else if (choice === 'Restart') restart();
}

async function start() {
  const s = settings();
  if (!s.enabled) {
    setStatus('Mayhem: highlighting only', vscode.LanguageStatusSeverity.Information,
      'The language server is off (mayhem.server.enabled).');
    return;
  }
  const cmd = serverCommand(s, workspaceFolder(), process.env);
  output.appendLine(`[mayhem] starting ${describe(cmd)}${cmd.options.cwd ? ` in ${cmd.options.cwd}` : ''}`);
  if (!findExecutable(cmd.command, cmd.options.env)) {
    const message = `Could not start the Mayhem language server: \`${cmd.command}\` was not found. Install the ` +
      "toolchain with its `lsp` extra (pip install 'mayhem-toolchain[lsp]') or set `mayhem.server.path` to its " +
      '`mayhem` command (for a checkout of the toolchain: `.venv/bin/mayhem`).';
    output.appendLine(`[mayhem] ${message}`);
    setStatus('Mayhem: not running', vscode.LanguageStatusSeverity.Error, message);
    notifyFailure(message);
    return;
  }
  const serverOptions = { command: cmd.command, args: cmd.args, options: cmd.options };
  const state = { ready: false };
  const tee = teeChannel(output);
  const clientOptions = {
    documentSelector: SELECTOR,
    outputChannel: tee.channel,
    traceOutputChannel: traceOutput,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    errorHandler: errorHandler(cmd, state),
    initializationFailedHandler: () => false, // no retry: start() reports the failure once
    synchronize: {
      fileEvents: [
        vscode.workspace.createFileSystemWatcher('**/*.mh'),
        vscode.workspace.createFileSystemWatcher('**/mayhem.toml'),
      ],
    },
  };
  client = new LanguageClient('mayhem', 'Mayhem Language Server', serverOptions, clientOptions);
  client.onDidChangeState((e) => {
    if (e.newState === State.Running) {
      state.ready = true;
      setStatus('Mayhem: ready', vscode.LanguageStatusSeverity.Information, describe(cmd));
    } else if (e.newState === State.Starting) {
      setStatus('Mayhem: starting', vscode.LanguageStatusSeverity.Information, describe(cmd));
    }
  });
  setStatus('Mayhem: starting', vscode.LanguageStatusSeverity.Information, describe(cmd));
  try {
    await client.start();
    // a server that dies while starting can leave start() resolved but the client not running
    if (!client.isRunning()) throw new Error('it exited before it was ready');
  } catch (err) {
    // what the server printed says more than the connection's error; it may be read just after
    // the connection broke (a write to the dead server fails first): wait a moment for it
    for (let waited = 0; !tee.tail.length && waited < 2000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const said = tee.tail.slice(-3).join(' ');
    const noLsp = /no such command\W+lsp/i.test(said)
      ? ' This `mayhem` has no `lsp` command: install a newer toolchain with its `lsp` extra.' : '';
    const message = `The Mayhem language server (\`${describe(cmd)}\`) stopped while starting: ` +
      `${(said || (err && err.message) || String(err)).replace(/\.$/, '')}.${noLsp} See the output for more.`;
    output.appendLine(`[mayhem] ${message}`);
    setStatus('Mayhem: not running', vscode.LanguageStatusSeverity.Error, message);
    const old = client;
    client = undefined;
    try { await old.dispose(); } catch (_) { /* it never started */ }
    notifyFailure(message);
  }
}

async function stop() {
  const old = client;
  client = undefined;
  if (old) {
    try {
      await old.dispose(); // stop the server and free what the client registered
    } catch (err) {
      output.appendLine(`[mayhem] stopping the language server: ${err && err.message ? err.message : err}`);
    }
  }
}

async function restart() {
  restarts.reset();
  await stop();
  await start();
}

function activate(context) {
  output = vscode.window.createOutputChannel('Mayhem Language Server');
  traceOutput = vscode.window.createOutputChannel('Mayhem Language Server Trace');
  status = vscode.languages.createLanguageStatusItem('mayhem.server', SELECTOR);
  status.name = 'Mayhem Language Server';
  status.command = { title: 'Show Output', command: 'mayhem.showOutput' };
  context.subscriptions.push(
    output,
    traceOutput,
    status,
    vscode.commands.registerCommand('mayhem.restartServer', restart),
    vscode.commands.registerCommand('mayhem.showOutput', () => output.show(true)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('mayhem.server')) restart();
    }),
    // folding by brackets and comment runs, also when the server is off (the server's ranges merge in)
    vscode.languages.registerFoldingRangeProvider(SELECTOR, {
      provideFoldingRanges(document) {
        return foldingRanges(document.getText()).map((r) => new vscode.FoldingRange(
          r.start, r.end, r.kind === 'comment' ? vscode.FoldingRangeKind.Comment : undefined));
      },
    }),
  );
  return start();
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
