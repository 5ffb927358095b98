"""A game's procedure and a mode's own rules as the site says them: the setup, the round's
phases in order with what each runs, the actions a turn offers (verb, parameters, guard), the
counters, how the game ends; a mode's setup, round, phases, rules and round end beside the
game's they replace. The text is the effect phrases' (`Phrases.steps`, site/effects.py), the one
renderer of the effect graph."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from markupsafe import Markup

from . import escape

if TYPE_CHECKING:
    from .page import Page


@dataclass
class Part:
    """One part of a game's procedure or of a mode's own rules."""

    label: str                  # "Round Start", "Setup", "A KO'ed Character is out of the game"
    text: Markup                # the rules text
    kind: str = "slot"          # slot (a block of the game or mode), phase, rule, end
    qid: str | None = None      # the declaration it comes from, to link (a phase, a rule)
    source: dict | None = None  # its provenance
    note: Markup = Markup("")   # where it stands: "in place of the game's Character Activation"


@dataclass
class Action:
    """An action a turn offers: its verb, its parameters and where each is chosen from, the
    guard that allows it, what it does."""

    name: str
    verb: str
    qid: str
    params: list[tuple[str, Markup]] = field(default_factory=list)
    guard: Markup = Markup("")
    effect: Markup = Markup("")
    starts_turn: bool = False
    source: dict | None = None


def _children(comp: dict, kind: str) -> list[dict]:
    return [c for c in comp.get("children", ()) if c["kind"] == kind]


def _slot(comp: dict | None, slot: str) -> dict | None:
    return ((comp or {}).get("effects") or {}).get(slot)


def guarded(p: "Page", eff: dict) -> Markup:
    """A block as rules text, its `when` first: "only when round > 1: ..."."""
    body = p.phrases.steps(eff.get("body") or [])
    if eff.get("when"):
        return Markup("<em>only when</em> {}: {}").format(p.phrases.expr(eff["when"]), body)
    return body


def _turns(p: "Page", game: dict) -> Markup:
    """What `runs turns` does: the turn order, and the turn's own blocks around its actions."""
    order = (game.get("props") or {}).get("turn-order")
    out = Markup("the turns: {}").format(p.prop_value(game, "turn-order", order["value"])) if order else \
        Markup("the turns")
    page = p.m.page_of(game["qid"]) if _children(game, "action") else None
    if page:
        out += Markup(", each offering the game's {}").format(p.a(page, "actions", "actions"))
    for slot, said in (("turn", "at the start of each turn"), ("turn-end", "at the end of each turn")):
        eff = _slot(game, slot)
        if eff:
            out += Markup("; {}: {}").format(said, guarded(p, eff))
    return out


def _runs(p: "Page", game: dict, phase: dict, round_: dict | None, round_end: dict | None) -> Markup:
    """A phase as rules text: its own effect, then what it runs (the round's start, the turns,
    the round's end)."""
    parts = []
    own = _slot(phase, "effect")
    if own:
        parts.append(guarded(p, own))
    runs = ((phase.get("props") or {}).get("runs") or {}).get("value")
    if runs == "round" and round_:
        parts.append(guarded(p, round_))
    elif runs == "turns":
        parts.append(_turns(p, game))
    elif runs == "round-end":
        said = Markup("the rules that act at the end of the round")
        parts.append(said + (Markup(", then: {}").format(guarded(p, round_end)) if round_end else Markup("")))
    if not parts:
        return Markup("&#8212;")
    return Markup("; then ").join(parts) if len(parts) > 1 else parts[0]


def procedure(p: "Page", game: dict) -> list[Part]:
    """The game in the order it is played: its setup, its round (the phases, in the order
    declared, or `round { }`, the turns and `round-end { }` of a game without phases)."""
    out: list[Part] = []
    setup = _slot(game, "setup")
    if setup:
        out.append(Part("Setup", guarded(p, setup), source=setup.get("source")))
    round_, round_end = _slot(game, "round"), _slot(game, "round-end")
    phases = _children(game, "phase")
    if phases:
        for ph in phases:
            out.append(Part(ph.get("name") or ph["id"], _runs(p, game, ph, round_, round_end), "phase",
                            ph["qid"], ph.get("source")))
        return out
    if round_:
        out.append(Part("Round start", guarded(p, round_), source=round_.get("source")))
    out.append(Part("Turns", _turns(p, game)))
    if round_end:
        out.append(Part("Round end", guarded(p, round_end), source=round_end.get("source")))
    return out


def actions(p: "Page", game: dict) -> list[Action]:
    """The game's actions, each guard followed by the restrictions whose `actions` name it (a
    part of the guard the runtime adds: runtime/kernel/record.py)."""
    out = []
    for a in _children(game, "action"):
        eff = _slot(a, "effect") or {}
        params = [(prm["name"], p.phrases.expr(prm["default"]) if prm.get("default") else Markup("&#8212;"))
                  for prm in a.get("params", ())]
        guard = p.phrases.expr(eff["when"]) if eff.get("when") else Markup("")
        names = [escape.text(r["id"]) for r in _children(game, "restriction")
                 if a["id"] in (((r.get("props") or {}).get("actions") or {}).get("value") or ())]
        if names:
            held = Markup("no token restricts it ({})").format(Markup(", ").join(names))
            guard = Markup("{} and {}").format(guard, held) if guard else held
        out.append(Action(a.get("name") or a["id"], a["id"], a["qid"], params, guard,
                          p.phrases.steps(eff.get("body") or []),
                          bool(((a.get("props") or {}).get("starts-turn") or {}).get("value")),
                          a.get("source")))
    return out


def counters(p: "Page", game: dict) -> list[tuple[dict, Markup]]:
    """The game's counters, each with its facts in words: "Kept for: each Team; Minimum: 0"."""
    from .words import prop_label
    out = []
    for c in _children(game, "counter"):
        facts = [Markup("{}: {}").format(prop_label("counter", name), p.prop_value(c, name, c["props"][name]["value"]))
                 for name in sorted(c.get("props", {})) if name not in ("text", "source", "named")]
        out.append((c, Markup("; ").join(facts) if facts else Markup("&#8212;")))
    return out


def rule_text(p: "Page", rule: dict) -> Markup:
    """A `rule` as rules text: each of its triggers, `on EVENT when COND:` and its steps."""
    said = [p.phrases.steps([{"op": "trigger", **t}]) for t in rule.get("triggers", ())]
    return Markup("; ").join(said) if said else Markup("&#8212;")


def mode_parts(p: "Page", mode: dict, game: dict | None) -> list[Part]:
    """A mode's own rules, in the order they act: its setup, its round start, its phases (each
    in place of the game's of the same id), its rules, its round end. The way it is won is the
    "To win" row (the mode's own `end when`, or the game's)."""
    out: list[Part] = []
    game_link = p.link(game["qid"], game.get("name") or game["id"]) if game else Markup("the game")
    setup = _slot(mode, "setup")
    if setup:
        out.append(Part("setup", guarded(p, setup), source=setup.get("source"),
                        note=Markup("this mode's own, in place of the setup of the game {}").format(game_link)))
    round_ = _slot(mode, "round")
    if round_:
        out.append(Part("round", guarded(p, round_), source=round_.get("source"),
                        note=Markup("this mode's own, in place of the round start of the game {}").format(game_link)))
    game_phases = {ph["id"]: ph for ph in _children(game or {}, "phase")}
    for ph in _children(mode, "phase"):
        replaced = game_phases.get(ph["id"])
        note = Markup("in place of the game's {}").format(p.link(replaced["qid"], replaced.get("name") or replaced["id"])) \
            if replaced else Markup("this mode's own phase")
        out.append(Part(ph.get("name") or ph["id"], _runs(p, game or mode, ph, _slot(mode, "round") or _slot(game, "round"),
                                                          _slot(game, "round-end")),
                        "phase", ph["qid"], ph.get("source"), note))
    for rule in _children(mode, "rule"):
        out.append(Part(rule.get("name") or rule["id"], rule_text(p, rule), "rule", rule["qid"],
                        rule.get("source"), Markup("this mode's own rule")))
    round_end = _slot(mode, "round-end")
    if round_end:
        out.append(Part("round-end", guarded(p, round_end), source=round_end.get("source"),
                        note=Markup("first, once every player has had their turns; then the game's")))
    return out


# a mode's block that is no property, in words (the others: site/words.py, MODE_LABELS)
SLOT_LABELS = {"round": "At the start of each round"}


def label(part: Part, mode_label) -> Markup:
    """A part's label in a mode's table: a slot in the rulebooks' words, a phase or rule by its name."""
    if part.kind == "phase":
        return Markup("Phase: {}").format(escape.text(part.label))
    if part.kind == "rule":
        return Markup("Rule: {}").format(escape.text(part.label))
    return escape.text(SLOT_LABELS.get(part.label) or mode_label(part.label))


# ---- a card game's rules page (templates/box_game.md.j2) ------------------------------------

@dataclass
class Zone:
    """A zone of a game as its rules page lists it: whose it is, who sees its cards, what lies
    there at setup, and how the game uses it."""

    zone: dict
    whose: Markup
    seen: Markup
    setup: Markup
    notes: Markup


# the game's properties that name a zone, as what the zone is then for
ZONE_ROLES = (("decks-to", "each player's starting deck goes here"), ("draw-from", "cards are drawn from here"),
              ("draw-to", "cards drawn go here"), ("play-to", "cards played go here"),
              ("discard-to", "cards destroyed go here"))


def _named_zone(p: "Page", game: dict, ident) -> Markup:
    qid = f"{game['qid']}/{ident}"
    return p.link(qid, (p.m.by_qid[qid].get("name") or ident)) if qid in p.m.by_qid else escape.text(ident)


def _slot_label(p: "Page", game: dict, slot: str) -> str:
    """An effect slot of the game's card types in the words of its declaration ("First Appearance")."""
    from .cards import card_types
    from .words import card_column
    for t in card_types(p.m, game.get("box")):
        decl = ((t.get("props") or {}).get(slot) or {}).get("value")
        if isinstance(decl, dict) and decl.get("type") == "effect":
            return card_column(slot, decl.get("doc") or "", t["id"])
    return slot.replace("-", " ")


def zones(p: "Page", game: dict) -> list[Zone]:
    """The game's zones, in the order declared, in words."""
    from .cards import mode_brings
    from .words import prop_words
    props = game.get("props") or {}
    out = []
    for z in _children(game, "zone"):
        def has(name, z=z):
            return ((z.get("props") or {}).get(name) or {}).get("value")
        per = has("per")
        whose = escape.text(prop_words("zone", "per", per, "enum:")) if per else Markup("shared")
        seen = escape.text(prop_words("zone", "visibility", has("visibility") or "public", "enum:"))
        setup = []
        for role, said in ZONE_ROLES[:1]:
            if (props.get(role) or {}).get("value") == z["id"]:
                setup.append(Markup(said))
        starts = has("starts-with") or []
        starts = [starts] if isinstance(starts, str) else starts
        if starts:
            types = Markup(", ").join(p.link(f"{game.get('box')}/{t}") if f"{game.get('box')}/{t}" in p.m.by_qid
                                      else escape.text(t) for t in starts)
            setup.append(Markup("the cards of: {}{}").format(types, Markup(", shuffled") if has("shuffled") else ""))
            only = [md for md in p.m.of_kind("mode", game.get("box")) if set(starts) <= mode_brings(p.m, md)]
            if only:
                setup.append(Markup("played only in the mode {}").format(
                    Markup(", ").join(p.link(md["qid"], md.get("name") or md["id"]) for md in only)))
        notes = [Markup(said) for role, said in ZONE_ROLES[1:] if (props.get(role) or {}).get("value") == z["id"]]
        if has("ordered"):
            notes.append(Markup("its cards keep their order"))
        if has("capacity"):
            notes.append(Markup("holds at most {}").format(has("capacity")))
        for name, said in (("draws-from", "a card drawn into it comes from {}"), ("refill-from", "refilled from {}"),
                           ("reshuffle-from", "when a card must be taken and it is empty, {} is shuffled into it")):
            if has(name):
                notes.append(Markup(said).format(_named_zone(p, game, has(name))))
        if has("in-play"):
            notes.append(Markup("its cards are in play: their abilities act"))
        if has("enter-effect"):
            notes.append(Markup("a card drawn into it runs its {}").format(_slot_label(p, game, has("enter-effect"))))
        out.append(Zone(z, whose, seen, Markup("; ").join(setup) or Markup("&#8212;"),
                        Markup("; ").join(notes) or Markup("&#8212;")))
    return out


def turn_parts(p: "Page", game: dict) -> list[Part]:
    """A turn in the order it is played: what happens at its start, what a player may do (the
    actions), the steps that end it, each in order, and the counters that then go back to their
    start (a deck-builder's unspent Power)."""
    out = []
    start = _slot(game, "turn")
    if start:
        out.append(Part("At the start of your turn", guarded(p, start), source=start.get("source")))
    page = p.m.page_of(game["qid"])
    acts = _children(game, "action")
    if acts:
        said = Markup(", ").join(p.link(a["qid"], a.get("name") or a["id"]) for a in acts)
        out.append(Part("During your turn", Markup("any of these, as often as each is allowed, in any order: {} "
                                                   "(the {} say when each is allowed)").format(
                                                       said, p.a(page, "game's actions", "actions"))))
    end = _slot(game, "turn-end")
    reset = [c for c in _children(game, "counter")
             if ((c.get("props") or {}).get("reset") or {}).get("value") == "turn-end"]
    if end or reset:
        text = guarded(p, end) if end else Markup("")
        if reset:
            names = Markup(", ").join(Markup("{} ({})").format(p.link(c["qid"], c.get("name") or c["id"]),
                                                               ((c["props"].get("start") or {}).get("value") or 0))
                                      for c in reset)
            text += Markup("<p>Then these go back to their start: {}.</p>").format(names)
        out.append(Part("Ending your turn", text, source=(end or {}).get("source")))
    return out


def events(p: "Page", game: dict) -> list[tuple[dict, Markup]]:
    """The game's events that do something of their own when raised (an Attack), with what."""
    return [(e, guarded(p, _slot(e, "effect"))) for e in _children(game, "event") if _slot(e, "effect")]
