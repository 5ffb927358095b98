"""bench/parity.py --ignore-span EVENT: when a rule moves into content (a KO's VP, issue #11),
its log lines point at the new source; the comparison can leave those spans out, and only
those."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path
import sys

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("bench_parity_spans", ROOT / "bench" / "parity.py")
parity = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = parity
_spec.loader.exec_module(parity)


def write_log(path: Path, vp_span: str, ko_span: str = "robin.mh:3:5-3:20") -> Path:
    lines = [{"header": {"seed": 0, "ir_digest": "x"}},
             {"seq": 0, "round": 1, "event": "ko", "figure": "robin", "span": ko_span},
             {"seq": 1, "round": 1, "event": "place-token", "token": "vp", "count": 1, "on": "white",
              "span": vp_span},
             {"seq": 2, "round": 1, "event": "vp", "team": "white", "total": 1, "span": vp_span},
             {"result": {"winners": ["white"], "reason": "vp", "rounds": 1}}]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_ignored_spans_leave_only_those_spans_out(tmp_path):
    before = write_log(tmp_path / "a.jsonl", "robin.mh:3:5-3:20")
    after = write_log(tmp_path / "b.jsonl", "shared/game.mh:114:5-114:36")
    other = write_log(tmp_path / "c.jsonl", "shared/game.mh:114:5-114:36", ko_span="beast-boy.mh:1:1-1:2")
    assert parity.read_log(before, 0).digest != parity.read_log(after, 0).digest
    parity.IGNORED_SPANS.add("vp")
    try:
        assert parity.read_log(before, 0).digest != parity.read_log(after, 0).digest  # the VP token's line
        parity.IGNORED_SPANS.add("place-token:vp")  # EVENT:TOKEN, that token's lines only
        assert parity.read_log(before, 0).digest == parity.read_log(after, 0).digest
        assert parity.read_log(after, 0).digest != parity.read_log(other, 0).digest  # a ko span still counts
    finally:
        parity.IGNORED_SPANS.clear()


def test_a_star_leaves_every_span_out_and_nothing_else(tmp_path):
    # across many revisions edits to content/ move lines: every span differs, the game does not
    before = write_log(tmp_path / "a.jsonl", "robin.mh:3:5-3:20")
    after = write_log(tmp_path / "b.jsonl", "shared/game.mh:114:5-114:36", ko_span="beast-boy.mh:1:1-1:2")
    assert parity.read_log(before, 0).digest != parity.read_log(after, 0).digest
    parity.IGNORED_SPANS.add("*")
    try:
        assert parity.read_log(before, 0).digest == parity.read_log(after, 0).digest
        lines = [json.loads(line) for line in after.read_text(encoding="utf-8").splitlines()]
        lines[2]["count"] = 2  # a different game still differs
        other = tmp_path / "c.jsonl"
        other.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
        assert parity.read_log(other, 0).digest != parity.read_log(after, 0).digest
    finally:
        parity.IGNORED_SPANS.clear()
