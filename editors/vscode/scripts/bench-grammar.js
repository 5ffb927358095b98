#!/usr/bin/env node
'use strict';
// How fast VS Code's TextMate engine (vscode-textmate + Oniguruma, as the editor runs it)
// highlights .mh files with the grammar: every content file, then the same text repeated to
// a large file. Prints figures; asserts nothing.
//
//   node scripts/bench-grammar.js [--repeat N]   (N copies of all content in one file; default 40)

const fs = require('fs');
const path = require('path');
const { performance } = require('perf_hooks');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const EXT = path.resolve(__dirname, '..');
const ROOT = path.resolve(EXT, '..', '..');
const repeatArg = process.argv.indexOf('--repeat');
const repeat = repeatArg > 0 ? Number(process.argv[repeatArg + 1]) : 40;

function walk(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.name.endsWith('.mh')) out.push(p);
  }
  return out.sort();
}

async function main() {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p) => new oniguruma.OnigScanner(p),
      createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async () => vsctm.parseRawGrammar(
      fs.readFileSync(path.join(EXT, 'syntaxes', 'mayhem.tmLanguage.json'), 'utf8'), 'mayhem.tmLanguage.json'),
  });
  const grammar = await registry.loadGrammar('source.mayhem');
  const tokenize = (text) => {
    let state = vsctm.INITIAL;
    let tokens = 0;
    for (const line of text.split('\n')) {
      const r = grammar.tokenizeLine(line, state);
      tokens += r.tokens.length;
      state = r.ruleStack;
    }
    return tokens;
  };
  const files = walk(path.join(ROOT, 'content'));
  const all = files.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  tokenize(all); // warm up: compile the patterns
  const lines = all.split('\n').length;
  let t = performance.now();
  const tokens = tokenize(all);
  let ms = performance.now() - t;
  console.log(`content/: ${files.length} files, ${lines} lines, ${(all.length / 1024).toFixed(0)} KB, ` +
    `${tokens} tokens in ${ms.toFixed(1)} ms (${Math.round(lines / ms * 1000)} lines/s)`);
  const big = Array(repeat).fill(all).join('\n');
  const bigLines = big.split('\n').length;
  t = performance.now();
  tokenize(big);
  ms = performance.now() - t;
  console.log(`one file of ${repeat} copies: ${bigLines} lines, ${(big.length / 1024 / 1024).toFixed(1)} MB in ` +
    `${ms.toFixed(0)} ms (${Math.round(bigLines / ms * 1000)} lines/s; ${(ms / bigLines * 1000).toFixed(1)} us a line)`);
}

main().catch((e) => { console.error(e); process.exit(1); });
