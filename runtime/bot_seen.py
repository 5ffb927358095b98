"""What the greedy bot sees of a game at a decision: the view read for one player, with the rules.

`Seen(game, player)` reads `game.view(pieces=False)` (runtime/game_view.py) once, the whole
view when a question reads the Team's cards, `owners(game)` when one needs whose a piece is, and the rules (the IR: components by id, Abilities of a
dashboard, tokens that trigger), never the kernel's
state read. Spaces are the view's labels (`L4`); a figure is its key in the view."""
from __future__ import annotations

from .effects import id_of
from .view_pieces import owners
from .rules import Rules, prop


class Seen:
    """The game as one player's bot sees it at a decision (the module's docstring); read at that
    decision only: its owners and cards are read from the game when first asked."""

    def __init__(self, game, player: str) -> None:
        self.game, self.rules = game, game.rules
        self.view = view = game.view(pieces=False)  # the cards' view only when a question reads cards
        self._cards: dict | None = None
        self.figures: dict[str, dict] = view["figures"]
        blocked = {tuple(e.split("-")) for e in view["blocked"]}  # an edge blocked: no way across it
        self.sides: dict[str, list[str]] = {a: [b for b in near if (a, b) not in blocked and (b, a) not in blocked]
                                            for a, near in view["sides"].items()} if blocked else view["sides"]
        self.me: str | None = next((t for t, x in view["teams"].items() if player in x["players"]), None)
        self._owners: dict | None = None

    # ---- the rules -------------------------------------------------------------------------

    def character(self, cid: str) -> dict:
        """A character's component by id: the game's box first, then every box (as set-up finds it)."""
        chars = self.rules.characters
        for box in [self.game.config.box, *sorted(chars)]:
            comp = chars.get(box, {}).get(cid)
            if comp is not None:
                return comp
        raise ValueError(f"no character '{cid}'")

    def abilities(self, key: str) -> list[dict]:
        """The Abilities of the dashboard a figure uses (its side, else its character)."""
        fig = self.figures[key]
        comp = self.character(fig["character"])
        side = next((c for c in comp["children"] if c["kind"] == "side" and c["id"] == fig["side"]), comp)
        return [c for c in side["children"] if c["kind"] == "ability"]

    def location(self, label: str) -> dict | None:
        """The Location component laid at a space (None: face down, or no such space)."""
        i = int(label[1:]) - 1
        locations = self.view["locations"]
        cid = locations[i]["location"] if 0 <= i < len(locations) else None
        return None if cid is None else _locations(self.rules, self.game.config.box).get(cid)

    def effect_die(self) -> tuple[int, bool]:
        """The face of the game's own die that effects read, and whether it shows its icon."""
        face = self.view["dice"].get(prop(self.rules.game or {"props": {}}, "effect-die"), "1")
        return int(face.rstrip("*")), face.endswith("*")

    # ---- the player's Team -------------------------------------------------------------------

    def cards(self) -> dict:
        """The Team's part of the whole view (its `cards` and `in_play`), read once."""
        if self._cards is None:
            self._cards = self.game.view()["teams"].get(self.me) or {}
        return self._cards

    def card(self, card_id: str) -> str | None:
        """The qid of a card of that id in the Team's hands (what the bot's own hand holds)."""
        return next((q for q in self.cards().get("cards", ()) if id_of(q) == card_id), None)

    def dice(self) -> list[int]:
        """The Team's dice not yet placed."""
        team = self.view["teams"].get(self.me)
        return team["dice"] if team else []

    def in_play(self) -> list[str]:
        """The qids of the Team's cards in play, zone by zone."""
        return [q for qids in self.cards().get("in_play", {}).values() for q in qids]

    # ---- the board ---------------------------------------------------------------------------

    def owned(self) -> dict:
        if self._owners is None:
            self._owners = owners(self.game)
        return self._owners

    def near(self, label: str) -> list[str]:
        """The spaces in play a space touches across an edge not blocked."""
        return self.sides.get(label, [])

    def hazard(self, label: str) -> float:
        """How many pieces of another Team that trigger lie on a space (0 for a player of no Team)."""
        if self.me is None:
            return 0.0
        triggers = _triggers(self.rules)
        return sum(n for token, by in self.owned()["spaces"].get(label, {}).items() if triggers.get(token)
                   for whose, n in by.items() if whose not in (None, self.me))

    def mine_on(self, label: str) -> bool:
        """Does a piece of the player's Team lie on the space?"""
        return self.me is not None and any(self.me in by for by in self.owned()["spaces"].get(label, {}).values())

    def foe(self, key: str, other: str) -> bool:
        """Is `other` a figure `key`'s Team fights: a character of another Team, or a figure
        standing for a piece of its own Team (one set against it)?"""
        f, team = self.figures[other], self.figures[key]["team"]
        if f["kind"] == "character":
            return f["team"] != team
        return f["kind"] == "token" and self.owned()["figures"].get(other) == team

    def foes_of(self, key: str) -> list[str]:
        """The spaces of the figures on the board `key` fights."""
        return [f["space"] for k, f in self.figures.items() if f["space"] is not None and self.foe(key, k)]

    def has_target(self, key: str) -> bool:
        """Is a figure it fights on its space or one it touches?"""
        here = self.figures[key]["space"]
        if here is None:
            return False
        near = {here, *self.near(here)}
        return any(f["space"] in near and self.foe(key, k) for k, f in self.figures.items())

    def distance(self, a: str, b: str) -> int:
        """Steps from space to space across the sides in play (99: no way)."""
        if a == b:
            return 0
        seen, frontier, d = {a}, [a], 0
        while frontier:
            d += 1
            nxt = []
            for n in frontier:
                for m in self.near(n):
                    if m == b:
                        return d
                    if m not in seen:
                        seen.add(m)
                        nxt.append(m)
            frontier = nxt
        return 99


def _locations(rules: Rules, box: str) -> dict[str, dict]:
    """Location components by id, the box's own over another box's (kept per Rules and box)."""
    kept = rules.__dict__.setdefault("_seen_locations", {})
    if box not in kept:
        comps = [c for c in rules.ir["components"] if c["kind"] == "location"]
        by = {c["id"]: c for c in comps if not c["qid"].startswith(f"{box}:") and not c["qid"].startswith(f"{box}/")}
        by.update({c["id"]: c for c in comps if c["qid"].startswith(f"{box}:") or c["qid"].startswith(f"{box}/")})
        kept[box] = by
    return kept[box]


def _triggers(rules: Rules) -> dict[str, bool]:
    """Token id -> whether the token has triggers (kept per Rules)."""
    kept = rules.__dict__.get("_seen_triggers")
    if kept is None:
        kept = rules.__dict__["_seen_triggers"] = {}
        for qid, tok in rules.tokens.items():
            kept[id_of(qid)] = kept.get(id_of(qid), False) or bool(tok["triggers"])
    return kept
