"""Counters kept as pieces: a counter whose `kept-as` names a token is its holder's pieces of it.

Read by the scenario format (a counter kept per Team is a key of a Team), the view and the
result (runtime/game.py); the scenario reader sets out the pieces a table starts with.

Gaining it takes pieces of the holder's colour from the token's pool, which bounds it; its
`set-out-on` Locations hold one piece of each colour from setup (content/shared/game.mh
declares which counter, which token, which Locations)."""
from __future__ import annotations

from dataclasses import dataclass

from .effects import id_of
from .rules import Rules, prop


@dataclass(frozen=True)
class KeptAsPieces:
    counter: str
    token: str  # the qid of the token whose pieces the counter is
    per: str  # whose counter: "team" (pieces of the Team's colour, on the Team and its figures)
    set_out_on: str | None  # a Location property: one piece of each colour lies there from setup
    set_out_if: str | None  # ... when the token's pool has this property
    alone: bool = False  # no token's `group` is it: a Team's count is one read of its sums (team_count)


def kept_as_pieces(rules: Rules) -> dict[str, KeptAsPieces]:
    """The game's counters kept as pieces, by counter id, read once per Rules (a mode that
    leaves a counter out plays with Rules of its own, without it)."""
    found = rules.__dict__.get("_kept_as_pieces")
    if found is None:
        found = {}
        game = rules.game or {"children": []}
        for child in game["children"]:
            token_id = prop(child, "kept-as") if child["kind"] == "counter" else None
            if token_id is None or child["id"] not in rules.counters:
                continue
            token = next((q for q in sorted(rules.tokens) if id_of(q) == token_id), None)
            if token is None:
                raise ValueError(f"counter '{child['id']}' is kept as pieces of token '{token_id}', which the "
                                 "content does not declare")
            found[child["id"]] = KeptAsPieces(child["id"], token, prop(child, "per") or "team",
                                              prop(child, "set-out-on"), prop(child, "set-out-if"),
                                              alone(rules, token))
        rules.__dict__["_kept_as_pieces"] = found
    return found


def logged_counters(rules: Rules) -> dict[str, set[str]]:
    """The log lines the counters kept as pieces give names to, with their fields: a gain is
    logged under the counter's id, with its holder and new `total`."""
    return {k.counter: {k.per, "total"} for k in kept_as_pieces(rules).values()}


class CountersMixin:
    @property
    def kept_as_pieces(self) -> dict[str, KeptAsPieces]:
        return kept_as_pieces(self.rules)

    def set_out_pieces(self, pid: str, pool: dict) -> None:
        """At setup, for each counter kept as this pool's pieces: one piece of each Team's
        colour on every Location with the counter's `set-out-on` property (when the pool has
        its `set-out-if` property)."""
        for kept in self.kept_as_pieces.values():
            if kept.set_out_on is None or self.rules.token_pool(kept.token) != pid:
                continue
            if kept.set_out_if is not None and not prop(pool, kept.set_out_if):
                continue
            for loc in self.state.board.locations:
                if loc.comp is not None and prop(loc.comp, kept.set_out_on):
                    for colour in self.team_names:
                        self.put_pieces(kept.token, 1, loc.index, None, None, colour=colour)


def alone(rules, qid: str) -> bool:
    """Does a count of token `qid` count its own pieces alone (no token's `group` is it)? Read
    from the rules, as TokenCountsMixin.matching finds it (a group's name read as any token's
    id: a doubt counts the group, by the general path)."""
    tid = id_of(qid)
    return qid in rules.tokens and not any(t != qid and prop(tok, "group") == tid for t, tok in rules.tokens.items())
