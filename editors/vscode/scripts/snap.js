#!/usr/bin/env node
'use strict';
// Snapshot tests of the TextMate grammar over every content file of the repository
// (content/**/*.mh): the scopes of every token, compared with the committed snapshots under
// test/snapshots/content/ (one `<file>.mh.snap` per content file), by vscode-tmgrammar-snap.
//
//   node scripts/snap.js            # compare; fails on a changed scope, a missing or a stale snapshot
//   node scripts/snap.js --update   # rewrite the snapshots (after a change of the grammar or content)
//   options: --content=DIR (another content folder), --grammar=FILE (another grammar)
//
// vscode-tmgrammar-snap keeps each snapshot next to its file; the content files are copied
// into a temporary folder with their snapshots, so that content/ holds only content.

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const EXT = path.resolve(__dirname, '..');
const ROOT = path.resolve(EXT, '..', '..');
const SNAPS = path.join(EXT, 'test', 'snapshots', 'content');

function walk(dir, suffix, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, suffix, out);
    else if (entry.name.endsWith(suffix)) out.push(p);
  }
  return out.sort();
}

function main(argv) {
  const update = argv.includes('--update') || argv.includes('-u');
  const contentArg = argv.find((a) => a.startsWith('--content='));
  const content = contentArg ? path.resolve(contentArg.slice('--content='.length)) : path.join(ROOT, 'content');
  const grammarArg = argv.find((a) => a.startsWith('--grammar='));
  const grammar = grammarArg ? path.resolve(grammarArg.slice('--grammar='.length))
    : path.join(EXT, 'syntaxes', 'mayhem.tmLanguage.json');
  const files = walk(content, '.mh').map((f) => path.relative(content, f));
  if (files.length === 0) {
    console.error(`no .mh files under ${content}`);
    return 2;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mayhem-snap-'));
  try {
    const missing = [];
    for (const rel of files) {
      fs.mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
      fs.copyFileSync(path.join(content, rel), path.join(tmp, rel));
      const snap = path.join(SNAPS, rel + '.snap');
      if (fs.existsSync(snap)) fs.copyFileSync(snap, path.join(tmp, rel + '.snap'));
      else missing.push(rel);
    }
    const stale = walk(SNAPS, '.mh.snap').map((s) => path.relative(SNAPS, s).slice(0, -'.snap'.length))
      .filter((rel) => !files.includes(rel));
    const bin = path.join(EXT, 'node_modules', 'vscode-tmgrammar-test', 'dist', 'snapshot.js');
    // the tool reads the grammars of the manifest it is given (paths relative to it): one naming this grammar
    const manifest = JSON.parse(fs.readFileSync(path.join(EXT, 'package.json'), 'utf8'));
    const config = path.join(tmp, 'package.json');
    fs.writeFileSync(config, JSON.stringify({ contributes: {
      languages: manifest.contributes.languages,
      grammars: manifest.contributes.grammars.map((g) => Object.assign({}, g, { path: path.relative(tmp, grammar) })),
    } }));
    const args = [bin, '--config', config, path.join(tmp, '**', '*.mh')];
    if (update) args.push('--updateSnapshot');
    const run = spawnSync(process.execPath, args, { cwd: EXT, encoding: 'utf8' });
    const report = (run.stdout || '') + (run.stderr || '');
    process.stdout.write(report.split(tmp + path.sep).join('content/'));
    if (update) {
      fs.rmSync(SNAPS, { recursive: true, force: true });
      for (const rel of files) {
        fs.mkdirSync(path.dirname(path.join(SNAPS, rel)), { recursive: true });
        fs.copyFileSync(path.join(tmp, rel + '.snap'), path.join(SNAPS, rel + '.snap'));
      }
      console.log(`wrote ${files.length} snapshots under ${path.relative(ROOT, SNAPS)}/`);
      return run.status === 0 ? 0 : 1;
    }
    let failed = run.status !== 0;
    if (missing.length) {
      failed = true;
      console.log(`no snapshot for ${missing.map((m) => 'content/' + m).join(', ')}`);
    }
    if (stale.length) {
      failed = true;
      console.log(`snapshots of files that are gone: ${stale.map((s) => 'content/' + s).join(', ')}`);
    }
    if (failed) {
      console.log('the highlighting of content/ differs from test/snapshots/content/; if the change is intended, '
        + 'run `npm run test:snap:update` in editors/vscode and commit test/snapshots/');
      return 1;
    }
    console.log(`${files.length} content files highlighted as their snapshots say`);
    return 0;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

process.exitCode = main(process.argv.slice(2));
