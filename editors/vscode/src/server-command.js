'use strict';
// How the extension runs the language server: the `mayhem.server.*` settings made into the
// command line of `mayhem lsp` (pure: no `vscode` import, so that node's test runner tests it).

const fs = require('fs');
const os = require('os');
const path = require('path');

/**
 * @param {{path?: string, args?: string[], env?: Record<string, string>}} settings
 *   `mayhem.server.path`, `mayhem.server.args`, `mayhem.server.env`
 * @param {string | undefined} workspaceFolder the first workspace folder's path, if any
 * @param {Record<string, string | undefined>} baseEnv the environment to extend (process.env)
 * @returns {{command: string, args: string[], options: {cwd?: string, env: Record<string, string | undefined>}}}
 */
function serverCommand(settings, workspaceFolder, baseEnv) {
  const expand = (value) => {
    let out = String(value);
    if (workspaceFolder) {
      out = out.split('${workspaceFolder}').join(workspaceFolder);
    }
    if (out === '~' || out.startsWith('~/')) {
      out = path.join(os.homedir(), out.slice(1));
    }
    return out;
  };
  let command = expand((settings.path || '').trim() || 'mayhem');
  // a relative path with a folder in it (`.venv/bin/mayhem`) is the workspace's;
  // a bare name (`mayhem`) is looked up on PATH
  if (!path.isAbsolute(command) && /[\\/]/.test(command) && workspaceFolder) {
    command = path.resolve(workspaceFolder, command);
  }
  const args = Array.isArray(settings.args) ? settings.args.map(expand) : ['lsp'];
  const env = Object.assign({}, baseEnv);
  for (const [key, value] of Object.entries(settings.env || {})) {
    env[key] = expand(value);
  }
  const options = { env };
  if (workspaceFolder) {
    options.cwd = workspaceFolder;
  }
  return { command, args, options };
}

/**
 * Where the command's executable is: itself when it names a file, else the first match on the
 * PATH of `env` (with Windows' PATHEXT); undefined when there is none.
 */
function findExecutable(command, env, platform = process.platform) {
  const isWindows = platform === 'win32';
  const exts = isWindows ? ['', ...(env.PATHEXT || '.COM;.EXE;.BAT;.CMD').split(';')] : [''];
  const runnable = (file) => {
    try {
      fs.accessSync(file, isWindows ? fs.constants.F_OK : fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch (_) {
      return false;
    }
  };
  const candidates = (base) => exts.map((e) => base + e);
  if (/[\\/]/.test(command)) {
    return candidates(command).find(runnable);
  }
  const dirs = (env.PATH || env.Path || '').split(path.delimiter).filter(Boolean);
  for (const dir of dirs) {
    const found = candidates(path.join(dir, command)).find(runnable);
    if (found) return found;
  }
  return undefined;
}

/** The command line as a person would type it, for messages. */
function describe(cmd) {
  const quote = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  return [cmd.command, ...cmd.args].map(quote).join(' ');
}

module.exports = { serverCommand, describe, findExecutable };
