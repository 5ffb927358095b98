#!/usr/bin/env node
'use strict';
// A stand-in for `mayhem lsp` in the client's tests: speaks just enough LSP over stdio
// (initialize, shutdown, exit) and appends what happens to the file $FAKE_LSP_LOG, one JSON
// object a line. With FAKE_LSP_CRASH=1 it dies (exit code 3) once the client says `initialized`;
// with FAKE_LSP_CRASH=early it exits at once (code 2), as a `mayhem` without `lsp` would.

const fs = require('fs');

const log = (event) => fs.appendFileSync(process.env.FAKE_LSP_LOG,
  JSON.stringify(Object.assign({ pid: process.pid }, event)) + '\n');
log({ event: 'start', argv: process.argv.slice(2), cwd: process.cwd(), env: process.env.FAKE_LSP_MARK || null });
if (process.env.FAKE_LSP_CRASH === 'early') {
  process.stderr.write("Usage: mayhem [OPTIONS] COMMAND [ARGS]...\nError: No such command 'lsp'.\n", () => process.exit(2));
  return;
}
process.stderr.write(`fake mayhem lsp ${process.pid} listening on stdio\n`);

const send = (msg) => {
  const body = Buffer.from(JSON.stringify(Object.assign({ jsonrpc: '2.0' }, msg)), 'utf8');
  process.stdout.write(`Content-Length: ${body.length}\r\n\r\n`);
  process.stdout.write(body);
};

let buf = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  buf = Buffer.concat([buf, chunk]);
  for (;;) {
    const head = buf.indexOf('\r\n\r\n');
    if (head < 0) return;
    const m = /Content-Length: (\d+)/i.exec(buf.slice(0, head).toString('ascii'));
    const len = Number(m[1]);
    if (buf.length < head + 4 + len) return;
    const msg = JSON.parse(buf.slice(head + 4, head + 4 + len).toString('utf8'));
    buf = buf.slice(head + 4 + len);
    handle(msg);
  }
});

function handle(msg) {
  log({ event: msg.method });
  if (msg.method === 'initialize') {
    send({ id: msg.id, result: { capabilities: { textDocumentSync: 1 }, serverInfo: { name: 'fake-mayhem-lsp' } } });
  } else if (msg.method === 'initialized' && process.env.FAKE_LSP_CRASH === '1') {
    log({ event: 'crash' });
    process.exit(3);
  } else if (msg.method === 'shutdown') {
    send({ id: msg.id, result: null });
  } else if (msg.method === 'exit') {
    process.exit(0);
  } else if (msg.id !== undefined) {
    send({ id: msg.id, error: { code: -32601, message: `no ${msg.method}` } });
  }
}
