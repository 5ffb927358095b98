"""Benchmark of `mayhem diff`: synthetic content of N cards (bench/synthetic.py's generator, as bench/compile.py's),
and a copy with 1% of the cards changed in a number, 1% renamed and 1% reworded. Prints
the time to compile each side and to compare them (pairing, classification, words,
consequences, applicability), the pairs per second of the comparison, and what it found
(so a slow run that found the wrong thing shows too).

    .venv/bin/python bench/diff.py                  # 1,000 and 5,000 cards
    .venv/bin/python bench/diff.py --sizes 500,2000

Times are the CPU time of this process (less disturbed by other work on a shared machine
than the wall clock).
"""
from __future__ import annotations

import argparse
import random
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic import generate  # noqa: E402 (bench/synthetic.py, the content of bench/compile.py)

from mayhem.compiler.diff import compare, compile_side  # noqa: E402


def mutate(root: Path, share: float = 0.01, seed: int = 7) -> dict[str, int]:
    """Change a number in, rename, and reword `share` of the Mayhem cards each."""
    rng = random.Random(seed)
    done = {"number": 0, "rename": 0, "reword": 0}
    for path in sorted(root.rglob("*.mh")):
        text = path.read_text(encoding="utf-8")
        cards = list(re.finditer(r'^mayhem-card ([\w-]+) "', text, re.M))
        for m in reversed(cards):  # from the end: an edit does not move the cards before it
            roll = rng.random()
            start, end = m.start(), text.find("\n}\n", m.start())
            block = text[start:end]
            effect = block[block.find("effect {"):] if "effect {" in block else ""
            if roll < share and re.search(r"\b([1-3])\)", effect):
                changed = re.sub(r"\b([1-3])\)", lambda n: f"{int(n.group(1)) % 3 + 1})", effect, count=1)
                new = block.replace(effect, changed)
                done["number"] += 1
            elif roll < 2 * share:
                new = block.replace(f"mayhem-card {m.group(1)} ", f"mayhem-card {m.group(1)}-x ", 1)
                done["rename"] += 1
            elif roll < 3 * share and 'text "' in block:
                new = block.replace('text "', 'text "Now: ', 1)
                done["reword"] += 1
            else:
                continue
            text = text[:start] + new + text[end:]
        path.write_text(text, encoding="utf-8")
    return done


def run(cards: int) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="mayhem-bench-diff-"))
    try:
        generate(tmp / "old", cards, boxes=max(1, cards // 1000))
        shutil.copytree(tmp / "old", tmp / "new")
        made = mutate(tmp / "new")
        t0 = time.process_time()
        a, b = compile_side(tmp / "old"), compile_side(tmp / "new")
        t1 = time.process_time()
        d = compare(a.ir, b.ir, old_diagnostics=a.diagnostics.items, new_diagnostics=b.diagnostics.items)
        t2 = time.process_time()
        counts = {k: v for k, v in d.counts().items() if v}
        print(f"{cards:>6} cards: compile both sides {t1 - t0:6.2f} s, compare {t2 - t1:6.2f} s "
              f"({cards / max(t2 - t1, 1e-9):,.0f} cards/s); made {made}; found {counts}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,5000")
    args = ap.parse_args()
    for n in [int(s) for s in args.sizes.split(",")]:
        run(n)


if __name__ == "__main__":
    main()
