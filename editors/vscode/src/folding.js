'use strict';
// Folding ranges of a .mh file without the language server: every `{ ... }`, `[ ... ]` or
// `( ... )` that spans lines, and every run of two or more comment lines. Brackets inside
// strings and comments do not count (pure: no `vscode` import).

/**
 * @param {string} text the document
 * @returns {{start: number, end: number, kind?: 'comment'}[]} zero-based lines; `end` is the
 *   last line folded (the line before the one holding the closing bracket)
 */
function foldingRanges(text) {
  const lines = text.split(/\r?\n/);
  const ranges = [];
  const open = [];
  let commentRun = null;
  const closeRun = (line) => {
    if (commentRun !== null && line - 1 > commentRun) {
      ranges.push({ start: commentRun, end: line - 1, kind: 'comment' });
    }
    commentRun = null;
  };
  lines.forEach((src, line) => {
    if (/^\s*#/.test(src)) {
      if (commentRun === null) commentRun = line;
      return;
    }
    closeRun(line);
    let inString = false;
    for (let i = 0; i < src.length; i++) {
      const c = src[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') {
        inString = true;
      } else if (c === '#') {
        break;
      } else if (c === '{' || c === '[' || c === '(') {
        open.push({ c, line });
      } else if (c === '}' || c === ']' || c === ')') {
        const want = { '}': '{', ']': '[', ')': '(' }[c];
        // drop unmatched openers (an error the compiler reports) back to the partner
        while (open.length && open[open.length - 1].c !== want) open.pop();
        const o = open.pop();
        if (o && line - 1 > o.line) {
          ranges.push({ start: o.line, end: line - 1 });
        }
      }
    }
  });
  closeRun(lines.length);
  return ranges.sort((a, b) => a.start - b.start || b.end - a.end);
}

module.exports = { foldingRanges };
