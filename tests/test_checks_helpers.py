"""The check helpers called directly with small inputs: names.canonical/differences/
same_meaning, report._md/markdown, text._said, ffa.team_only_uses, crossbox.lacks."""
from __future__ import annotations

from types import SimpleNamespace

from mayhem.compiler.checks import CHECKS, crossbox, ffa, names, report, text
from mayhem.dsl.diagnostics import Diagnostic
from mayhem.dsl.spans import Span


# --- names -------------------------------------------------------------------------------

def test_canonical_drops_ignored_keys_and_sorts_recursively():
    node = {"b": 1, "span": (1, 2), "a": [{"qid": "x", "z": "box/heal"}], "text": "t"}
    out = names.canonical(node)
    assert out == {"a": [{"z": "heal"}], "b": 1}
    assert list(out) == ["a", "b"]


def test_canonical_shortens_only_a_one_slash_qid_without_colon():
    assert names.canonical("looney-tunes/paint") == "paint"
    assert names.canonical("a/b/c") == "a/b/c"
    assert names.canonical("token:a/b") == "token:a/b"
    assert names.canonical("plain") == "plain"
    assert names.canonical(3) == 3


def _comp(props=None, effects=None):
    return {"props": {k: {"value": v} for k, v in (props or {}).items()},
            "effects": effects or [], "triggers": [], "children": []}


def test_differences_names_props_and_effects():
    a = _comp({"base": "black", "name": "x"}, [{"op": "heal", "n": 1}])
    b = _comp({"base": "white", "name": "x"}, [{"op": "heal", "n": 2}])
    assert names.differences(a, b) == ['base ("black" here, "white" there)', "effects"]
    assert names.differences(a, a) == []
    # a prop only on one side, and an ignored one
    c = _comp({"base": "black", "name": "x", "cost": 2, "text": "a"}, [{"op": "heal", "n": 1}])
    assert names.differences(a, c) == ["cost (null here, 2 there)"]


def test_differences_compares_qids_by_id_across_boxes():
    a = _comp({"loc": "one/home"})
    b = _comp({"loc": "two/home"})
    assert names.differences(a, b) == []


def test_same_meaning():
    a = _comp({"base": "black", "span": 1}, [{"op": "heal"}])
    b = _comp({"base": "black", "span": 2}, [{"op": "heal"}])
    assert names.same_meaning(a, b)
    assert not names.same_meaning(a, _comp({"base": "white"}, [{"op": "heal"}]))
    assert not names.same_meaning(a, _comp({"base": "black"}, [{"op": "damage"}]))
    c = dict(_comp({"base": "black"}, [{"op": "heal"}]), triggers=[{"on": "x"}])
    assert not names.same_meaning(a, c)
    d = dict(_comp({"base": "black"}, [{"op": "heal"}]), children=[{"k": 1}])
    assert not names.same_meaning(a, d)


# --- report ------------------------------------------------------------------------------

def test_md_escapes_markup():
    assert report._md("a<b>&c") == "a&lt;b&gt;&amp;c"
    for ch in "\\`*_[]{}()#+!|":
        assert report._md(ch) == "\\" + ch
    assert report._md("plain text.") == "plain text."


def test_markdown_counts_lists_and_escapes():
    code = sorted(CHECKS)[0]
    chk = CHECKS[code]
    span = Span("box/cards.mayhem", 3, 5, 3, 9)
    findings = [Diagnostic(code, "error", "bad *one*", span, hint="fix <it>"),
                Diagnostic(code, "warning", "second", None)]
    silenced = [(Diagnostic(code, "note", "quiet_one", span), "because [x]")]
    md = report.markdown(findings, silenced, title="T")
    lines = md.split("\n")
    assert lines[0] == "# T"
    assert lines[2] == "1 error, 1 warning, 0 notes, 1 silenced."
    assert md.endswith("\n") and not md.endswith("\n\n")
    assert f"## {chk.family[0].upper()}{chk.family[1:]}" in lines
    assert f"### {code} {chk.name} ({chk.severity}): 2 findings" in lines
    assert "- **warning**  second" in lines
    assert "- **error** `box/cards.mayhem:3:5` bad \\*one\\* *Hint: fix &lt;it&gt;*" in lines
    assert "- *silenced* `box/cards.mayhem:3:5` quiet\\_one: because \\[x\\]" in lines
    # the other checks pass, in code order
    other = sorted(CHECKS)[1]
    assert f"### {other} {CHECKS[other].name} ({CHECKS[other].severity}): passes" in lines
    heads = [l.split()[1] for l in lines if l.startswith("### ")]
    assert heads == sorted(CHECKS)


def test_markdown_one_finding_is_singular_and_a_blank_line_follows():
    code = sorted(CHECKS)[0]
    md = report.markdown([Diagnostic(code, "note", "m", None)], [])
    lines = md.split("\n")
    assert lines[0] == "# Consistency report"
    assert "0 errors, 0 warnings, 1 note, 0 silenced." in lines
    i = lines.index("- **note**  m")
    assert lines[i + 1] == ""
    assert any(l.endswith(": 1 finding") for l in lines)


# --- text --------------------------------------------------------------------------------

def test_said():
    assert text._said({3, 1, 2}) == "1 and 2 and 3"
    assert text._said({5}) == "5"
    assert text._said(set()) == "none"


# --- ffa ---------------------------------------------------------------------------------

# The game the fake collections play: its Victory Points are kept as `coin` tokens, and the
# tokens flagged `quest` keep their owner (a Mission's): pieces named otherwise than Mayhem's.
GAME = {"kind": "game", "box": None, "owner-kept-if": "quest",
        "children": [{"kind": "counter", "id": "vp", "kept-as": "coin"}]}


def _col(used, tokens=None, game=GAME, **where):
    base = {"token": set(), "icon": set(), "component": set(), "primitive": set(), "select": set(), "fn": set()}
    base.update(used)
    tokens = tokens or {}
    return SimpleNamespace(uses=lambda comp: base, tokens=tokens, ir={"components": [game] if game else []},
                           memo={}, prop=lambda t, k, default=None: t.get(k, default),
                           where=SimpleNamespace(**where), by_qid={})


def test_team_only_uses_each_reference():
    toks = {"t/vp": {"id": "coin"}, "t/m": {"id": "m", "quest": True}, "t/f": {"id": "f", "face-down": True},
            "t/g": {"id": "g", "group": "x"}, "t/p": {"id": "p"}}
    assert ffa.team_only_uses(_col({}, toks), {}) == []
    assert ffa.team_only_uses(_col({"select": {"teammate"}}, toks), {}) == ["a Teammate"]
    assert ffa.team_only_uses(_col({"primitive": {"reroll-dice"}}, toks), {}) == ["the player's other die"]
    for used in ({"primitive": {"gain-vp"}}, {"token": {"t/vp"}}, {"fn": {"vp-of"}}):
        assert ffa.team_only_uses(_col(used, toks), {}) == ["Victory Points"]
    for used in ({"primitive": {"complete-mission"}}, {"token": {"t/m"}}):
        assert ffa.team_only_uses(_col(used, toks), {}) == ["GO! cards"]
    for used in ({"token": {"t/f"}}, {"token": {"t/g"}}):
        assert ffa.team_only_uses(_col(used, toks), {}) == ["face-down token piles (ACME)"]
    assert ffa.team_only_uses(_col({"token": {"t/p"}}, toks), {}) == []
    everything = {"select": {"teammate"}, "primitive": {"reroll-dice", "gain-vp"}, "token": {"t/m", "t/f"}}
    assert ffa.team_only_uses(_col(everything, toks), {}) == [
        "a Teammate", "the player's other die", "Victory Points", "GO! cards", "face-down token piles (ACME)"]


def test_team_only_uses_reads_the_pieces_from_the_game_not_the_flags_names():
    # tokens flagged as Mayhem's are not the game's pieces when the game names others
    toks = {"t/old-vp": {"id": "vp", "victory-point": True}, "t/old-m": {"id": "pizza", "mission": True}}
    assert ffa.team_only_uses(_col({"token": {"t/old-vp", "t/old-m"}}, toks), {}) == []
    # without a game, no token is a Victory Point or a Mission's
    assert ffa.team_only_uses(_col({"token": {"t/old-vp"}}, {"t/old-vp": {"id": "coin"}}, game=None), {}) == []
    # a game that keeps its Victory Points as no pieces: `gain-vp` still refers to them
    bare = {"kind": "game", "box": None, "children": [{"kind": "counter", "id": "vp"}]}
    assert ffa.team_only_uses(_col({"token": {"t/vp"}}, {"t/vp": {"id": "coin"}}, game=bare), {}) == []
    assert ffa.team_only_uses(_col({"primitive": {"gain-vp"}}, {}, game=bare), {}) == ["Victory Points"]


# --- crossbox ----------------------------------------------------------------------------

def _where(missing_tokens=(), missing_refs=(), bringers=None, icons=(), go_deck=True):
    calls = []

    def missing(items, board, bringing):
        calls.append((list(items), board, bringing))
        return [i for i in items if i in missing_tokens or i in missing_refs]

    return dict(bringing_for=lambda comp: "BRINGING", missing=missing,
                bringers=lambda tok, board: (bringers or {}).get(tok, []),
                icons_on=lambda board: set(icons), go_deck=lambda board: go_deck), calls


def test_lacks_lists_tokens_icons_locations_and_go_deck():
    where, calls = _where(missing_tokens={"x/a", "x/b"}, missing_refs={"x/home"},
                          bringers={"x/a": ["acme", "titans"]}, icons={"fire"}, go_deck=False)
    col = _col({"token": {"x/b", "x/a", "x/c"}, "icon": {"icon:water", "icon:fire"},
                "component": {"x/home"}, "primitive": {"complete-mission"}},
               {"x/a": {"id": "a"}, "x/b": {"id": "b"}, "x/c": {"id": "c"}}, **where)
    col.by_qid = {"x/home": {"name": "Home"}}
    assert crossbox.lacks(col, {}, "board1") == [
        "token 'a' unless a acme or titans character brings it",
        "token 'b'",
        "Location with the icon 'water'",
        "Location 'Home'",
        "GO! deck",
    ]
    assert calls[0] == (["x/a", "x/b", "x/c"], "board1", "BRINGING")
    assert calls[1] == (["x/home"], "board1", "BRINGING")


def test_lacks_nothing_when_the_board_offers_everything():
    where, _ = _where(icons={"fire"}, go_deck=True)
    col = _col({"token": {"x/a"}, "icon": {"fire"}, "primitive": {"complete-mission"}},
               {"x/a": {"id": "a"}}, **where)
    assert crossbox.lacks(col, {}, "b") == []
    where, _ = _where(go_deck=False)
    assert crossbox.lacks(_col({"primitive": {"gain-vp"}}, {}, **where), {}, "b") == []


def test_lacks_an_icon_written_without_a_prefix():
    where, _ = _where(icons=set())
    assert crossbox.lacks(_col({"icon": {"water"}}, {}, **where), {}, "b") == ["Location with the icon 'water'"]


# --- card_text ---------------------------------------------------------------------------

def test_card_text_facts():
    from mayhem.compiler.checks import card_text
    from mayhem.compiler.checks.card_text import Fact
    card_text.facts.cache_clear()  # parse afresh, not from a cache an earlier test filled
    assert card_text.facts("Deal 2 Damage.") == (Fact("damage", 2, "2 Damage"),)
    assert card_text.facts("Once per turn.") == (Fact("limiter", "turn", "Once per turn"),)
    assert card_text.facts("Until the end of your turn.") == (Fact("duration", "turn", "Until the end of your turn"),)
    assert card_text.facts("Heal 3 Damage.") == (Fact("heal", 3, "Heal 3 Damage"),)
    assert card_text.facts("After 15 Damage, do x.") == (Fact("after", 15, "After 15 Damage"),)
