'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { RestartPolicy } = require('../../src/restart-policy');

test('a crashed server restarts, until it crashes too often within the window', () => {
  let t = 0;
  const p = new RestartPolicy(2, 1000, () => t);
  assert.strictEqual(p.shouldRestart(), true);
  t = 100;
  assert.strictEqual(p.shouldRestart(), true);
  t = 200;
  assert.strictEqual(p.shouldRestart(), false);
});

test('crashes older than the window are forgotten', () => {
  let t = 0;
  const p = new RestartPolicy(1, 1000, () => t);
  assert.strictEqual(p.shouldRestart(), true);
  t = 5000;
  assert.strictEqual(p.shouldRestart(), true);
});

test('reset forgets every crash', () => {
  const p = new RestartPolicy(1, 1000, () => 0);
  p.shouldRestart();
  assert.strictEqual(p.shouldRestart(), false);
  p.reset();
  assert.strictEqual(p.shouldRestart(), true);
});
