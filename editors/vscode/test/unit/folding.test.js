'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { foldingRanges } = require('../../src/folding');

test('every multi-line block folds up to the line before its closing brace', () => {
  const text = [
    'character robin "Robin" {', // 0
    '  life 12', //                  1
    '  ability a "A" {', //          2
    '    standard {', //             3
    '      melee-attack', //         4
    '    }', //                      5
    '  }', //                        6
    '}', //                          7
  ].join('\n');
  assert.deepStrictEqual(foldingRanges(text), [
    { start: 0, end: 6 }, { start: 2, end: 5 }, { start: 3, end: 4 },
  ]);
});

test('brackets in strings and comments do not count; runs of comments fold', () => {
  const text = [
    '# one', //                                0
    '# two', //                                1
    'token t "T" {', //                        2
    '  text "a { in a string" # and } here', // 3
    '  immune [', //                           4
    '    melee,', //                           5
    '  ]', //                                  6
    '}', //                                    7
  ].join('\n');
  assert.deepStrictEqual(foldingRanges(text), [
    { start: 0, end: 1, kind: 'comment' }, { start: 2, end: 6 }, { start: 4, end: 5 },
  ]);
});

test('a one-line block does not fold, and an unclosed one is ignored', () => {
  assert.deepStrictEqual(foldingRanges('x y { a 1 }\nz w {\n  b 2\n'), []);
});
