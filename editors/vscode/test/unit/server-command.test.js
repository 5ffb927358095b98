'use strict';
const test = require('node:test');
const assert = require('node:assert');
const os = require('os');
const path = require('path');
const { serverCommand, describe } = require('../../src/server-command');

test('the default runs `mayhem lsp` from PATH in the workspace', () => {
  const cmd = serverCommand({}, '/ws', { PATH: '/usr/bin' });
  assert.strictEqual(cmd.command, 'mayhem');
  assert.deepStrictEqual(cmd.args, ['lsp']);
  assert.strictEqual(cmd.options.cwd, '/ws');
  assert.strictEqual(cmd.options.env.PATH, '/usr/bin');
});

test('a relative path with a folder is taken from the workspace folder', () => {
  const cmd = serverCommand({ path: '.venv/bin/mayhem' }, '/ws', {});
  assert.strictEqual(cmd.command, path.resolve('/ws', '.venv/bin/mayhem'));
});

test('${workspaceFolder} and ~ are expanded in the path, the arguments and the environment', () => {
  const cmd = serverCommand({ path: '~/mayhem/bin/mayhem', args: ['lsp', '--root', '${workspaceFolder}/content'],
    env: { MAYHEM_HOME: '${workspaceFolder}/x' } }, '/ws', { KEEP: '1' });
  assert.strictEqual(cmd.command, path.join(os.homedir(), 'mayhem/bin/mayhem'));
  assert.deepStrictEqual(cmd.args, ['lsp', '--root', '/ws/content']);
  assert.strictEqual(cmd.options.env.MAYHEM_HOME, '/ws/x');
  assert.strictEqual(cmd.options.env.KEEP, '1');
});

test('without a workspace, a relative path stays as written and no cwd is set', () => {
  const cmd = serverCommand({ path: '  ' }, undefined, {});
  assert.strictEqual(cmd.command, 'mayhem');
  assert.strictEqual(cmd.options.cwd, undefined);
});

test('describe quotes what a shell would split', () => {
  assert.strictEqual(describe({ command: '/opt/my tools/mayhem', args: ['lsp'] }), "'/opt/my tools/mayhem' lsp");
});

test('findExecutable looks a bare name up on PATH, and checks a path as written', () => {
  const fs = require('fs');
  const { findExecutable } = require('../../src/server-command');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayhem-path-'));
  const exe = path.join(dir, 'mayhem');
  fs.writeFileSync(exe, '#!/bin/sh\n');
  fs.chmodSync(exe, 0o755);
  fs.writeFileSync(path.join(dir, 'not-executable'), '');
  try {
    assert.strictEqual(findExecutable('mayhem', { PATH: ['/nonexistent', dir].join(path.delimiter) }, 'linux'), exe);
    assert.strictEqual(findExecutable('mayhem', { PATH: '/nonexistent' }, 'linux'), undefined);
    assert.strictEqual(findExecutable(exe, {}, 'linux'), exe);
    assert.strictEqual(findExecutable(path.join(dir, 'not-executable'), {}, 'linux'), undefined);
    assert.strictEqual(findExecutable(dir, {}, 'linux'), undefined); // a folder is no command
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
