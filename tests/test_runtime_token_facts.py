"""A token's pool and yes-or-no properties, read once per token (issue #11, speed), are what
its printed properties say, for the rules of every mode (which share the tokens)."""
from __future__ import annotations

from mayhem.runtime.modes import load_mode, rules_for
from mayhem.runtime.rules import prop

FLAGS = ("face-down", "blocks-adjacency", "attackable", "mission", "cleared-on-ko", "no-such-flag")


def test_token_pool_and_flags_are_the_printed_properties(rules):
    for mode_id in ("standard", "free-for-all"):
        played = rules_for(rules, load_mode(rules, mode_id))
        for _round in range(2):  # worked out, then read again
            for qid, tok in played.tokens.items():
                assert played.token_pool(qid) == (prop(tok, "drawn-from") or tok["id"])
                for flag in FLAGS:
                    assert played.token_flag(qid, flag) is bool(prop(tok, flag, False))
    assert any(rules.token_flag(q, "face-down") for q in rules.tokens)  # the boxes have one
    assert any(rules.token_pool(q) != rules.tokens[q]["id"] for q in rules.tokens)  # and a `drawn-from`
