"""The compiled content as the runtime reads it: the IR, validated and indexed."""
from __future__ import annotations

from dataclasses import dataclass, field
import hashlib
import json
from pathlib import Path

from mayhem.compiler import ir as ir_mod

from .actions import declare
from .kernel.rules import Counter as CounterDecl, Zone
# The uses of zones a game declares by its properties (`draw-from mayhem-deck`, ...), and the
# zone each names when the game says nothing (rules of content without `game mayhem`).
ZONE_USES = ("draw-from", "draw-to", "discard-to", "play-to", "pile-to")
DEFAULT_ZONES = {"draw-from": "mayhem-deck", "draw-to": "hand", "discard-to": "mayhem-discard",
                 "play-to": "played", "pile-to": "token-pile"}


def prop(comp: dict, name: str, default=None):
    p = comp["props"].get(name)
    return p["value"] if p is not None else default


@dataclass
class Rules:
    """Every component of the collection, indexed for play."""

    ir: dict
    digest: str
    boxes: dict[str, dict] = field(default_factory=dict)
    pools: dict[str, dict[str, dict]] = field(default_factory=dict)  # box -> pool id -> pool
    characters: dict[str, dict[str, dict]] = field(default_factory=dict)  # box -> id -> character
    mayhem_cards: dict[str, dict[str, dict]] = field(default_factory=dict)
    locations: dict[str, dict[str, dict]] = field(default_factory=dict)
    npcs: dict[str, dict[str, dict]] = field(default_factory=dict)
    first_game: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    by_qid: dict[str, dict] = field(default_factory=dict)
    tokens: dict[str, dict] = field(default_factory=dict)  # qid -> token
    keywords: dict[str, dict] = field(default_factory=dict)  # qid -> keyword
    # the game the boxes that name none share (a `game` of a module: content/shared/game.mh)
    game: dict | None = None
    zones: dict[str, Zone] = field(default_factory=dict)  # its zones, by id
    zone_decls: dict[str, dict] = field(default_factory=dict)  # its zones' declarations, by id
    in_play: list[str] = field(default_factory=list)  # its zones whose cards are in play (`in-play`)
    by_kind: dict[str, dict[str, dict[str, dict]]] = field(default_factory=dict)  # kind -> box -> id -> component
    in_play_kinds: set[str] = field(default_factory=set)  # the card types its in-play zones draw
    counters: dict[str, CounterDecl] = field(default_factory=dict)  # its counters, by id
    counter_from: dict[str, str] = field(default_factory=dict)  # counter id -> its `start-from` property
    zone_of: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_ZONES))  # use -> zone id
    # what token_pool() and token_flag() read from the tokens' properties, read once per token
    _pools: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    _flags: dict[tuple[str, str], bool] = field(default_factory=dict, repr=False, compare=False)

    def cards_of(self, kind: str, box: str) -> dict[str, dict]:
        """A box's components of a declared card type (any `card-type` the content declares), by id: the
        table every card type has (`by_kind`), so a type needs no table of its own."""
        return self.by_kind.get(kind, {}).get(box, {})

    def token_pool(self, token_qid: str) -> str:
        """The pool a token's pieces are taken from (its `drawn-from`, else its own id)."""
        try:
            return self._pools[token_qid]
        except KeyError:
            tok = self.tokens[token_qid]
            pool = self._pools[token_qid] = prop(tok, "drawn-from") or tok["id"]
            return pool

    def token_flag(self, token_qid: str, name: str) -> bool:
        """A token's yes-or-no property (`face-down`, `blocks-adjacency`, ...)."""
        try:
            return self._flags[(token_qid, name)]
        except KeyError:
            flag = self._flags[(token_qid, name)] = bool(prop(self.tokens[token_qid], name, False))
            return flag


def load_rules(source: dict | str | Path) -> Rules:
    """Load IR from a dict or a JSON file; it is validated against the schema first."""
    if isinstance(source, (str, Path)):
        text = Path(source).read_text(encoding="utf-8")
        doc = json.loads(text)
    else:
        doc = source
    ir_mod.validate(doc)
    digest = hashlib.sha256(ir_mod.dumps(doc).encode("utf-8")).hexdigest()[:16]
    rules = Rules(doc, digest)
    kind_table = {"character": rules.characters, "mayhem-card": rules.mayhem_cards,
                  "location": rules.locations, "npc": rules.npcs}

    def index(comp: dict) -> None:
        rules.by_qid[comp["qid"]] = comp
        for child in comp["children"]:
            index(child)

    for comp in doc["components"]:
        index(comp)
        kind = comp["kind"]
        box = comp["box"]
        if box:
            rules.by_kind.setdefault(kind, {}).setdefault(box, {})[comp["id"]] = comp
        if kind == "box":
            rules.boxes[comp["id"]] = comp
            rules.pools[comp["id"]] = {c["id"]: c for c in comp["children"] if c["kind"] == "pool"}
        elif kind in kind_table and box:
            kind_table[kind].setdefault(box, {})[comp["id"]] = comp
        elif kind == "token":
            rules.tokens[comp["qid"]] = comp
        elif kind == "keyword":
            rules.keywords[comp["qid"]] = comp
        elif kind == "first-game" and box:
            rules.first_game[box] = {k: v["value"] for k, v in comp["props"].items() if k != "source"}
        elif kind == "game" and not box and rules.game is None:
            read_game(rules, comp)
    return rules


def read_game(rules: Rules, game: dict) -> None:
    """The zones and counters of the shared game, read as the rules kernel reads a game's."""
    rules.game = game
    for child in game["children"]:
        if child["kind"] == "zone" and (prop(child, "pieces") or prop(child, "pools")):
            continue  # the rules kernel's zones of tokens (runtime/kernel/pieces.py), no zone of cards
        if child["kind"] == "zone":
            rules.zones[child["id"]] = Zone(child["id"], prop(child, "per"), bool(prop(child, "ordered", False)),
                                            prop(child, "visibility", "public"), prop(child, "capacity"),
                                            prop(child, "reshuffle-from"), prop(child, "refill-from"))
            rules.zone_decls[child["id"]] = child
            if prop(child, "in-play"):
                rules.in_play.append(child["id"])
        elif child["kind"] == "counter":
            rules.counters[child["id"]] = CounterDecl(
                child["id"], prop(child, "per"), prop(child, "start", 0), prop(child, "min"), prop(child, "max"),
                prop(child, "reset"), bool(prop(child, "out-at-min", False)))
            if prop(child, "start-from"):
                rules.counter_from[child["id"]] = prop(child, "start-from")
        elif child["kind"] == "action" and child["effects"].get("effect") is not None:
            try:  # its printed form, in the grammar of runtime/actions.py: the rules' actions parse from now on
                declare(child["id"], prop(child, "form"), [p["name"] for p in child.get("params", ())])
            except ValueError:
                pass  # said with the declaration's span where the kernel reads it
    for zid in rules.in_play:  # the card type the zone it draws from starts with
        source = rules.zone_decls.get(prop(rules.zone_decls[zid], "draws-from"))
        kinds = prop(source, "starts-with") if source is not None else None  # a card type, or a list of them
        rules.in_play_kinds.update([kinds] if isinstance(kinds, str) else kinds or ())
    for use in ZONE_USES:
        rules.zone_of[use] = prop(game, use, rules.zone_of[use])
